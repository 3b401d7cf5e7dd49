import fc from "fast-check";
import { describe, expect, it } from "vitest";
import cases from "./rule-cases.json" with { type: "json" };
import { validCompanion, validDraft } from "./camp-draft.fixture.ts";
import { CompanionSchema, newCompanion, type CampField } from "./camp-registration-fields.ts";
import { fieldErrorsOf, validateCompanion } from "./camp-registration-rules.ts";
import { CampRegistrationSchema, applyCampRules, emptyCampDraft, validateDraft, validateFields } from "./camp-registration.ts";
import { applySiblingRules, newSibling, publicChoiceRequired, siblingRegistration, validateSibling, type SiblingDraft } from "./camp-siblings.ts";

const errorOf = (field: CampField, overrides: Parameters<typeof validDraft>[0]) => validateFields([field], validDraft(overrides))[field];

describe("a complete registration", () => {
  it("parses, trimming text and dropping spaces in the telephone number", () => {
    const parsed = CampRegistrationSchema.parse(validDraft({ firstName: "  Ola ", email: " ola@example.no ", telephone: " 912 34 567 " }));
    expect(parsed.firstName).toBe("Ola");
    expect(parsed.email).toBe("ola@example.no");
    expect(parsed.telephone).toBe("91234567");
    expect(validateDraft(validDraft())).toEqual({});
  });

  it("reports every problem of an empty draft with the spec's messages", () => {
    expect(validateDraft(emptyCampDraft("6f1c1b8e-3c2a-4d57-9b8e-2f6a1d4c9e01"))).toEqual({
      dataConsent: "Du må samtykke til at vi bruker opplysningene til å arrangere leiren.",
      termsAccepted: "Du må godta salgsbetingelsene.",
      firstName: "Du må legge inn et fornavn.",
      lastName: "Du må legge inn et etternavn.",
      age: "Du må fylle 8 år i år for å kunne delta.",
      email: "Du må legge inn en epost.",
      telephone: "Du må legge inn et telefonnummer.",
      clubId: "Du må velge en klubb.",
      gradeId: "Du må velge en beltegrad.",
      public: "Du må velge om du vil vises på deltakerlisten.",
    });
  });

  it("gives the server field messages for a 400", () => {
    const result = CampRegistrationSchema.safeParse(validDraft({ email: "ola", hasLedsager: true }));
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error!)).toEqual({
      email: "Ugyldig epost.",
      ledsagere: "Du må legge til minst én ledsager.",
    });
  });

  it("rejects a missing field and a non-UUID draft id", () => {
    const { firstName: _, ...withoutName } = validDraft();
    expect(fieldErrorsOf(CampRegistrationSchema.safeParse(withoutName).error!)).toEqual({
      firstName: "Du må legge inn et fornavn.",
    });
    expect(errorOf("draftId", { draftId: "draft-1" })).toBe("Ugyldig registrerings-id.");
  });
});

