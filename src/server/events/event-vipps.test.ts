import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { eventPayments } from "../db/schema/events-money.ts";
import { campAdminToken, countRows } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { createPublished, grading, order, participant, postOrder, sale } from "../test-support/events.ts";
import { actOnLanding, buildVippsTestApp, checkStatus } from "../test-support/vipps.ts";

const now = new Date("2026-11-26T12:00:00Z");

describe.each(databaseKinds)("event orders paid with Vipps on %s", (kind) => {
  let database: Database;
  let built: Awaited<ReturnType<typeof buildVippsTestApp>>;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    built = await buildVippsTestApp(database, () => now, { timeoutMs: 500 });
    token = await campAdminToken(built.app);
  });
  afterAll(async () => {
    await built.sim.settled();
    await built.app.close();
    await database.close();
  });

  const participants = async (slug: string) => (await built.app.inject({ url: `/api/ArrangementAdmin/Participants/${slug}/${token}` })).json();

  it("a grading paid with Vipps: confirmed when reserved, captured into the ledger, the order known as a grading", async () => {
    const { app } = built;
    await createPublished(app, token, "gradering-desember", grading());
    const res = await postOrder(app, "gradering-desember", order({ vipps: true, participants: [participant()] }));
    expect(res.statusCode).toBe(200);
    const redirect = new URL(res.body);
    const reference = redirect.searchParams.get("reference")!;
    const orderId = reference.replace(/-\d+$/, "");
    expect(orderId).toMatch(/^GR26-/);
    expect(await checkStatus(app, orderId)).toBe("");
    expect((await participants("gradering-desember"))[0]).toMatchObject({ status: "pending_payment", charged: 350, paid: 0 });

    await actOnLanding(app, res.body, "approve");
    await built.sim.settled();
    await app.vipps!.service.reconcileOnce();
    expect(await checkStatus(app, orderId)).toBe("RESERVED");
    expect((await participants("gradering-desember"))[0]).toMatchObject({ status: "confirmed", charged: 350, paid: 350, outstanding: 0 });
    const view = await app.inject({ url: `/api/Arrangement/Order/${orderId}` });
    expect(view.json()).toEqual({ orderId, kind: "gradering", title: "Cupgradering desember", itemName: null });
    // Each amount that moved, logged once in the payments' money log, as the camp's are.
    const actions = await database.db.execute<{ action: string; amount: number }>(
      sql`select a.action, a.amount from event_payment_actions a join event_payments p on p.id = a.payment_id where p.reference = ${reference} order by a.id`,
    );
    expect(actions.rows).toEqual([
      { action: "vipps-authorized", amount: 350 },
      { action: "vipps-captured", amount: 350 },
    ]);
    // The confirmation is rendered when the outbox sends it: the pass the payment kicked is waited for.
    await app.outbox.drain();
    const mail = await database.db.execute<{ subject: string }>(sql`select subject from mail_outbox`);
    expect(mail.rows.map((row) => row.subject)).toEqual([`Gradering: Cupgradering desember – ordre ${orderId}`]);
    // The camp's calls still answer for camp orders: an unknown camp order id is theirs to refuse.
    expect((await app.inject({ url: "/api/Vipps/CheckIfVippsOk/VL26-ZZZZZZ" })).statusCode).toBe(404);
    // The leader cancels the order: the money is owed back, and the result page no longer says it is reserved.
    expect((await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Cancel/${orderId}/${token}`, payload: {} })).statusCode).toBe(200);
    expect(await checkStatus(app, orderId)).toBe("CANCELLED");
  });

  it("a reservation left authorized and not captured, with nothing to settle (as written before the one Vipps service), is taken by the reconciliation job", async () => {
    const { app } = built;
    await createPublished(app, token, "gradering-januar", grading({ title: "Cupgradering januar" }));
    const res = await postOrder(app, "gradering-januar", order({ vipps: true, participants: [participant()] }));
    expect(res.statusCode).toBe(200);
    const reference = new URL(res.body).searchParams.get("reference")!;
    await actOnLanding(app, res.body, "approve");
    await built.sim.settled();
    await database.db
      .update(eventPayments)
      .set({ settle: null, nextCheckAt: new Date(now.getTime() - 1_000), claimedUntil: null })
      .where(eq(eventPayments.reference, reference));
    expect((await participants("gradering-januar"))[0]).toMatchObject({ status: "confirmed", paid: 0 });
    await app.vipps!.service.reconcileOnce();
    expect((await participants("gradering-januar"))[0]).toMatchObject({ status: "confirmed", charged: 350, paid: 350, outstanding: 0 });
    const [payment] = await database.db.select().from(eventPayments).where(eq(eventPayments.reference, reference));
    expect(payment).toMatchObject({ vippsState: "AUTHORIZED", capturedAmount: 350, settle: null, nextCheckAt: null });
  });

  it("a sale paid with Vipps that is aborted gives its stock back", async () => {
    const { app } = built;
    await createPublished(app, token, "klubbtoy", sale(1));
    const res = await postOrder(app, "klubbtoy", order({ vipps: true, items: [{ itemId: "t-skjorte", variant: "M", quantity: 1 }] }));
    expect(res.statusCode).toBe(200);
    const orderId = new URL(res.body).searchParams.get("reference")!.replace(/-\d+$/, "");
    expect((await postOrder(app, "klubbtoy", order({ items: [{ itemId: "t-skjorte", variant: "M", quantity: 1 }] }))).statusCode).toBe(409);
    await actOnLanding(app, res.body, "abort");
    await built.sim.settled();
    expect(await checkStatus(app, orderId)).toBe("CANCELLED");
    expect((await app.inject({ url: `/api/Arrangement/Order/${orderId}` })).json()).toMatchObject({ kind: "salg", itemName: "T-skjorte" });
    expect((await postOrder(app, "klubbtoy", order({ items: [{ itemId: "t-skjorte", variant: "M", quantity: 1 }] }))).body).toBe("Done");
    // The two gradings above, the aborted order, the new one.
    expect(await countRows(database, "event_orders")).toBe(4);
  });
});
