// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://localhost:3000/vinterleir/registrering"}
import { afterEach, describe, expect, it } from "vitest";
import { validCompanion, validDraft } from "../../../shared/camp/camp-draft.fixture.ts";
import { newSibling } from "../../../shared/camp/camp-siblings.ts";
import { encodeBase64 } from "../../components/wizard/cookie-draft.ts";
import { documentCookies, readableCookieText } from "../../components/wizard/cookie-text.fixture.ts";
import { clearWizard, DRAFT_COOKIE, loadWizard, PARTS_COOKIE, saveWizard, setWizardStep, STEP_COOKIE } from "./draft-storage.ts";

function cookieNames(): string[] {
  return document.cookie
    .split(";")
    .map((pair) => pair.split("=")[0]!.trim())
    .filter(Boolean);
}

/** Ten companions with long names and two full text fields, with letters outside Latin-1. */
function longDraft() {
  return validDraft({
    allergies: "Nøtter og skalldyr – ring foresatt 🥜. ".repeat(60).slice(0, 2000),
    otherInfo: "Ingen bilder på nett, takk. Æ Ø Å. ".repeat(70).slice(0, 2000),
    hasLedsager: true,
    ledsagere: Array.from({ length: 10 }, (_, i) =>
      validCompanion({
        id: `c${i}-${"x".repeat(90)}`,
        firstName: `Kari${i} ${"Åse".repeat(30)}`,
        lastName: "Nordmann-Østby".repeat(7),
        email: `kari${i}.${"o".repeat(60)}@example.no`,
      }),
    ),
  });
}

/** What another tab (or the same browser after the tab was closed) finds: the cookies, not the tab's storage. */
function inAnotherTab() {
  sessionStorage.clear();
}

afterEach(() => {
  clearWizard();
  sessionStorage.clear();
});

describe("wizard cookies", () => {
  it("keeps a family's further athletes with their own choices and companions, their allergies in this tab only", () => {
    const kari = {
      ...newSibling("Nordmann", 1),
      firstName: "Kari",
      age: 9,
      gradeId: 5,
      allergies: "Peanøtter",
      public: false,
      hasLedsager: true,
      ledsagere: [validCompanion({ firstName: "Mor" })],
    };
    const per = { ...newSibling("Nordmann", 2), firstName: "Per", age: 11, gradeId: 3, allergies: "", otherInfo: "Kommer lørdag" };
    const draft = { ...validDraft(), siblings: [kari, per] };
    saveWizard({ draft, step: "Review" });
    const text = readableCookieText(documentCookies());
    expect(text).not.toContain("Peanøtter");
    expect(text).not.toContain("Kommer lørdag");
    expect(text).toContain("Kari");
    expect(loadWizard()).toEqual({ draft, step: "Review", tabFieldsMissing: false });

    // Another tab: the athletes and their answers are there, their allergies are asked for again.
    inAnotherTab();
    const resumed = loadWizard()!;
    expect(resumed.tabFieldsMissing).toBe(true);
    const elsewhere = (sibling: typeof kari | typeof per) => ({ ...sibling, allergies: "", otherInfo: "" });
    expect(resumed.draft.siblings).toEqual([elsewhere(kari), elsewhere(per)]);
  });

  it("keeps the choice of one athlete or a family, also before any further athlete is added", () => {
    saveWizard({ draft: { ...validDraft(), siblings: [] }, step: "NameAge" });
    expect(loadWizard()!.draft.siblings).toEqual([]);
    saveWizard({ draft: validDraft(), step: "NameAge" });
    expect(loadWizard()!.draft.siblings).toBeUndefined();
  });

  it("refuses a tampered further athlete (a public answer that is not yes or no) and starts over", () => {
    const tampered = { ...validDraft(), siblings: [{ ...newSibling("Nordmann", 1), public: "ja" }], siblingTexts: [] };
    document.cookie = `${DRAFT_COOKIE}=${encodeBase64(JSON.stringify(tampered))}; Path=/vinterleir/registrering`;
    document.cookie = `${STEP_COOKIE}=${encodeBase64(JSON.stringify("Review"))}; Path=/vinterleir/registrering`;
    expect(loadWizard()).toBeUndefined();
  });

  it("round-trips a draft and its step", () => {
    const draft = validDraft();
    saveWizard({ draft, step: "ClubGrade" });
    expect(cookieNames()).toEqual(expect.arrayContaining([DRAFT_COOKIE, STEP_COOKIE]));
    expect(cookieNames()).not.toContain(PARTS_COOKIE);
    expect(loadWizard()).toEqual({ draft, step: "ClubGrade", tabFieldsMissing: false });
  });

  it("keeps a child's contact person's name through a reload, and drops one that is not text", () => {
    const draft = validDraft({ age: 10, contactName: "Kari Nordmann" });
    saveWizard({ draft, step: "Review" });
    expect(loadWizard()?.draft.contactName).toBe("Kari Nordmann");
    document.cookie = `${DRAFT_COOKIE}=${encodeBase64(JSON.stringify({ ...validDraft({ age: 10 }), contactName: 42, siblingTexts: [] }))}; path=/vinterleir/registrering`;
    expect(loadWizard()?.draft).not.toHaveProperty("contactName");
  });

  it("remembers the camp chosen when two take registrations, and drops a year that is not one", () => {
    saveWizard({ draft: validDraft({ year: 2027 }), step: "Review" });
    expect(loadWizard()?.draft.year).toBe(2027);
    for (const year of ["2027", 2027.5, 1999]) {
      document.cookie = `${DRAFT_COOKIE}=${encodeBase64(JSON.stringify({ ...validDraft(), year, siblingTexts: [] }))}; path=/vinterleir/registrering`;
      expect(loadWizard()?.draft).not.toHaveProperty("year");
    }
  });

  it("splits a long draft across numbered cookies, each under the 4 KB limit, and reads it back whole", () => {
    const draft = longDraft();
    saveWizard({ draft, step: "Public" });
    const names = cookieNames();
    expect(names).toContain(PARTS_COOKIE);
    expect(names).toContain(`${DRAFT_COOKIE}_1`);
    for (const pair of document.cookie.split(";")) expect(pair.trim().length).toBeLessThan(4000);
    expect(loadWizard()).toEqual({ draft, step: "Public", tabFieldsMissing: false });

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
    expect(loadWizard()).toEqual({ draft, step: "Payment", tabFieldsMissing: false });
  });
});