describe("field messages", () => {
  it.each(cases.age)("age $age gives $error", ({ age, error }) => {
    expect(errorOf("age", { age }) ?? null).toBe(error);
  });

  it("checks age at 6, 7, 8, 0, fractions and the upper limit", () => {
    expect(errorOf("age", { age: 6 })).toBe("Du må fylle 8 år i år for å kunne delta.");
    expect(errorOf("age", { age: 0 })).toBe("Du må fylle 8 år i år for å kunne delta.");
    expect(errorOf("age", { age: 7 })).toBeUndefined();
    expect(errorOf("age", { age: 8 })).toBeUndefined();
    expect(errorOf("age", { age: 9.5 })).toBe("Alder må være et helt tall.");
    expect(errorOf("age", { age: 126 })).toBe("Alder kan ikke være over 125.");
    expect(errorOf("age", { age: Number.NaN })).toBe("Du må legge inn alder.");
  });

  it("treats blank names as missing and caps their length", () => {
    expect(errorOf("firstName", { firstName: "   " })).toBe("Du må legge inn et fornavn.");
    expect(errorOf("lastName", { lastName: "" })).toBe("Du må legge inn et etternavn.");
    expect(errorOf("firstName", { firstName: "a".repeat(101) })).toBe("Fornavnet kan ha høyst 100 tegn.");
    expect(errorOf("firstName", { firstName: "a".repeat(100) })).toBeUndefined();
  });

  it("requires an e-mail with @", () => {
    expect(errorOf("email", { email: "" })).toBe("Du må legge inn en epost.");
    expect(errorOf("email", { email: "ola.example.no" })).toBe("Ugyldig epost.");
    expect(errorOf("email", { email: "ola@@example.no" })).toBe("Ugyldig epost.");
    expect(errorOf("email", { email: `${"a".repeat(250)}@x.no` })).toBe("Eposten kan ha høyst 254 tegn.");
  });

  it("requires an optional plus and 8–20 digits, anchored at both ends", () => {
    expect(errorOf("telephone", { telephone: "" })).toBe("Du må legge inn et telefonnummer.");
    expect(errorOf("telephone", { telephone: "1234567" })).toBe("Ugyldig telefonnummer.");
    expect(errorOf("telephone", { telephone: "12345678" })).toBeUndefined();
    expect(errorOf("telephone", { telephone: "+47 12 34 56 78" })).toBeUndefined();
    expect(errorOf("telephone", { telephone: "1".repeat(20) })).toBeUndefined();
    expect(errorOf("telephone", { telephone: "1".repeat(21) })).toBe("Ugyldig telefonnummer.");
    expect(errorOf("telephone", { telephone: "12345678abc" })).toBe("Ugyldig telefonnummer.");
    expect(errorOf("telephone", { telephone: "++12345678" })).toBe("Ugyldig telefonnummer.");
  });

  it("requires a chosen club and grade", () => {
    expect(errorOf("clubId", { clubId: 0 })).toBe("Du må velge en klubb.");
    expect(errorOf("gradeId", { gradeId: -3 })).toBe("Du må velge en beltegrad.");
    expect(errorOf("gradeId", { gradeId: 1.5 })).toBe("Du må velge en beltegrad.");
  });

  it("caps the free texts but allows them empty", () => {
    expect(errorOf("allergies", { allergies: "" })).toBeUndefined();
    expect(errorOf("allergies", { allergies: "x".repeat(2001) })).toBe("Allergifeltet kan ha høyst 2000 tegn.");
    expect(errorOf("otherInfo", { otherInfo: "x".repeat(2001) })).toBe("Feltet kan ha høyst 2000 tegn.");
  });

  it("requires both consents and a visibility choice", () => {
    expect(errorOf("termsAccepted", { termsAccepted: false })).toBe("Du må godta salgsbetingelsene.");
    expect(errorOf("public", { public: null })).toBe("Du må velge om du vil vises på deltakerlisten.");
    expect(errorOf("public", { public: false })).toBeUndefined();
  });

  it("allows at most 10 companions", () => {
    const ledsagere = Array.from({ length: 11 }, (_, i) => validCompanion({ id: `c${i}` }));
    expect(errorOf("ledsagere", { hasLedsager: true, ledsagere })).toBe("Du kan legge inn høyst 10 ledsagere.");
    expect(errorOf("ledsagere", { hasLedsager: true, ledsagere: ledsagere.slice(0, 10) })).toBeUndefined();
  });
});

describe("companion", () => {
  it("defaults to age 18 and accepts a complete companion", () => {
    expect(newCompanion("x").age).toBe(18);
    expect(validateCompanion(validCompanion())).toEqual({});
    expect(CompanionSchema.parse(validCompanion({ firstName: " Kari " })).firstName).toBe("Kari");
  });

  it("gives the spec's messages", () => {
    expect(validateCompanion(newCompanion("x"))).toEqual({
      firstName: "Du må legge inn et fornavn.",
      lastName: "Du må legge inn et etternavn.",
      telephone: "Du må legge inn et gyldig telefonnummer.",
      email: "Eposten er ikke gyldig.",
    });
    expect(validateCompanion(validCompanion({ age: 17 })).age).toBe("Ledsager må være myndig.");
    expect(validateCompanion(validCompanion({ telephone: "1234567" })).telephone).toBe("Du må legge inn et gyldig telefonnummer.");
    expect(validateCompanion(validCompanion({ email: "kari" })).email).toBe("Eposten er ikke gyldig.");
  });

  it("puts a bad companion's message on the list", () => {
    const draft = validDraft({ hasLedsager: true, ledsagere: [validCompanion({ age: 16 })] });
    expect(validateDraft(draft)).toEqual({ ledsagere: "Ledsager må være myndig." });
  });
});

