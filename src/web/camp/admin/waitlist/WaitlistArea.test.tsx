// @vitest-environment happy-dom
import type { ReactNode } from "react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WaitlistEntry } from "../../../../shared/camp/camp-waitlist.ts";
import type { AdminSession } from "../../../components/admin/AdminShell.tsx";
import { calls, mockApi } from "../../../test-support/mock-api.ts";
import { AdminYearProvider } from "../admin-edition.tsx";
import { WaitlistArea } from "./WaitlistArea.tsx";

/** The admin shows the 2026 camp. */
const wrapper = ({ children }: { children: ReactNode }) => <AdminYearProvider initialYear={2026}>{children}</AdminYearProvider>;

const entry = (over: Partial<WaitlistEntry>): WaitlistEntry => ({
  registrationId: 1,
  position: 1,
  orderId: "VL26-AAAA11",
  name: "Ola Nordmann",
  club: "Oslo Taekwondo Klubb",
  email: "ola@example.no",
  createdAt: "2026-11-02T17:05:00.000Z",
  offer: null,
  ...over,
});

const list: WaitlistEntry[] = [
  entry({
    registrationId: 7,
    position: 2,
    name: "Kari Hansen",
    orderId: "VL26-BBBB22",
    offer: { state: "expired", offeredAt: "2026-11-03T08:00:00.000Z", expiresAt: "2026-11-05T08:00:00.000Z" },
  }),
  entry({
    registrationId: 4,
    position: 1,
    offer: { state: "offered", offeredAt: "2026-11-20T09:15:00.000Z", expiresAt: "2026-11-22T09:15:00.000Z" },
  }),
  entry({ registrationId: 9, position: 3, name: "Per Berg", orderId: "VL26-CCCC33" }),
  entry({
    registrationId: 11,
    position: 4,
    name: "Anne Lie",
    orderId: "VL26-DDDD44",
    offer: { state: "accepted", offeredAt: "2026-11-10T10:00:00.000Z", expiresAt: "2026-11-12T10:00:00.000Z" },
  }),
  entry({
    registrationId: 12,
    position: 5,
    name: "Eva Dahl",
    orderId: "VL26-EEEE55",
    offer: { state: "withdrawn", offeredAt: "2026-11-10T10:00:00.000Z", expiresAt: "2026-11-12T10:00:00.000Z" },
  }),
];

