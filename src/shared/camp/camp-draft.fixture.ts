import { newCompanion, type CompanionDraft } from "./camp-registration-fields.ts";
import { emptyCampDraft, type CampRegistrationDraft } from "./camp-registration.ts";

/** A complete, valid registration for tests: an adult from another club; override what a test is about. */
export function validDraft(overrides: Partial<CampRegistrationDraft> = {}): CampRegistrationDraft {
  return {
    // The browser's own secret of the draft (a retry from the same browser carries it).
    ...emptyCampDraft("6f1c1b8e-3c2a-4d57-9b8e-2f6a1d4c9e01", "the-fixture-draft-secret-0123456789abcdef"),
    dataConsent: true,
    termsAccepted: true,
    firstName: "Ola",
    lastName: "Nordmann",
    age: 30,
    email: "ola@example.no",
    telephone: "+4791234567",
    clubId: 1,
    gradeId: 5,
    public: true,
    ...overrides,
  };
}

export function validCompanion(overrides: Partial<CompanionDraft> = {}): CompanionDraft {
  return {
    ...newCompanion("c1"),
    firstName: "Kari",
    lastName: "Nordmann",
    telephone: "98765432",
    email: "kari@example.no",
    ...overrides,
  };
}
