// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CheckInAction, CheckInHit } from "../../../shared/camp/camp-checkin.ts";
import type { DoorList } from "../../../shared/camp/door-list.ts";
import { campAdminToken } from "../admin/admin-token.ts";
import { CheckIn } from "./CheckInPage.tsx";
import { memoryListStore } from "../../components/door/door-list-store.ts";
import { doorLocalKeys } from "./door-store.ts";

const hit: CheckInHit = {
  registrationId: 5,
  orderId: "VL26-AAAA11",
  status: "confirmed",
  club: "Ski Taekwondo Klubb",
  amount: 1750,
  paid: 0,
  outstanding: 1750,
  persons: [
    {
      personId: "a5",
      name: "Ola Nordmann",
      isLedsager: false,
      age: 11,
      grade: "8. Cup (Gult)",
      gradering: true,
      sleepover: true,
      vegan: false,
      allergy: true,
      checkedIn: [],
    },
    {
      personId: "c9",
      name: "Kari Nordmann",
      isLedsager: true,
      age: 40,
      grade: null,
      gradering: false,
      sleepover: false,
      vegan: false,
      allergy: false,
      checkedIn: [],
    },
  ],
  doorPayments: [],
};

const codeHash = "0".repeat(64);
function doorListOf(current: CheckInHit, fetchedAt = "2026-11-28T13:32:00.000Z"): DoorList {
  const { persons, ...rest } = structuredClone(current);
  return {
    event: {
      key: "vinterleir-2026",
      name: "Vinterleir 2026",
      days: ["2026-11-28", "2026-11-29"],
      today: "2026-11-28",
      keepUntil: "2099-01-01T00:00:00.000Z",
    },
    fetchedAt,
    entries: [{ ...rest, persons: persons.map(({ age: _age, ...person }) => person), codeHash }],
  };
}

/** A server that can be cut off; it carries out each action id once, like the real one. */
function server() {
  const state = {
    online: true,
    actions: [] as CheckInAction[],
    hit: structuredClone(hit),
    refuse: undefined as string | undefined,
    loggedOut: false,
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!state.online) throw new TypeError("Failed to fetch");
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      if (url.startsWith("/api/VinterleirAdmin/CheckIn/DoorList/")) return json(doorListOf(state.hit));
      if (url.startsWith("/api/VinterleirAdmin/CheckIn/Search/")) return json({ hits: [state.hit], more: false });
      if (url.startsWith("/api/VinterleirAdmin/CheckIn/Code/")) return json({ error: "Ukjent QR-kode." }, 404);
      if (url.startsWith("/api/VinterleirAdmin/Logout/")) {
        state.loggedOut = true;
        return json({});
      }
      if (url.startsWith("/api/VinterleirAdmin/CheckIn/Action/") && state.refuse) return json({ error: state.refuse }, 409);
      if (url.startsWith("/api/VinterleirAdmin/CheckIn/Action/")) {
        const action = JSON.parse(String(init?.body)) as CheckInAction;
        const duplicate = state.actions.some((earlier) => earlier.actionId === action.actionId);
        state.actions.push(action);
        if (!duplicate && action.kind === "payment") {
          state.hit.paid += action.amount!;
          state.hit.outstanding -= action.amount!;
          state.hit.doorPayments.push({ actionId: action.actionId, amount: action.amount!, at: "2026-11-28T17:00:00.000Z", by: "leirsjef" });
        }
        if (!duplicate && action.kind === "checkin")
          state.hit.persons.find((person) => person.personId === action.personId)!.checkedIn.push(action.day!);
        return json({ actionId: action.actionId, duplicate, hit: state.hit });
      }
      throw new Error(`unexpected fetch ${url}`);
    }),
  );
  return state;
}

beforeEach(() => {
  localStorage.clear();
  campAdminToken.save("A".repeat(43));
});
afterEach(() => {
  campAdminToken.clear();
  vi.unstubAllGlobals();
});

async function findOla() {
  fireEvent.change(await screen.findByLabelText("Søk etter navn eller klubb"), { target: { value: "ola" } });
  fireEvent.click(screen.getByRole("button", { name: "Søk" }));
  return screen.findByRole("article", { name: "Ola Nordmann" });
}

