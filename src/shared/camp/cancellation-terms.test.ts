import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { campEditionForYear } from "./camp-edition.ts";
import { cancellationPreview, cancellationTerms, nothingPaidSentence } from "./cancellation-terms.ts";

describe("the cancellation rule applies to what was paid", () => {
  it("states in the terms that nothing paid costs nothing to cancel, whatever the method", () => {
    expect(cancellationTerms(campEditionForYear(2026))).toContain(nothingPaidSentence);
    expect(nothingPaidSentence).toMatch(/ikke noe avbestillingsgebyr/);
  });

  it("asks before a cancellation with what comes back and what is kept of what was paid", () => {
    expect(cancellationPreview({ paidFor: 0, refund: 0 }, "card_cash")).toMatch(
      /^Det er ikke betalt noe for dette ennå, så det koster ingenting å avbestille/,
    );
    expect(cancellationPreview({ paidFor: 0, refund: 0 }, "vipps")).toMatch(/koster ingenting/);
    expect(cancellationPreview({ paidFor: 1200, refund: 600 }, "vipps")).toBe(
      "Du får 600\u00a0kr tilbake med Vipps. 600\u00a0kr av det som er betalt, beholdes etter avbestillingsreglene.",
    );
    expect(cancellationPreview({ paidFor: 1200, refund: 1200 }, "card_cash")).toBe("Du får 1\u00a0200\u00a0kr tilbake; klubben betaler det tilbake.");
    expect(cancellationPreview({ paidFor: 550, refund: 0 }, "card_cash")).toBe(
      "Du får ingenting tilbake; 550\u00a0kr av det som er betalt, beholdes etter avbestillingsreglene.",
    );
  });

  it("never speaks of a fee or of money back when nothing was paid, and always names what comes back", () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(5000), fc.constantFrom("vipps" as const, "card_cash" as const, null), (a, b, method) => {
        const paidFor = Math.max(a, b);
        const refund = Math.min(a, b);
        const text = cancellationPreview({ paidFor, refund }, method);
        if (paidFor === 0) expect(text).toMatch(/koster ingenting/);
        else expect(text).not.toMatch(/koster ingenting/);
        if (refund > 0) expect(text).toContain("tilbake");
        if (paidFor > refund) expect(text).toContain("beholdes etter avbestillingsreglene");
      }),
    );
  });
});
