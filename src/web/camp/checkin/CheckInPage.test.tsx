// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CheckInAction, CheckInCounts, CheckInHit } from "../../../shared/camp/camp-checkin.ts";
import { campAdminToken } from "../admin/admin-token.ts";
import { CheckIn } from "./CheckInPage.tsx";

const counts: CheckInCounts = {
  year: 2026,
  today: "2026-11-28",
  days: [
    { day: "2026-11-28", arrived: 0, expected: 2 },
    { day: "2026-11-29", arrived: 0, expected: 2 },
  ],
};
const hit: CheckInHit = {
  registrationId: 5,
  orderId: "VL26-AAAA11",
  status: "confirmed",
  club: "Ski Taekwondo Klubb",
  amount: 1750,
  paid: 0,
  outstanding: 1750,
  persons: [
    { personId: "a5", name: "Ola Nordmann", isLedsager: false, age: 11, grade: "8. Cup (Gult)", gradering: true, sleepover: true, vegan: false, allergy: true, checkedIn: [] },
    { personId: "c9", name: "Kari Nordmann", isLedsager: true, age: 40, grade: null, gradering: false, sleepover: false, vegan: false, allergy: false, checkedIn: [] },
  ],
  doorPayments: [],
};

/** A server that can be cut off; it carries out each action id once, like the real one. */
function server() {
  const state = { online: true, actions: [] as CheckInAction[], hit: structuredClone(hit) };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!state.online) throw new TypeError("Failed to fetch");
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      if (url.startsWith("/api/VinterleirAdmin/CheckIn/Counts/")) return json(counts);
      if (url.startsWith("/api/VinterleirAdmin/CheckIn/Search/")) return json({ hits: [state.hit], more: false });
      if (url.startsWith("/api/VinterleirAdmin/CheckIn/Code/")) return json({ error: "Ukjent QR-kode." }, 404);
      if (url.startsWith("/api/VinterleirAdmin/CheckIn/Action/")) {
        const action = JSON.parse(String(init?.body)) as CheckInAction;
        const duplicate = state.actions.some((earlier) => earlier.actionId === action.actionId);
        state.actions.push(action);
        if (!duplicate && action.kind === "payment") {
          state.hit.paid += action.amount!;
          state.hit.outstanding -= action.amount!;
          state.hit.doorPayments.push({ actionId: action.actionId, amount: action.amount!, at: "2026-11-28T17:00:00.000Z", by: "leirsjef" });
        }
        if (!duplicate && action.kind === "checkin") state.hit.persons.find((person) => person.personId === action.personId)!.checkedIn.push(action.day!);
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
    expect(card.textContent).toMatch(/Totalt1\s750\skr/);
    expect(card.textContent).toMatch(/Å betale1\s750\skr/);
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
});