describe("the check-in page", () => {
  it("shows a hit with companions, money, an allergy flag, sleepover and grading, and the day's count", async () => {
    server();
    render(<CheckIn />);
    const card = await findOla();
    expect(card.textContent).toContain("Kari Nordmann");
    expect(card.textContent).toContain("Ledsager");
    expect(card.textContent).toContain("Allergi – se kjøkkenlisten");
    expect(card.textContent).toContain("Overnatter");
    expect(card.textContent).toContain("Gradering");
    expect(card.textContent).toMatch(/Å betale1\s750\skr/);
    expect(card.textContent).toMatch(/Utestående1\s750\skr/);
    expect(screen.getByText(/Kommet:/).textContent).toBe("Kommet: 0 av 2");
    expect(screen.getByText("Alt er sendt.")).toBeTruthy();
  });

  it("keeps actions made offline as done, says how many wait, and sends each once when the network is back", async () => {
    const state = server();
    render(<CheckIn />);
    const card = await findOla();
    state.online = false;
    fireEvent.click(within(card).getByRole("button", { name: "Kontant – betalt for Ola Nordmann" }));
    expect(await screen.findByText("1 handling venter på nett")).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "Sjekk inn Kari Nordmann" }));
    expect(await screen.findByText("2 handlinger venter på nett")).toBeTruthy();
    // Shown as done here meanwhile.
    expect(card.textContent).toContain("Sjekket inn (venter på nett)");
    expect(card.textContent).toMatch(/Betalt1\s750\skr/);
    expect(within(card).getByRole("button", { name: "Angre innsjekking av Kari Nordmann" })).toBeTruthy();

    state.online = true;
    window.dispatchEvent(new Event("online"));
    expect(await screen.findByText("Alt er sendt.")).toBeTruthy();
    expect(state.actions.map((action) => action.kind)).toEqual(["payment", "checkin"]);
    expect(new Set(state.actions.map((action) => action.actionId)).size).toBe(2);
    expect(state.actions[0]).toMatchObject({ personId: "a5", amount: 1750, day: "2026-11-28", method: "cash" });
    await waitFor(() => expect(card.textContent).toContain("Sjekket inn"));
    expect(card.textContent).not.toContain("venter på nett");
    expect(localStorage.getItem("stk-innsjekk-venter")).toBeNull();
  });

  it("«Angre siste betaling» names the payment it takes back, also one still waiting for the network", async () => {
    const state = server();
    render(<CheckIn />);
    const card = await findOla();
    state.online = false;
    fireEvent.click(within(card).getByRole("button", { name: "Kontant – betalt for Ola Nordmann" }));
    fireEvent.click(await within(card).findByRole("button", { name: "Angre siste betaling for Ola Nordmann" }));
    expect(await screen.findByText("2 handlinger venter på nett")).toBeTruthy();
    state.online = true;
    window.dispatchEvent(new Event("online"));
    expect(await screen.findByText("Alt er sendt.")).toBeTruthy();
    const [payment, undo] = state.actions;
    expect(undo).toMatchObject({ kind: "undo-payment", personId: "a5", undoes: payment!.actionId });
  });

  it("says 'Ukjent QR-kode' for a code that is not a registration's, and for text that cannot be a code", async () => {
    server();
    render(<CheckIn />);
    const field = await screen.findByLabelText("Eller skriv inn koden fra e-posten");
    fireEvent.change(field, { target: { value: "ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345" } });
    fireEvent.click(screen.getByRole("button", { name: "Finn" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Ukjent QR-kode.");
    fireEvent.change(field, { target: { value: "hei" } });
    fireEvent.click(screen.getByRole("button", { name: "Finn" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Ukjent QR-kode.");
  });

  it("refuses an amount that is not whole kroner without queueing anything", async () => {
    server();
    render(<CheckIn />);
    const card = await findOla();
    fireEvent.change(within(card).getByLabelText("Beløp (kr)"), { target: { value: "12,5" } });
    fireEvent.click(within(card).getByRole("button", { name: "Kort – betalt for Ola Nordmann" }));
    expect(within(card).getByText("Beløpet må være et helt antall kroner, minst 1.")).toBeTruthy();
    expect(localStorage.getItem("stk-innsjekk-venter")).toBeNull();
  });

  it("refuses more than what is left to pay, with the server's words, without queueing anything", async () => {
    server();
    render(<CheckIn />);
    const card = await findOla();
    fireEvent.change(within(card).getByLabelText("Beløp (kr)"), { target: { value: "100000" } });
    fireEvent.click(within(card).getByRole("button", { name: "Kort – betalt for Ola Nordmann" }));
    expect(within(card).getByText("Det er bare 1750 kr igjen å betale. Skriv inn 1750 kr eller mindre.")).toBeTruthy();
    expect(localStorage.getItem("stk-innsjekk-venter")).toBeNull();
  });

  it("opened with no network, searches the list kept on the phone, says how old it is, and counts waiting check-ins in «Kommet»", async () => {
    const state = server();
    state.online = false;
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const store = memoryListStore<DoorList>(doorListOf(hit));
    render(<CheckIn listStore={store} />);
    // In Oslo time; with the day too, since the test does not run on the camp's day.
    expect(await screen.findByText(/^Lista er hentet (lørdag 28\. november )?kl\. 14\.32\.$/)).toBeTruthy();
    expect(screen.getByText(/Kommet:/).textContent).toBe("Kommet: 0 av 2");
    const card = await findOla();
    expect(screen.getByText(/Uten nett: søkt i lista på telefonen/)).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "Sjekk inn Ola Nordmann" }));
    expect(await screen.findByText("1 handling venter på nett")).toBeTruthy();
    expect(screen.getByText(/Kommet:/).textContent).toBe("Kommet: 1 av 2 (1 venter på nett)");
    // A name that is not on the list.
    fireEvent.change(screen.getByLabelText("Søk etter navn eller klubb"), { target: { value: "Ukjent Navnesen" } });
    fireEvent.click(screen.getByRole("button", { name: "Søk" }));
    expect(await screen.findByRole("heading", { name: "Ingen treff" })).toBeTruthy();
  });

  it("shows an action the server refused in a list of its own, and keeps it after a reload", async () => {
    const state = server();
    const store = memoryListStore<DoorList>();
    const { unmount } = render(<CheckIn listStore={store} />);
    const card = await findOla();
    state.refuse = "Det er ingenting igjen å betale på denne påmeldingen.";
    fireEvent.click(within(card).getByRole("button", { name: "Kort – betalt for Ola Nordmann" }));
    const refused = await screen.findByRole("region", { name: "Ikke registrert" });
    expect(refused.textContent).toMatch(/Betalt 1\s750\skr \(Kort\) for Ola Nordmann: Det er ingenting igjen å betale på denne påmeldingen\./);
    unmount();
    render(<CheckIn listStore={store} />);
    expect((await screen.findByRole("region", { name: "Ikke registrert" })).textContent).toContain("Ola Nordmann");
  });

  it("removes the list, the waiting actions and the refused ones from the phone at «Logg ut»", async () => {
    const state = server();
    const store = memoryListStore<DoorList>();
    render(<CheckIn listStore={store} />);
    const card = await findOla();
    await waitFor(async () => expect(await store.read()).toBeDefined());
    state.online = false;
    fireEvent.click(within(card).getByRole("button", { name: "Sjekk inn Ola Nordmann" }));
    expect(await screen.findByText("1 handling venter på nett")).toBeTruthy();
    localStorage.setItem(doorLocalKeys.refused, "[]");
    state.online = true;
    state.refuse = "nei";
    fireEvent.click(screen.getByRole("button", { name: "Logg ut" }));
    expect(await screen.findByLabelText("Brukernavn")).toBeTruthy();
    expect(state.loggedOut).toBe(true);
    await waitFor(async () => expect(await store.read()).toBeUndefined());
    for (const key of Object.values(doorLocalKeys)) expect(localStorage.getItem(key), key).toBeNull();
  });
  it("removes the list and what waits from the phone once the event is over", async () => {
    server().online = false;
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const over = doorListOf(hit);
    over.event.keepUntil = "2020-01-01T00:00:00.000Z";
    const store = memoryListStore<DoorList>(over);
    localStorage.setItem(
      doorLocalKeys.queue,
      JSON.stringify([{ actionId: "x", kind: "checkin", personId: "a5", day: "2026-11-28", registrationId: 5, label: "Sjekket inn Ola Nordmann" }]),
    );
    render(<CheckIn listStore={store} />);
    await waitFor(async () => expect(await store.read()).toBeUndefined());
    expect(localStorage.getItem(doorLocalKeys.queue)).toBeNull();
    expect(screen.queryByText(/Lista er hentet/)).toBeNull();
  });
});
