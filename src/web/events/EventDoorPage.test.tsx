// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eventDoorCounts, type EventDoorAction, type EventDoorList } from "../../shared/events/event-door.ts";
import { clubAccountToken } from "../components/admin/club-sign-in.ts";
import { memoryListStore } from "../components/door/door-list-store.ts";
import { eventDoorLocalKeys } from "./event-door-device.ts";
import { EventDoor as EventDoorPage } from "./EventDoorPage.tsx";

/** The page with the event's list kept in memory (happy-dom has no IndexedDB), one store per test. */
let kept = memoryListStore<EventDoorList>();
const keptStore = () => kept;
const EventDoor = ({ slug }: { slug: string }) => <EventDoorPage slug={slug} listStore={keptStore} />;
const actionResult = () => document.querySelector(".action-result")!.textContent;

function doorList(): EventDoorList {
  const entries: EventDoorList["entries"] = [
    {
      orderId: "GR26-AAAA11-1",
      status: "confirmed",
      contactName: "Kari Nordmann",
      charged: 700,
      paid: 350,
      outstanding: 350,
      persons: [
        { position: 0, name: "Ola Nordmann", club: "Ski Taekwondo Klubb", grade: "8. Cup (Gult)", checkedIn: null },
        { position: 1, name: "Siri Nordmann", club: "Ski Taekwondo Klubb", grade: "9. Cup", checkedIn: null },
      ],
      items: [],
      pickedUp: null,
    },
    {
      orderId: "GR26-BBBB22-2",
      status: "confirmed",
      contactName: "Per Hansen",
      charged: 350,
      paid: 350,
      outstanding: 0,
      persons: [{ position: 0, name: "Lise Hansen", club: "Ski Taekwondo Klubb", grade: "7. Cup", checkedIn: null }],
      items: [],
      pickedUp: null,
    },
    {
      orderId: "GR26-CCCC33-3",
      status: "waiting",
      contactName: "Pål Venter",
      charged: 0,
      paid: 0,
      outstanding: 0,
      persons: [{ position: 0, name: "Pål Venter", club: "Ski Taekwondo Klubb", grade: "7. Cup", checkedIn: null }],
      items: [],
      pickedUp: null,
    },
  ];
  return {
    event: { slug: "gradering-desember", kind: "gradering", title: "Cupgradering desember", firstDay: "2026-12-12", lastDay: "2026-12-12" },
    fetchedAt: "2026-12-12T09:00:00.000Z",
    keepUntil: "2099-01-01T00:00:00.000Z",
    counts: eventDoorCounts("gradering", entries),
    entries,
  };
}

/** The door's server: it carries out each action id once, and refuses what the real one refuses. */
function server() {
  const state = { list: doorList(), actions: [] as EventDoorAction[], online: true };
  const carriedOut = new Set<string>();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!state.online) throw new TypeError("Failed to fetch");
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      if (url.startsWith("/api/ArrangementInnsjekk/Get/gradering-desember/")) return json(state.list);
      if (url.startsWith("/api/ArrangementInnsjekk/CheckIn/gradering-desember/")) {
        const action = JSON.parse(String(init?.body)) as EventDoorAction;
        state.actions.push(action);
        const entry = state.list.entries.find((candidate) => candidate.orderId === action.orderId)!;
        if (entry.status === "waiting") return json({ error: "Ordren står på venteliste og kan ikke sjekkes inn." }, 409);
        const person = entry.persons.find((candidate) => candidate.position === action.position)!;
        if (carriedOut.has(action.actionId!)) return json({ duplicate: true, entry, counts: state.list.counts });
        carriedOut.add(action.actionId!);
        const duplicate = (person.checkedIn !== null) !== (action.undo === true);
        person.checkedIn = action.undo ? null : (person.checkedIn ?? { at: "2026-12-12T09:05:00.000Z", by: "Dora Dør" });
        state.list.counts = eventDoorCounts("gradering", state.list.entries);
        return json({ duplicate, entry, counts: state.list.counts });
      }
      throw new Error(`unexpected fetch ${url}`);
    }),
  );
  return state;
}

