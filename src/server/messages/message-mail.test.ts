import { describe, expect, it } from "vitest";
import type { MessageFamily } from "./message-families.ts";
import { renderFamilyMessage } from "./message-mail.ts";

const family = (overrides: Partial<MessageFamily>): MessageFamily =>
  ({
    emailKey: "ola@example.no",
    address: "ola@example.no",
    registrationIds: [1],
    orderIds: ["VL26-AAAAAA"],
    participants: ["Ola Nordmann"],
    greetingName: "Ola",
    aboutGreeted: true,
    amountDue: 0,
    ...overrides,
  }) as MessageFamily;
const message = { subject: "Vinterleiren nærmer seg", body: "Vi gleder oss til å se {deltakere} på vinterleiren!" };

describe("a family's message", () => {
  it("to an adult who registered alone says «deg», not their own name after the greeting", () => {
    const mail = renderFamilyMessage(message, family({}), "https://klubb.example/x", undefined, "kontakt@skitaekwondo.no");
    expect(mail.text).toMatch(/^Hei Ola!\n\nVi gleder oss til å se deg på vinterleiren!/);
  });

  it("says the link and the amount once when the leader's text has them as merge fields", () => {
    const link = "https://klubb.example/vinterleir/min-pamelding/abc";
    const mail = renderFamilyMessage(
      { subject: "Husk betalingen", body: "Dere har {beløp} igjen å betale. Se {lenke}" },
      family({ amountDue: 550 }),
      link,
      undefined,
      "kontakt@skitaekwondo.no",
    );
    expect(mail.text.split(link)).toHaveLength(2);
    expect(mail.text).not.toContain("Igjen å betale");
    expect(mail.html).toContain(`<a href="${link}"`);
    // Without the merge fields, both stand below the text.
    const plain = renderFamilyMessage(
      { subject: "Info", body: "Velkommen!" },
      family({ amountDue: 550 }),
      link,
      undefined,
      "kontakt@skitaekwondo.no",
    );
    expect(plain.text).toContain(`Påmeldingen finner dere på «Min påmelding»:\n${link}`);
    expect(plain.text).toContain("Igjen å betale: 550");
  });

  it("to a parent names the children", () => {
    const mail = renderFamilyMessage(
      message,
      family({ participants: ["Emma Hansen", "Jonas Hansen"], greetingName: "Mor", aboutGreeted: false }),
      "https://klubb.example/x",
      undefined,
      "kontakt@skitaekwondo.no",
    );
    expect(mail.text).toContain("Denne meldingen gjelder Emma Hansen og Jonas Hansen.");
    expect(mail.text).toContain("Vi gleder oss til å se Emma og Jonas på vinterleiren!");
  });
});
