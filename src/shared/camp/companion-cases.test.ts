import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chargedCompanionMailText,
  CompanionCaseDecisionSchema,
  companionCaseMessages,
  companionCaseReasonMax,
  freeCompanionLabel,
} from "./companion-cases.ts";

describe("the leader's decision on a companion case", () => {
  it("whatever is sent, the schema answers without throwing: a charge carries nothing else, a free decision a reason of 3 to 500 characters", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({ decision: fc.constantFrom("charge", "free", "later", ""), reason: fc.oneof(fc.string(), fc.anything()) }, { requiredKeys: [] }),
        ),
        (body) => {
          const parsed = CompanionCaseDecisionSchema.safeParse(body);
          if (!parsed.success) return;
          if (parsed.data.decision === "charge") expect(Object.keys(parsed.data)).toEqual(["decision"]);
          else {
            expect(parsed.data.reason).toBe(parsed.data.reason.trim());
            expect(parsed.data.reason.length).toBeGreaterThanOrEqual(3);
            expect(parsed.data.reason.length).toBeLessThanOrEqual(companionCaseReasonMax);
          }
        },
      ),
    );
  });

  it("refuses in Norwegian", () => {
    const free = CompanionCaseDecisionSchema.safeParse({ decision: "free", reason: "  " });
    expect(free.success ? [] : free.error.issues.map((issue) => issue.message)).toEqual([
      "Skriv kort hvorfor ledsageren skal være med uten å betale.",
    ]);
    const long = CompanionCaseDecisionSchema.safeParse({ decision: "free", reason: "x".repeat(companionCaseReasonMax + 1) });
    expect(long.success ? [] : long.error.issues.map((issue) => issue.message)).toEqual(["Begrunnelsen kan ha høyst 500 tegn."]);
    expect(CompanionCaseDecisionSchema.safeParse({ decision: "charge", amount: 0 }).success).toBe(false);
  });

  it("says what happened and what it costs, without naming the other registration", () => {
    expect(chargedCompanionMailText("Kari Ledsager", "VL26-BBBB22", 550)).toBe(
      "Kari Ledsager var oppgitt som allerede påmeldt som ledsager på en annen påmelding, men den er avbestilt. " +
        "Leirledelsen har derfor lagt ledsagerprisen på 550\u00a0kr til påmeldingen med ordrenummer VL26-BBBB22.",
    );
    expect(freeCompanionLabel("Kari Ledsager")).toBe("Ledsager: Kari Ledsager (uten betaling, avgjort av leirledelsen)");
    expect(companionCaseMessages.decided("leirsjef", "free")).toBe("Saken er allerede avgjort av leirsjef: ledsageren er med uten å betale.");
  });
});