describe("allergies and other information stay in the tab", () => {
  const allergies = "Alvorlig peanøttallergi – EpiPen i sekken";
  const otherInfo = "Ingen bilder på nett, takk";

  it("puts them in no cookie, however decoded, but in this tab's sessionStorage", () => {
    saveWizard({ draft: validDraft({ allergies, otherInfo }), step: "FoodPreference" });
    const cookieText = readableCookieText(documentCookies());
    expect(cookieText).toContain(validDraft().firstName); // The decoding works: the plain fields are there.
    expect(cookieText).not.toContain("peanøtt");
    expect(cookieText).not.toContain("bilder");
    expect(cookieText).not.toMatch(/allergies|otherInfo/);
    expect(Object.values({ ...sessionStorage }).join("\n")).toContain(allergies);
    expect(sessionStorage.getItem(DRAFT_COOKIE)).toContain(otherInfo);
  });

  it("keeps them through a reload of the same tab, long texts and all", () => {
    const draft = longDraft();
    saveWizard({ draft, step: "Public" });
    expect(readableCookieText(documentCookies())).not.toContain("Nøtter og skalldyr");
    expect(loadWizard()).toEqual({ draft, step: "Public", tabFieldsMissing: false });
  });

  it("resumes another tab without them, at the allergy step, and says so", () => {
    saveWizard({ draft: validDraft({ allergies, otherInfo }), step: "Payment" });
    inAnotherTab();
    expect(loadWizard()).toEqual({ draft: validDraft({ allergies: "", otherInfo: "" }), step: "Allergies", tabFieldsMissing: true });

    // Before the allergy step there is nothing to go back for; the step stays.
    saveWizard({ draft: validDraft(), step: "NameAge" });
    inAnotherTab();
    expect(loadWizard()).toMatchObject({ step: "NameAge", tabFieldsMissing: true });
  });

  it("never mixes in another draft's texts", () => {
    saveWizard({ draft: validDraft({ allergies }), step: "Public" });
    const other = validDraft({ draftId: "11111111-1111-4111-8111-111111111111" });
    const stale = sessionStorage.getItem(DRAFT_COOKIE)!;
    saveWizard({ draft: other, step: "Public" });
    sessionStorage.setItem(DRAFT_COOKIE, stale);
    expect(loadWizard()).toMatchObject({ draft: { draftId: other.draftId, allergies: "" }, tabFieldsMissing: true });
  });

  it("drops allergies found in a cookie written before this rule, and rewrites it without them", () => {
    const old = validDraft({ allergies, otherInfo });
    document.cookie = `${DRAFT_COOKIE}=${encodeBase64(JSON.stringify(old))}; Path=/vinterleir/registrering`;
    document.cookie = `${STEP_COOKIE}=${encodeBase64(JSON.stringify("Public"))}; Path=/vinterleir/registrering`;
    const loaded = loadWizard()!;
    expect(loaded.draft.allergies).toBe("");
    saveWizard(loaded);
    expect(readableCookieText(documentCookies())).not.toContain("peanøtt");
  });

  it("clears the tab's copy with the cookies", () => {
    saveWizard({ draft: validDraft({ allergies }), step: "Public" });
    clearWizard();
    expect(sessionStorage.getItem(DRAFT_COOKIE)).toBeNull();
    expect(documentCookies()).toEqual([]);
  });
});
