// @vitest-environment happy-dom
import { passwordProblemMessages } from "../../../../shared/admin/password-rule.ts";
import { comingSeasonYear } from "../../../../shared/camp/camp-edition-data.ts";
import { testNow } from "../../../../shared/test-clock.fixture.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { CampAdmin } from "../CampAdminPage.tsx";
// The page loads its signed-in areas lazily; loaded here first, so a test waits for its data, not for modules.
import "../CampAdminAreas.tsx";
import { adminPerson } from "../admin-person.fixture.ts";
import { calls, mockApi } from "../../../test-support/mock-api.ts";

const person = adminPerson({
  telephone: "+4791234567",
  sleepover: true,
  vegan: true,
  allergies: "",
  otherinfo: "",
  hasAllergies: true,
  hasOtherInfo: false,
});
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
const accounts = [
  { username: "leder", name: "Leder (satt opp på serveren)", role: "leder", configured: true, updatedAt: null, updatedBy: null },
  { username: "kari", name: "Kari Innsjekk", role: "innsjekk", configured: false, updatedAt: "2026-11-25T08:00:00Z", updatedBy: "leder" },
];

beforeEach(() => {
  document.cookie = "adminToken=tok123; Path=/";
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = "adminToken=; Max-Age=0; Path=/";
});

describe("an innsjekk account in the camp admin", () => {
  it("sees the participants and the lists, no allergy texts, no downloads with them, no leder tabs", async () => {
    mockApi({
      "/api/VinterleirAdmin/Me/": [{ body: { username: "kari", name: "Kari Innsjekk", role: "innsjekk" } }],
      "/api/VinterleirAdmin/Get/": [{ body: [person] }],
      "/api/VinterleirAdmin/Totals/": [{ body: totals }],
      "/api/VinterleirAdmin/Ledger/": [
        {
          body: [
            {
              at: "2026-11-28T17:05:00Z",
              actor: "kari",
              kind: "payment",
              personName: null,
              item: null,
              method: "card_cash",
              amount: 1025,
              reason: "Markert som betalt med kort eller kontant ved oppmøte",
            },
          ],
        },
      ],
    });
    render(<CampAdmin />);
    expect(await screen.findByText("Logget inn som Kari Innsjekk (innsjekk)")).toBeTruthy();
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["Deltakere", "Lister"]);
    await screen.findByRole("table");
    // No download of the participants (the files hold the allergy texts).
    expect(screen.queryByRole("link", { name: "Last ned CSV" })).toBeNull();
    expect(screen.queryAllByRole("link").map((link) => link.getAttribute("href"))).not.toContain("/api/VinterleirAdmin/GetXlsx/tok123");
    fireEvent.click(screen.getByRole("button", { name: "Ola Nordmann" }));
    expect(screen.getByText("Ja – bare ledere ser hva som står.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Avmeld" })).toBeNull();
    expect(screen.queryByText("Last ned personopplysninger")).toBeNull();
    expect(screen.getByRole("button", { name: "Betalt med kort" })).toBeTruthy();
    // The history (the ledger) names the account behind each entry, in Oslo time and Norwegian words.
    expect(
      await screen.findByText(
        "28.11.2026 18:05 – kari: Innbetalt: Kort eller kontant (ikke oppgitt), 1 025 kr – Markert som betalt med kort eller kontant ved oppmøte",
      ),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole("tab", { name: "Lister" }));
    const picker = await screen.findByRole("group", { name: "Velg liste" });
    expect(within(picker).queryByRole("button", { name: "Kjøkken" })).toBeNull();
    expect(within(picker).getByRole("button", { name: "Overnatting" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getAllByText("Ola Nordmann").length).toBeGreaterThan(0);
    expect((screen.getByRole("link", { name: "Last ned Excel" }) as HTMLAnchorElement).getAttribute("href")).toBe(
      // The year the admin shows: without an edition from the site, the coming season's (the page's clock, test-setup.ts).
      `/api/VinterleirAdmin/GetXlsx/overnatting/tok123?year=${comingSeasonYear(testNow())}`,
    );
  });
});

