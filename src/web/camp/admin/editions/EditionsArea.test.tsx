// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { standardEditionData } from "../../../../shared/camp/camp-edition-data.ts";
import type { CampEditionData } from "../../../../shared/camp/camp-edition-schema.ts";
import type { AdminSession } from "../../../components/admin/AdminShell.tsx";
import { calls, mockApi, type Answer } from "../../../test-support/mock-api.ts";
import { CampAdmin } from "../CampAdminPage.tsx";
import { AdminYearProvider } from "../admin-edition.tsx";
// The page loads its signed-in areas lazily; loaded here first, so a test waits for its data, not for modules.
import "../CampAdminAreas.tsx";
import { EditionsArea } from "./EditionsArea.tsx";

const admin = (
  data: CampEditionData,
  over: Partial<{ current: boolean; phase: "upcoming" | "running" | "past"; publishedAt: string | null; version: number }> = {},
) => ({
  ...data,
  current: false,
  phase: "upcoming",
  publishedAt: null,
  version: 1,
  updatedAt: "2026-11-20T10:00:00.000Z",
  ...over,
});

const data2026 = standardEditionData(2026);
const edition2026 = admin(data2026, { current: true, publishedAt: "2025-12-01T10:00:00.000Z", version: 3 });
// What "Ny leir" gives: the same camp 52 weeks on (the server makes it; the test only needs a plausible one).
const data2027: CampEditionData = {
  ...data2026,
  year: 2027,
  firstDay: "2027-11-26",
  lastDay: "2027-11-28",
  earlyBird: { ...data2026.earlyBird, lastDay: "2027-10-30" },
  lateFee: { ...data2026.lateFee, firstDay: "2027-11-20" },
  refund: { ...data2026.refund, fullUntil: "2027-11-20" },
  registrationOpensAt: "2026-11-29T23:00:00.000Z",
  registrationClosesAt: "2027-11-28T23:00:00.000Z",
};
const draft2027 = admin(data2027);

const clubs = [
  { clubId: 29, name: "Ski Taekwondo Klubb" },
  { clubId: 3, name: "Oslo Taekwondo Klubb" },
];
const grades = Array.from({ length: 20 }, (_, index) => ({
  gradeId: index + 1,
  name: `Grad ${index + 1}`,
  grade: 10 - (index % 10),
  isDan: index >= 10,
}));

function answers(over: Record<string, Answer[]> = {}): Record<string, Answer[]> {
  return {
    "/api/CampEdition/Get/": [{ body: [edition2026] }],
    "/api/CampEdition/Current": [{ body: { ...data2026, state: "open", placesLeft: 12 } }],
    "/api/Club/Get": [{ body: clubs }],
    "/api/Grade/Get": [{ body: grades }],
    "/api/CampEdition/Changes/": [{ body: [] }],
    ...over,
  };
}

const session = (signOut = vi.fn()): AdminSession => ({ token: "tok123", signOut, logOut: { busy: false, run: vi.fn() } });

function renderArea(signOut = vi.fn()) {
  // The preview uses the site's links, so the area lives in a router as on the real page, under the year it shows.
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <AdminYearProvider>
          <EditionsArea session={session(signOut)} />
        </AdminYearProvider>
      ),
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

const bodyOf = (index: number) => JSON.parse(String(calls[index]!.init!.body));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.cookie = "adminToken=; Max-Age=0; Path=/";
});

