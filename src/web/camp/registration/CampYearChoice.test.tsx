// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://localhost:3000/vinterleir/registrering"}
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { validDraft } from "../../../shared/camp/camp-draft.fixture.ts";
import type { CampRegistrationDraft } from "../../../shared/camp/camp-registration.ts";
import { SEED_CLUBS } from "../../../shared/camp/seed-clubs.ts";
import { SEED_GRADES } from "../../../shared/camp/seed-grades.ts";
import { campEditionFromData, standardEditionData } from "../../../shared/camp/camp-edition-data.ts";
import { athletesOf, personName } from "../../../shared/camp/camp-athletes.ts";
import { calculateCampPrice } from "../../../shared/camp/camp-pricing.ts";
import { formatDateRange } from "../../../shared/format.ts";
import { clearWizard, loadWizard, saveWizard } from "./draft-storage.ts";
import { RegistrationWizard } from "./RegistrationPage.tsx";

// 2026's camp takes registrations while 2027's, with a price of its own, has opened too.
const thisYear = standardEditionData(2026);
const nextYear = {
  ...standardEditionData(2027),
  prices: { ...standardEditionData(2027).prices, child: 1195 },
  earlyBird: { ...standardEditionData(2027).earlyBird, percent: 0 },
};
const editionOf = (year: number | undefined) => (year === 2027 ? nextYear : thisYear);
const answer = (data: typeof thisYear) => ({ ...data, state: "open", placesLeft: null, sleepoverPlacesLeft: null, campOver: false });
const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { "Content-Type": "application/json" } });

let open: (typeof thisYear)[];
let posted: CampRegistrationDraft[];
let quoted: CampRegistrationDraft[];

/** POST /api/Vinterleir/Price as the server answers it: the edition the body's `year` names, else 2026's. */
function serverQuote(draft: CampRegistrationDraft) {
  const context = { edition: campEditionFromData(editionOf(draft.year)), at: new Date(), grades: SEED_GRADES };
  const athletes = athletesOf(draft).map((athlete) => {
    const { lines, total } = calculateCampPrice(athlete, context);
    return { name: personName(athlete), lines: lines.map(({ label, amount }) => ({ label, amount })), total };
  });
  return json({ athletes, total: athletes.reduce((sum, athlete) => sum + athlete.total, 0) });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-10T12:00:00Z"));
  open = [thisYear, nextYear];
  posted = [];
  quoted = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === "/api/CampEdition/Current") return json(answer(thisYear));
      if (path === "/api/CampEdition/Open") return json(open.map(answer));
      if (path === "/api/Club/Get") return json(SEED_CLUBS);
      if (path === "/api/Grade/Get") return json(SEED_GRADES);
      if (path === "/api/Vinterleir/Price") {
        const body = JSON.parse(String(init?.body)) as CampRegistrationDraft;
        quoted.push(body);
        return serverQuote(body);
      }
      if (path === "/api/Vinterleir/Post") {
        posted.push(JSON.parse(String(init?.body)));
        return new Response("Done", { status: 200, headers: { "Content-Type": "text/plain" } });
      }
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

async function renderWizard(headingYear = 2026, requestedYear?: number) {
  const Stub = createRoutesStub([{ path: "/vinterleir/registrering/*", Component: () => <RegistrationWizard requestedYear={requestedYear} /> }]);
  const view = render(<Stub initialEntries={["/vinterleir/registrering"]} />);
  await screen.findByRole("heading", { level: 1, name: `Påmelding til vinterleir ${headingYear}` });
  return view;
}

const nextButton = () => screen.getByRole("button", { name: "Neste" }) as HTMLButtonElement;
const radio = (name: RegExp) => screen.getByRole("radio", { name }) as HTMLInputElement;
const range = (data: typeof thisYear) => {
  const edition = campEditionFromData(data);
  return formatDateRange(edition.start, edition.end);
};

