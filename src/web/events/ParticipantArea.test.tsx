// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { AdminEvent, AdminParticipant } from "../../shared/events/event-api.ts";
import { calls, mockApi } from "../test-support/mock-api.ts";
import { adminParticipant } from "./admin-participant.fixture.ts";
import { ParticipantArea } from "./ParticipantArea.tsx";

const token = "leder-token";
const event: AdminEvent = {
  slug: "kurs-jul",
  kind: "kurs",
  title: "Julekurs",
  firstDay: "2026-12-19",
  lastDay: "2026-12-19",
  registrationOpensAt: "2026-11-01T07:00:00.000Z",
  published: true,
  phase: "upcoming",
  state: "open",
  participants: 2,
  waiting: 0,
  definition: null,
};
const row = (name: string, status: AdminParticipant["status"] = "confirmed") => adminParticipant({ name, status });

const answer = {
  orderId: "KU26-4F7K2Q",
  status: "cancelled",
  method: "card_cash",
  event: {
    slug: "kurs-jul",
    kind: "kurs",
    title: "Julekurs",
    firstDay: "2026-12-19",
    lastDay: "2026-12-19",
    venue: "",
    startTime: null,
    pickUp: "",
    ended: false,
  },
  contact: { firstName: "Kari", lastName: "Nordmann", email: "kari@example.no", telephone: "91234567" },
  participants: [],
  items: [],
  money: { charged: 0, paid: 0, outstanding: 0, refunded: 0, refundOwed: 0, kept: 0 },
  refundIfCancelled: 0,
  cancellable: false,
  changed: true,
  refund: 0,
};

const session = { token, signOut: vi.fn(), logOut: { busy: false, run: vi.fn() } };
const listPath = `/api/ArrangementAdmin/Participants/kurs-jul/${token}`;
const cancelPath = `/api/ArrangementAdmin/Cancel/KU26-4F7K2Q/${token}`;
const moneyPath = `/api/ArrangementAdmin/Money/kurs-jul/${token}`;
const money = (paid: number) => ({
  orders: 1,
  charged: 1400,
  paid,
  refunded: 0,
  refundOwed: 0,
  kept: 0,
  outstanding: 1400 - paid,
  net: paid,
  byMethod: paid > 0 ? [{ method: "cash", orders: 1, paid, refunded: 0 }] : [],
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the event admin's participant list", () => {
  it("offers «Avbestill» once per order, asks first, cancels through the leader's call and reads out the result", async () => {
    mockApi({
      [listPath]: [
        { body: [row("Ola Nordmann"), row("Per Nordmann")] },
        { body: [row("Ola Nordmann", "cancelled"), row("Per Nordmann", "cancelled")] },
      ],
      [moneyPath]: [{ body: money(700) }, { body: money(700) }],
      [cancelPath]: [{ body: { error: "Arrangementet er over, så det kan ikke avbestilles lenger." }, status: 409 }, { body: answer }],
    });
    render(<ParticipantArea event={event} session={session} />);
    // The event's totals from its ledgers, in the treasurer's words.
    const totals = (await screen.findByText("Utestående", { selector: "dt" })).closest("dl")!;
    expect(totals.textContent?.replace(/\s/g, " ")).toContain("Å betale1 400 kr");
    expect(totals.textContent?.replace(/\s/g, " ")).toContain("Betalt700 kr");
    const buttons = await screen.findAllByRole("button", { name: "Avbestill ordre KU26-4F7K2Q" });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]!);
    expect(screen.getByRole("group", { name: "Bekreft avbestilling av ordre KU26-4F7K2Q" }).textContent).toContain("Kari Nordmann");
    fireEvent.click(screen.getByRole("button", { name: "Ja, avbestill" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Arrangementet er over, så det kan ikke avbestilles lenger.");
    expect(calls.filter((call) => call.method === "POST").map((call) => call.url)).toEqual([cancelPath]);

    fireEvent.click(screen.getByRole("button", { name: "Ja, avbestill" }));
    const result = await screen.findByText("Ordre KU26-4F7K2Q er avbestilt. Familien får en e-post.");
    await waitFor(() => expect(document.activeElement).toBe(result));
    expect(screen.queryByRole("button", { name: "Avbestill ordre KU26-4F7K2Q" })).toBeNull();
    expect(screen.getAllByText("Avbestilt")).toHaveLength(2);
  });
});
