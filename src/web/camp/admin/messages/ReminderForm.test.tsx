// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { defaultReminder, type MessageLogEntry, type ReminderView } from "../../../../shared/messages/message.ts";
import type { AdminSession } from "../../../components/admin/AdminShell.tsx";
import { MessageLog } from "../../../components/admin/MessageLog.tsx";
import { calls, mockApi } from "../../../test-support/mock-api.ts";
import { ReminderForm } from "./ReminderForm.tsx";

const session: AdminSession = { token: "tok123", signOut: vi.fn(), logOut: { busy: false, run: vi.fn() } };

/** The 2026 camp's reminder (three days before 28 November: Wednesday 25 November 00.00 in Oslo) in a given state. */
const view = (change: Partial<ReminderView>): ReminderView => ({
  ...defaultReminder,
  sentMessageId: null,
  sendsAt: "2026-11-24T23:00:00.000Z",
  state: "planned",
  sentAt: null,
  recipients: null,
  campStartsAt: "2026-11-27T23:00:00.000Z",
  ...change,
});

/** The browser's clock pinned (only Date: the test library's timers run as usual). */
function pinClock(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(iso) });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderReminder(...answers: ReminderView[]) {
  mockApi({
    "/api/Melding/Reminder/": answers.map((body) => ({ body })),
    "/api/Melding/ReminderNow/": [{ body: view({ state: "sent", sentMessageId: 9, sentAt: "2026-11-26T09:12:00.000Z", recipients: 14 }) }],
  });
  render(<ReminderForm session={session} slug="vinterleir-2026" />);
}

describe("«Påminnelse før leiren» once its time has passed", () => {
  it("before its time: «Sendes av seg selv onsdag 25. november kl. 00.00»", async () => {
    pinClock("2026-11-20T10:00:00Z");
    renderReminder(view({}));
    expect(await screen.findByText(/^Sendes av seg selv onsdag 25\. november kl\. 00\.00 til alle påmeldte/)).toBeTruthy();
  });

  it("sent: when and to how many families, from the record of the sending", async () => {
    pinClock("2026-11-29T10:00:00Z");
    renderReminder(view({ state: "sent", sentMessageId: 9, sentAt: "2026-11-25T17:00:00.000Z", recipients: 14 }));
    expect(await screen.findByText(/^Sendt onsdag 25\. november kl\. 18\.00 til 14 familier/)).toBeTruthy();
    expect(screen.queryByText(/Sendes av seg selv/)).toBeNull();
  });

  it("not sent when the camp began (29 November): says so, that it will not be sent, and what the leader can do instead", async () => {
    pinClock("2026-11-29T10:00:00Z");
    renderReminder(view({ state: "missed" }));
    const text = await screen.findByText(/^Påminnelsen ble ikke sendt\./);
    expect(text.textContent).toContain("Den skulle gått onsdag 25. november kl. 00.00");
    expect(text.textContent).toContain("etter at leiren har begynt sendes den ikke");
    expect(text.textContent).toContain("skriv en melding over");
    expect(screen.queryByText(/Sendes av seg selv/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Send påminnelsen nå" })).toBeNull();
  });

  it("a date of another year than today's says its year", async () => {
    pinClock("2027-01-10T10:00:00Z");
    renderReminder(view({ state: "missed" }));
    expect((await screen.findByText(/^Påminnelsen ble ikke sendt\./)).textContent).toContain("onsdag 25. november 2026 kl. 00.00");
  });

  it("due and not yet sent (the server was down): «Send påminnelsen nå» sends it and says to how many", async () => {
    pinClock("2026-11-26T09:12:00Z");
    renderReminder(view({ state: "due" }), view({ state: "sent", sentMessageId: 9, sentAt: "2026-11-26T09:12:00.000Z", recipients: 14 }));
    expect((await screen.findByText(/^Tidspunktet \(onsdag 25\. november kl\. 00\.00\) er passert/)).textContent).toContain(
      "sendes av seg selv innen et minutt",
    );
    fireEvent.click(screen.getByRole("button", { name: "Send påminnelsen nå" }));
    expect(await screen.findByText("Påminnelsen er sendt til 14 familier.")).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST").map((call) => call.url)).toEqual(["/api/Melding/ReminderNow/vinterleir-2026/tok123"]);
    await waitFor(() => expect(screen.getByText(/^Sendt torsdag 26\. november kl\. 10\.12 til 14 familier/)).toBeTruthy());
  });
});

const planned = (change: Partial<MessageLogEntry>): MessageLogEntry => ({
  id: 4,
  segment: "all",
  day: null,
  subject: "Oppmøte lørdag",
  createdBy: "leder",
  createdAt: "2026-11-20T10:00:00.000Z",
  sendAt: "2026-11-25T17:00:00.000Z",
  queuedAt: null,
  recipients: 0,
  counts: { queued: 0, sent: 0, failed: 0 },
  attachment: null,
  cancelledAt: null,
  cancelledBy: null,
  timing: "waiting",
  families: [],
  ...change,
});

describe("a planned message in the log", () => {
  it("waiting: its time; missed: «Ikke sendt» with «Send nå» and «Avlys»", () => {
    pinClock("2026-11-29T10:00:00Z");
    const onSendNow = vi.fn();
    render(
      <MessageLog
        entries={[planned({ timing: "missed" }), planned({ id: 5, subject: "Takk for leiren", sendAt: "2026-12-01T17:00:00.000Z" })]}
        onCancel={vi.fn()}
        onSendNow={onSendNow}
        onRefresh={vi.fn()}
        busy={false}
      />,
    );
    expect(screen.getByText(/skulle gått onsdag 25\. november kl\. 18\.00, skrevet av leder/)).toBeTruthy();
    expect(screen.getByText(/^Ikke sendt\./).parentElement!.textContent).toContain("Ble ikke sendt: tidspunktet gikk uten at meldingen ble sendt");
    expect(screen.getByText(/sendes tirsdag 1\. desember kl\. 18\.00, skrevet av leder/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send «Oppmøte lørdag» nå" }));
    expect(onSendNow).toHaveBeenCalledWith(expect.objectContaining({ id: 4 }));
    expect(screen.getByRole("button", { name: "Avlys «Oppmøte lørdag»" })).toBeTruthy();
  });
});