describe("the wizard's choice of camp", () => {
  it("asks nothing when one camp takes registrations", async () => {
    open = [thisYear];
    await renderWizard();
    expect(screen.queryByRole("group", { name: "Hvilken vinterleir?" })).toBeNull();
    expect(screen.queryByRole("radio", { name: /Vinterleir 2027/ })).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: /samtykker/ }));
    fireEvent.click(screen.getByRole("checkbox", { name: /salgsbetingelsene/ }));
    expect(nextButton().disabled).toBe(false);
  });

  it("with two open, asks which camp first, shows the chosen one's year and dates, and keeps the choice in the draft", async () => {
    await renderWizard();
    const group = screen.getByRole("group", { name: "Hvilken vinterleir?" });
    expect(group).toBeTruthy();
    expect(radio(/Vinterleir 2026/).labels?.[0]?.textContent).toBe(`Vinterleir 2026 (${range(thisYear)})`);
    expect(radio(/Vinterleir 2027/).labels?.[0]?.textContent).toBe(`Vinterleir 2027 (${range(nextYear)})`);
    expect(radio(/Vinterleir 2026/).checked).toBe(false);
    expect(radio(/Vinterleir 2027/).checked).toBe(false);

    // The consents alone are not enough: the camp must be chosen.
    fireEvent.click(screen.getByRole("checkbox", { name: /samtykker/ }));
    fireEvent.click(screen.getByRole("checkbox", { name: /salgsbetingelsene/ }));
    expect(nextButton().disabled).toBe(true);
    expect(screen.getByText("Velg hvilken vinterleir du melder på, og kryss av for begge punktene.")).toBeTruthy();

    fireEvent.click(radio(/Vinterleir 2027/));
    await screen.findByRole("heading", { level: 1, name: "Påmelding til vinterleir 2027" });
    expect(screen.getByText(new RegExp(`Vinterleiren 2027 er ${range(nextYear)}`))).toBeTruthy();
    expect(nextButton().disabled).toBe(false);
    fireEvent.click(nextButton());
    await screen.findByRole("heading", { level: 2, name: "Hvem melder du på?" });
    await waitFor(() => expect(loadWizard()?.draft.year).toBe(2027));
  });

  it("prices, posts and confirms the chosen camp: 2027's price from the server, `year` in the body, the year on the receipt", async () => {
    saveWizard({ draft: validDraft({ year: 2027, age: 10 }), step: "Review" });
    await renderWizard(2027);
    const button = screen.getByRole("button", { name: "Gå til betaling" }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(quoted.at(-1)?.year).toBe(2027);
    fireEvent.click(button);
    await screen.findAllByRole("table");
    // The child price of 2027 (1195 kr) is what the wizard shows, as the server quoted it.
    expect(screen.getAllByText(/1[\s\u00a0]?195/).length).toBeGreaterThan(0);
    fireEvent.click(await screen.findByRole("button", { name: "Kort eller kontant ved oppmøte" }));
    fireEvent.click(screen.getByRole("button", { name: "Fullfør registrering" }));
    await screen.findByRole("heading", { level: 2, name: "Takk! Ola er påmeldt vinterleiren 2027." });
    expect(posted).toHaveLength(1);
    expect(posted[0]?.year).toBe(2027);
  });

  it("with `?year=2027` (the camp pages' link to next year's registration), has chosen 2027 already", async () => {
    await renderWizard(2027, 2027);
    await waitFor(() => expect(radio(/Vinterleir 2027/).checked).toBe(true));
    // The family may still choose the other camp, and back.
    fireEvent.click(radio(/Vinterleir 2026/));
    await screen.findByRole("heading", { level: 1, name: "Påmelding til vinterleir 2026" });
    fireEvent.click(radio(/Vinterleir 2027/));
    fireEvent.click(screen.getByRole("checkbox", { name: /samtykker/ }));
    fireEvent.click(screen.getByRole("checkbox", { name: /salgsbetingelsene/ }));
    fireEvent.click(nextButton());
    await screen.findByRole("heading", { level: 2, name: "Hvem melder du på?" });
    await waitFor(() => expect(loadWizard()?.draft.year).toBe(2027));
  });

  it("with `?year=` naming a camp that takes no registrations, says so and offers the camp that does", async () => {
    open = [thisYear];
    await renderWizard(2026, 2031);
    expect(screen.getByText("Påmeldingen til vinterleiren 2031 er ikke åpen nå.")).toBeTruthy();
  });

  it("asks again when the stored draft names a camp that no longer takes registrations", async () => {
    saveWizard({ draft: validDraft({ year: 2025 }), step: "Review" });
    await renderWizard();
    await screen.findByRole("group", { name: "Hvilken vinterleir?" });
    // The draft is saved by an effect after the render that shows the question: wait for it.
    await waitFor(() => expect(loadWizard()?.draft.year).toBeUndefined());
  });
});
