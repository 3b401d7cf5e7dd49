// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { standardEditionData } from "../../../shared/camp/camp-edition-data.ts";
import { campEditionForYear } from "../../../shared/camp/camp-edition.ts";
import { checkInPagePath } from "../../../shared/site/site-pages.ts";
import type { CampEditionData } from "../../../shared/camp/camp-edition-schema.ts";
import { CampEditionProvider } from "../../lib/camp-edition.tsx";
import { calls, mockApi, type Answer } from "../../test-support/mock-api.ts";
import { CampAdmin } from "./CampAdminPage.tsx";
// The page loads its signed-in areas lazily; loaded here first, so a test waits for its data, not for modules.
import "./CampAdminAreas.tsx";
import { adminPerson } from "./admin-person.fixture.ts";

/** An edition as «Leirer» lists it. */
const admin = (
  data: CampEditionData,
  over: Partial<{ current: boolean; phase: "upcoming" | "running" | "past"; publishedAt: string | null }> = {},
) => ({
  ...data,
  current: false,
  phase: "upcoming",
  publishedAt: null,
  version: 1,
  updatedAt: "2026-11-20T10:00:00.000Z",
  ...over,
});

const edition2026 = admin(standardEditionData(2026), { current: true, publishedAt: "2025-12-01T10:00:00.000Z" });
const draft2027 = admin(standardEditionData(2027));
const published2027 = admin(standardEditionData(2027), { publishedAt: "2026-11-20T12:00:00.000Z" });

const totals = {
  registrations: 1,
  count: 1,
  sumToPay: 1025,
  sumPaid: 0,
  sumOutstanding: 1025,
  charged: 1025,
  paid: 0,
  refunded: 0,
  kept: 0,
  refundOwed: 0,
  outstanding: 1025,
  net: 0,
};
const treasurer = (year: number) => ({
  year,
  registrations: 1,
  participants: 1,
  cancelledRegistrations: 0,
  byMethod: [],
  refundedVipps: 0,
  refundDueCardCash: 0,
  unpaidRegistrations: 1,
  unpaidAmount: 1025,
  charged: 1025,
  paid: 0,
  refunded: 0,
  kept: 0,
  refundOwed: 0,
  outstanding: 1025,
  net: 0,
  refundsOwed: [],
});

function answers(over: Record<string, Answer[]> = {}): Record<string, Answer[]> {
  return {
    "/api/VinterleirAdmin/Me/": [{ body: { username: "leder", name: "Leder", role: "leder" } }],
    "/api/VinterleirAdmin/Get/": [{ body: [adminPerson({})] }],
    "/api/VinterleirAdmin/Totals/": [{ body: totals }],
    "/api/VinterleirAdmin/Waitlist/": [{ body: [] }],
    "/api/VinterleirAdmin/Treasurer/": [{ body: treasurer(2026) }],
    "/api/CampEdition/Get/": [{ body: [draft2027, edition2026] }],
    "/api/CampEdition/Current": [{ body: { ...standardEditionData(2026), state: "open", placesLeft: 12 } }],
    "/api/CampEdition/Changes/": [{ body: [] }],
    "/api/Club/Get": [{ body: [] }],
    "/api/Grade/Get": [{ body: [] }],
    ...over,
  };
}

/** The admin as on the site while «the» camp is 2026 (the edition preview's links need a router). */
function renderAdmin() {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <CampEditionProvider edition={campEditionForYear(2026)}>
          <CampAdmin />
        </CampEditionProvider>
      ),
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

const heading = () => screen.getByRole("heading", { level: 1 }).textContent;
const picker = () => screen.getByLabelText("Vis leir") as HTMLSelectElement;
const chosenLabel = () => [...picker().options].find((option) => option.value === picker().value)?.textContent;
/** The first view waits for the signed-in areas and their data, slow on a busy machine. */
const firstView = { timeout: 5000 };
const link = (name: string) => screen.getByRole("link", { name }) as HTMLAnchorElement;

beforeEach(() => {
  document.cookie = "adminToken=tok123; Path=/";
  // Before the 2026 camp; the words of «Leirer» depend on the day.
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-20T12:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.cookie = "adminToken=; Max-Age=0; Path=/";
});

