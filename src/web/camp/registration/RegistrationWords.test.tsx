// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://localhost:3000/vinterleir/registrering"}
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { validCompanion, validDraft } from "../../../shared/camp/camp-draft.fixture.ts";
import type { CampRegistrationDraft } from "../../../shared/camp/camp-registration.ts";
import type { CampStep } from "../../../shared/camp/camp-steps.ts";
import { SEED_CLUBS } from "../../../shared/camp/seed-clubs.ts";
import { SEED_GRADES } from "../../../shared/camp/seed-grades.ts";
import { campEditionForYear } from "../../../shared/camp/camp-edition.ts";
import { comingSeasonYear, standardEditionData } from "../../../shared/camp/camp-edition-data.ts";
import { testNow } from "../../../shared/test-clock.fixture.ts";
import { clearWizard, saveWizard } from "./draft-storage.ts";
import { RegistrationWizard } from "./RegistrationPage.tsx";

/**
 * The wizard's words for who reads them (the person filling in is «du»; a child is named), and «Endre» on the
 * summary: back to the summary in one tap unless the change left a later step to answer.
 */
const year = campEditionForYear(comingSeasonYear(testNow())).year;
const json = (value: unknown) => new Response(JSON.stringify(value), { status: 200, headers: { "Content-Type": "application/json" } });
/** The camp's registration state as the stand-in server gives it. */
let campState = "open";
const quote = { athletes: [{ name: "x", lines: [{ label: "Leir", amount: 500 }], total: 500 }], total: 500 };

beforeEach(() => {
  campState = "open";
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(Date.UTC(year, 10, 10, 12)));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      if (path === "/api/CampEdition/Current")
        return json({ ...standardEditionData(year), state: campState, placesLeft: campState === "full" ? 0 : null, campOver: false });
      if (path === "/api/Club/Get") return json(SEED_CLUBS);
      if (path === "/api/Grade/Get") return json(SEED_GRADES);
      if (path === "/api/Vinterleir/Price") return json(quote);
      throw new Error(`Unexpected fetch ${path}`);
    }),
  );
});

afterEach(() => {
  clearWizard();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function startAt(step: CampStep, draft: CampRegistrationDraft) {
  saveWizard({ draft, step });
  const Stub = createRoutesStub([{ path: "/vinterleir/registrering/*", Component: () => <RegistrationWizard /> }]);
  render(<Stub initialEntries={["/vinterleir/registrering"]} />);
  await screen.findByRole("heading", { level: 1, name: `Påmelding til vinterleir ${year}` });
}

const heading = (name: string) => screen.getByRole("heading", { level: 2, name });
const click = (name: string) => fireEvent.click(screen.getByRole("button", { name }));
const child = (overrides: Partial<CampRegistrationDraft> = {}) =>
  validDraft({ firstName: "Emma", lastName: "Berg", age: 10, clubId: 1, ...overrides });

describe("the wizard's words", () => {
  it("names a child in the third person on every step that speaks of the athlete", async () => {
    await startAt("ClubGrade", child());
    expect(screen.getByText("Søk etter Emmas klubb og beltegrad, og velg fra listen.")).toBeTruthy();
    expect(screen.getByText(/Finner du ikke Emmas klubb\?/)).toBeTruthy();
    click("Neste");
    click("Neste");
    expect(heading("Overnatting")).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Emma ønsker å overnatte i hallen" })).toBeTruthy();
    click("Neste");
    expect(screen.getByRole("checkbox", { name: "Emma har egen ledsager" })).toBeTruthy();
    click("Neste");
    expect(screen.getByText(/Har Emma ingen allergier, lar du feltet stå tomt\./)).toBeTruthy();
    click("Neste");
    expect(screen.getByRole("checkbox", { name: "Emma er vegetarianer eller veganer" })).toBeTruthy();
    click("Neste");
    click("Neste");
    expect(screen.getByRole("group", { name: "Skal Emma stå med navn på deltakerlisten?" })).toBeTruthy();
    expect(screen.getByText(/Du bestemmer selv om Emmas navn og grad skal stå der\. Sier du nei, står Emma bare oppført/)).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Ikke vis Emma på deltakerlisten" })).toBeTruthy();
  });

  it("speaks to an adult registering themselves", async () => {
    await startAt("ClubGrade", validDraft({ firstName: "Kari", age: 30 }));
    expect(screen.getByText("Søk etter klubben og beltegraden din, og velg fra listen.")).toBeTruthy();
    for (let step = 0; step < 5; step++) click("Neste");
    expect(screen.getByRole("checkbox", { name: "Jeg er vegetarianer eller veganer" })).toBeTruthy();
    click("Neste");
    click("Neste");
    expect(screen.getByRole("group", { name: "Vil du stå med navn på deltakerlisten?" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Vis navnet og graden min på deltakerlisten" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Ikke vis meg på deltakerlisten" })).toBeTruthy();
  });

  it("says whom a full camp's waiting list is for", async () => {
    campState = "full";
    await startAt("Payment", child());
    expect(await screen.findByRole("button", { name: "Sett Emma på venteliste" })).toBeTruthy();
  });
});

describe("«Endre» on the summary", () => {
  it("returns to the summary in one tap, the summary's heading focused", async () => {
    await startAt("Review", child());
    click("Endre vegetar eller vegansk mat for Emma Berg");
    expect(heading("Mat")).toBe(document.activeElement);
    fireEvent.click(screen.getByRole("checkbox", { name: "Emma er vegetarianer eller veganer" }));
    expect(screen.queryByRole("button", { name: "Neste" })).toBeNull();
    click("Tilbake til oppsummeringen");
    expect(heading("Se over påmeldingen")).toBe(document.activeElement);
    expect(screen.getAllByText("Vegetar eller vegansk mat", { selector: "dt" })[0]!.nextElementSibling!.textContent).toMatch(/^Ja/);
  });

  it("goes through what the change made necessary: a companion to add, then the summary", async () => {
    await startAt("Review", child());
    click("Endre ledsagere for Emma Berg");
    expect(heading("Ledsager")).toBe(document.activeElement);
    fireEvent.click(screen.getByRole("checkbox", { name: "Emma har egen ledsager" }));
    // A companion is now needed: Next leads there, not to the summary.
    click("Neste");
    expect(heading("Ledsagere")).toBe(document.activeElement);
    click("Legg til ledsager");
    const companion = validCompanion();
    for (const [label, value] of [
      ["Fornavn", companion.firstName],
      ["Etternavn", companion.lastName],
      ["Telefonnummer", companion.telephone],
      ["E-post", companion.email],
    ] as const)
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fireEvent.change(screen.getByLabelText(/^Alder/), { target: { value: "40" } });
    click("Legg til");
    expect(heading("Ledsagere")).toBe(document.activeElement);
    click("Tilbake til oppsummeringen");
    expect(heading("Se over påmeldingen")).toBe(document.activeElement);
    await waitFor(() =>
      expect(within(screen.getByRole("heading", { level: 3, name: "Emma Berg" }).closest("section")!).getByText(/Kari Nordmann/)).toBeTruthy(),
    );
  });

  it("leaves the ordinary way through the steps alone when not coming from the summary", async () => {
    await startAt("Allergies", child());
    expect(screen.getByRole("button", { name: "Neste" })).toBeTruthy();
    click("Neste");
    expect(heading("Mat")).toBeTruthy();
  });
});
