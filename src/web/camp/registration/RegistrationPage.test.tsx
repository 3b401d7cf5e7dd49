// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://localhost:3000/vinterleir/registrering"}
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { validCompanion, validDraft } from "../../../shared/camp/camp-draft.fixture.ts";
import type { CampRegistrationDraft } from "../../../shared/camp/camp-registration.ts";
import { newSibling } from "../../../shared/camp/camp-siblings.ts";
import type { CampStep } from "../../../shared/camp/camp-steps.ts";
import { SEED_CLUBS } from "../../../shared/camp/seed-clubs.ts";
import { SEED_GRADES } from "../../../shared/camp/seed-grades.ts";
import { gradingDays } from "../../../shared/camp/camp-program.ts";
import { weekdayName } from "../../../shared/format.ts";
import { campEditionForYear } from "../../../shared/camp/camp-edition.ts";
import { testNow } from "../../../shared/test-clock.fixture.ts";

import { campEditionFromData, comingSeasonYear, standardEditionData } from "../../../shared/camp/camp-edition-data.ts";
import { athletesOf, personName } from "../../../shared/camp/camp-athletes.ts";
import { calculateCampPrice } from "../../../shared/camp/camp-pricing.ts";
import { documentCookies, readableCookieText } from "../../components/wizard/cookie-text.fixture.ts";
import { clearWizard, DRAFT_COOKIE, loadWizard, saveWizard, STEP_COOKIE } from "./draft-storage.ts";
import { RegistrationWizard, type RegistrationWizardProps } from "./RegistrationPage.tsx";

/** Without a provider the pages use the coming season's year (the tests' clock starts at TEST_NOW, test-setup.ts). */
const campEdition = campEditionForYear(comingSeasonYear(testNow()));

const year = campEdition.year;
// Weekdays come from the edition's dates, so the tests do too (28 November is not always a Friday).
const { cup: cupDay, dan: danDay } = gradingDays(campEdition);

type PostAnswer = () => Promise<Response>;
let postAnswers: PostAnswer[];
let clubsAnswer: () => Promise<Response>;
let posted: CampRegistrationDraft[];
let currentAnswer: () => Promise<Response>;
/** The bodies the wizard asked prices for; `quoteAnswer` answers them as the server does unless a test says otherwise. */
let quoted: string[];
let quoteAnswer: (body: string) => Promise<Response>;
/** The edition the stand-in server prices with. */
let quoteEdition: ReturnType<typeof standardEditionData>;

/** What POST /api/Vinterleir/Price answers: the shared calculation with the edition and grades the server uses. */
function serverQuote(body: string) {
  const draft = JSON.parse(body) as CampRegistrationDraft;
  const context = { edition: campEditionFromData(quoteEdition), at: new Date(), grades: SEED_GRADES };
  const athletes = athletesOf(draft).map((athlete) => {
    const { lines, total } = calculateCampPrice(athlete, context);
    return { name: personName(athlete), lines: lines.map(({ label, amount }) => ({ label, amount })), total };
  });
  return json({ athletes, total: athletes.reduce((sum, athlete) => sum + athlete.total, 0) });
}

/** GET /api/CampEdition/Current for the test year's edition, open with no limit unless a test says otherwise. */
const currentEdition = (
  availability: Partial<{ state: string; placesLeft: number | null; campOver: boolean; phase: string }> = {},
  data = standardEditionData(year),
) => json({ ...data, state: "open", placesLeft: null, campOver: false, ...availability });

const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { "Content-Type": "application/json" } });
const text = (value: string, status = 200) => new Response(value, { status, headers: { "Content-Type": "text/plain" } });