describe("the year the camp admin shows", () => {
  it("is «the» camp's at first, and «Vis leir» switches the heading, lists, totals and downloads together", async () => {
    mockApi(answers());
    renderAdmin();
    await screen.findByRole("table", undefined, firstView);
    await screen.findByLabelText("Vis leir", undefined, firstView);
    expect(heading()).toBe("Vinterleiren 2026 – administrasjon");
    expect(chosenLabel()).toBe("Vinterleiren 2026 – kommende (vises nå)");
    expect(screen.getByRole("heading", { level: 2, name: "Påmeldte til vinterleiren 2026" })).toBeTruthy();
    expect(link("Last ned CSV").getAttribute("download")).toBe("vinterleir-2026-deltakere.csv");
    expect(calls.map((call) => call.url)).toContain("/api/VinterleirAdmin/Get/tok123?year=2026");

    fireEvent.change(picker(), { target: { value: "2027" } });
    expect(heading()).toBe("Vinterleiren 2027 – administrasjon");
    expect(chosenLabel()).toBe("Vinterleiren 2027 – utkast");
    await screen.findByRole("heading", { level: 2, name: "Påmeldte til vinterleiren 2027" });
    expect(screen.getByRole("heading", { level: 2, name: "Oppsummering for vinterleiren 2027" })).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(
      expect.arrayContaining(["/api/VinterleirAdmin/Get/tok123?year=2027", "/api/VinterleirAdmin/Totals/tok123?year=2027"]),
    );
    expect(link("Last ned CSV").getAttribute("href")).toBe("/api/VinterleirAdmin/GetCsv/tok123?year=2027");
    expect(link("Last ned CSV").getAttribute("download")).toBe("vinterleir-2027-deltakere.csv");
    expect(link("Last ned Excel").getAttribute("href")).toBe("/api/VinterleirAdmin/GetXlsx/tok123?year=2027");
    expect(link("Last ned Excel").getAttribute("download")).toBe("vinterleir-2027-deltakere.xlsx");
    expect(screen.getByRole("link", { name: "Innsjekking" }).getAttribute("href")).toBe(`${checkInPagePath}?year=2027`);

    fireEvent.click(screen.getByRole("tab", { name: "Lister" }));
    expect(await screen.findByRole("heading", { level: 3, name: "Kjøkken – vinterleiren 2027" })).toBeTruthy();
    expect(link("Last ned Excel").getAttribute("href")).toBe("/api/VinterleirAdmin/GetXlsx/kjokken/tok123?year=2027");
    expect(link("Last ned Excel").getAttribute("download")).toBe("vinterleir-2027-kjokken.xlsx");

    fireEvent.click(screen.getByRole("tab", { name: "Kasserer" }));
    expect(await screen.findByRole("heading", { level: 3, name: "Vinterleiren 2027" })).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain("/api/VinterleirAdmin/Treasurer/tok123?year=2027");
    expect(link("Last ned Excel").getAttribute("download")).toBe("vinterleir-2027-kasserer.xlsx");

    fireEvent.click(screen.getByRole("tab", { name: "Venteliste" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Venteliste – vinterleiren 2027" })).toBeTruthy();
    expect(calls.map((call) => call.url)).toContain("/api/VinterleirAdmin/Waitlist/tok123?year=2027");

    // Back to 2026: every part follows again.
    fireEvent.change(picker(), { target: { value: "2026" } });
    expect(heading()).toBe("Vinterleiren 2026 – administrasjon");
    expect(await screen.findByRole("heading", { level: 2, name: "Venteliste – vinterleiren 2026" })).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Deltakere" }));
    await screen.findByRole("heading", { level: 2, name: "Påmeldte til vinterleiren 2026" });
    expect(link("Last ned CSV").getAttribute("download")).toBe("vinterleir-2026-deltakere.csv");
    expect(screen.getByRole("link", { name: "Innsjekking" }).getAttribute("href")).toBe(checkInPagePath);
  });

  it("follows the edition opened under «Leirer», says at once that it is published, and goes back with «Tilbake til leirene»", async () => {
    mockApi(answers());
    renderAdmin();
    await screen.findByLabelText("Vis leir", undefined, firstView);
    fireEvent.click(screen.getByRole("tab", { name: "Leirer" }));
    fireEvent.click(await screen.findByRole("button", { name: "Vinterleiren 2027" }));
    await screen.findByRole("heading", { level: 2, name: /Vinterleiren 2027/ });
    expect(heading()).toBe("Vinterleiren 2027 – administrasjon");
    expect(chosenLabel()).toBe("Vinterleiren 2027 – utkast");

    fireEvent.click(screen.getByRole("button", { name: "Publiser" }));
    mockApi(answers({ "/api/CampEdition/Get/": [{ body: [published2027, edition2026] }], "/api/CampEdition/Publish/": [{ body: published2027 }] }));
    fireEvent.click(within(screen.getByRole("group", { name: /Publisere vinterleiren 2027\?/ })).getByRole("button", { name: "Ja, publiser" }));
    await screen.findByText("Vinterleiren 2027 er publisert og vises på nettsiden ved siden av årets leir.");
    // No tab opened and no focus on «Vis leir»: its label says the new state all the same.
    expect(chosenLabel()).toBe("Vinterleiren 2027 – kommende");
    expect(screen.getByRole("heading", { level: 2, name: /Vinterleiren 2027/ }).textContent).toContain("Publisert – neste leir");

    fireEvent.click(screen.getByRole("button", { name: "Tilbake til leirene" }));
    await waitFor(() => expect(heading()).toBe("Vinterleiren 2026 – administrasjon"));
    expect(chosenLabel()).toBe("Vinterleiren 2026 – kommende (vises nå)");
    fireEvent.click(screen.getByRole("tab", { name: "Deltakere" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Påmeldte til vinterleiren 2026" })).toBeTruthy();
  });

  it("opens the form of the year chosen in «Vis leir» while a form is open", async () => {
    mockApi(answers());
    renderAdmin();
    await screen.findByLabelText("Vis leir", undefined, firstView);
    fireEvent.click(screen.getByRole("tab", { name: "Leirer" }));
    fireEvent.click(await screen.findByRole("button", { name: "Vinterleiren 2027" }));
    await screen.findByRole("heading", { level: 2, name: /Vinterleiren 2027/ });
    fireEvent.change(picker(), { target: { value: "2026" } });
    expect(await screen.findByRole("heading", { level: 2, name: /Vinterleiren 2026/ })).toBeTruthy();
    expect(heading()).toBe("Vinterleiren 2026 – administrasjon");
  });
});
