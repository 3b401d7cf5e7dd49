// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { CampPaymentDetails } from "../../../shared/payments/vipps-payment.ts";
import { calls, mockApi } from "../../test-support/mock-api.ts";
import { VippsPayments } from "./VippsPayments.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const details = (refunded: number): CampPaymentDetails => ({
  registrationId: 4,
  orderId: "VL26-BBBB22",
  payments: [
    {
      reference: "VL26-BBBB22-1",
      method: "vipps",
      state: "captured",
      vippsState: "AUTHORIZED",
      status: "RESERVED",
      amount: 1200,
      authorized: 1200,
      captured: 1200,
      refunded,
      cancelled: 0,
      pendingRefund: null,
      lastError: null,
      createdAt: "2026-10-01T10:00:00Z",
    },
  ],
  actions: refunded
    ? [{ reference: "VL26-BBBB22-1", actor: "admin", action: "refund", amount: refunded, at: "2026-10-02T10:00:00Z", note: null }]
    : [],
  refund: { reference: "VL26-BBBB22-1", captured: 1200, refunded, max: 1200 - refunded, suggested: 600, fullRefundUntil: "2026-11-01", rule: "half" },
});

describe("VippsPayments", () => {
  it("refunds only after «Ja, refunder», and Avbryt sends nothing", async () => {
    mockApi({
      "/api/VinterleirAdmin/Payments/": [{ body: details(0) }, { body: details(0) }, { body: details(600) }],
      "/api/VinterleirAdmin/Refund/": [{ body: { ok: true } }],
    });
    render(<VippsPayments registrationId={4} token="tok" onUnauthorised={() => {}} />);
    fireEvent.click(await screen.findByRole("button", { name: "Refunder med Vipps" }));
    const confirm = screen.getByRole("group", { name: /Refundere 600\s*kr med Vipps\?/ });
    expect(document.activeElement).toBe(within(confirm).getByRole("button", { name: "Avbryt" }));
    fireEvent.click(within(confirm).getByRole("button", { name: "Avbryt" }));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Refunder med Vipps" }));
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Refunder med Vipps" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Ja, refunder" })));
    expect(calls.filter((call) => call.method === "POST").map((call) => call.url)).toEqual(["/api/VinterleirAdmin/Refund/4/tok"]);
    expect(await screen.findByText("Refundert.")).toBeTruthy();
    expect(screen.queryByRole("group")).toBeNull();
  });

  it("keeps the confirmation open and reads out the server's reason when the refund fails", async () => {
    mockApi({
      "/api/VinterleirAdmin/Payments/": [{ body: details(0) }],
      "/api/VinterleirAdmin/Refund/": [{ status: 409, body: { error: "Noen har refundert i mellomtiden." } }],
    });
    render(<VippsPayments registrationId={4} token="tok" onUnauthorised={() => {}} />);
    fireEvent.click(await screen.findByRole("button", { name: "Refunder med Vipps" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Ja, refunder" })));
    expect((await screen.findByRole("alert")).textContent).toBe("Noen har refundert i mellomtiden.");
    expect(screen.getByRole("button", { name: "Ja, refunder" })).toBeTruthy();
  });
});