beforeEach(() => {
  // After the early-bird deadline and before the camp: full prices.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(Date.UTC(year, 10, 10, 12)));
  posted = [];
  postAnswers = [async () => text("Done")];
  clubsAnswer = async () => json(SEED_CLUBS);
  currentAnswer = async () => currentEdition();
  quoted = [];
  quoteEdition = standardEditionData(year);
  quoteAnswer = async (body) => serverQuote(body);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === "/api/CampEdition/Current") return currentAnswer();
      if (path === "/api/Club/Get") return clubsAnswer();
      if (path === "/api/Grade/Get") return json(SEED_GRADES);
      if (path === "/api/Vinterleir/Price") {
        quoted.push(String(init?.body));
        return quoteAnswer(String(init?.body));
      }
      if (path === "/api/Vinterleir/Post") {
        posted.push(JSON.parse(String(init?.body)));
        return (postAnswers.shift() ?? (async () => text("Done")))();
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

/** Renders the page and waits for the current edition to load and the wizard to show. */
async function renderWizard(props: RegistrationWizardProps = {}) {
  const Stub = createRoutesStub([
    { path: "/vinterleir/registrering/*", Component: () => <RegistrationWizard {...props} /> },
    { path: "/", Component: () => <p>Forsiden</p> },
  ]);
  const view = render(<Stub initialEntries={["/vinterleir/registrering"]} />);
  await screen.findByRole("heading", { level: 1, name: `Påmelding til vinterleir ${year}` });
  return view;
}

async function startAt(step: CampStep, draft: CampRegistrationDraft, props?: RegistrationWizardProps) {
  saveWizard({ draft, step });
  return renderWizard(props);
}

const heading = (name: string | RegExp) => screen.getByRole("heading", { level: 2, name });
const nextButton = () => screen.getByRole("button", { name: "Neste" }) as HTMLButtonElement;
const next = () => fireEvent.click(nextButton());
const back = () => fireEvent.click(screen.getByRole("button", { name: "Tilbake" }));
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const checkbox = (name: string | RegExp) => screen.getByRole("checkbox", { name }) as HTMLInputElement;
/** From the review to the payment step, once the server's price is there. */
async function toPayment() {
  const button = screen.getByRole("button", { name: "Gå til betaling" }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
  await screen.findAllByRole("table");
}
/** The review's value beside a label (the first such label on the page). */
const reviewValue = (label: string) =>
  screen.getAllByText(label, { selector: "dt" })[0]!.nextElementSibling!.querySelector(".wizard-summary-value")!.textContent;

/** The done step's heading: the person who registered is thanked, whoever is named. */
const registered = new RegExp(`^Takk[,!].* er påmeldt vinterleiren ${year}\\.$`);

/** On the payment step: card or cash at the camp, submit, and wait for the Done step. */
async function finishPayingAtTheCamp() {
  fireEvent.click(await screen.findByRole("button", { name: "Kort eller kontant ved oppmøte" }));
  fireEvent.click(screen.getByRole("button", { name: "Fullfør registrering" }));
  await screen.findByRole("heading", { level: 2, name: registered });
}

async function pick(label: string, search: string, option: string | RegExp) {
  const input = screen.getByRole("combobox", { name: label });
  await waitFor(() => expect((input as HTMLInputElement).disabled).toBe(false));
  fireEvent.change(input, { target: { value: search } });
  const listbox = screen.getByRole("listbox", { name: label });
  fireEvent.click(within(listbox).getByRole("option", { name: option }));
}

describe("camp registration wizard", () => {
  it("walks a home-club child through every step: grading allowed, sleepover not", async () => {
    await renderWizard();
    expect(screen.getByText(`Steg 1 av 14`)).toBeTruthy();
    expect(heading("Velkommen til påmeldingen")).toBeTruthy();
    expect(screen.getByText(/28\.–30\. november/)).toBeTruthy();
    const terms = screen.getByRole("link", { name: /salgsbetingelsene/ });
    expect(terms.getAttribute("href")).toBe("/dokumenter/salgsbetingelser.pdf");
    expect(terms.getAttribute("target")).toBe("_blank");

    expect(screen.queryByRole("button", { name: "Tilbake" })).toBeNull();
    // Both consents are needed, and the boxes do not flip each other.
    expect(nextButton().disabled).toBe(true);
    expect(screen.getByText("Kryss av for begge punktene for å gå videre.")).toBeTruthy();
    fireEvent.click(checkbox(/samtykker/));
    expect(checkbox(/salgsbetingelsene/).checked).toBe(false);
    expect(nextButton().disabled).toBe(true);
    fireEvent.click(checkbox(/salgsbetingelsene/));
    expect(checkbox(/samtykker/).checked).toBe(true);
    next();

    // Asked at once whether more athletes come; one is the answer already chosen.
    expect(heading("Hvem melder du på?")).toBe(document.activeElement);
    expect(screen.getByText("Steg 2 av 14")).toBeTruthy();
    expect((screen.getByRole("radio", { name: "Én utøver" }) as HTMLInputElement).checked).toBe(true);
    next();

    expect(heading("Navn og alder")).toBe(document.activeElement);
    expect(screen.getByText("Steg 3 av 14")).toBeTruthy();
    type("Fornavn", "Emma");
    type("Etternavn", "Hansen");
    type(/^Alder/, "10");
    next();

    expect(heading("Kontaktinformasjon")).toBeTruthy();
    type("E-post", "foresatt@example.no");
    type(/Telefonnummer/, "912 34 567");
    next();

    expect(heading("Klubb og beltegrad")).toBeTruthy();
    expect(nextButton().disabled).toBe(true);
    const club = screen.getByRole("combobox", { name: "Klubb" });
    await waitFor(() => expect((club as HTMLInputElement).disabled).toBe(false));
    fireEvent.change(club, { target: { value: "ski t" } });
    fireEvent.keyDown(club, { key: "ArrowDown" });
    expect(club.getAttribute("aria-activedescendant")).toBeTruthy();
    fireEvent.keyDown(club, { key: "Enter" });
    expect((club as HTMLInputElement).value).toBe("Ski Taekwondo Klubb");
    expect(screen.getByText("Valgt klubb:")).toBeTruthy();
    await pick("Beltegrad", "GULT MED GRØNN", "7.1. Cup (Gult med grønn stripe)");
    next();

    expect(heading("Gradering")).toBeTruthy();
    expect(screen.getByText(new RegExp(`Cup-graderingen er på leirens siste dag, ${weekdayName(cupDay)} 30\\. november`))).toBeTruthy();
    expect(screen.getByText(/350 kr/)).toBeTruthy();
    // The parent fills in: the child is named, never spoken to.
    expect(screen.getByText(/Emmas trener vet om Emma er klar til å gradere\./)).toBeTruthy();
    expect(screen.queryByText(/Treneren din/)).toBeNull();
    fireEvent.click(checkbox("Emma ønsker å gradere på leiren"));
    next();

    expect(heading("Overnatting")).toBeTruthy();
    const sleepover = checkbox("Emma ønsker å overnatte i hallen");
    expect(sleepover.disabled).toBe(true);
    expect(screen.getByText(/Barn under 12 år fra Ski Taekwondo Klubb kan ikke overnatte i hallen/)).toBeTruthy();
    expect(sleepover.getAttribute("aria-describedby")).toBe("sleepover-description");
    next();

    expect(heading("Ledsager")).toBeTruthy();
    expect(checkbox("Emma har egen ledsager").checked).toBe(false);
    next();
    expect(heading("Allergier")).toBeTruthy();
    expect(screen.getByText(/Har Emma matallergier/)).toBeTruthy();
    back();
    expect(heading("Ledsager")).toBeTruthy();
    next();
    type(/Allergier/, "Peanøtter");
    next();
    // Health data stays out of the cookies; this tab keeps it until the submission.
    expect(readableCookieText(documentCookies())).toContain("Emma");
    expect(readableCookieText(documentCookies())).not.toContain("Peanøtter");
    expect(sessionStorage.getItem(DRAFT_COOKIE)).toContain("Peanøtter");

    expect(heading("Mat")).toBeTruthy();
    expect(
      screen.getByText("Vi serverer måltider under leiren. Spiser Emma ikke kjøtt eller fisk, lager vi et eget alternativ til Emma."),
    ).toBeTruthy();
    fireEvent.click(checkbox("Emma er vegetarianer eller veganer"));
    next();

    expect(heading("Annen informasjon")).toBeTruthy();
    expect(screen.getByText(/Skal Emma ikke være med på bilder/)).toBeTruthy();
    expect(screen.queryByRole("checkbox", { name: /kan instruere ved behov/ })).toBeNull();
    next();

    expect(heading("Deltakerlisten")).toBeTruthy();
    expect(screen.getByText("Steg 12 av 14")).toBeTruthy();
    expect(nextButton().disabled).toBe(true);
    expect(screen.getByText("Velg ett av alternativene for å gå videre.")).toBeTruthy();
    const listChoice = screen.getByRole("group", { name: "Skal Emma stå med navn på deltakerlisten?" });
    expect(within(listChoice).getByRole("radio", { name: "Vis Emmas navn og grad på deltakerlisten" })).toBeTruthy();
    expect(screen.queryByText(/graden min|graden din|Vil du stå/)).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: "Ikke vis Emma på deltakerlisten" }));
    next();

    // The last look: every answer with a way back to it, and the price lines.
    expect(heading("Se over påmeldingen")).toBeTruthy();
    expect(screen.getByText("Steg 13 av 14")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: "Emma Hansen" })).toBeTruthy();
    expect(reviewValue("Klubb")).toBe("Ski Taekwondo Klubb");
    expect(reviewValue("Allergier")).toBe("Peanøtter");
    expect(reviewValue("På deltakerlisten")).toBe("Nei, bare klubben, uten navn");
    expect(reviewValue("Salgsbetingelsene er godtatt")).toBe("Ja");
    expect(
      within(await screen.findByRole("table"))
        .getByText("Totalt")
        .closest("tr")?.textContent,
    ).toMatch(/350\s+kr/);
    // «Endre» goes to the step, and one tap brings the summary back, its heading focused.
    fireEvent.click(screen.getByRole("button", { name: "Endre allergier for Emma Hansen" }));
    expect(heading("Allergier")).toBe(document.activeElement);
    expect(screen.queryByRole("button", { name: "Neste" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Tilbake til oppsummeringen" }));
    expect(heading("Se over påmeldingen")).toBe(document.activeElement);
    await toPayment();

    expect(heading("Oppsummering og betaling")).toBeTruthy();
    const table = await screen.findByRole("table");
    expect(within(table).getByText("Utøver fra Ski Taekwondo Klubb: Emma Hansen")).toBeTruthy();
    expect(within(table).getByText("Cup-gradering")).toBeTruthy();
    expect(within(table).getByText("Totalt").closest("tr")?.textContent).toMatch(/350\s+kr/);

    fireEvent.click(screen.getByRole("button", { name: "Kort eller kontant ved oppmøte" }));
    fireEvent.click(screen.getByRole("button", { name: "Fullfør registrering" }));
    // The parent is thanked; the child is named, not thanked as if reading.
    const done = await screen.findByRole("heading", { level: 2, name: `Takk! Emma er påmeldt vinterleiren ${year}.` });
    // Focused by an effect after the render that showed it: a moment after it is found.
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.queryByText(/Takk, Emma/)).toBeNull();
    expect(screen.getByText("Vi gleder oss til å se Emma.")).toBeTruthy();

    // The prices shown came from the server, asked without the health data.
    expect(quoted.length).toBeGreaterThan(0);
    for (const body of quoted) expect(body).not.toContain("Peanøtter");
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      firstName: "Emma",
      age: 10,
      clubId: 29,
      gradeId: 5,
      gradering: true,
      sleepover: false,
      vegan: true,
      allergies: "Peanøtter",
      public: false,
      vipps: false,
      telephone: "912 34 567",
    });
    // Done clears the cookies and the tab's copy in an effect, after the Done screen has rendered.
    await waitFor(() => expect(document.cookie).not.toContain(DRAFT_COOKIE));
    expect(sessionStorage.getItem(DRAFT_COOKIE)).toBeNull();
    expect(screen.queryByRole("button", { name: "Tilbake" })).toBeNull();
    expect(screen.getByRole("link", { name: "Tilbake til forsiden" }).getAttribute("href")).toBe("/");
  });

  it("disables and clears grading for a home-club 13-year-old, also in a restored draft", async () => {
    const child = validDraft({ clubId: 29, age: 13, gradeId: 5, gradering: true });
    await startAt("Gradering", child);
    const box = checkbox(/ønsker å gradere på leiren$/);
    expect(box.disabled).toBe(true);
    expect(box.checked).toBe(false);
    expect(screen.getByText(/bare for barn under 13 år/)).toBeTruthy();
    expect(nextButton().disabled).toBe(false);
  });

  it("shows dan grading for another club's red belt with three stripes, free here", async () => {
    await startAt("Gradering", validDraft({ clubId: 1, age: 30, gradeId: 14 }));
    expect(screen.getByText(new RegExp(`Dan-graderingen er på leirens første dag, ${weekdayName(danDay)} 28\\. november`))).toBeTruthy();
    expect(checkbox(/ønsker å gradere på leiren$/).disabled).toBe(false);
  });

  it("registers an adult from another club with two companions, one already registered", async () => {
    await startAt("Ledsager", validDraft({ clubId: 1, gradeId: 5, age: 30, public: null }));
    expect(heading("Ledsager")).toBeTruthy();
    expect(screen.getByText(/550 kr per ledsager/)).toBeTruthy();
    fireEvent.click(checkbox("Jeg har egen ledsager"));
    next();

    expect(heading("Ledsagere")).toBeTruthy();
    expect(screen.getByText("Steg 8 av 14")).toBeTruthy();
    expect(nextButton().disabled).toBe(true);
    expect(screen.getByText(/Legg til minst én ledsager for å gå videre/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Legg til ledsager" }));
    expect(heading("Legg til ledsager")).toBeTruthy();
    const add = () => screen.getByRole("button", { name: "Legg til" }) as HTMLButtonElement;
    expect(add().disabled).toBe(true);
    expect((screen.getByLabelText(/^Alder/) as HTMLInputElement).value).toBe("18");
    type("Fornavn", "Kari");
    type("Etternavn", "Nordmann");
    type(/^Alder/, "17");
    fireEvent.blur(screen.getByLabelText(/^Alder/));
    expect(screen.getByText("Ledsager må være myndig.")).toBeTruthy();
    expect(screen.getByLabelText(/^Alder/).getAttribute("aria-invalid")).toBe("true");
    type(/^Alder/, "");
    expect((screen.getByLabelText(/^Alder/) as HTMLInputElement).value).toBe("");
    type(/^Alder/, "45");
    type("Telefonnummer", "1234");
    fireEvent.blur(screen.getByLabelText("Telefonnummer"));
    expect(screen.getByText("Du må legge inn et gyldig telefonnummer.")).toBeTruthy();
    type("Telefonnummer", "98765432");
    type("E-post", "kari.example.no");
    fireEvent.blur(screen.getByLabelText("E-post"));
    expect(screen.getByText("Eposten er ikke gyldig.")).toBeTruthy();
    type("E-post", "kari@example.no");
    fireEvent.click(checkbox("Overnatter"));
    fireEvent.click(add());

    expect(heading("Ledsagere")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Legg til ledsager" }));
    type("Fornavn", "Per");
    type("Etternavn", "Nordmann");
    type("Telefonnummer", "+4798765433");
    type("E-post", "per@example.no");
    fireEvent.click(checkbox("Er allerede påmeldt som ledsager for en annen utøver"));
    // Enter in a field adds the companion.
    fireEvent.keyDown(screen.getByLabelText("E-post"), { key: "Enter" });

    expect(heading("Ledsagere")).toBeTruthy();
    const list = screen.getByRole("list", { name: "Ledsagere du har lagt til" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(nextButton().disabled).toBe(false);
    next();

    expect(heading("Allergier")).toBeTruthy();
    back();
    expect(heading("Ledsagere")).toBeTruthy();
    back();
    expect(heading("Ledsager")).toBeTruthy();
    next();
    next();
    next(); // Allergies
    next(); // FoodPreference
    next(); // OtherInformation
    fireEvent.click(screen.getByRole("radio", { name: "Vis navnet og graden min på deltakerlisten" }));
    next();
    expect(reviewValue("Ledsagere")).toMatch(/Kari Nordmann, 45 år · 98765432 · kari@example\.no · overnatter.*Per Nordmann, 18 år/);
    await toPayment();

    expect(heading("Oppsummering og betaling")).toBeTruthy();
    const table = await screen.findByRole("table");
    const rows = within(table)
      .getAllByRole("row")
      .map((row) => row.textContent?.replace(/\s+/g, " "));
    expect(rows).toEqual([
      "HvaBeløp",
      "Vinterleir, ungdom/voksen: Ola Nordmann1 200 kr",
      "Ledsager: Kari Nordmann550 kr",
      "Ledsager: Per Nordmann (allerede påmeldt)0 kr",
      "Totalt1 750 kr",
    ]);
    expect(screen.getByRole("button", { name: "Betal med Vipps" })).toBeTruthy();
    expect(screen.queryByText("Betaling med Vipps kommer snart.")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Kort eller kontant ved oppmøte" }));
    expect(screen.getByText(/med kort eller kontant når du kommer/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Fullfør registrering" }));
    await screen.findByRole("heading", { level: 2, name: registered });
    expect(posted[0]?.ledsagere.map((c) => [c.firstName, c.age, c.sleepover, c.alreadyRegistered])).toEqual([
      ["Kari", 45, true, false],
      ["Per", 18, false, true],
    ]);
  });

  it("removes exactly the companion asked for, and unticking empties the list", async () => {
    const twins = [validCompanion({ id: "a", lastName: "En" }), validCompanion({ id: "b", lastName: "To" })];
    await startAt("LedsagerManagement", validDraft({ hasLedsager: true, ledsagere: twins }));
    fireEvent.click(screen.getByRole("button", { name: "Slett Kari En" }));
    expect(screen.queryByText("Kari En")).toBeNull();
    expect(screen.getByText("Kari To")).toBeTruthy();
    back();
    fireEvent.click(checkbox("Jeg har egen ledsager"));
    next();
    expect(heading("Allergier")).toBeTruthy();
    back();
    expect(heading("Ledsager")).toBeTruthy();
    expect(loadWizard()?.draft.ledsagere).toEqual([]);
  });

  it("shows messages under the fields after a touch or an attempt to continue", async () => {
    await startAt("NameAge", validDraft({ firstName: "", lastName: "", age: 0 }));
    expect(nextButton().disabled).toBe(true);
    expect(screen.getByText("Fyll ut alle feltene for å gå videre.")).toBeTruthy();
    expect(screen.queryByText("Du må legge inn et fornavn.")).toBeNull();

    fireEvent.blur(screen.getByLabelText("Fornavn"));
    const message = screen.getByText("Du må legge inn et fornavn.");
    expect(message.getAttribute("aria-live")).toBe("polite");
    expect(screen.getByLabelText("Fornavn").getAttribute("aria-describedby")).toBe(message.id);
    expect(screen.getByText("Rett opp det som er markert, så kan du gå videre.")).toBeTruthy();
    expect(screen.queryByText("Du må legge inn et etternavn.")).toBeNull();

    // Enter while Next is disabled shows every message of the step.
    fireEvent.keyDown(screen.getByLabelText("Fornavn"), { key: "Enter" });
    expect(screen.getByText("Du må legge inn et etternavn.")).toBeTruthy();
    expect(screen.getByText("Du må fylle 8 år i år for å kunne delta.")).toBeTruthy();

    type("Fornavn", "Ola");
    type("Etternavn", "Nordmann");
    type(/^Alder/, "6");
    expect(nextButton().disabled).toBe(true);
    type(/^Alder/, "8");
    expect(nextButton().disabled).toBe(false);
    fireEvent.keyDown(screen.getByLabelText(/^Alder/), { key: "Enter" });
    expect(heading("Kontaktinformasjon")).toBeTruthy();
    type("E-post", "ola");
    fireEvent.blur(screen.getByLabelText("E-post"));
    expect(screen.getByText("Ugyldig epost.")).toBeTruthy();
  });

  it("keeps Next disabled on ClubGrade until both are chosen from the lists", async () => {
    // The clubs answer waits until the loading state has been seen.
    let releaseClubs: () => void = () => {};
    clubsAnswer = () => new Promise((resolve) => (releaseClubs = () => resolve(json(SEED_CLUBS))));
    await startAt("ClubGrade", validDraft({ clubId: 0, gradeId: 0 }));
    const club = screen.getByRole("combobox", { name: "Klubb" }) as HTMLInputElement;
    expect(club.placeholder).toBe("Laster klubber…");
    releaseClubs();
    await waitFor(() => expect(club.disabled).toBe(false));
    fireEvent.change(club, { target: { value: "Finnes ikke" } });
    expect(screen.getByText("Ingen treff")).toBeTruthy();
    fireEvent.keyDown(club, { key: "Escape" });
    expect(club.getAttribute("aria-expanded")).toBe("false");
    fireEvent.change(club, { target: { value: "bergen vest" } });
    expect(nextButton().disabled).toBe(true);
    await pick("Beltegrad", "2. dan", "2. Dan");
    expect(nextButton().disabled).toBe(false);
    expect(screen.getByText(/Finner du ikke klubben din\?/)).toBeTruthy();
    await pick("Beltegrad", "5. dan", "5. Dan");
    expect(screen.getByText(/Mestere betaler for leiren som alle andre/)).toBeTruthy();
  });

  it("offers a retry when the clubs cannot be loaded", async () => {
    clubsAnswer = async () => text("", 503);
    await startAt("ClubGrade", validDraft({ clubId: 0 }));
    const retry = await screen.findByRole("button", { name: "Prøv igjen" });
    expect(screen.getByText(/Vi klarte ikke å hente klubbene/)).toBeTruthy();
    clubsAnswer = async () => json(SEED_CLUBS);
    currentAnswer = async () => currentEdition();
    fireEvent.click(retry);
    const club = screen.getByRole("combobox", { name: "Klubb" }) as HTMLInputElement;
    await waitFor(() => expect(club.disabled).toBe(false));
    expect(screen.queryByText(/Vi klarte ikke å hente klubbene/)).toBeNull();
  });

  it("restores the draft and step from cookies, and starts over on a corrupt cookie", async () => {
    const draft = validDraft({
      allergies: "x".repeat(2000),
      otherInfo: "ø".repeat(2000),
      hasLedsager: true,
      ledsagere: Array.from({ length: 10 }, (_, i) => validCompanion({ id: `c${i}`, firstName: `Kari${i}` })),
    });
    const { unmount } = await startAt("OtherInformation", draft);
    expect(heading("Annen informasjon")).toBeTruthy();
    expect((screen.getByLabelText(/Annen informasjon/) as HTMLTextAreaElement).value).toBe("ø".repeat(2000));
    // Restoring does not steal focus on page load.
    expect(document.activeElement).not.toBe(heading("Annen informasjon"));
    back();
    back();
    back();
    expect(heading("Ledsagere")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: /^Slett / })).toHaveLength(10);
    unmount();

    document.cookie = `${STEP_COOKIE}=%%%; Path=/vinterleir/registrering`;
    await renderWizard();
    expect(heading("Velkommen til påmeldingen")).toBeTruthy();
    expect(checkbox(/samtykker/).checked).toBe(false);
    await waitFor(() => expect(document.cookie).not.toContain("vinterleir_registrering_1"));
  });

  it("keeps typed allergies and other information through a reload of the tab, and posts them", async () => {
    const { unmount } = await startAt("Allergies", validDraft({ public: true }));
    type(/Allergier/, "Laktose og nøtter");
    next();
    next();
    type(/Annen informasjon/, "Kommer en dag senere");
    expect(readableCookieText(documentCookies())).not.toMatch(/Laktose|Kommer en dag/);
    unmount(); // The reload: only cookies and sessionStorage survive.

    await renderWizard();
    expect(heading("Annen informasjon")).toBeTruthy();
    expect((screen.getByLabelText(/Annen informasjon/) as HTMLTextAreaElement).value).toBe("Kommer en dag senere");
    expect(screen.queryByText(/Skriv inn på nytt/)).toBeNull();
    back();
    back();
    expect((screen.getByLabelText(/Allergier/) as HTMLTextAreaElement).value).toBe("Laktose og nøtter");
    next();
    next();
    next();
    next();
    await toPayment();
    await finishPayingAtTheCamp();
    expect(posted[0]).toMatchObject({ allergies: "Laktose og nøtter", otherInfo: "Kommer en dag senere" });
  });

  it("sends a draft resumed in another tab back to the allergy step and asks for the texts again", async () => {
    const { unmount } = await startAt("Payment", validDraft({ allergies: "Skalldyr", otherInfo: "Sover dårlig" }));
    unmount();
    sessionStorage.clear(); // Another tab: the cookies, but not the first tab's storage.

    await renderWizard();
    expect(heading("Allergier")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toMatch(/Skriv inn på nytt.*denne fanen har dem ikke/);
    expect((screen.getByLabelText(/Allergier/) as HTMLTextAreaElement).value).toBe("");
    type(/Allergier/, "Skalldyr");
    next();
    next();
    expect(heading("Annen informasjon")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toMatch(/Skriv inn på nytt/);
    next();
    next();
    await toPayment();
    await finishPayingAtTheCamp();
    expect(posted[0]).toMatchObject({ allergies: "Skalldyr", otherInfo: "" });
  });

  it("shows the error, keeps the page and the same draftId when the submission fails, then succeeds on retry", async () => {
    postAnswers = [async () => Promise.reject(new TypeError("Failed to fetch")), async () => text("", 500), async () => text("Done")];
    await startAt("Payment", validDraft());
    fireEvent.click(await screen.findByRole("button", { name: "Kort eller kontant ved oppmøte" }));
    fireEvent.click(screen.getByRole("button", { name: "Fullfør registrering" }));
    expect(screen.getByText("Sender påmeldingen …", { selector: "p" })).toBeTruthy();
    expect((screen.getByRole("button", { name: "Sender påmeldingen …" }) as HTMLButtonElement).disabled).toBe(true);

    const alert = await screen.findByRole("heading", { level: 3, name: "Oisann! Noe gikk galt når vi prøvde å registrere deg." });
    expect(alert.closest("[role=alert]")?.querySelector("details summary")?.textContent).toBe("Teknisk feilmelding");
    expect(screen.getByText(/Failed to fetch/)).toBeTruthy();
    expect(heading("Oppsummering og betaling")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Fullfør registrering" }));
    await screen.findByText(/HTTP 500/);
    fireEvent.click(screen.getByRole("button", { name: "Fullfør registrering" }));
    await screen.findByRole("heading", { level: 2, name: registered });
    expect(posted).toHaveLength(3);
    expect(new Set(posted.map((draft) => draft.draftId)).size).toBe(1);
  });

  it("a family: asked at the start, each further athlete with its own club, grade, companion and public-list answer, reviewed, one total", async () => {
    vi.setSystemTime(new Date(Date.UTC(year, 9, 15, 12)));
    await startAt("Athletes", validDraft({ clubId: 1, age: 30, public: true }), { vippsEnabled: true });
    fireEvent.click(screen.getByRole("radio", { name: /Flere utøvere fra samme familie/ }));
    expect(screen.getByText("Steg 2 av 15")).toBeTruthy();
    next();
    expect(heading("Første utøver: navn og alder")).toBeTruthy();
    // The first athlete's own steps, already filled in.
    for (let step = 0; step < 9; step++) next();
    expect(heading("Deltakerlisten")).toBeTruthy();
    // Ola is an adult registering himself: spoken to; Kari, added below, is named.
    expect(screen.getByRole("group", { name: "Vil du stå med navn på deltakerlisten?" })).toBeTruthy();
    next();

    expect(heading("Flere utøvere")).toBeTruthy();
    expect(screen.getByText("Steg 13 av 15")).toBeTruthy();
    expect(nextButton().disabled).toBe(true);
    expect(screen.getByText(/Legg til minst én utøver til/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Legg til utøver" }));
    expect(heading("Legg til utøver")).toBe(document.activeElement);
    type("Fornavn", "Kari");
    expect((screen.getByLabelText("Etternavn") as HTMLInputElement).value).toBe("Nordmann");
    type(/^Alder/, "14");
    // The first athlete's club to start from; a club and grade of its own.
    expect((screen.getByRole("combobox", { name: "Klubb" }) as HTMLInputElement).value).toBe("Bergen Vest");
    await pick("Klubb", "ski t", "Ski Taekwondo Klubb");
    await pick("Beltegrad", "GULT MED GRØNN", "7.1. Cup (Gult med grønn stripe)");
    // A 14-year-old from the home club: no cup grading at the camp, as on the single path.
    expect(checkbox("Kari ønsker å gradere på leiren").disabled).toBe(true);
    expect(screen.getByRole("group", { name: "Skal Kari stå med navn og grad på deltakerlisten?" })).toBeTruthy();
    const add = () => screen.getByRole("button", { name: "Legg til utøveren" }) as HTMLButtonElement;
    expect(add().disabled).toBe(true);
    // Not added without an answer to the public-list question.
    fireEvent.keyDown(screen.getByLabelText("Fornavn"), { key: "Enter" });
    expect(screen.getByText("Du må velge om utøveren skal vises med navn på deltakerlisten.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Legg til ledsager" }));
    expect(heading("Legg til ledsager for Kari")).toBeTruthy();
    type("Fornavn", "Mor");
    type("Etternavn", "Nordmann");
    type("Telefonnummer", "98765432");
    type("E-post", "mor@example.no");
    fireEvent.click(screen.getByRole("button", { name: "Legg til" }));
    expect(heading("Legg til utøver")).toBeTruthy();
    expect(within(screen.getByRole("list", { name: "Ledsagere for Kari" })).getAllByRole("listitem")).toHaveLength(1);
    fireEvent.click(screen.getByRole("radio", { name: "Nei, vis bare klubben, uten navn" }));
    fireEvent.click(add());

    expect(heading("Flere utøvere")).toBeTruthy();
    expect(within(screen.getByRole("list", { name: "Utøvere du har lagt til" })).getByText("Kari Nordmann")).toBeTruthy();
    next();

    expect(heading("Se over påmeldingen")).toBeTruthy();
    await screen.findAllByRole("table");
    const kari = screen.getByRole("heading", { level: 3, name: "Kari Nordmann" }).closest("section")!;
    const valueIn = (section: HTMLElement, label: string) =>
      within(section).getByText(label, { selector: "dt" }).nextElementSibling!.querySelector(".wizard-summary-value")!.textContent;
    expect(valueIn(kari, "Klubb")).toBe("Ski Taekwondo Klubb");
    expect(valueIn(kari, "På deltakerlisten")).toBe("Nei, bare klubben, uten navn");
    expect(valueIn(kari, "Ledsagere")).toMatch(/^Mor Nordmann, 18 år/);
    const ola = screen.getByRole("heading", { level: 3, name: "Ola Nordmann" }).closest("section")!;
    expect(valueIn(ola, "På deltakerlisten")).toBe("Ja, med navn og grad");
    // Each athlete's own lines (Kari: the home club's free place and the companion), one total.
    expect(screen.getAllByRole("table")).toHaveLength(2);
    expect(
      within(screen.getByRole("table", { name: "Kari Nordmann" }))
        .getByText("Totalt")
        .closest("tr")?.textContent,
    ).toMatch(/550\s+kr/);
    expect(screen.getByText(/Totalt for alle/).textContent).toMatch(/1\s+630\s+kr/);
    fireEvent.click(screen.getByRole("button", { name: "Endre klubb for Kari Nordmann" }));
    expect(heading("Flere utøvere")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Tilbake til oppsummeringen" }));
    await toPayment();

    const vipps = (await screen.findByRole("button", { name: "Betal med Vipps" })) as HTMLButtonElement;
    expect(document.getElementById(vipps.getAttribute("aria-describedby")!)!.textContent).toMatch(/Én Vipps-betaling for alle: 1\s+630\s+kr/);
    await finishPayingAtTheCamp();
    expect(heading(`Takk, Ola! Du og Kari er påmeldt vinterleiren ${year}.`)).toBeTruthy();
    expect(screen.getByText("Vi gleder oss til å se dere.")).toBeTruthy();
    expect(posted[0]!.public).toBe(true);
    expect(posted[0]!.siblings).toEqual([
      expect.objectContaining({
        firstName: "Kari",
        lastName: "Nordmann",
        age: 14,
        clubId: 29,
        gradeId: 5,
        gradering: false,
        public: false,
        hasLedsager: true,
        ledsagere: [expect.objectContaining({ firstName: "Mor" })],
      }),
    ]);
  });

  it("keeps a family's further athletes through a reload, and «Én utøver» removes them only after saying so", async () => {
    const kari = { ...newSibling("Nordmann", 1), firstName: "Kari", age: 12, gradeId: 5, public: true, allergies: "Egg" };
    const { unmount } = await startAt("Siblings", validDraft({ siblings: [kari] }));
    unmount();
    await renderWizard();
    expect(heading("Flere utøvere")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Endre Kari Nordmann" }));
    expect((screen.getByLabelText(/Allergier/) as HTMLTextAreaElement).value).toBe("Egg");
    expect((screen.getByRole("radio", { name: /Ja, vis navnet/ }) as HTMLInputElement).checked).toBe(true);
    back();
    for (let step = 0; step < 11; step++) back();
    expect(heading("Hvem melder du på?")).toBeTruthy();
    expect(screen.getByText(/Du har lagt inn én utøver til\. Velger du «Én utøver», fjernes de\./)).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "Én utøver" }));
    expect(loadWizard()?.draft.siblings).toBeUndefined();
  });

  it("does not post twice on a double click", async () => {
    let release: (response: Response) => void = () => {};
    postAnswers = [() => new Promise((resolve) => (release = resolve))];
    await startAt("Payment", validDraft());
    fireEvent.click(await screen.findByRole("button", { name: "Kort eller kontant ved oppmøte" }));
    const finish = screen.getByRole("button", { name: "Fullfør registrering" });
    fireEvent.click(finish);
    fireEvent.click(finish);
    release(text("Done"));
    await screen.findByRole("heading", { level: 2, name: registered });
    expect(posted).toHaveLength(1);
  });

  it("places the messages of a 400 answer and leads back to the field", async () => {
    postAnswers = [
      async () =>
        json(
          {
            error: "Noen av opplysningene er ugyldige. Rett feltene og prøv igjen.",
            issues: [{ path: "email", message: "Eposten finnes ikke." }],
          },
          400,
        ),
    ];
    await startAt("Payment", validDraft());
    fireEvent.click(await screen.findByRole("button", { name: "Kort eller kontant ved oppmøte" }));
    fireEvent.click(screen.getByRole("button", { name: "Fullfør registrering" }));
    expect(await screen.findByText("Noe må rettes før vi kan ta imot påmeldingen")).toBeTruthy();
    expect(screen.getByText(/E-post: Eposten finnes ikke\./)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Rett opp e-post" }));
    expect(heading("Kontaktinformasjon")).toBe(document.activeElement);
    expect(screen.getByText("Eposten finnes ikke.")).toBeTruthy();
    expect(screen.getByLabelText("E-post").getAttribute("aria-invalid")).toBe("true");
    type("E-post", "ola.nordmann@example.no");
    expect(screen.queryByText("Eposten finnes ikke.")).toBeNull();
  });

  it("posts with vipps=true and follows the payment address when Vipps is on", async () => {
    const redirect = vi.fn();
    postAnswers = [async () => text("https://pay.example/vipps/landing?ref=1")];
    await startAt("Payment", validDraft(), { vippsEnabled: true, redirect });
    fireEvent.click(await screen.findByRole("button", { name: "Betal med Vipps" }));
    expect(screen.queryByText("Betaling med Vipps kommer snart.")).toBeNull();
    await waitFor(() => expect(redirect).toHaveBeenCalledWith("https://pay.example/vipps/landing?ref=1"));
    expect(posted[0]?.vipps).toBe(true);
    expect(loadWizard()).toMatchObject({ step: "Payment", draft: { vipps: true, draftId: validDraft().draftId } });
  });

  it("offers a plain Fullfør when the total is 0", async () => {
    await startAt("Payment", validDraft({ clubId: 29, age: 14, gradeId: 5 }));
    expect((await screen.findByRole("table")).textContent).toMatch(/Totalt0\s+kr/);
    expect(screen.queryByRole("button", { name: "Betal med Vipps" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Fullfør" }));
    await screen.findByRole("heading", { level: 2, name: registered });
  });

  it("gives the early-bird price before the deadline", async () => {
    vi.setSystemTime(new Date(Date.UTC(year, 9, 15, 12)));
    await startAt("Payment", validDraft({ clubId: 1, age: 30 }));
    await waitFor(() => expect(screen.getByRole("table").textContent).toMatch(/Totalt1\s+080\s+kr/));
  });
});

describe("while the camp is under way", () => {
  const duringCamp = () => vi.setSystemTime(new Date(`${year}-11-29T09:00:00Z`));

  it("says the camp «pågår» and that registration closed when it started; the cancellation rule names no passed date", async () => {
    duringCamp();
    currentAnswer = async () => currentEdition({ state: "closed", phase: "running" });
    await renderWizard();
    expect(screen.getByText(`Vinterleiren ${year} pågår, og påmeldingen stengte da leiren startet.`)).toBeTruthy();
    const page = document.body.textContent ?? "";
    expect(page).toContain(`Vinterleiren ${year} pågår nå: 28.–30. november på Follo Stil Arena.`);
    expect(page).not.toContain("fram til leiren starter");
    expect(page).toContain("Leiren har startet, så du kan ikke lenger avbestille");
    fireEvent.click(checkbox(/samtykker/));
    fireEvent.click(checkbox(/salgsbetingelsene/));
    expect(nextButton().disabled).toBe(true);
  });

  it("where late registration is allowed: paid at the door, no Vipps, and the done screen says the camp is under way", async () => {
    duringCamp();
    const late = { ...standardEditionData(year), registrationDuringCamp: true };
    currentAnswer = async () => currentEdition({ phase: "running" }, late);
    await startAt("Payment", validDraft({ clubId: 1, age: 30 }), { vippsEnabled: true });
    expect(
      await screen.findByText(/Melder du deg på nå, betaler du med kort eller kontant når du kommer til leiren – ikke med Vipps\./),
    ).toBeTruthy();
    await screen.findByRole("table");
    expect(screen.queryByRole("button", { name: "Betal med Vipps" })).toBeNull();
    expect(screen.getByText(/Vinterleiren pågår, så påmeldinger nå betales ved oppmøte, ikke med Vipps\./)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Fullfør registrering" }));
    await screen.findByRole("heading", { level: 2, name: registered });
    expect(posted[0]?.vipps).toBe(false);
    const done = document.body.textContent ?? "";
    expect(done).toContain(`Vinterleiren ${year} pågår nå: 28.–30. november på Follo Stil Arena.`);
    expect(done).toContain("betales ikke med Vipps");
    expect(done).not.toContain(`Leiren er 28.–30. november ${year}`);
  });
});

describe("the current edition and the registration window", () => {
  it("shows the price lines the server quotes, not a calculation of its own", async () => {
    const edition = standardEditionData(year);
    quoteEdition = { ...edition, venue: "Testhallen", prices: { ...edition.prices, adult: 1500 } };
    currentAnswer = async () => currentEdition({}, quoteEdition);
    await startAt("Payment", validDraft({ clubId: 1, age: 30 }));
    await waitFor(() => expect(screen.getByRole("table").textContent).toMatch(/Totalt1\s+500\s+kr/));
    expect(JSON.parse(quoted[0]!)).toMatchObject({ firstName: "Ola", clubId: 1, age: 30 });
  });

  it("says so and offers a retry when the server cannot give the price, and goes no further without it", async () => {
    quoteAnswer = async () => json({ error: "Ukjent beltegrad.", issues: [{ path: "gradeId", message: "Ukjent beltegrad." }] }, 400);
    await startAt("Review", validDraft());
    expect(await screen.findByText(/Ukjent beltegrad/)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Gå til betaling" }) as HTMLButtonElement).disabled).toBe(true);
    quoteAnswer = async (body) => serverQuote(body);
    fireEvent.click(screen.getByRole("button", { name: "Prøv igjen" }));
    await screen.findByRole("table");
    await toPayment();
    expect(heading("Oppsummering og betaling")).toBeTruthy();
  });

  it("says so and retries when the edition cannot be loaded", async () => {
    currentAnswer = async () => text("", 503);
    render(<RegistrationWizard />);
    expect(await screen.findByText(/Vi klarte ikke å hente opplysningene om vinterleiren/)).toBeTruthy();
    currentAnswer = async () => currentEdition();
    fireEvent.click(screen.getByRole("button", { name: "Prøv igjen" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Velkommen til påmeldingen" })).toBeTruthy();
  });

  it("says the next camp is not announced when there is no current edition", async () => {
    currentAnswer = async () => json({ error: "Neste vinterleir er ikke kunngjort ennå." }, 404);
    render(<RegistrationWizard />);
    expect(await screen.findByText("Neste vinterleir er ikke kunngjort ennå.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Neste" })).toBeNull();
  });

  it("before the window: says when it opens (Oslo time) and goes no further", async () => {
    const edition = standardEditionData(year);
    currentAnswer = async () => currentEdition({ state: "notyet" }, { ...edition, registrationOpensAt: `${year}-05-01T10:00:00.000Z` });
    await renderWizard();
    // The year is written when the opening is more than half a year from today (the shared formatter).
    expect(screen.getByText(/^Påmeldingen åpner \w+ 1\. mai( \d{4})? kl\. 12\.00\.$/)).toBeTruthy();
    fireEvent.click(checkbox(/samtykker/));
    fireEvent.click(checkbox(/salgsbetingelsene/));
    expect(nextButton().disabled).toBe(true);
    expect(screen.getByText("Påmeldingen er ikke åpen nå.")).toBeTruthy();
  });

  it("after the window: closed, or not announced once the camp is over; a restored draft cannot be sent", async () => {
    currentAnswer = async () => currentEdition({ state: "closed" });
    const { unmount } = await startAt("Payment", validDraft());
    expect(await screen.findByText("Påmeldingen er stengt.")).toBeTruthy();
    await screen.findByRole("table");
    expect(screen.queryByRole("button", { name: /Vipps|Kort eller kontant|Fullfør/ })).toBeNull();
    unmount();
    currentAnswer = async () => currentEdition({ state: "closed", campOver: true });
    saveWizard({ draft: validDraft(), step: "Payment" });
    render(<RegistrationWizard />);
    expect(await screen.findByText("Neste vinterleir er ikke kunngjort ennå.")).toBeTruthy();
    expect(screen.queryByRole("heading", { level: 2 })).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("once the camp is over (its phase past), says so and that the next is not announced, not just «stengt»", async () => {
    currentAnswer = async () => currentEdition({ state: "closed", phase: "past" });
    await renderWizard();
    expect(await screen.findByText(`Vinterleiren ${year} er over.`)).toBeTruthy();
    expect(screen.getByText(/Neste vinterleir er ikke kunngjort ennå\./)).toBeTruthy();
    expect(screen.queryByText("Påmeldingen er stengt.")).toBeNull();
  });

  it("shows the places left while open", async () => {
    currentAnswer = async () => currentEdition({ placesLeft: 12 });
    await renderWizard();
    expect(screen.getByText("12 plasser igjen")).toBeTruthy();
  });

  it("when full: the waiting list with the same data and no payment", async () => {
    currentAnswer = async () => currentEdition({ state: "full", placesLeft: 0 });
    postAnswers = [async () => text("Venteliste")];
    await startAt("Payment", validDraft({ clubId: 1, age: 30 }));
    expect(await screen.findByText(`Dette betaler du hvis du får plass på vinterleir ${year}`)).toBeTruthy();
    expect(screen.getByText("Vinterleiren er full.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Betal med Vipps" })).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: /Kort eller kontant/ }));
    fireEvent.click(screen.getByRole("button", { name: "Sett meg på venteliste" }));
    await screen.findByRole("heading", { level: 2, name: `Takk, Ola! Du står på ventelisten til vinterleiren ${year}.` });
    expect(screen.getByText(/Blir en plass ledig, får du en e-post/)).toBeTruthy();
    expect(posted).toHaveLength(1);
    expect(posted[0]?.vipps).toBe(false);
    // The saved draft is removed by an effect once the last step has rendered.
    await waitFor(() => expect(loadWizard()).toBeUndefined());
  });

  it("shows a 409 as the server's sentence and keeps the draft", async () => {
    postAnswers = [async () => json({ error: "Påmeldingen stengte fredag 28. november kl. 00.00." }, 409)];
    const draft = validDraft();
    await startAt("Payment", draft);
    fireEvent.click(await screen.findByRole("button", { name: "Kort eller kontant ved oppmøte" }));
    fireEvent.click(screen.getByRole("button", { name: "Fullfør registrering" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Påmeldingen stengte fredag 28. november kl. 00.00.");
    expect(heading("Oppsummering og betaling")).toBeTruthy();
    expect(loadWizard()).toMatchObject({ step: "Payment", draft: { draftId: draft.draftId } });
  });
});
