// @vitest-environment happy-dom
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { AdminPerson } from "../../../shared/camp/camp-lists.ts";
import type { LedgerHistoryEntry } from "../../../shared/camp/camp-ledger-history.ts";
import { calls, mockApi } from "../../test-support/mock-api.ts";
import { AdminDetails } from "./AdminDetails.tsx";
import { adminPerson } from "./admin-person.fixture.ts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Paid in full, with a companion paid at the door: the athlete's own row stays the same when the companion goes.
const athlete = adminPerson({ registrationId: 7, amount: 1200, paid: 1200, paymentState: "paid" });
const per = adminPerson({
  registrationId: 7,
  firstname: "Per",
  lastname: "Nordmann",
  isLedsager: true,
  isLedsagerForName: "Ola Nordmann",
  companionId: 41,
  amount: 550,
  paid: 550,
  paymentState: "paid",
});

const entry = (over: Partial<LedgerHistoryEntry>): LedgerHistoryEntry => ({
  at: "2026-11-10T09:00:00Z",
  actor: "e2e-admin",
  kind: "charge",
  personName: "Per Nordmann",
  item: "companion",
  method: null,
  amount: 550,
  reason: "Ledsager Per Nordmann lagt til av leirledelsen.",
  ...over,
});
const before = [entry({}), entry({ kind: "payment", personName: null, item: null, method: "card_cash", reason: "Markert som betalt" })];
const after = [...before, entry({ amount: -550, reason: "Ledsager Per Nordmann fjernet av leirledelsen." })];

/** The participants area as far as the details see it: `onChanged` reads the list again and passes it down. */
function Screen() {
  const [companions, setCompanions] = useState<AdminPerson[]>([per]);
  return (
    <AdminDetails
      person={{ ...athlete }}
      companions={companions}
      token="tok"
      onBack={() => {}}
      onChanged={async () => setCompanions([])}
      onUnauthorised={() => {}}
    />
  );
}

describe("AdminDetails: «Historikk»", () => {
  it("is read again when the leader removes a companion, though the athlete's own figures stay the same", async () => {
    mockApi({
      "/api/Club/Get": [{ body: [] }],
      "/api/Grade/Get": [{ body: [] }],
      "/api/VinterleirAdmin/Ledger/": [{ body: before }, { body: after }],
      "/api/VinterleirAdmin/RemoveCompanion/": [{ body: { changed: true, total: 1200, outstanding: 0, refund: 550 } }],
    });
    render(<Screen />);
    const history = await screen.findByRole("region", { name: "Historikk" });
    expect(await within(history).findByText(/Ledsager Per Nordmann lagt til av leirledelsen\./)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Fjern Per Nordmann" }));
    fireEvent.click(screen.getByRole("button", { name: "Ja, fjern" }));
    expect(await screen.findByText("Ingen ledsagere.")).toBeTruthy();
    expect(
      await within(screen.getByRole("region", { name: "Historikk" })).findByText(
        /Belastet: Ledsager \(Per Nordmann\), −550\skr – Ledsager Per Nordmann fjernet av leirledelsen\./,
      ),
    ).toBeTruthy();
    expect(calls.filter((call) => call.url === "/api/VinterleirAdmin/Ledger/7/tok")).toHaveLength(2);
  });
});