describe("cross-field rules", () => {
  it("ties the companion list to the checkbox", () => {
    expect(errorOf("ledsagere", { hasLedsager: true, ledsagere: [] })).toBe("Du må legge til minst én ledsager.");
    expect(errorOf("ledsagere", { hasLedsager: false, ledsagere: [validCompanion()] })).toBe(
      "Du har lagt inn ledsagere, men ikke krysset av for at utøveren har egen ledsager.",
    );
    expect(errorOf("ledsagere", { hasLedsager: true, ledsagere: [validCompanion(), validCompanion()] })).toBe(
      "Den samme ledsageren er lagt inn to ganger.",
    );
    expect(errorOf("ledsagere", { hasLedsager: false, ledsagere: [] })).toBeUndefined();
  });

  it("allows grading only when the checkbox may be ticked", () => {
    const message = "Cup-gradering på leiren er bare for barn under 13 år fra Ski Taekwondo Klubb.";
    expect(errorOf("gradering", { gradering: true, clubId: 1, age: 10, gradeId: 5 })).toBe(message);
    expect(errorOf("gradering", { gradering: true, clubId: 29, age: 13, gradeId: 5 })).toBe(message);
    expect(errorOf("gradering", { gradering: true, clubId: 29, age: 12, gradeId: 13 })).toBeUndefined();
    expect(errorOf("gradering", { gradering: true, clubId: 29, age: 12, gradeId: 14 })).toBeUndefined();
  });

  it("allows sleepover only when permitted", () => {
    expect(errorOf("sleepover", { sleepover: true, clubId: 29, age: 11 })).toBe(
      "Barn under 12 år fra Ski Taekwondo Klubb kan ikke overnatte i hallen.",
    );
    expect(errorOf("sleepover", { sleepover: true, clubId: 29, age: 12 })).toBeUndefined();
  });

  it("lets only masters offer to instruct", () => {
    expect(errorOf("wantsToInstruct", { wantsToInstruct: true, gradeId: 17 })).toBe("Bare mastere kan tilby seg å instruere.");
    expect(errorOf("wantsToInstruct", { wantsToInstruct: true, gradeId: 18 })).toBeUndefined();
  });

  it("is enforced by the server schema too", () => {
    const result = CampRegistrationSchema.safeParse(validDraft({ sleepover: true, clubId: 29, age: 8 }));
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["sleepover", "Barn under 12 år fra Ski Taekwondo Klubb kan ikke overnatte i hallen."],
    ]);
  });
});

describe("applyCampRules", () => {
  it("clears choices the rules no longer allow", () => {
    const draft = validDraft({
      clubId: 29,
      age: 11,
      gradeId: 5,
      gradering: true,
      sleepover: true,
      wantsToInstruct: true,
      hasLedsager: false,
      ledsagere: [validCompanion()],
    });
    expect(applyCampRules(draft)).toMatchObject({
      gradering: true,
      sleepover: false,
      wantsToInstruct: false,
      ledsagere: [],
    });
    expect(applyCampRules({ ...draft, age: 13 }).gradering).toBe(false);
  });
});

describe("a further athlete in a family submission", () => {
  const kari = (overrides: Partial<SiblingDraft> = {}): SiblingDraft => ({
    ...newSibling("Nordmann", 1),
    firstName: "Kari",
    age: 14,
    gradeId: 5,
    ...overrides,
  });

  it("is shown by name only on its own yes: never the first athlete's answer, and not asked means not shown", () => {
    fc.assert(
      fc.property(fc.constantFrom(true, false, null), fc.constantFrom(true, false, undefined), (first, own) => {
        const registration = siblingRegistration(validDraft({ public: first }), kari({ public: own }));
        expect(registration.public).toBe(own === true);
      }),
    );
  });

  it("the wizard's form asks the public-list question before the athlete is added", () => {
    expect(validateSibling(validDraft(), kari()).public).toBe(publicChoiceRequired);
    expect(validateSibling(validDraft(), kari({ public: false }))).toEqual({});
  });

  it("has its own companions under the single path's rules, and unticks what its own age and club no longer allow", () => {
    expect(validateSibling(validDraft(), kari({ public: true, hasLedsager: true, ledsagere: [] })).ledsagere).toBe(
      "Du må legge til minst én ledsager.",
    );
    const withCompanion = siblingRegistration(validDraft(), kari({ hasLedsager: true, ledsagere: [validCompanion()] }));
    expect(withCompanion.ledsagere).toHaveLength(1);
    // Cup grading is for home-club children under 13: a 14-year-old's box is cleared, as on the single path.
    const ruled = applySiblingRules(validDraft(), kari({ clubId: 29, age: 14, gradering: true, ledsagere: [validCompanion()] }));
    expect(ruled.gradering).toBe(false);
    expect(ruled.hasLedsager).toBe(true);
  });
});