describe("Hjelpere (leder)", () => {
  const answers = () => ({
    "/api/VinterleirAdmin/Me/": [{ body: { username: "leder", name: "Leder (satt opp på serveren)", role: "leder" } }],
    "/api/VinterleirAdmin/Get/": [{ body: [{ ...person, allergies: "Nøtter", hasAllergies: undefined }] }],
    "/api/VinterleirAdmin/Totals/": [{ body: totals }],
    "/api/VinterleirAdmin/Accounts/": [{ body: accounts }],
  });

  async function openHelpers() {
    render(<CampAdmin />);
    fireEvent.click(await screen.findByRole("tab", { name: "Hjelpere" }));
    return screen.findByRole("heading", { name: "Hjelpere" });
  }

  it("lists the accounts; the configured one cannot be reset or removed", async () => {
    mockApi(answers());
    await openHelpers();
    const rows = (await screen.findAllByRole("row")).slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining("Satt opp på serveren"), expect.stringContaining("Kari Innsjekk")]);
    expect(within(rows[0]!).queryByRole("button")).toBeNull();
    expect(within(rows[1]!).getByRole("button", { name: "Fjern Kari Innsjekk" })).toBeTruthy();
  });

  it("checks the password rule before hashing, then adds a helper with the SHA-256 of the password", async () => {
    mockApi({ ...answers(), "/api/VinterleirAdmin/Accounts/tok123": [{ body: accounts }] }, { withInit: true });
    await openHelpers();
    fireEvent.change(screen.getByLabelText("Navn"), { target: { value: "Per Dør" } });
    fireEvent.change(screen.getByLabelText("Brukernavn"), { target: { value: "Per" } });
    fireEvent.change(screen.getByLabelText("Passord (minst 12 tegn)"), { target: { value: "kort" } });
    fireEvent.click(screen.getByRole("button", { name: "Legg til" }));
    expect(await screen.findByText("Passordet må ha minst 12 tegn.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Passord (minst 12 tegn)"), { target: { value: "password1234" } });
    fireEvent.click(screen.getByRole("button", { name: "Legg til" }));
    expect(await screen.findByText(passwordProblemMessages.common)).toBeTruthy();
    // A common Norwegian word with digits added is as common.
    fireEvent.change(screen.getByLabelText("Passord (minst 12 tegn)"), { target: { value: "passord12345" } });
    fireEvent.click(screen.getByRole("button", { name: "Legg til" }));
    expect(await screen.findByText(passwordProblemMessages.common)).toBeTruthy();
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    fireEvent.change(screen.getByLabelText("Passord (minst 12 tegn)"), { target: { value: "Dør-og-kasse-2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Legg til" }));
    expect(await screen.findByText("Per Dør kan nå logge inn som «per».")).toBeTruthy();
    const post = calls.find((call) => call.method === "POST")!;
    expect(post.url).toBe("/api/VinterleirAdmin/Accounts/tok123");
    expect(JSON.parse(String(post.init!.body))).toEqual({
      username: "per",
      name: "Per Dør",
      role: "innsjekk",
      password: "Dør-og-kasse-2026",
    });
  });

  it("removes a helper after a confirmation", async () => {
    mockApi({ ...answers(), "/api/VinterleirAdmin/Accounts/kari/": [{ body: accounts.slice(0, 1) }] });
    await openHelpers();
    fireEvent.click(await screen.findByRole("button", { name: "Fjern Kari Innsjekk" }));
    expect(document.activeElement?.textContent).toBe("Nei");
    fireEvent.click(screen.getByRole("button", { name: "Ja, fjern" }));
    expect(await screen.findByText("Kari Innsjekk er fjernet og logget ut.")).toBeTruthy();
    expect(calls.at(-1)).toEqual({ method: "DELETE", url: "/api/VinterleirAdmin/Accounts/kari/tok123" });
  });

  it("a leder sees the kitchen list with the allergy texts", async () => {
    mockApi(answers());
    render(<CampAdmin />);
    fireEvent.click(await screen.findByRole("tab", { name: "Lister" }));
    const picker = await screen.findByRole("group", { name: "Velg liste" });
    expect(within(picker).getByRole("button", { name: "Kjøkken" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getAllByText("Nøtter").length).toBeGreaterThan(0);
    expect(screen.getAllByText(/veganere/).length).toBeGreaterThan(0);
  });
});
