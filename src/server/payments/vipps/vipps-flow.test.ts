import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../test-support/database.ts";
import { campAdminToken, draft, postRegistration } from "../../test-support/camp.ts";
import { signWebhook } from "./vipps-signature.ts";
import { vippsWebhookPath } from "./vipps-routes.ts";
import type { VippsPayments } from "./vipps-payments.ts";
import {
  actOnLanding,
  checkStatus,
  mailCount,
  moneyActionNames,
  paymentRows,
  reconcile,
  registrationStatus,
  startVippsPayment,
  submitLanding,
  useVippsCampSuite,
} from "../../test-support/vipps.ts";

describe.each(databaseKinds)("Vipps payments with the simulator on %s", (kind) => {
  const suite = useVippsCampSuite(kind, new Date("2026-10-15T10:00:00Z"));
  const advance = (ms: number) => {
    suite.now = new Date(suite.now.getTime() + ms);
  };

  /** The payer opens the landing link and presses "Godkjenn betalingen". */
  const approveOnLanding = async (redirectUrl: string) => {
    const res = await actOnLanding(suite.app, redirectUrl, "approve");
    expect(res.statusCode).toBe(303);
    await suite.sim.settled();
    return res;
  };

  it("pay → approve on the landing page → webhook confirms, one e-mail, then capture", async () => {
    const paying = await startVippsPayment(suite.app);
    expect(paying.redirectUrl).toMatch(/^https:\/\/klubb\.example\/vipps-sim\/landing\?reference=VL26-[A-Z2-9]{6}-1&token=/);
    expect(await registrationStatus(suite.app, paying.registrationId)).toMatchObject({ status: "pending_payment" });
    expect(await mailCount(suite.app)).toBe(0);
    expect(await checkStatus(suite.app, paying.orderId)).toBe("");

    const landing = await suite.app.inject({ url: new URL(paying.redirectUrl).pathname + new URL(paying.redirectUrl).search });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toMatch(/kr 1\s080,00/u);
    expect(landing.body).toContain(`Vinterleir 2026, ordre ${paying.orderId}`);
    expect(landing.headers["content-security-policy"]).toContain("default-src 'none'");

    const approved = await approveOnLanding(paying.redirectUrl);
    expect(approved.headers.location).toBe(`https://klubb.example/vipps/${paying.orderId}`);
    expect(await registrationStatus(suite.app, paying.registrationId)).toMatchObject({ status: "confirmed" });
    expect(await mailCount(suite.app)).toBe(1);
    expect(await checkStatus(suite.app, paying.orderId)).toBe("RESERVED");

    await reconcile(suite.service);
    const [payment] = await paymentRows(suite.app, paying.registrationId);
    expect(payment).toMatchObject({
      vippsState: "AUTHORIZED",
      state: "captured",
      authorizedAmount: 1080,
      capturedAmount: 1080,
      refundedAmount: 0,
      settle: null,
      nextCheckAt: null,
    });
    expect(suite.sim.payments.get(paying.reference)!.aggregate.capturedAmount.value).toBe(108000);
    expect(await moneyActionNames(suite.app)).toEqual(["vipps-authorized", "vipps-captured"]);

    // A retried submission of the same draft changes nothing and answers Done.
    const again = await postRegistration(suite.app, paying.body);
    expect(again.body).toBe("Done");
    expect(await mailCount(suite.app)).toBe(1);

    // Public list shows the confirmed participant.
    const list = await suite.app.inject({ url: "/api/VinterleirUsers/Get" });
    expect(list.json()).toHaveLength(1);
  });

  it("the test endpoint approves like Vipps's test environment", async () => {
    const paying = await startVippsPayment(suite.app);
    const token = await suite.service["client" as keyof VippsPayments];
    expect(token).toBeDefined();
    const client = suite.app.vipps!.service["options" as keyof VippsPayments] as unknown as {
      client: { forceApprove: (r: string, b: object) => Promise<void> };
    };
    await client.client.forceApprove(paying.reference, { customer: { phoneNumber: "4791234567" } });
    await suite.sim.settled();
    expect(await checkStatus(suite.app, paying.orderId)).toBe("RESERVED");
  });

  it("abort → CANCELLED, never a participant; 'Prøv igjen' cancels and paying again uses a new reference", async () => {
    const paying = await startVippsPayment(suite.app);
    const abort = await actOnLanding(suite.app, paying.redirectUrl, "abort");
    expect(abort.statusCode).toBe(303);
    await suite.sim.settled();
    expect(await checkStatus(suite.app, paying.orderId)).toBe("CANCELLED");
    expect((await suite.app.inject({ url: "/api/VinterleirUsers/Get" })).json()).toHaveLength(0);

    const cancel = await suite.app.inject({ method: "POST", url: `/api/Vipps/Cancel/${paying.orderId}` });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({ orderId: paying.orderId, status: "CANCELLED" });

    const retry = await postRegistration(suite.app, paying.body);
    expect(retry.body).toContain(`reference=${paying.orderId}-2&`);
    await approveOnLanding(retry.body);
    expect(await checkStatus(suite.app, paying.orderId)).toBe("RESERVED");
    await reconcile(suite.service);
    const rows = await paymentRows(suite.app, paying.registrationId);
    expect(rows.map((row) => [row.reference, row.state])).toEqual([
      [`${paying.orderId}-1`, "aborted"],
      [`${paying.orderId}-2`, "captured"],
    ]);
    expect(await mailCount(suite.app)).toBe(1);
  });

  it("'Prøv igjen' on an open attempt terminates it at Vipps too", async () => {
    const paying = await startVippsPayment(suite.app);
    const cancel = await suite.app.inject({ method: "POST", url: `/api/Vipps/Cancel/${paying.orderId}` });
    expect(cancel.json()).toEqual({ orderId: paying.orderId, status: "CANCELLED" });
    expect(suite.sim.payments.get(paying.reference)!.state).toBe("TERMINATED");
    // The landing page can no longer approve it.
    const link = new URL(paying.redirectUrl).searchParams;
    const late = await submitLanding(suite.app, "approve", { reference: link.get("reference")!, token: link.get("token")! });
    expect(late.statusCode).toBe(200);
    expect(late.body).toContain("kan ikke endres");
    expect(await registrationStatus(suite.app, paying.registrationId)).toMatchObject({ status: "pending_payment" });
  });

  it("Cancel never releases an authorized payment", async () => {
    const paying = await startVippsPayment(suite.app);
    await suite.sim.settled();
    suite.sim.webhookMode = "drop";
    suite.sim.approve(paying.reference);
    const cancel = await suite.app.inject({ method: "POST", url: `/api/Vipps/Cancel/${paying.orderId}` });
    expect(cancel.json()).toEqual({ orderId: paying.orderId, status: "RESERVED" });
    expect(suite.sim.payments.get(paying.reference)!.aggregate.cancelledAmount.value).toBe(0);
    expect(await registrationStatus(suite.app, paying.registrationId)).toMatchObject({ status: "confirmed" });
  });

  it("switching to card/cash after an aborted Vipps attempt confirms with card/cash and one e-mail", async () => {
    const paying = await startVippsPayment(suite.app);
    suite.sim.abort(paying.reference);
    await suite.sim.settled();
    const res = await postRegistration(suite.app, { ...paying.body, vipps: false });
    expect(res.body).toBe("Done");
    expect(await registrationStatus(suite.app, paying.registrationId)).toEqual({ status: "confirmed", vipps: false });
    const rows = await paymentRows(suite.app, paying.registrationId);
    expect(rows.map((row) => [row.method, row.state])).toEqual([
      ["vipps", "aborted"],
      ["card_cash", "unpaid"],
    ]);
    expect(await mailCount(suite.app)).toBe(1);
  });

  it("switching to card/cash while the attempt is still open terminates it at Vipps first", async () => {
    const paying = await startVippsPayment(suite.app);
    const res = await postRegistration(suite.app, { ...paying.body, vipps: false });
    expect(res.body).toBe("Done");
    expect(suite.sim.payments.get(paying.reference)!.state).toBe("TERMINATED");
    expect(await registrationStatus(suite.app, paying.registrationId)).toEqual({ status: "confirmed", vipps: false });
  });

  it("expired at Vipps → REJECTED (by the test control and by time)", async () => {
    const first = await startVippsPayment(suite.app);
    const control = await suite.app.inject({ method: "POST", url: `/vipps-sim/control/payments/${first.reference}/expire` });
    expect(control.statusCode).toBe(200);
    await suite.sim.settled();
    expect(await checkStatus(suite.app, first.orderId)).toBe("REJECTED");

    const second = await startVippsPayment(suite.app);
    suite.sim.webhookMode = "drop";
    advance(11 * 60_000);
    await reconcile(suite.service);
    const [row] = await paymentRows(suite.app, second.registrationId);
    expect(row).toMatchObject({ vippsState: "EXPIRED", state: "expired", nextCheckAt: null });
    expect(await checkStatus(suite.app, second.orderId)).toBe("REJECTED");
    expect(await registrationStatus(suite.app, second.registrationId)).toMatchObject({ status: "pending_payment" });
    expect(await mailCount(suite.app)).toBe(0);
  });

  it("a lost webhook and a closed browser: the reconciliation job confirms, captures and queues one e-mail", async () => {
    const paying = await startVippsPayment(suite.app);
    await suite.sim.settled();
    suite.sim.webhookMode = "drop";
    suite.sim.approve(paying.reference);
    await suite.sim.settled();
    expect(await registrationStatus(suite.app, paying.registrationId)).toMatchObject({ status: "pending_payment" });
    advance(6_000);
    await reconcile(suite.service);
    expect(await registrationStatus(suite.app, paying.registrationId)).toMatchObject({ status: "confirmed" });
    const [row] = await paymentRows(suite.app, paying.registrationId);
    expect(row).toMatchObject({ state: "captured", capturedAmount: 1080, nextCheckAt: null });
    expect(await mailCount(suite.app)).toBe(1);
    advance(60_000);
    await reconcile(suite.service);
    expect(await mailCount(suite.app)).toBe(1);
  });

  it("duplicate webhooks change nothing twice", async () => {
    const paying = await startVippsPayment(suite.app);
    suite.sim.webhookMode = "duplicate";
    suite.sim.approve(paying.reference);
    await suite.sim.settled();
    await reconcile(suite.service);
    await suite.sim.settled();
    expect(await mailCount(suite.app)).toBe(1);
    expect(await moneyActionNames(suite.app)).toEqual(["vipps-authorized", "vipps-captured"]);
    expect(suite.sim.payments.get(paying.reference)!.events.filter((event) => event.name === "CAPTURED")).toHaveLength(1);
    expect(suite.sim.deliveries.filter((d) => d.event.name === "AUTHORIZED")).toHaveLength(2);
  });

  it("out-of-order webhooks (CREATED after AUTHORIZED) leave the payment authorized", async () => {
    suite.sim.webhookMode = "out-of-order";
    const paying = await startVippsPayment(suite.app);
    suite.sim.approve(paying.reference);
    await suite.sim.settled();
    suite.sim.webhookMode = "normal";
    const [row] = await paymentRows(suite.app, paying.registrationId);
    expect(row!.vippsState).toBe("AUTHORIZED");
    const order = suite.sim.deliveries.map((d) => d.event.name);
    expect(order).toEqual(["AUTHORIZED", "CREATED"]);
    expect(await mailCount(suite.app)).toBe(1);
  });

  it("forged, unsigned and tampered webhooks get 401 and change nothing", async () => {
    const paying = await startVippsPayment(suite.app);
    await suite.sim.settled();
    suite.sim.webhookMode = "drop";
    suite.sim.approve(paying.reference); // approved at Vipps, but nobody told us
    const url = `https://klubb.example${vippsWebhookPath}`;
    const event = {
      msn: "123456",
      reference: paying.reference,
      pspReference: "1",
      name: "AUTHORIZED",
      amount: { currency: "NOK", value: 108000 },
      timestamp: suite.now.toISOString(),
      success: true,
    };
    const body = JSON.stringify(event);
    const send = (headers: Record<string, string>, payload = body) =>
      suite.app.inject({ method: "POST", url: vippsWebhookPath, headers: { ...headers, "content-type": "application/json" }, payload });

    expect((await send({})).statusCode).toBe(401);
    expect((await send(signWebhook({ secret: "not-the-secret", url, body, date: suite.now }))).statusCode).toBe(401);
    const signed = signWebhook({ secret: "not-the-secret", url, body, date: suite.now });
    expect((await send({ ...signed, authorization: signed.authorization.replace(/Signature=.*/, "Signature=AAAA") })).statusCode).toBe(401);
    // Right secret, but another body than the one signed.
    const secret = (suite.sim as unknown as { webhooks: Map<string, { secret: string }> }).webhooks.values().next().value!.secret;
    const good = signWebhook({ secret, url, body, date: suite.now });
    expect((await send(good, body.replace("AUTHORIZED", "ABORTED"))).statusCode).toBe(401);
    expect(await registrationStatus(suite.app, paying.registrationId)).toMatchObject({ status: "pending_payment" });
    const [row] = await paymentRows(suite.app, paying.registrationId);
    expect(row!.vippsState).toBe("CREATED");

    // The genuine one is accepted, and the state still comes from Vipps.
    expect((await send(good)).statusCode).toBe(200);
    expect(await registrationStatus(suite.app, paying.registrationId)).toMatchObject({ status: "confirmed" });
  });

  it("a webhook signed more than 5 minutes from our clock (either way), or without a readable date, gets 401 and changes nothing", async () => {
    const paying = await startVippsPayment(suite.app);
    await suite.sim.settled();
    suite.sim.webhookMode = "drop";
    suite.sim.approve(paying.reference);
    const url = `https://klubb.example${vippsWebhookPath}`;
    const event = {
      msn: "123456",
      reference: paying.reference,
      pspReference: "1",
      name: "AUTHORIZED",
      amount: { currency: "NOK", value: 108000 },
      timestamp: suite.now.toISOString(),
      success: true,
    };
    const body = JSON.stringify(event);
    const secret = (suite.sim as unknown as { webhooks: Map<string, { secret: string }> }).webhooks.values().next().value!.secret;
    const send = (date: Date | string) =>
      suite.app.inject({
        method: "POST",
        url: vippsWebhookPath,
        headers: { ...signWebhook({ secret, url, body, date }), "content-type": "application/json" },
        payload: body,
      });
    const minutes = (n: number) => new Date(suite.now.getTime() + n * 60_000);

    for (const date of [minutes(-6), minutes(6), "", "ikke en dato", "Invalid Date"]) {
      expect((await send(date)).statusCode, `signed date «${String(date)}»`).toBe(401);
    }
    expect(await registrationStatus(suite.app, paying.registrationId)).toMatchObject({ status: "pending_payment" });
    expect((await paymentRows(suite.app, paying.registrationId))[0]!.vippsState).toBe("CREATED");

    // Four minutes of clock drift is fine.
    expect((await send(minutes(-4))).statusCode).toBe(200);
    expect(await registrationStatus(suite.app, paying.registrationId)).toMatchObject({ status: "confirmed" });
  });

  it("create answering 500 and 429 is retried with the same Idempotency-Key; one payment at Vipps", async () => {
    suite.sim.addFault({ operation: "create", status: 500, count: 1 });
    suite.sim.addFault({ operation: "create", status: 429, count: 1 });
    const paying = await startVippsPayment(suite.app);
    const creates = suite.sim.requests.filter((r) => r.operation === "create" && r.url.endsWith("/payments"));
    expect(creates).toHaveLength(3);
    expect(new Set(creates.map((r) => r.headers["idempotency-key"]))).toEqual(new Set([`create-${paying.reference}`]));
    expect(suite.sim.payments.size).toBe(1);
  });

  it("create done at Vipps but the answer lost (500 after, timeout): the retry gets the same payment", async () => {
    suite.sim.addFault({ operation: "create", status: 500, count: 1, when: "after" });
    const first = await startVippsPayment(suite.app);
    expect(suite.sim.payments.size).toBe(1);
    suite.sim.addFault({ operation: "create", status: 0, delayMs: 400, count: 1 });
    const second = await startVippsPayment(suite.app);
    expect(second.reference).toBe(`${second.orderId}-1`);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(suite.sim.payments.size).toBe(2);
    expect(first.reference).not.toBe(second.reference);
  });

  it("create failing for good: 503 to the browser, the registration is kept, and the retried draft pays", async () => {
    suite.sim.addFault({ operation: "create", status: 500, count: 4 });
    const body = draft({ vipps: true });
    const failed = await postRegistration(suite.app, body);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error).toContain("Vipps svarer ikke");
    const retried = await postRegistration(suite.app, body);
    expect(retried.statusCode).toBe(200);
    expect(retried.body).toMatch(/reference=VL26-[A-Z2-9]{6}-1&/);
    expect(suite.sim.payments.size).toBe(1);
  });

  it("capture answering 500/429, or done but unanswered, never captures twice", async () => {
    const paying = await startVippsPayment(suite.app);
    suite.sim.addFault({ operation: "capture", status: 429, count: 1 });
    suite.sim.addFault({ operation: "capture", status: 500, count: 1, when: "after" });
    await approveOnLanding(paying.redirectUrl);
    await reconcile(suite.service);
    const p = suite.sim.payments.get(paying.reference)!;
    expect(p.events.filter((e) => e.name === "CAPTURED")).toHaveLength(1);
    expect(p.aggregate.capturedAmount.value).toBe(108000);
    const [row] = await paymentRows(suite.app, paying.registrationId);
    expect(row).toMatchObject({ state: "captured", capturedAmount: 1080, settle: null });
  });

  it("capture down for a while: retried later by the reconciliation job, once", async () => {
    const paying = await startVippsPayment(suite.app);
    suite.sim.addFault({ operation: "capture", status: 500, count: 8 });
    await approveOnLanding(paying.redirectUrl);
    await reconcile(suite.service);
    let [row] = await paymentRows(suite.app, paying.registrationId);
    expect(row).toMatchObject({ state: "authorized", settle: "capture" });
    expect(row!.lastError).toContain("HTTP 500");
    expect(row!.nextCheckAt!.getTime()).toBeGreaterThan(suite.now.getTime());
    suite.sim.clearFaults();
    advance(31_000);
    await reconcile(suite.service);
    [row] = await paymentRows(suite.app, paying.registrationId);
    expect(row).toMatchObject({ state: "captured", settle: null, lastError: null });
    expect(suite.sim.payments.get(paying.reference)!.events.filter((e) => e.name === "CAPTURED")).toHaveLength(1);
    expect(await mailCount(suite.app)).toBe(1);
  });

  it("the access token is renewed before expiry and after a 401", async () => {
    await startVippsPayment(suite.app);
    const tokens = () => suite.sim.requests.filter((r) => r.operation === "token").length;
    expect(tokens()).toBe(1);
    await startVippsPayment(suite.app);
    expect(tokens()).toBe(1);
    suite.sim.revokeTokens();
    await startVippsPayment(suite.app);
    expect(tokens()).toBe(2);
    advance(3600_000);
    await startVippsPayment(suite.app);
    expect(tokens()).toBe(3);
  });

  describe("refunds by the camp admin", () => {
    const paidAndCaptured = async () => {
      const paying = await startVippsPayment(suite.app);
      await approveOnLanding(paying.redirectUrl);
      await reconcile(suite.service);
      return paying;
    };
    const refund = async (registrationId: number, body: object) => {
      const token = await campAdminToken(suite.app);
      return suite.app.inject({ method: "POST", url: `/api/VinterleirAdmin/Refund/${registrationId}/${token}`, payload: body });
    };

    it("full before midnight 21 November (Oslo), through Vipps, logged", async () => {
      const paying = await paidAndCaptured();
      const token = await campAdminToken(suite.app);
      const view = await suite.app.inject({ url: `/api/VinterleirAdmin/Payments/${paying.registrationId}/${token}` });
      expect(view.json().refund).toMatchObject({ captured: 1080, refunded: 0, max: 1080, suggested: 1080, rule: "full" });
      const res = await refund(paying.registrationId, { alreadyRefunded: 0 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ kind: "refunded", amount: 1080, payment: { state: "refunded", refunded: 1080 } });
      expect(suite.sim.payments.get(paying.reference)!.aggregate.refundedAmount.value).toBe(108000);
      const after = await suite.app.inject({ url: `/api/VinterleirAdmin/Payments/${paying.registrationId}/${token}` });
      const logged = after.json().actions.map((a: { action: string; actor: string }) => `${a.actor}:${a.action}`);
      // The capture, made by the reconciliation job, is logged once by whichever applies it first: the job's own
      // capture answer or Vipps's CAPTURED webhook.
      expect([logged[0], logged[2]]).toEqual(["vipps-webhook:vipps-authorized", "leirsjef:refund-requested"]);
      expect(["reconciliation:vipps-captured", "vipps-webhook:vipps-captured"]).toContain(logged[1]);
      // The refund is applied once, by whichever comes first: the refund call's answer or Vipps's webhook.
      expect(logged.slice(3)).toHaveLength(1);
      expect(["leirsjef:vipps-refunded", "vipps-webhook:vipps-refunded"]).toContain(logged[3]);
      // A second click with the stale total is refused; nothing more is refunded.
      const again = await refund(paying.registrationId, { alreadyRefunded: 0 });
      expect(again.statusCode).toBe(409);
    });

    it("half after the deadline, an explicit override, and never above what was captured", async () => {
      const paying = await paidAndCaptured();
      suite.now = new Date("2026-11-22T10:00:00Z");
      const half = await refund(paying.registrationId, {});
      expect(half.json()).toMatchObject({ kind: "refunded", amount: 540 });
      const tooMuch = await refund(paying.registrationId, { amount: 600 });
      expect(tooMuch.statusCode).toBe(400);
      const override = await refund(paying.registrationId, { amount: 100, alreadyRefunded: 540 });
      expect(override.json()).toMatchObject({ kind: "refunded", amount: 100, payment: { refunded: 640 } });
    });

    it("refund answering 500 after doing it, or failing for a while: refunded exactly once", async () => {
      const paying = await paidAndCaptured();
      suite.sim.addFault({ operation: "refund", status: 500, count: 1, when: "after" });
      const first = await refund(paying.registrationId, { amount: 200 });
      expect(first.json()).toMatchObject({ kind: "refunded", amount: 200 });
      suite.sim.addFault({ operation: "refund", status: 500, count: 6 });
      const second = await refund(paying.registrationId, { amount: 300 });
      expect(second.statusCode).toBe(202);
      expect(second.json()).toMatchObject({ kind: "pending", amount: 300, payment: { pendingRefund: 300 } });
      const blocked = await refund(paying.registrationId, { amount: 300 });
      expect(blocked.statusCode).toBe(409);
      suite.sim.clearFaults();
      advance(31_000);
      await reconcile(suite.service);
      const p = suite.sim.payments.get(paying.reference)!;
      expect(p.events.filter((e) => e.name === "REFUNDED").map((e) => e.amount.value)).toEqual([20000, 30000]);
      const [row] = await paymentRows(suite.app, paying.registrationId);
      expect(row).toMatchObject({ refundedAmount: 500, pendingRefundKey: null });
    });

    it("needs the admin token", async () => {
      const paying = await paidAndCaptured();
      const res = await suite.app.inject({ method: "POST", url: `/api/VinterleirAdmin/Refund/${paying.registrationId}/wrong`, payload: {} });
      expect(res.statusCode).toBe(401);
      expect(suite.sim.payments.get(paying.reference)!.aggregate.refundedAmount.value).toBe(0);
    });
  });

  it("an unknown order id is 404 on status and cancel", async () => {
    expect((await suite.app.inject({ url: "/api/Vipps/CheckIfVippsOk/VL26-XXXXXX" })).statusCode).toBe(404);
    expect((await suite.app.inject({ method: "POST", url: "/api/Vipps/Cancel/VL26-XXXXXX" })).statusCode).toBe(404);
  });
});
