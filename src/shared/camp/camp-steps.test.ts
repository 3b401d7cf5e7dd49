import { describe, expect, it } from "vitest";
import { validCompanion, validDraft } from "./camp-draft.fixture.ts";
import { emptyCampDraft } from "./camp-registration.ts";
import { newSibling } from "./camp-siblings.ts";
import {
  CAMP_STEPS,
  CampStepSchema,
  canLeave,
  nextStep,
  previousStep,
  siblingInvalidMessage,
  siblingsMissingMessage,
  validateStep,
  type CampStep,
} from "./camp-steps.ts";

const withCompanion = validDraft({ hasLedsager: true, ledsagere: [validCompanion()] });

function walk(from: CampStep, draft = validDraft()): CampStep[] {
  const path = [from];
  while (path.at(-1) !== "Done") path.push(nextStep(path.at(-1)!, draft));
  return path;
}

describe("steps", () => {
  it("are listed in spec order", () => {
    expect(CAMP_STEPS).toEqual([
      "Welcome",
      "Athletes",
      "NameAge",
      "EmailTelephone",
      "ClubGrade",
      "Gradering",
      "Sleepover",
      "Ledsager",
      "LedsagerManagement",
      "LedsagerAdd",
      "Allergies",
      "FoodPreference",
      "OtherInformation",
      "Public",
      "Siblings",
      "Review",
      "Payment",
      "Done",
    ]);
    expect(CampStepSchema.safeParse("Pizza").success).toBe(false);
  });

  it("skip the companion steps without a companion", () => {
    expect(walk("Welcome")).toEqual([
      "Welcome",
      "Athletes",
      "NameAge",
      "EmailTelephone",
      "ClubGrade",
      "Gradering",
      "Sleepover",
      "Ledsager",
      "Allergies",
      "FoodPreference",
      "OtherInformation",
      "Public",
      "Review",
      "Payment",
      "Done",
    ]);
  });

  it("ask early whether more athletes come, and for a family add them after the first one's steps, before the review", () => {
    const family = validDraft({ siblings: [] });
    expect(walk("Welcome", family)).toEqual([
      "Welcome",
      "Athletes",
      "NameAge",
      "EmailTelephone",
      "ClubGrade",
      "Gradering",
      "Sleepover",
      "Ledsager",
      "Allergies",
      "FoodPreference",
      "OtherInformation",
      "Public",
      "Siblings",
      "Review",
      "Payment",
      "Done",
    ]);
    expect(previousStep("Review", family)).toBe("Siblings");
    expect(previousStep("Review", validDraft())).toBe("Public");
    expect(previousStep("Siblings", family)).toBe("Public");
    expect(previousStep("Payment", family)).toBe("Review");
    expect(previousStep("Athletes", family)).toBe("Welcome");
  });

  it("go through management with a companion; adding returns to management", () => {
    expect(nextStep("Ledsager", withCompanion)).toBe("LedsagerManagement");
    expect(nextStep("LedsagerManagement", withCompanion)).toBe("Allergies");
    expect(nextStep("LedsagerAdd", withCompanion)).toBe("LedsagerManagement");
  });

  it("go back from Allergies to management only when companions exist", () => {
    expect(previousStep("Allergies", withCompanion)).toBe("LedsagerManagement");
    expect(previousStep("Allergies", validDraft())).toBe("Ledsager");
    expect(previousStep("LedsagerManagement", withCompanion)).toBe("Ledsager");
    expect(previousStep("LedsagerAdd", withCompanion)).toBe("LedsagerManagement");
    expect(previousStep("NameAge", validDraft())).toBe("Athletes");
    expect(previousStep("Payment", validDraft())).toBe("Review");
  });

  it("stop at both ends", () => {
    expect(previousStep("Welcome", validDraft())).toBe("Welcome");
    expect(nextStep("Done", validDraft())).toBe("Done");
    expect(previousStep("Done", validDraft())).toBe("Done");
  });
});

describe("leaving a step", () => {
  const empty = emptyCampDraft("6f1c1b8e-3c2a-4d57-9b8e-2f6a1d4c9e01");

  it("needs both consents on Welcome", () => {
    expect(canLeave("Welcome", { ...empty, dataConsent: true })).toBe(false);
    expect(canLeave("Welcome", { ...empty, dataConsent: true, termsAccepted: true })).toBe(true);
  });

  it("shows only the step's own messages", () => {
    expect(validateStep("NameAge", { ...empty, firstName: "Ola" })).toEqual({
      lastName: "Du må legge inn et etternavn.",
      age: "Du må fylle 8 år i år for å kunne delta.",
    });
    expect(validateStep("EmailTelephone", { ...empty, email: "ola", telephone: "123" })).toEqual({
      email: "Ugyldig epost.",
      telephone: "Ugyldig telefonnummer.",
    });
  });

  it("needs a club and a grade, and a companion on management", () => {
    expect(canLeave("ClubGrade", { ...empty, clubId: 29 })).toBe(false);
    expect(canLeave("ClubGrade", { ...empty, clubId: 29, gradeId: 3 })).toBe(true);
    expect(canLeave("LedsagerManagement", validDraft({ hasLedsager: true }))).toBe(false);
    expect(canLeave("LedsagerManagement", withCompanion)).toBe(true);
  });

  it("blocks a forbidden tick on its own step", () => {
    const child = validDraft({ clubId: 29, age: 11, sleepover: true });
    expect(validateStep("Sleepover", child)).toEqual({
      sleepover: "Barn under 12 år fra Ski Taekwondo Klubb kan ikke overnatte i hallen.",
    });
    expect(canLeave("Gradering", child)).toBe(true);
  });

  it("needs a visibility choice, and a valid draft to pay", () => {
    expect(canLeave("Public", validDraft({ public: null }))).toBe(false);
    expect(canLeave("Payment", validDraft())).toBe(true);
    expect(validateStep("Payment", validDraft({ email: "" }))).toEqual({ email: "Du må legge inn en epost." });
  });

  it("needs at least one further athlete for a family, each complete, before the review and payment", () => {
    const kari = { ...newSibling("Nordmann", 1), firstName: "Kari", age: 14, gradeId: 5, public: false };
    expect(canLeave("Athletes", validDraft({ siblings: [] }))).toBe(true);
    expect(validateStep("Siblings", validDraft({ siblings: [] }))).toEqual({ siblings: siblingsMissingMessage });
    expect(canLeave("Siblings", validDraft({ siblings: [kari] }))).toBe(true);
    // Added before the answer was required (an old draft): the review sends the user back to it.
    expect(validateStep("Review", validDraft({ siblings: [{ ...kari, public: undefined }] }))).toEqual({ siblings: siblingInvalidMessage });
    expect(canLeave("Payment", validDraft({ siblings: [kari] }))).toBe(true);
  });
});
