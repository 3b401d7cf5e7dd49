// @vitest-environment happy-dom
import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { comingSeasonYear } from "../../../shared/camp/camp-edition-data.ts";
import { campEditionForYear } from "../../../shared/camp/camp-edition.ts";
import { testNow } from "../../../shared/test-clock.fixture.ts";

import type { AdminPerson } from "../../../shared/camp/camp-lists.ts";
import { CampAdmin } from "./CampAdminPage.tsx";
// The page loads its signed-in areas lazily; loaded here first, so a test waits for its data, not for modules.
import "./CampAdminAreas.tsx";
import { adminPerson } from "./admin-person.fixture.ts";
import { sha256Hex } from "../../components/admin/sha256.ts";
import { calls, mockApi } from "../../test-support/mock-api.ts";

/** Without a provider the pages use the coming season's year (the tests' clock starts at TEST_NOW, test-setup.ts). */
const campEdition = campEditionForYear(comingSeasonYear(testNow()));

const person = (over: Partial<AdminPerson>) => adminPerson(over);

const people = [
  person({}),
  person({
    registrationId: 2,
    firstname: "Kari",
    lastname: "Hansen",
    club: "Oslo Taekwondo Klubb",
    grade: "2. Dan",
    amount: 1200,
    paid: 1200,
    outstanding: 0,
    paidWith: ["vipps"],
    vipps: true,
    status: "confirmed",
    paymentMethod: "vipps",
    paymentState: "captured",
    orderid: "VL26-BBBB22",
  }),
  person({
    registrationId: 2,
    firstname: "Anne",
    lastname: "Hansen",
    isLedsager: true,
    isLedsagerForName: "Kari Hansen",
    club: "Oslo Taekwondo Klubb",
    grade: null,
    claimUncovered: true,
    amount: 550,
    paid: 550,
    outstanding: 0,
    paidWith: ["vipps"],
    status: "confirmed",
    paymentMethod: "vipps",
    paymentState: "captured",
    orderid: "VL26-BBBB22",
  }),
];
const totals = {
  registrations: 2,
  count: 3,
  sumToPay: 2775,
  sumPaid: 1750,
  sumOutstanding: 1025,
  charged: 2775,
  paid: 2350,
  refunded: 600,
  kept: 300,
  refundOwed: 125,
  outstanding: 1025,
  net: 1750,
};

const leder = { username: "leder", name: "Leder (satt opp på serveren)", role: "leder" };
const listAnswers = {
  "/api/VinterleirAdmin/Me/": [{ body: leder }],
  "/api/VinterleirAdmin/Get/": [{ body: people }],
  "/api/VinterleirAdmin/Totals/": [{ body: totals }],
};

function cookie(): string {
  return document.cookie;
}

