/**
 * A messy season through the API: a Vipps family of three with a companion, one athlete cancelled with a refund;
 * a card/cash registration paid at the door and refunded in cash; a grading order and a gear order. The admin
 * lists' rows carry each person's money, and the sums over them equal the treasurer's totals, with every booking
 * under the one method its money moved by.
 */
import { randomUUID } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AdminPerson, AdminTotals } from "../../shared/camp/camp-lists.ts";
import type { TreasurerSummary } from "../../shared/camp/camp-treasurer.ts";
import type { AdminParticipant, EventMoney } from "../../shared/events/event-api.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { events } from "../db/schema/events.ts";
import { appendEventEntries } from "../events/event-ledger.ts";
import { campAdminToken, companion, draft, postRegistration, sibling } from "../test-support/camp.ts";
import { databaseKinds } from "../test-support/database.ts";
import { clearEvents, createPublished, grading, order, participant, postOrder, sale } from "../test-support/events.ts";
import { actOnLanding, reconcile, startVippsPayment, useVippsCampSuite } from "../test-support/vipps.ts";

const moneyKeys = ["charged", "paid", "refunded", "refundOwed", "outstanding"] as const;

describe.each(databaseKinds)("a messy season's money on %s", (kind) => {
  // Before the full-refund deadline: a cancelled athlete gets all that was paid for them back.
  const suite = useVippsCampSuite(kind, new Date("2026-11-10T10:00:00Z"));
  const inject = (method: "GET" | "POST", url: string, payload?: object) => suite.app.inject({ method, url, ...(payload ? { payload } : {}) });

  it("every row carries its person's money, the rows add up to the treasurer's totals, and no booking is under two methods", async () => {
    const admin = await campAdminToken(suite.app);
    await clearEvents(suite.database, suite.app);

    // The Vipps family: three athletes, the first with a companion, one payment for all.
    const paying = await startVippsPayment(suite.app, {
      email: "familie@example.no",
      hasLedsager: true,
      ledsagere: [companion({ firstName: "Mona" })],
      siblings: [sibling({ firstName: "Siri" }), sibling({ firstName: "Per", age: 12 })],
    });
    expect((await actOnLanding(suite.app, paying.redirectUrl, "approve")).statusCode).toBe(303);
    await suite.sim.settled();
    await reconcile(suite.service);
    const family = await suite.app.db.select().from(campRegistrations).orderBy(asc(campRegistrations.id));
    expect(family.map((row) => row.status)).toEqual(["confirmed", "confirmed", "confirmed"]);
    const per = family.find((row) => row.firstName === "Per")!;
    expect((await inject("POST", `/api/VinterleirAdmin/Cancel/${per.id}/${admin}`)).statusCode).toBe(200);
    await suite.sim.settled();
    await reconcile(suite.service);

    // Card or cash: paid in full at the door in cash, then cancelled by the leader and paid back in cash.
    const door = draft({ firstName: "Dora", lastName: "Dørsen", email: "dora@example.no" });
    expect((await postRegistration(suite.app, door)).body).toBe("Done");
    const [dora] = await suite.app.db.select().from(campRegistrations).where(eq(campRegistrations.draftId, door.draftId));
    const doraList = (await inject("GET", `/api/VinterleirAdmin/Get/${admin}`)).json<AdminPerson[]>().find((p) => p.firstname === "Dora")!;
    const paid = await inject("POST", `/api/VinterleirAdmin/CheckIn/Action/${admin}`, {
      actionId: randomUUID(),
      day: "2026-11-28",
      kind: "payment",
      personId: `a${dora!.id}`,
      amount: doraList.outstanding,
      method: "cash",
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await inject("POST", `/api/VinterleirAdmin/Cancel/${dora!.id}/${admin}`)).statusCode).toBe(200);
    const owed = (await inject("GET", `/api/VinterleirAdmin/Treasurer/${admin}`)).json<TreasurerSummary>().refundsOwed;
    expect(owed).toEqual([expect.objectContaining({ registrationId: dora!.id, amount: doraList.outstanding })]);
    const back = await inject("POST", `/api/VinterleirAdmin/RefundPaid/${dora!.id}/${admin}`, {
      amount: doraList.outstanding,
      method: "cash",
      owedBefore: doraList.outstanding,
    });
    expect(back.statusCode, back.body).toBeLessThan(300);

    // The camp's rows against the treasurer's totals and the admin's.
    const people = (await inject("GET", `/api/VinterleirAdmin/Get/${admin}`)).json<AdminPerson[]>();
    const treasurer = (await inject("GET", `/api/VinterleirAdmin/Treasurer/${admin}`)).json<TreasurerSummary>();
    const totals = (await inject("GET", `/api/VinterleirAdmin/Totals/${admin}`)).json<AdminTotals>();
    const rowSum = (pick: (p: AdminPerson) => number) => people.reduce((sum, p) => sum + pick(p), 0);
    const sums = {
      charged: rowSum((p) => p.amount),
      paid: rowSum((p) => p.paid),
      refunded: rowSum((p) => p.refunded),
      refundOwed: rowSum((p) => p.refundOwed),
      outstanding: rowSum((p) => p.outstanding),
    };
    expect(sums).toEqual({
      charged: treasurer.charged,
      paid: treasurer.paid,
      refunded: treasurer.refunded,
      refundOwed: treasurer.refundOwed,
      outstanding: treasurer.outstanding,
    });
    for (const key of moneyKeys) expect(totals[key]).toBe(treasurer[key]);
    expect(treasurer.paid).toBeGreaterThan(0);
    expect(treasurer.refundOwed).toBe(0);

    // The cancelled people's rows show what they paid and what went back; those still coming got nothing back.
    const perRow = people.find((p) => p.firstname === "Per")!;
    expect(perRow.paid).toBeGreaterThan(0);
    expect(perRow).toMatchObject({ refunded: perRow.paid, refundOwed: 0, paidWith: ["vipps"], refundedWith: ["vipps"] });
    const doraRow = people.find((p) => p.firstname === "Dora")!;
    expect(doraRow).toMatchObject({ paid: doraList.outstanding, refunded: doraList.outstanding, paidWith: ["cash"], refundedWith: ["cash"] });
    const mona = people.find((p) => p.firstname === "Mona")!;
    expect(mona.paid).toBe(mona.amount);
    expect(mona).toMatchObject({ refunded: 0, paidWith: ["vipps"], refundedWith: [] });

    // One method per booking: the family under Vipps, Dora under Kontant; no «Kort/kontant» bucket beside them.
    expect(treasurer.byMethod.map((m) => [m.method, m.registrations])).toEqual([
      ["cash", 1],
      ["vipps", 3],
    ]);
    expect(treasurer.byMethod.reduce((sum, m) => sum + m.paid, 0)).toBe(treasurer.paid);
    expect(treasurer.byMethod.reduce((sum, m) => sum + m.refunded, 0)).toBe(treasurer.refunded);

    // A grading order paid by card at the door, and a gear order paid in cash and then cancelled by the leader.
    await createPublished(suite.app, admin, "gradering-desember", grading());
    const gradingOrder = await postOrder(
      suite.app,
      "gradering-desember",
      order({ participants: [participant({ firstName: "Ola" }), participant({ firstName: "Siri" })] }),
    );
    expect(gradingOrder.body).toBe("Done");
    await createPublished(suite.app, admin, "klubbtoy", sale(3));
    const gearOrder = await postOrder(
      suite.app,
      "klubbtoy",
      order({
        items: [
          { itemId: "t-skjorte", variant: "S", quantity: 2 },
          { itemId: "t-skjorte", variant: "M", quantity: 1 },
        ],
      }),
    );
    expect(gearOrder.body).toBe("Done");
    const eventIds = (
      await suite.app.db
        .select({ id: events.id })
        .from(events)
        .where(inArray(events.slug, ["gradering-desember", "klubbtoy"]))
    ).map((row) => row.id);
    const orders = await suite.app.db.select().from(eventOrders).where(inArray(eventOrders.eventId, eventIds)).orderBy(asc(eventOrders.id));
    expect(orders).toHaveLength(2);
    const [gradingRow, gearRow] = orders;
    const money = (orderId: number, method: string, amount: number) =>
      appendEventEntries(suite.app.db, [{ orderId, at: suite.now, actor: "test", reason: "Betalt ved oppmøte", kind: "payment", method, amount }]);
    await money(gradingRow!.id, "card", 350);
    await money(gearRow!.id, "cash", 600);
    const cancelled = await inject("POST", `/api/ArrangementAdmin/Cancel/${gearRow!.orderId}/${admin}`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    // Each event's rows add up to its treasurer's totals (GET …/Money), every order under the one method it paid by.
    const rows: AdminParticipant[] = [];
    for (const slug of ["gradering-desember", "klubbtoy"]) {
      const own = (await inject("GET", `/api/ArrangementAdmin/Participants/${slug}/${admin}`)).json<AdminParticipant[]>();
      const money = (await inject("GET", `/api/ArrangementAdmin/Money/${slug}/${admin}`)).json<EventMoney>();
      for (const key of moneyKeys) expect(own.reduce((sum, row) => sum + row[key], 0)).toBe(money[key]);
      expect(money.byMethod.reduce((sum, m) => sum + m.orders, 0)).toBe(1);
      rows.push(...own);
    }
    expect(rows).toHaveLength(4);
    // The grading's 350 kr paid for the first of two lands on one row, not on both.
    const gradingRows = rows.filter((row) => row.orderId === gradingRow!.orderId);
    expect(gradingRows.map((row) => [row.name, row.paid, row.outstanding, row.paidWith])).toEqual([
      ["Ola Nordmann", 350, 0, ["card"]],
      ["Siri Nordmann", 0, 350, []],
    ]);
    // The gear: paid in cash, everything owed back, each line its own.
    const gearRows = rows.filter((row) => row.orderId === gearRow!.orderId);
    expect(gearRows.map((row) => [row.paid, row.refundOwed])).toEqual([
      [400, 400],
      [200, 200],
    ]);
  });
});
