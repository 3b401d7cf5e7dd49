// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminEvent } from "../../shared/events/event-api.ts";
import { expiredMessage, type AdminSession } from "../components/admin/AdminShell.tsx";
import { calls, mockApi } from "../test-support/mock-api.ts";
import { EventAdminArea } from "./EventAdminArea.tsx";

const grading: AdminEvent = {
  slug: "gradering-desember",
  kind: "gradering",
  title: "Cupgradering desember",
  firstDay: "2026-12-12",
  lastDay: "2026-12-12",
  registrationOpensAt: "2026-11-01T07:00:00.000Z",
  published: true,
  phase: "upcoming",
  state: "open",
  participants: 0,
  waiting: 0,
  definition: {
    kind: "gradering",
    title: "Cupgradering desember",
    firstDay: "2026-12-12",
    lastDay: "2026-12-12",
    venue: "Ski Taekwondo Klubb",
    description: "",
    registrationOpensAt: "2026-11-01T07:00:00.000Z",
    registrationClosesAt: "2026-12-10T22:59:00.000Z",
    capacity: 20,
    price: 350,
    startTime: "10:00",
    homeClubOnly: true,
    minAge: null,
    maxAge: null,
    minGradeId: 1,
    maxGradeId: 13,
  },
};

const log = [
  {
    changedAt: "2026-11-20T09:00:00.000Z",
    account: "kari",
    action: "copied",
    changes: [
      { field: "copiedFrom", from: null, to: "gradering-juni" },
      { field: "price", from: null, to: 300 },
    ],
  },
  {
    changedAt: "2026-11-25T10:30:00.000Z",
    account: "ola",
    action: "updated",
    changes: [
      { field: "price", from: 300, to: 350 },
      { field: "registrationClosesAt", from: "2026-12-09T22:59:00.000Z", to: "2026-12-10T22:59:00.000Z" },
    ],
  },
  {
    changedAt: "2026-11-25T11:00:00.000Z",
    account: "ola",
    action: "published",
    changes: [{ field: "publishedAt", from: null, to: "2026-11-25T11:00:00.000Z" }],
  },
];

const session = (signOut = vi.fn()): AdminSession => ({ token: "tok123", signOut, logOut: { busy: false, run: vi.fn() } });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

async function openLog() {
  fireEvent.click(await screen.findByRole("button", { name: /^Endre.*Cupgradering desember$/ }));
  return screen.getByRole("region", { name: "Endringslogg" });
}

describe("the event's change log in the event admin", () => {
  it("shows beside the form who changed what and when, newest first, one line per change in the leader's words", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-26T12:00:00Z") });
    mockApi({ "/api/ArrangementAdmin/Get/": [{ body: [grading] }], "/api/ArrangementAdmin/Changes/": [{ body: log }] });
    render(<EventAdminArea session={session()} />);
    const region = await openLog();
    const entries = await within(region).findAllByRole("listitem", {}, { timeout: 3000 });
    const top = entries.filter((item) => item.parentElement?.classList.contains("change-list"));
    expect(top.map((item) => item.querySelector(".change-head")?.textContent)).toEqual([
      "Publisert onsdag 25. november kl. 12.00 av ola",
      "Endret onsdag 25. november kl. 11.30 av ola",
      "Kopiert fredag 20. november kl. 10.00 av kari",
    ]);
    expect(within(top[0]!).getByRole("listitem").textContent).toBe("Publisert: – → onsdag 25. november kl. 12.00");
    expect(
      within(top[1]!)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Pris: 300\u00a0kr → 350\u00a0kr", "Påmeldingen stenger: onsdag 9. desember kl. 23.59 → torsdag 10. desember kl. 23.59"]);
    // A copy's every first value is said in one sentence.
    expect(top[2]!.textContent).toContain("Kopi av «gradering-juni»: alle feltene fikk sine første verdier derfra.");
    expect(calls.map((call) => call.url)).toContain("/api/ArrangementAdmin/Changes/gradering-desember/tok123");
    // The log is its own region after the form, with a heading the screen reader finds.
    expect(screen.getByRole("heading", { level: 2, name: "Endringslogg" })).toBeTruthy();
  });

  it("is not shown for a new event, says so when nothing is logged, and signs out when the sign-in has expired", async () => {
    mockApi({ "/api/ArrangementAdmin/Get/": [{ body: [grading] }], "/api/ArrangementAdmin/Changes/": [{ body: [] }] });
    render(<EventAdminArea session={session()} />);
    fireEvent.click(await screen.findByRole("button", { name: "Ny gradering" }));
    expect(screen.queryByRole("region", { name: "Endringslogg" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Avbryt" }));
    const region = await openLog();
    expect(await within(region).findByText("Ingen endringer er logget.")).toBeTruthy();

    document.body.innerHTML = "";
    const signOut = vi.fn();
    mockApi({ "/api/ArrangementAdmin/Get/": [{ body: [grading] }], "/api/ArrangementAdmin/Changes/": [{ status: 401, body: { error: "Ugyldig" } }] });
    render(<EventAdminArea session={session(signOut)} />);
    await openLog();
    await vi.waitFor(() => expect(signOut).toHaveBeenCalledWith(expiredMessage));
  });
});
