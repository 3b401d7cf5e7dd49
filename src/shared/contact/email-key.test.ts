import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emailKey } from "./email-key.ts";

describe("emailKey: addresses compared exactly after one normalisation", () => {
  it.each([
    // Same mailbox: spaces, ASCII case, the domain's Unicode and punycode forms, full-width letters in the domain.
    ["  Ola.Hansen@Online.NO ", "ola.hansen@online.no"],
    ["ola@BJØRN.no", "ola@xn--bjrn-hra.no"],
    ["ola@xn--bjrn-hra.no", "ola@xn--bjrn-hra.no"],
    ["ola@ｏｎｌｉｎｅ.no", "ola@online.no"],
    // The domain is mapped as a mail server would look it up (UTS #46): a Kelvin sign or long s there is k or s.
    ["ola@\u212Aeks.no", "ola@keks.no"],
    ["ola@onſine.no", "ola@onsine.no"],
    // Look-alike domains stay other domains.
    ["ola.hansen@onlİne.no", "ola.hansen@xn--online-syd.no"],
    ["ola.hansen@onlıne.no", "ola.hansen@xn--onlne-p4a.no"],
    // In the local part only A–Z are folded: İ, ı, K (Kelvin), ſ, full-width letters and combining marks stay.
    ["İda@x.no", "İda@x.no"],
    ["ıda@x.no", "ıda@x.no"],
    ["\u212Aari@x.no", "\u212Aari@x.no"],
    ["ſara@x.no", "ſara@x.no"],
    ["ｏla@x.no", "ｏla@x.no"],
    ["e\u0301va@x.no", "e\u0301va@x.no"],
    ["ÅSE@x.no", "Åse@x.no"],
  ])("%s → %s", (address, key) => {
    expect(emailKey(address)).toBe(key);
  });

  it("never makes a look-alike equal to the address it imitates", () => {
    const real = emailKey("kari@online.no");
    for (const lookAlike of [
      "kar\u0131@online.no",
      "\u212Aari@online.no",
      "kari@onl\u0130ne.no",
      "kar\u0069\u0307@online.no",
      "ｋari@online.no",
      "kari@onl\u0131ne.no",
      "kari@online.n\u00f8",
    ]) {
      expect(emailKey(lookAlike)).not.toBe(real);
    }
  });

  it.each(["", "ola", "@x.no", "ola@", "ola@x.no:25", "ola@x.no/path", "ola@x%41.no", "ola@[::1]"])("refuses %j", (address) => {
    expect(emailKey(address)).toBeUndefined();
  });

  it("is idempotent and folds exactly the ASCII capitals", () => {
    const local = fc.stringMatching(/^[A-Za-z0-9._+\-]{1,20}$/);
    fc.assert(
      fc.property(local, fc.constantFrom("online.no", "Example.COM", "bjørn.no", "xn--bjrn-hra.no"), (name, domain) => {
        const key = emailKey(`${name}@${domain}`);
        expect(key).toBeDefined();
        expect(emailKey(key!)).toBe(key);
        expect(emailKey(`${name.toUpperCase()}@${domain.toUpperCase()}`)).toBe(key);
        expect(key!.slice(0, key!.lastIndexOf("@"))).toBe(name.toLowerCase());
      }),
    );
  });

  it("never throws on any string", () => {
    fc.assert(fc.property(fc.string({ unit: "binary" }), (value) => void emailKey(value)));
  });
});