beforeEach(() => {
  localStorage.clear();
  kept = memoryListStore<EventDoorList>();
  clubAccountToken.save("A".repeat(43));
});
afterEach(() => {
  clubAccountToken.clear();
  vi.unstubAllGlobals();
});

describe("the events' door", () => {
  it("shows the count, what each order owes, and finds a participant by name or order id", async () => {
    server();
    render(<EventDoor slug="gradering-desember" />);
    expect((await screen.findByTestId("event-door-count")).textContent).toBe("0 av 3 sjekket inn");
    const family = screen.getByRole("article", { name: "Ola Nordmann, Siri Nordmann" });
    expect(family.textContent).toContain("Skylder 350\u00a0kr");
    expect(screen.getByRole("article", { name: "Lise Hansen" }).textContent).toContain("Betalt");
    const waiting = screen.getByRole("article", { name: "Pål Venter" });
    expect(waiting.textContent).toContain("Står på venteliste");
    expect(within(waiting).queryByRole("button", { name: /Sjekk inn/ })).toBeNull();

    fireEvent.change(screen.getByLabelText("Søk etter navn eller ordrenummer"), { target: { value: "siri" } });
    expect(screen.getAllByRole("article").map((card) => card.querySelector("h3")?.textContent)).toEqual(["Ola Nordmann, Siri Nordmann"]);
    expect(screen.getByRole("heading", { name: "1 treff" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Søk etter navn eller ordrenummer"), { target: { value: "bbbb22" } });
    expect(screen.getAllByRole("article")).toHaveLength(1);
    expect(screen.getByRole("article", { name: "Lise Hansen" })).toBeTruthy();
  });

  it("checks a participant in, says so in the live region, counts it, and undoes it on the same button", async () => {
    const state = server();
    render(<EventDoor slug="gradering-desember" />);
    const card = await screen.findByRole("article", { name: "Ola Nordmann, Siri Nordmann" });
    fireEvent.click(within(card).getByRole("button", { name: "Sjekk inn Siri Nordmann" }));
    expect(actionResult()).toBe("Sjekket inn Siri Nordmann.");
    await waitFor(() => expect(card.textContent).toMatch(/Sjekket inn [^A-Z]*10\.05 av Dora Dør/));
    expect(screen.getByTestId("event-door-count").textContent).toBe("1 av 3 sjekket inn");
    expect(state.actions).toEqual([{ actionId: expect.stringMatching(/^[0-9a-f-]{36}$/), orderId: "GR26-AAAA11-1", position: 1 }]);

    fireEvent.click(within(card).getByRole("button", { name: "Angre innsjekking av Siri Nordmann" }));
    expect(actionResult()).toBe("Angret innsjekking av Siri Nordmann.");
    expect(screen.getByTestId("event-door-count").textContent).toBe("0 av 3 sjekket inn");
    await waitFor(() => expect(state.actions).toHaveLength(2));
    expect(state.actions[1]).toEqual({ actionId: expect.any(String), orderId: "GR26-AAAA11-1", position: 1, undo: true });
    expect(state.actions[1]!.actionId).not.toBe(state.actions[0]!.actionId);
    await waitFor(() => expect(screen.getByText("Alt er sendt.")).toBeTruthy());
  });

  it("with no network keeps the check-in and the undo on the phone, counts them, and sends each once when the network is back", async () => {
    const state = server();
    const { unmount } = render(<EventDoor slug="gradering-desember" />);
    let card = await screen.findByRole("article", { name: "Ola Nordmann, Siri Nordmann" });
    state.online = false;
    fireEvent.click(within(card).getByRole("button", { name: "Sjekk inn Ola Nordmann" }));
    fireEvent.click(within(card).getByRole("button", { name: "Sjekk inn Siri Nordmann" }));
    fireEvent.click(within(card).getByRole("button", { name: "Angre innsjekking av Siri Nordmann" }));
    await waitFor(() => expect(screen.getByText("3 handlinger venter på nett")).toBeTruthy());
    expect(card.textContent).toContain("Sjekket inn (venter på nett)");
    expect(card.textContent).toContain("Angret (venter på nett)");
    expect(screen.getByTestId("event-door-count").textContent).toBe("1 av 3 sjekket inn");

    // The tab is thrown away and opened again, still with no network: the list and what waits are on the phone.
    unmount();
    render(<EventDoor slug="gradering-desember" />);
    card = await screen.findByRole("article", { name: "Ola Nordmann, Siri Nordmann" });
    expect(screen.getByText("3 handlinger venter på nett")).toBeTruthy();
    expect(screen.getByTestId("event-door-count").textContent).toBe("1 av 3 sjekket inn");
    expect(state.actions).toEqual([]);

    state.online = true;
    window.dispatchEvent(new Event("online"));
    await waitFor(() => expect(screen.getByText("Alt er sendt.")).toBeTruthy());
    expect(state.actions.map((action) => [action.position, action.undo ?? false])).toEqual([
      [0, false],
      [1, false],
      [1, true],
    ]);
    expect(new Set(state.actions.map((action) => action.actionId)).size).toBe(3);
    expect(screen.getByTestId("event-door-count").textContent).toBe("1 av 3 sjekket inn");
    expect(card.textContent).toMatch(/Sjekket inn [^A-Z]*10\.05 av Dora Dør/);
    expect(localStorage.getItem(eventDoorLocalKeys.queue)).toBeNull();
  });

  it("opened for the first time with no network, says the list must be fetched once with a network", async () => {
    const state = server();
    state.online = false;
    render(<EventDoor slug="gradering-desember" />);
    expect((await screen.findByRole("alert")).textContent).toMatch(/^Fikk ikke kontakt med serveren, og lista over deltakere er ikke hentet/);
  });

  it("a sale: shows the order's lines and marks it picked up with «Hentet», counted «hentet»", async () => {
    const entry: EventDoorList["entries"][number] = {
      orderId: "SA26-DDDD44-4",
      status: "confirmed",
      contactName: "Kari Klubbtøy",
      charged: 200,
      paid: 200,
      outstanding: 0,
      persons: [],
      items: ["1 × T-skjorte (M)"],
      pickedUp: null,
    };
    const list: EventDoorList = {
      event: { slug: "klubbtoy", kind: "salg", title: "Klubbtøy", firstDay: "2026-12-01", lastDay: "2026-12-20" },
      fetchedAt: "2026-12-12T09:00:00.000Z",
      keepUntil: "2099-01-01T00:00:00.000Z",
      counts: { done: 0, expected: 1 },
      entries: [entry],
    };
    const sent: EventDoorAction[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.startsWith("/api/ArrangementInnsjekk/Get/klubbtoy/")) return new Response(JSON.stringify(list));
        const action = JSON.parse(String(init?.body)) as EventDoorAction;
        sent.push(action);
        const pickedUp = action.undo ? null : { at: "2026-12-12T09:05:00.000Z", by: "Dora Dør" };
        return new Response(JSON.stringify({ duplicate: false, entry: { ...entry, pickedUp }, counts: { done: pickedUp ? 1 : 0, expected: 1 } }));
      }),
    );
    render(<EventDoor slug="klubbtoy" />);
    const card = await screen.findByRole("article", { name: "Kari Klubbtøy" });
    expect(card.textContent).toContain("1 × T-skjorte (M)");
    expect(card.textContent).toContain("Betalt");
    expect(screen.getByTestId("event-door-count").textContent).toBe("0 av 1 hentet");
    fireEvent.click(within(card).getByRole("button", { name: /^Hentet\s+– ordre SA26-DDDD44-4$/ }));
    expect(screen.getByTestId("event-door-count").textContent).toBe("1 av 1 hentet");
    expect(actionResult()).toBe("Ordre SA26-DDDD44-4 er hentet.");
    await waitFor(() => expect(card.textContent).toMatch(/Hentet [^A-Z]*10\.05 av Dora Dør/));
    expect(sent).toEqual([{ actionId: expect.any(String), orderId: "SA26-DDDD44-4" }]);
    expect(within(card).getByRole("button", { name: "Angre hentet for ordre SA26-DDDD44-4" })).toBeTruthy();
  });
});