beforeEach(() => {
  document.cookie = "adminToken=; Max-Age=0; Path=/";
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function loggedIn() {
  document.cookie = "adminToken=tok123; Path=/";
  mockApi(listAnswers);
  render(<CampAdmin />);
  await screen.findByRole("table");
}

describe("sha256Hex", () => {
  it("gives the lowercase hex digest", async () => {
    expect(await sha256Hex("hemmelig")).toBe(createHash("sha256").update("hemmelig").digest("hex"));
  });
});

describe("CampAdmin login", () => {
  it("sends the password digest, keeps the token in a cookie and shows the list", async () => {
    mockApi({ "/api/VinterleirAdmin/GetToken/": [{ body: "tok123", text: true }], ...listAnswers });
    render(<CampAdmin />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toContain(String(campEdition.year));
    fireEvent.change(screen.getByLabelText("Brukernavn"), { target: { value: "leder" } });
    fireEvent.change(screen.getByLabelText("Passord"), { target: { value: "hemmelig" } });
    // Enter in a field submits the form.
    fireEvent.submit(screen.getByLabelText("Passord").closest("form")!);
    expect(await screen.findByText("Logger inn...")).toBeTruthy();

    expect(await screen.findByRole("table")).toBeTruthy();
    const digest = createHash("sha256").update("hemmelig").digest("hex");
    expect(calls[0]!.url).toBe(`/api/VinterleirAdmin/GetToken/leder/${digest}`);
    expect(calls.map((c) => c.url)).toContain(`/api/VinterleirAdmin/Get/tok123?year=${campEdition.year}`);
    expect(cookie()).toContain("adminToken=tok123");
  });

  it("says 'Feil brukernavn/passord.' on a 401", async () => {
    mockApi({ "/api/VinterleirAdmin/GetToken/": [{ status: 401, body: { error: "Unauthorized" } }] });
    const hash = vi.fn(async () => "a".repeat(64));
    render(<CampAdmin hash={hash} />);
    fireEvent.change(screen.getByLabelText("Brukernavn"), { target: { value: "leder" } });
    fireEvent.change(screen.getByLabelText("Passord"), { target: { value: "feil" } });
    fireEvent.click(screen.getByRole("button", { name: "Logg inn" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Feil brukernavn/passord.");
    expect(hash).toHaveBeenCalledWith("feil");
    expect(cookie()).not.toContain("adminToken=");
  });

  it("shows the server's words when logins are throttled", async () => {
    mockApi({ "/api/VinterleirAdmin/GetToken/": [{ status: 429, body: { error: "For mange forsøk. Vent litt." } }] });
    render(<CampAdmin hash={async () => "b".repeat(64)} />);
    fireEvent.change(screen.getByLabelText("Brukernavn"), { target: { value: "leder" } });
    fireEvent.change(screen.getByLabelText("Passord"), { target: { value: "x" } });
    fireEvent.click(screen.getByRole("button", { name: "Logg inn" }));
    expect((await screen.findByRole("alert")).textContent).toBe("For mange forsøk. Vent litt.");
  });

  it("asks for both fields before calling the server", async () => {
    mockApi({});
    render(<CampAdmin />);
    fireEvent.click(screen.getByRole("button", { name: "Logg inn" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Skriv inn både brukernavn og passord.");
    expect(calls).toHaveLength(0);
  });
});

describe("CampAdmin list", () => {
  it("clears the token and shows the login when the data call answers 401", async () => {
    document.cookie = "adminToken=old; Path=/";
    mockApi({
      "/api/VinterleirAdmin/Me/": [{ body: leder }],
      "/api/VinterleirAdmin/Get/": [{ status: 401, body: { error: "Unauthroized" } }],
      "/api/VinterleirAdmin/Totals/": [{ status: 401, body: { error: "Unauthroized" } }],
    });
    render(<CampAdmin />);
    expect(await screen.findByText("Laster inn påmeldingene...")).toBeTruthy();
    expect(await screen.findByText("Innloggingen er utløpt eller ugyldig. Logg inn på nytt.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Logg inn" })).toBeTruthy();
    expect(cookie()).not.toContain("adminToken=old");
  });

  it("signs out on any other failed data call too", async () => {
    document.cookie = "adminToken=old; Path=/";
    mockApi({
      "/api/VinterleirAdmin/Me/": [{ body: leder }],
      "/api/VinterleirAdmin/Get/": [{ status: 500, body: {} }],
      "/api/VinterleirAdmin/Totals/": [{ body: totals }],
    });
    render(<CampAdmin />);
    expect(await screen.findByText(/Klarte ikke hente påmeldingene/)).toBeTruthy();
    expect(cookie()).not.toContain("adminToken=old");
  });

  it("shows totals, the CSV link and every row", async () => {
    await loggedIn();
    const totalsList = screen.getByText("Deltakere", { selector: "dt" }).closest("dl")!;
    expect(totalsList.textContent).toContain("3");
    expect(totalsList.textContent).toMatch(/2\s775\skr/);
    // The money is the ledger's, in the treasurer's words: every figure under its own label.
    const figure = (label: string) =>
      [...totalsList.querySelectorAll("dt")].find((dt) => dt.textContent === label)?.nextElementSibling?.textContent?.replace(/\s/g, " ");
    // «Å betale» is what is charged, «Utestående» what of it is left: the treasurer's words too.
    expect(figure("Å betale")).toBe("2 775 kr");
    expect(figure("Utestående")).toBe("1 025 kr");
    expect(figure("Betalt")).toBe("2 350 kr");
    expect(figure("Tilbakebetalt")).toBe("600 kr");
    expect(figure("Beholdt etter avbestillingsreglene")).toBe("300 kr");
    expect(figure("Skal betales tilbake")).toBe("125 kr");
    expect(figure("Netto (betalt minus tilbakebetalt)")).toBe("1 750 kr");
    expect(totalsList.textContent).not.toContain("Sum betalt");
    expect(totalsList.textContent).not.toContain("Sum å betale");
    const csv = screen.getByRole("link", { name: "Last ned CSV" });
    expect(csv.getAttribute("href")).toBe(`/api/VinterleirAdmin/GetCsv/tok123?year=${campEdition.year}`);
    expect(csv.getAttribute("download")).toBe(`vinterleir-${campEdition.year}-deltakere.csv`);
    expect(screen.getAllByRole("row")).toHaveLength(4);
    const anne = screen.getByRole("button", { name: "Anne Hansen" }).closest("tr")!;
    expect(anne.textContent).toContain("Ledsager");
    expect(anne.textContent).toContain("Kari Hansen");
    // «Allerede påmeldt» no longer covered: the leader is told on the row, in words.
    expect(anne.textContent).toContain("Ledsager avbestilt i annen påmelding");
    expect(screen.getAllByText("Ledsager avbestilt i annen påmelding")).toHaveLength(1);
    const kari = screen.getByRole("button", { name: "Kari Hansen" }).closest("tr")!;
    // The method the person's money came in by, from the ledger.
    expect(kari.textContent).toContain("Vipps");
    expect(kari.textContent).not.toContain("trukket");
    expect(screen.getByRole("button", { name: "Ola Nordmann" }).closest("tr")!.textContent).toContain(
      "Ved oppmøte (kort eller kontant) (ikke betalt)",
    );
    expect(kari.textContent).toContain("Bekreftet");
  });

  it("sorts by a column and says so with aria-sort", async () => {
    await loggedIn();
    const names = () => screen.getAllByRole("rowheader").map((cell) => within(cell).getByRole("button").textContent);
    expect(names()).toEqual(["Anne Hansen", "Kari Hansen", "Ola Nordmann"]);
    const nameHeader = screen.getByRole("columnheader", { name: /Navn/ });
    expect(nameHeader.getAttribute("aria-sort")).toBe("ascending");

    fireEvent.click(screen.getByRole("button", { name: /^Å betale/ }));
    const amountHeader = screen.getByRole("columnheader", { name: /Å betale/ });
    expect(amountHeader.getAttribute("aria-sort")).toBe("ascending");
    expect(nameHeader.getAttribute("aria-sort")).toBeNull();
    expect(names()).toEqual(["Anne Hansen", "Ola Nordmann", "Kari Hansen"]);

    fireEvent.click(screen.getByRole("button", { name: /^Å betale/ }));
    expect(amountHeader.getAttribute("aria-sort")).toBe("descending");
    expect(names()).toEqual(["Kari Hansen", "Ola Nordmann", "Anne Hansen"]);

    fireEvent.change(screen.getByLabelText("Sorter etter"), { target: { value: "club:descending" } });
    expect(names()).toEqual(["Ola Nordmann", "Anne Hansen", "Kari Hansen"]);
    expect(screen.getByRole("columnheader", { name: /Klubb/ }).getAttribute("aria-sort")).toBe("descending");
  });

  it("filters by the search box and the status", async () => {
    await loggedIn();
    fireEvent.change(screen.getByLabelText("Søk"), { target: { value: "oslo" } });
    expect(screen.getByText(/Viser 2 av 3/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Søk"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "confirmed" } });
    expect(screen.getByText(/Viser 3 av 3/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Søk"), { target: { value: "zzz" } });
    expect(screen.getByText("Ingen påmeldte passer med søket.")).toBeTruthy();
  });

  it("opens the details and goes back to the row", async () => {
    await loggedIn();
    const row = screen.getByRole("button", { name: "Ola Nordmann" });
    fireEvent.click(row);
    const heading = await screen.findByRole("heading", { level: 2, name: "Ola Nordmann" });
    // Focused by an effect after the render that showed it: a moment after it is found.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const details = heading.closest("section")!;
    // The details' own list (the «Rett påmeldingen» form below has a «Gradering» box of its own).
    const value = (label: string) =>
      within(details)
        .getAllByText(label)
        .find((element) => element.tagName === "DT")?.nextElementSibling?.textContent;
    expect(value("Gradering")).toBe("Ja");
    expect(value("Overnatting")).toBe("Nei");
    expect(value("Betalingsmåte")).toBe("Ved oppmøte (kort eller kontant)");
    expect(value("Utestående")).toMatch(/1\s025\skr/);
    expect(value("Vises på deltakerlisten")).toBe("Ja, med navn og belte");
    expect(within(details).getByText("Nøtter")).toBeTruthy();
    expect(within(details).getByText("Kommer fredag kveld")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();

    fireEvent.click(screen.getAllByRole("button", { name: "Tilbake" })[0]!);
    expect(await screen.findByRole("table")).toBeTruthy();
    expect(document.activeElement?.textContent).toBe("Ola Nordmann");
  });

  it("marks a card/cash registration as paid and refreshes the list", async () => {
    await loggedIn();
    fireEvent.click(screen.getByRole("button", { name: "Ola Nordmann" }));
    mockApi({
      "/api/VinterleirAdmin/MarkPaid/": [{ body: { ok: true } }],
      "/api/VinterleirAdmin/Get/": [
        { body: people.map((p) => (p.registrationId === 1 ? { ...p, paid: 1025, outstanding: 0, paidWith: ["card"], paymentState: "paid" } : p)) },
      ],
      "/api/VinterleirAdmin/Totals/": [{ body: { ...totals, sumPaid: 2225 } }],
    });
    fireEvent.click(screen.getByRole("button", { name: "Betalt med kort" }));
    expect(await screen.findByText("Påmeldingen er markert som betalt med kort.")).toBeTruthy();
    expect(calls[0]).toEqual({ method: "POST", url: "/api/VinterleirAdmin/MarkPaid/1/tok123" });
    expect(calls.map((c) => c.url)).toContain(`/api/VinterleirAdmin/Get/tok123?year=${campEdition.year}`);
    expect(screen.queryByRole("button", { name: "Betalt med kort" })).toBeNull();
    expect(screen.getByText("Betalt").nextElementSibling?.textContent?.replace(/\s/g, " ")).toBe("1 025 kr");
  });

  it("shows an error when marking as paid fails", async () => {
    await loggedIn();
    fireEvent.click(screen.getByRole("button", { name: "Ola Nordmann" }));
    mockApi({ "/api/VinterleirAdmin/MarkPaid/": [{ status: 409, body: { error: "Allerede betalt." } }] });
    fireEvent.click(screen.getByRole("button", { name: "Betalt med kontant" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Allerede betalt.");
  });

  it("cancels after «Ja, meld av», and does nothing on Nei", async () => {
    await loggedIn();
    fireEvent.click(screen.getByRole("button", { name: "Kari Hansen" }));
    expect(screen.queryByRole("button", { name: /^Betalt med/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Avmeld" }));
    fireEvent.click(screen.getByRole("button", { name: "Nei" }));
    expect(screen.queryByRole("button", { name: "Ja, meld av" })).toBeNull();
    expect(document.activeElement?.textContent).toBe("Avmeld");

    mockApi({
      "/api/VinterleirAdmin/Cancel/": [{ body: { ok: true } }],
      "/api/VinterleirAdmin/Get/": [{ body: people.map((p) => (p.registrationId === 2 ? { ...p, status: "cancelled" } : p)) }],
      "/api/VinterleirAdmin/Totals/": [{ body: totals }],
    });
    fireEvent.click(screen.getByRole("button", { name: "Avmeld" }));
    expect(screen.getByText("Vil du melde Kari Hansen av vinterleiren?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Ja, meld av" }));
    expect(await screen.findByText("Deltakeren er meldt av.")).toBeTruthy();
    expect(calls[0]).toEqual({ method: "POST", url: "/api/VinterleirAdmin/Cancel/2/tok123" });
    expect(screen.queryByRole("button", { name: "Avmeld" })).toBeNull();
    expect(screen.getByText("Status").nextElementSibling?.textContent).toBe("Avbestilt");
  });

  it("offers no payment actions for a companion", async () => {
    await loggedIn();
    fireEvent.click(screen.getByRole("button", { name: "Anne Hansen" }));
    expect(screen.queryByRole("button", { name: "Avmeld" })).toBeNull();
    expect(screen.getByText(/gjøres på påmeldingen til Kari Hansen/)).toBeTruthy();
  });

  it("signs out with Logg ut, ending the token on the server", async () => {
    await loggedIn();
    mockApi({ "/api/VinterleirAdmin/Logout/": [{ body: { ok: true } }] });
    fireEvent.click(screen.getByRole("button", { name: "Logg ut" }));
    expect(await screen.findByRole("button", { name: "Logg inn" })).toBeTruthy();
    expect(calls).toEqual([{ method: "POST", url: "/api/VinterleirAdmin/Logout/tok123" }]);
    expect(screen.getByText("Du er logget ut.")).toBeTruthy();
    expect(cookie()).not.toContain("adminToken=");
  });
});