describe("Leirer in the camp admin", () => {
  beforeEach(() => {
    document.cookie = "adminToken=; Max-Age=0; Path=/";
  });

  it("is a tab beside the participant list", async () => {
    document.cookie = "adminToken=tok123; Path=/";
    mockApi({
      ...answers(),
      "/api/VinterleirAdmin/Me/": [{ body: { username: "leder", name: "Leder", role: "leder" } }],
      "/api/VinterleirAdmin/Get/": [{ body: [] }],
      "/api/VinterleirAdmin/Totals/": [
        {
          body: {
            registrations: 0,
            count: 0,
            sumToPay: 0,
            sumPaid: 0,
            charged: 0,
            sumOutstanding: 0,
            paid: 0,
            refunded: 0,
            kept: 0,
            refundOwed: 0,
            outstanding: 0,
            net: 0,
          },
        },
      ],
    });
    render(<CampAdmin />);
    fireEvent.click(await screen.findByRole("tab", { name: "Leirer" }));
    expect(await screen.findByRole("heading", { name: "Leirer" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Venteliste" })).toBeTruthy();
  });

  it("lists every edition with its dates, venue, badge and registration state", async () => {
    mockApi(answers({ "/api/CampEdition/Get/": [{ body: [draft2027, edition2026] }] }));
    renderArea();
    const cards = await screen.findAllByRole("listitem");
    expect(cards).toHaveLength(2);
    // Both are still to come, the nearest first, under «Kommende».
    expect(screen.getByRole("heading", { level: 3, name: "Kommende" })).toBeTruthy();
    expect(cards[0]!.textContent).toContain("Vinterleiren 2026");
    expect(cards[0]!.textContent).toContain("Publisert – vises nå");
    expect(cards[0]!.textContent).toContain("12 plasser igjen");
    expect(cards[1]!.textContent).toContain("Vinterleiren 2027");
    expect(cards[1]!.textContent).toContain("Utkast");
    expect(cards[1]!.textContent).toContain("26.–28. november 2027, Follo Stil Arena");
    expect(cards[1]!.textContent).toContain("Påmeldingen åpner mandag 30. november 2026 kl. 00.00");
    expect(screen.getByRole("button", { name: "Ny leir (2028)" })).toBeTruthy();
  });

  it("Ny leir copies the chosen earlier edition to next year and opens its form", async () => {
    mockApi(
      answers({
        "/api/CampEdition/Get/": [{ body: [edition2026] }, { body: [draft2027, edition2026] }],
        "/api/CampEdition/Copy/": [{ status: 201, body: draft2027 }],
      }),
      { withInit: true },
    );
    renderArea();
    expect(((await screen.findByLabelText("Kopier fra forrige gang")) as HTMLSelectElement).value).toBe("2026");
    fireEvent.click(await screen.findByRole("button", { name: "Ny leir (2027)" }));
    const heading = await screen.findByRole("heading", { level: 2, name: /Vinterleiren 2027/ });
    const copy = calls.findIndex((call) => call.method === "POST");
    expect(calls[copy]!.url).toBe("/api/CampEdition/Copy/2026/2027/tok123");
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect((screen.getByLabelText("Første leirdag") as HTMLInputElement).value).toBe("2027-11-26");
    expect((screen.getByLabelText("Sted") as HTMLInputElement).value).toBe("Follo Stil Arena");
    expect((screen.getByLabelText("Vertsklubb") as HTMLSelectElement).value).toBe("29");
  });

  it("checks with the shared schema in the browser: the message under the field, focus on it, the typed value kept, nothing sent", async () => {
    mockApi(answers({ "/api/CampEdition/Get/": [{ body: [draft2027, edition2026] }] }), { withInit: true });
    renderArea();
    fireEvent.click(await screen.findByRole("button", { name: "Vinterleiren 2027" }));
    const price = (await screen.findByLabelText("Barnepris")) as HTMLInputElement;
    fireEvent.change(price, { target: { value: "mye" } });
    fireEvent.change(screen.getByLabelText("Antall plasser"), { target: { value: "-3" } });
    fireEvent.click(screen.getByRole("button", { name: "Lagre" }));

    expect(await screen.findByText("Barneprisen må være et tall.")).toBeTruthy();
    expect(price.getAttribute("aria-invalid")).toBe("true");
    const described = price.getAttribute("aria-describedby")!.split(" ");
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain("Barneprisen må være et tall.");
    expect(screen.getByText("Antall plasser må være minst 1.")).toBeTruthy();
    // The first field with a problem, in the form's order (the places come before the prices).
    expect(document.activeElement).toBe(screen.getByLabelText("Antall plasser"));
    expect(price.value).toBe("mye");
    expect(screen.getByRole("alert").textContent).toContain("Leiren er ikke lagret");
    expect(calls.some((call) => call.method === "PUT")).toBe(false);
  });

  it("says a date problem under the date, and the registration window's under its Oslo date and time", async () => {
    mockApi(answers({ "/api/CampEdition/Get/": [{ body: [draft2027, edition2026] }] }), { withInit: true });
    renderArea();
    fireEvent.click(await screen.findByRole("button", { name: "Vinterleiren 2027" }));
    fireEvent.change(await screen.findByLabelText("Siste leirdag"), { target: { value: "2027-11-20" } });
    fireEvent.click(screen.getByRole("button", { name: "Lagre" }));
    expect(await screen.findByText("Siste leirdag kan ikke være før første leirdag.")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Siste leirdag"), { target: { value: "2027-11-28" } });
    const closes = screen.getByRole("group", { name: "Påmeldingen stenger" });
    fireEvent.change(within(closes).getByLabelText("Dato"), { target: { value: "2027-12-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Lagre" }));
    expect(await screen.findByText("Påmeldingen må stenge senest når leiren er over.")).toBeTruthy();
    // Focused by an effect after the render that showed it: a moment after it is found.
    await waitFor(() => expect(document.activeElement).toBe(within(closes).getByLabelText("Dato")));
    expect(within(closes).getByLabelText("Klokkeslett").getAttribute("aria-invalid")).toBe("true");
  });

  it("saves every field with a PUT, the window as instants from Oslo date and time", async () => {
    const saved = admin({ ...data2027, venue: "Ski-hallen" }, { version: 2 });
    mockApi(
      answers({
        "/api/CampEdition/Get/": [{ body: [draft2027, edition2026] }, { body: [saved, edition2026] }],
        "/api/CampEdition/Put/": [{ body: saved }],
      }),
      { withInit: true },
    );
    renderArea();
    fireEvent.click(await screen.findByRole("button", { name: "Vinterleiren 2027" }));
    fireEvent.change(await screen.findByLabelText("Sted"), { target: { value: "Ski-hallen" } });
    const opens = screen.getByRole("group", { name: "Påmeldingen åpner" });
    fireEvent.change(within(opens).getByLabelText("Klokkeslett"), { target: { value: "12:00" } });
    fireEvent.change(screen.getByLabelText("Barnepris"), { target: { value: "1 100" } });
    fireEvent.click(screen.getByRole("button", { name: "Lagre" }));
    expect(await screen.findByText("Lagret.")).toBeTruthy();
    const put = calls.findIndex((call) => call.method === "PUT");
    expect(calls[put]!.url).toBe("/api/CampEdition/Put/2027/tok123");
    expect(bodyOf(put)).toEqual({
      ...data2027,
      venue: "Ski-hallen",
      prices: { ...data2027.prices, child: 1100 },
      registrationOpensAt: "2026-11-30T11:00:00.000Z",
    });
  });

  it("shows the server's 400 issues under their fields and keeps what was typed", async () => {
    mockApi(
      answers({
        "/api/CampEdition/Get/": [{ body: [draft2027, edition2026] }],
        "/api/CampEdition/Put/": [
          {
            status: 400,
            body: { error: "Noen av opplysningene er ugyldige.", issues: [{ path: "venue", message: "Stedet kan være høyst 200 tegn." }] },
          },
        ],
      }),
      { withInit: true },
    );
    renderArea();
    fireEvent.click(await screen.findByRole("button", { name: "Vinterleiren 2027" }));
    const venue = (await screen.findByLabelText("Sted")) as HTMLInputElement;
    fireEvent.change(venue, { target: { value: "Hallen på Ski" } });
    fireEvent.click(screen.getByRole("button", { name: "Lagre" }));
    expect(await screen.findByText("Stedet kan være høyst 200 tegn.")).toBeTruthy();
    expect(venue.getAttribute("aria-invalid")).toBe("true");
    // The focus moves to the first field with an issue in an effect after the render that shows the issues.
    await waitFor(() => expect(document.activeElement).toBe(venue));
    expect(venue.value).toBe("Hallen på Ski");
    expect(screen.getByRole("alert").textContent).toContain("Noen av opplysningene er ugyldige.");
  });

  it("adds and removes program rows, and sends them per day", async () => {
    mockApi(answers({ "/api/CampEdition/Get/": [{ body: [draft2027, edition2026] }], "/api/CampEdition/Put/": [{ body: draft2027 }] }), {
      withInit: true,
    });
    renderArea();
    fireEvent.click(await screen.findByRole("button", { name: "Vinterleiren 2027" }));
    const day = await screen.findByRole("group", { name: "Dag 1: Fredag 26. november 2027" });
    const rowsBefore = within(day).getAllByRole("group").length;
    fireEvent.click(within(day).getByRole("button", { name: "Legg til punkt på dag 1" }));
    const row = within(day).getByRole("group", { name: `Dag 1, punkt ${rowsBefore + 1}` });
    expect(document.activeElement).toBe(within(row).getByLabelText("Fra"));
    fireEvent.click(screen.getByRole("button", { name: "Lagre" }));
    expect(await within(row).findByText("Skriv klokkeslett som TT:MM.")).toBeTruthy();
    expect(within(row).getByText("Hva som skjer mangler.")).toBeTruthy();
    fireEvent.change(within(row).getByLabelText("Fra"), { target: { value: "21:00" } });
    fireEvent.change(within(row).getByLabelText("Hva"), { target: { value: "Nattmat" } });
    fireEvent.change(within(row).getByLabelText("For hvem"), { target: { value: "barn" } });
    fireEvent.click(within(day).getByRole("button", { name: "Fjern punkt 1, dag 1" }));
    expect(document.activeElement).toBe(within(day).getByRole("button", { name: "Legg til punkt på dag 1" }));
    fireEvent.click(screen.getByRole("button", { name: "Lagre" }));
    await screen.findByText("Lagret.");
    const sent = bodyOf(calls.findIndex((call) => call.method === "PUT")) as CampEditionData;
    expect(sent.program[0]).toEqual([...data2027.program[0]!.slice(1), { from: "21:00", what: "Nattmat", audience: "barn" }]);
    expect(sent.program.slice(1)).toEqual(data2027.program.slice(1));
  });

  it("previews the public camp pages with the form's values, through the site's own page components", async () => {
    mockApi(answers({ "/api/CampEdition/Get/": [{ body: [draft2027, edition2026] }] }));
    renderArea();
    fireEvent.click(await screen.findByRole("button", { name: "Vinterleiren 2027" }));
    fireEvent.change(await screen.findByLabelText("Sted"), { target: { value: "Nordbyhallen" } });
    fireEvent.change(screen.getByLabelText("Voksenpris"), { target: { value: "1337" } });
    fireEvent.click(screen.getByRole("button", { name: "Forhåndsvis" }));
    const preview = await screen.findByRole("region", { name: "Forhåndsvisning av vinterleiren 2027" });
    // Focused by an effect after the render that showed it: a moment after it is found.
    await waitFor(() => expect(document.activeElement).toBe(within(preview).getByRole("heading", { level: 2, name: /Forhåndsvisning/ })));
    expect(preview.textContent).toContain("26.–28. november 2027 på Nordbyhallen");
    fireEvent.click(within(preview).getByRole("tab", { name: "Priser" }));
    expect(within(preview).getAllByText(/1\s337/).length).toBeGreaterThan(0);
    fireEvent.click(within(preview).getByRole("tab", { name: "Program" }));
    expect(within(preview).getAllByText(/Fredag 26\. november/).length).toBeGreaterThan(0);
    // A link in the preview does not leave the form.
    fireEvent.click(within(preview).getAllByRole("link")[0]!);
    expect((screen.getByLabelText("Sted") as HTMLInputElement).value).toBe("Nordbyhallen");
  });

  it("publishes after a confirmation that says this year's camp stays, then shows it as the next camp", async () => {
    // Two days before the 2026 camp: the words depend on the dates.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-26T12:00:00Z") });
    const published = admin(data2027, { current: false, publishedAt: "2026-11-25T11:30:00.000Z", version: 2 });
    mockApi(
      answers({
        "/api/CampEdition/Get/": [{ body: [draft2027, edition2026] }, { body: [published, edition2026] }],
        "/api/CampEdition/Publish/": [{ body: published }],
        "/api/CampEdition/Changes/": [
          {
            body: [
              { changedAt: "2026-11-25T10:00:00.000Z", account: "leirsjef", action: "created", changes: [{ field: "year", from: null, to: 2027 }] },
            ],
          },
          {
            body: [
              { changedAt: "2026-11-25T10:00:00.000Z", account: "leirsjef", action: "created", changes: [{ field: "year", from: null, to: 2027 }] },
              {
                changedAt: "2026-11-25T11:00:00.000Z",
                account: "leirsjef",
                action: "updated",
                changes: [
                  { field: "prices.child", from: 1025, to: 1100 },
                  { field: "lateFee.enabled", from: false, to: true },
                  { field: "registrationOpensAt", from: "2026-11-29T23:00:00.000Z", to: "2026-11-30T11:00:00.000Z" },
                ],
              },
              {
                changedAt: "2026-11-25T11:30:00.000Z",
                account: "leirsjef",
                action: "published",
                changes: [{ field: "publishedAt", from: null, to: "2026-11-25T11:30:00.000Z" }],
              },
            ],
          },
        ],
      }),
      { withInit: true },
    );
    renderArea();
    fireEvent.click(await screen.findByRole("button", { name: "Vinterleiren 2027" }));
    await screen.findByText("Alle feltene fikk sine første verdier.");
    fireEvent.click(screen.getByRole("button", { name: "Publiser" }));
    const confirm = screen.getByRole("group", { name: /Publisere vinterleiren 2027\?/ });
    expect(confirm.textContent).not.toContain("erstatter");
    expect(confirm.textContent).toContain("Vinterleiren 2026 er fortsatt leiren alle ser nå, og den blir ikke skjult.");
    expect(confirm.textContent).toContain("tar imot påmeldinger fra mandag 30. november 2026 kl. 00.00 og blir hovedleiren når 2026 er over");
    expect(document.activeElement).toBe(within(confirm).getByRole("button", { name: "Avbryt" }));
    expect(calls.some((call) => call.method === "POST")).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: "Ja, publiser" }));
    expect(await screen.findByText("Vinterleiren 2027 er publisert og vises på nettsiden ved siden av årets leir.")).toBeTruthy();
    expect(calls.find((call) => call.method === "POST")!.url).toBe("/api/CampEdition/Publish/2027/tok123");
    expect(screen.getByRole("heading", { level: 2, name: /Vinterleiren 2027/ }).textContent).toContain("Publisert – neste leir");
    expect(screen.queryByRole("button", { name: "Publiser" })).toBeNull();
    // Focus moves once the published edition has rendered, which can be a tick after the notice appears.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { level: 2, name: /Vinterleiren 2027/ })));

    const log = await screen.findByRole("region", { name: "Endringslogg" });
    await waitFor(() => expect(within(log).getAllByRole("listitem").length).toBeGreaterThan(3));
    expect(log.textContent).toContain("Publisert onsdag 25. november kl. 12.30 av leirsjef");
    expect(log.textContent).toContain("Publisert: – → onsdag 25. november kl. 12.30");
    expect(log.textContent).toContain("Barnepris: 1\u00a0025\u00a0kr → 1\u00a0100\u00a0kr");
    expect(log.textContent).toContain("Etteranmeldingsgebyr: av → på");
    // The 2027 camp's window opening in November 2026 says its year.
    expect(log.textContent).toContain("Påmeldingen åpner: mandag 30. november 2026 kl. 00.00 → mandag 30. november 2026 kl. 12.00");
  });

  it("saves unsaved changes before publishing, and publishes nothing when they do not pass", async () => {
    mockApi(answers({ "/api/CampEdition/Get/": [{ body: [draft2027, edition2026] }] }), { withInit: true });
    renderArea();
    fireEvent.click(await screen.findByRole("button", { name: "Vinterleiren 2027" }));
    fireEvent.change(await screen.findByLabelText("Ledsagerpris"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Publiser" }));
    expect(screen.getByRole("group", { name: /Publisere/ }).textContent).toContain("Endringene i skjemaet lagres først.");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Ja, publiser" })));
    expect(await screen.findByText("Ledsagerprisen må være et tall.")).toBeTruthy();
    expect(calls.some((call) => call.method === "POST" || call.method === "PUT")).toBe(false);
  });

  it("signs out when the token is turned down on save", async () => {
    const signOut = vi.fn();
    mockApi(
      answers({
        "/api/CampEdition/Get/": [{ body: [draft2027, edition2026] }],
        "/api/CampEdition/Put/": [{ status: 401, body: { error: "Unauthorized" } }],
      }),
    );
    renderArea(signOut);
    fireEvent.click(await screen.findByRole("button", { name: "Vinterleiren 2027" }));
    fireEvent.click(await screen.findByRole("button", { name: "Lagre" }));
    await waitFor(() => expect(signOut).toHaveBeenCalledWith("Innloggingen er utløpt eller ugyldig. Logg inn på nytt."));
  });
});

describe("unsaved changes in Leirer", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("survive going back to the list and opening the edition again", async () => {
    mockApi(answers({ "/api/CampEdition/Get/": [{ body: [draft2027, edition2026] }] }));
    renderArea();
    fireEvent.click(await screen.findByRole("button", { name: "Vinterleiren 2027" }));
    fireEvent.change(await screen.findByLabelText("Sted"), { target: { value: "Halvferdig hall" } });
    expect(screen.getByText("Du har endringer som ikke er lagret.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Tilbake til leirene" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Vinterleiren 2027" })));
    fireEvent.click(screen.getByRole("button", { name: "Vinterleiren 2027" }));
    expect(((await screen.findByLabelText("Sted")) as HTMLInputElement).value).toBe("Halvferdig hall");
    expect(screen.getByText("Du har endringer som ikke er lagret.")).toBeTruthy();
  });
});
