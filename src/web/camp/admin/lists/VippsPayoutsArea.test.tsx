// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { VippsPayoutReport } from "../../../../shared/accounts/vipps-payouts.ts";
import type { AdminSession } from "../../../components/admin/AdminShell.tsx";
import { calls, mockApi } from "../../../test-support/mock-api.ts";
import { VippsPayoutsArea } from "./VippsPayoutsArea.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session: AdminSession = { token: "tok", signOut: () => {}, logOut: { busy: false, run: () => {} } };

const own = (reference: string, kind: "capture" | "refund", amount: number) => ({
  reference,
  kind,
  amount,
  at: "2026-10-15T10:00:00.000Z",
  ownerKind: "camp",
  orderId: 1,
});

const report = (readThrough: string | null): VippsPayoutReport => ({
  from: "2026-10-01",
  to: "2026-10-31",
  readThrough,
  payouts: readThrough
    ? [
        {
          payoutDate: "2026-10-16",
          ledgerDate: "2026-10-15",
          transferText: "Vipps utbet. 2000001 Vippsnr 123456",
          amount: 199542,
          captured: 216000,
          refunded: 10000,
          fees: 6458,
          net: 199542,
          matchedCount: 3,
          lines: [{ ...own("VL26-AAAA11-1", "capture", 108000), pspReference: "p1", fee: 3229, ledgerDate: "2026-10-15" }],
        },
      ]
    : [],
  notPaidOut: readThrough ? [] : [own("VL26-AAAA11-1", "capture", 108000)],
  unknownAtVipps: [],
  unknownToUs: readThrough ? [{ reference: "fremmed-1", pspReference: "p9", kind: "capture", amount: 5000, ledgerDate: "2026-10-15" }] : [],
});

describe("VippsPayoutsArea", () => {
  it("shows the payouts with fees and net, the unmatched lists, and reads from Vipps on demand", async () => {
    mockApi({
      "/api/Regnskap/Vipps/": [{ body: report(null) }, { body: report("2026-10-15") }],
      "/api/Regnskap/VippsRead/": [{ body: { datesRead: 1, readThrough: "2026-10-15" } }],
    });
    render(<VippsPayoutsArea session={session} />);
    expect(await screen.findByText("Ingen utbetalinger i perioden.")).toBeTruthy();
    const notPaidOut = screen.getByRole("list", { name: "Ikke utbetalt ennå" });
    expect(within(notPaidOut).getByText(/Betalt 1\s080\s*kr, VL26-AAAA11-1/)).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Hent fra Vipps nå" })));
    expect(calls.filter((call) => call.method === "POST").map((call) => call.url)).toEqual(["/api/Regnskap/VippsRead/tok"]);
    expect(await screen.findByText("Hentet 1 dag fra Vipps.")).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Utbetalinger" });
    const row = within(table).getByRole("row", { name: /16\. oktober 2026/ });
    expect(within(row).getByText(/64,58\s*kr/)).toBeTruthy();
    expect(within(row).getByText(/1\s995,42\s*kr/)).toBeTruthy();
    expect(within(row).getByText("3")).toBeTruthy();
    expect(within(screen.getByRole("list", { name: "Ukjent hos oss" })).getByText(/fremmed-1/)).toBeTruthy();
  });

  it("asks for the period anew with the dates chosen, and refuses a from after to without asking", async () => {
    mockApi({ "/api/Regnskap/Vipps/": [{ body: report(null) }] });
    render(<VippsPayoutsArea session={session} />);
    await screen.findByText("Ingen utbetalinger i perioden.");
    fireEvent.change(screen.getByLabelText("Fra"), { target: { value: "2026-10-20" } });
    fireEvent.change(screen.getByLabelText("Til"), { target: { value: "2026-10-10" } });
    fireEvent.click(screen.getByRole("button", { name: "Vis" }));
    expect(screen.getByRole("alert").textContent).toContain("fra-dato");
    fireEvent.change(screen.getByLabelText("Fra"), { target: { value: "2026-10-01" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Vis" })));
    expect(calls.at(-1)!.url).toBe("/api/Regnskap/Vipps/2026-10-01/2026-10-10/tok");
  });
});
