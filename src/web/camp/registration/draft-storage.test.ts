// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://localhost:3000/vinterleir/registrering"}
import { afterEach, describe, expect, it } from "vitest";
import { validCompanion, validDraft } from "../../../shared/camp/camp-draft.fixture.ts";
import {
  clearWizard,
  DRAFT_COOKIE,
  encodeBase64,
  loadWizard,
  PARTS_COOKIE,
  saveWizard,
  setWizardStep,
  STEP_COOKIE,
} from "./draft-storage.ts";

function cookieNames(): string[] {
  return document.cookie
    .split(";")
    .map((pair) => pair.split("=")[0]!.trim())
    .filter(Boolean);
}

/** Ten companions and two full text fields, with letters outside Latin-1: well over one cookie's 4 KB. */
function longDraft() {
  return validDraft({
    allergies: "Nøtter og skalldyr – ring foresatt 🥜. ".repeat(60).slice(0, 2000),
    otherInfo: "Ingen bilder på nett, takk. Æ Ø Å. ".repeat(70).slice(0, 2000),
    hasLedsager: true,
    ledsagere: Array.from({ length: 10 }, (_, i) =>
      validCompanion({ id: `c${i}`, firstName: `Kari${i}`, lastName: "Nordmann-Østby", email: `kari${i}@example.no` }),
    ),
  });
}

afterEach(() => clearWizard());

describe("wizard cookies", () => {
  it("round-trips a draft and its step", () => {
    const draft = validDraft();
    saveWizard({ draft, step: "ClubGrade" });
    expect(cookieNames()).toEqual(expect.arrayContaining([DRAFT_COOKIE, STEP_COOKIE]));
    expect(cookieNames()).not.toContain(PARTS_COOKIE);
    expect(loadWizard()).toEqual({ draft, step: "ClubGrade" });
  });

  it("splits a long draft across numbered cookies, each under the 4 KB limit, and reads it back whole", () => {
    const draft = longDraft();
    saveWizard({ draft, step: "Public" });
    const names = cookieNames();
    expect(names).toContain(PARTS_COOKIE);
    expect(names).toContain(`${DRAFT_COOKIE}_1`);
    for (const pair of document.cookie.split(";")) expect(pair.trim().length).toBeLessThan(4000);
    expect(loadWizard()).toEqual({ draft, step: "Public" });

    // Shrinking the draft again removes the parts it no longer needs.
    saveWizard({ draft: validDraft(), step: "Public" });
    expect(cookieNames()).not.toContain(`${DRAFT_COOKIE}_1`);
    expect(cookieNames()).not.toContain(PARTS_COOKIE);
    expect(loadWizard()?.draft).toEqual(validDraft());
  });

  it("does not resume at Welcome, and resumes the companion form at the list", () => {
    saveWizard({ draft: validDraft(), step: "Welcome" });
    expect(loadWizard()).toBeUndefined();
    saveWizard({ draft: validDraft(), step: "LedsagerAdd" });
    expect(loadWizard()?.step).toBe("LedsagerManagement");
  });

  it("clears everything when a cookie cannot be read", () => {
    saveWizard({ draft: longDraft(), step: "Allergies" });
    document.cookie = `${DRAFT_COOKIE}=not-base64!!; Path=/vinterleir/registrering`;
    expect(loadWizard()).toBeUndefined();
    expect(cookieNames()).toEqual([]);
  });

  it("clears a draft of the wrong shape and an unknown step", () => {
    document.cookie = `${DRAFT_COOKIE}=${encodeBase64(JSON.stringify({ draftId: "x", age: "tolv" }))}; Path=/vinterleir/registrering`;
    document.cookie = `${STEP_COOKIE}=${encodeBase64(JSON.stringify("NameAge"))}; Path=/vinterleir/registrering`;
    expect(loadWizard()).toBeUndefined();
    expect(cookieNames()).toEqual([]);

    saveWizard({ draft: validDraft(), step: "NameAge" });
    document.cookie = `${STEP_COOKIE}=${encodeBase64(JSON.stringify("Pizza"))}; Path=/vinterleir/registrering`;
    expect(loadWizard()).toBeUndefined();
    expect(cookieNames()).toEqual([]);
  });

  it("lets the Vipps result page send the user back to Payment with the same draft", () => {
    const draft = validDraft();
    saveWizard({ draft, step: "Payment" });
    setWizardStep("Welcome");
    expect(loadWizard()).toBeUndefined();
    setWizardStep("Payment");
    expect(loadWizard()).toEqual({ draft, step: "Payment" });
  });
});