const session = (signOut = vi.fn()): AdminSession => ({ token: "tok123", signOut, logOut: { busy: false, run: vi.fn() } });
const items = () => within(screen.getByRole("list")).getAllByRole("listitem");

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Venteliste in the camp admin", () => {
  it("says so when nobody is waiting", async () => {
    mockApi({ "/api/VinterleirAdmin/Waitlist/": [{ body: [] }] });
    render(<WaitlistArea session={session()} />, { wrapper });
    expect(await screen.findByText("Ventelisten er tom.")).toBeTruthy();
    expect(calls[0]!.url).toBe("/api/VinterleirAdmin/Waitlist/tok123?year=2026");
  });

  it("lists everyone in order with each offer's state in Oslo time", async () => {
    mockApi({ "/api/VinterleirAdmin/Waitlist/": [{ body: list }] });
    render(<WaitlistArea session={session()} />, { wrapper });
    await screen.findByRole("list");
    const rows = items();
    expect(rows.map((row) => within(row).getByRole("heading").textContent)).toEqual([
      "Plass 1: Ola Nordmann",
      "Plass 2: Kari Hansen",
      "Plass 3: Per Berg",
      "Plass 4: Anne Lie",
      "Plass 5: Eva Dahl",
    ]);
    expect(rows[0]!.textContent).toContain("Tilbud sendt fredag 20. november kl. 10.15, gjelder til søndag 22. november kl. 10.15");
    expect(rows[0]!.textContent).toContain("Påmeldt mandag 2. november kl. 18.05");
    expect(rows[1]!.textContent).toContain("Tilbudet gikk ut torsdag 5. november kl. 09.00 (sendt tirsdag 3. november kl. 09.00)");
    expect(rows[2]!.textContent).toContain("Ikke fått tilbud ennå");
    expect(rows[3]!.textContent).toContain("Takket ja (tilbud sendt tirsdag 10. november kl. 11.00");
    expect(rows[4]!.textContent).toContain("Tilbudet er trukket tilbake (sendt tirsdag 10. november kl. 11.00)");
    expect(within(rows[0]!).getByRole("button", { name: "Flytt opp: Ola Nordmann" }).getAttribute("aria-disabled")).toBe("true");
    expect(within(rows[4]!).getByRole("button", { name: "Flytt ned: Eva Dahl" }).getAttribute("aria-disabled")).toBe("true");
  });

  it("moves one up with its new 1-based position, reloads and keeps the keyboard on the button", async () => {
    const moved = list.map((e) => (e.registrationId === 7 ? { ...e, position: 1 } : e.registrationId === 4 ? { ...e, position: 2 } : e));
    mockApi(
      { "/api/VinterleirAdmin/Waitlist/Move/": [{ body: { ok: true } }], "/api/VinterleirAdmin/Waitlist/": [{ body: list }, { body: moved }] },
      { withInit: true },
    );
    render(<WaitlistArea session={session()} />, { wrapper });
    fireEvent.click(await screen.findByRole("button", { name: "Flytt opp: Kari Hansen" }));
    expect(await screen.findByText("Kari Hansen er flyttet til plass 1.")).toBeTruthy();
    const move = calls.find((call) => call.url.includes("/Move/"))!;
    expect(move.method).toBe("POST");
    expect(move.url).toBe("/api/VinterleirAdmin/Waitlist/Move/7/tok123");
    expect(JSON.parse(String(move.init!.body))).toEqual({ position: 1 });
    expect(within(items()[0]!).getByRole("heading").textContent).toBe("Plass 1: Kari Hansen");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Flytt opp: Kari Hansen" })));
  });

  it("moves one down", async () => {
    mockApi(
      { "/api/VinterleirAdmin/Waitlist/Move/": [{ body: { ok: true } }], "/api/VinterleirAdmin/Waitlist/": [{ body: list }] },
      { withInit: true },
    );
    render(<WaitlistArea session={session()} />, { wrapper });
    fireEvent.click(await screen.findByRole("button", { name: "Flytt ned: Per Berg" }));
    await screen.findByText("Per Berg er flyttet til plass 4.");
    const move = calls.find((call) => call.url.includes("/Move/"))!;
    expect(move.url).toBe("/api/VinterleirAdmin/Waitlist/Move/9/tok123");
    expect(JSON.parse(String(move.init!.body))).toEqual({ position: 4 });
  });

  it("removes only after a confirmation, and Avbryt leaves everyone on the list", async () => {
    mockApi({
      "/api/VinterleirAdmin/Waitlist/Remove/": [{ body: { ok: true } }],
      "/api/VinterleirAdmin/Waitlist/": [{ body: list }, { body: list.filter((e) => e.registrationId !== 9) }],
    });
    render(<WaitlistArea session={session()} />, { wrapper });
    fireEvent.click(await screen.findByRole("button", { name: "Fjern: Per Berg" }));
    const confirm = screen.getByRole("group", { name: /Fjerne Per Berg fra ventelisten\?/ });
    expect(document.activeElement).toBe(within(confirm).getByRole("button", { name: "Avbryt" }));
    fireEvent.click(within(confirm).getByRole("button", { name: "Avbryt" }));
    expect(calls.some((call) => call.method === "POST")).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Fjern: Per Berg" }));

    fireEvent.click(screen.getByRole("button", { name: "Fjern: Per Berg" }));
    fireEvent.click(screen.getByRole("button", { name: "Ja, fjern" }));
    expect(await screen.findByText("Per Berg er fjernet fra ventelisten.")).toBeTruthy();
    expect(calls.find((call) => call.method === "POST")!.url).toBe("/api/VinterleirAdmin/Waitlist/Remove/9/tok123");
    expect(items()).toHaveLength(4);
  });

  it("says what went wrong when a move fails, and signs out on a 401", async () => {
    mockApi({
      "/api/VinterleirAdmin/Waitlist/Move/": [{ status: 409, body: { error: "Plassen finnes ikke." } }],
      "/api/VinterleirAdmin/Waitlist/": [{ body: list }],
    });
    render(<WaitlistArea session={session()} />, { wrapper });
    fireEvent.click(await screen.findByRole("button", { name: "Flytt ned: Ola Nordmann" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Klarte ikke flytte Ola Nordmann. Plassen finnes ikke.");

    const signOut = vi.fn();
    mockApi({ "/api/VinterleirAdmin/Waitlist/": [{ status: 401, body: { error: "Unauthorized" } }] });
    render(<WaitlistArea session={session(signOut)} />, { wrapper });
    await waitFor(() => expect(signOut).toHaveBeenCalledWith("Innloggingen er utløpt eller ugyldig. Logg inn på nytt."));
  });
});
