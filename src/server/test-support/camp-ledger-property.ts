/**
 * The money ledger under random sequences against the server (through app.inject and the Vipps simulator):
 * register (one athlete or a group), pay with Vipps (webhooks on time, twice, lost or late), add and cancel
 * companions, grading on and off (for a home-club child, for whom cup grading costs money), pay what a
 * change added, cancel an athlete, the leader's cancel, the leader adding and removing a companion, door payments, refunds Vipps
 * accepts or refuses, and the full-refund deadline passing. After every step the invariants hold. A short run
 * by default; LEDGER_RUNS sets how many sequences (CI runs 1 000 per database).
 *
 * One test file per database (src/server/camp/camp-ledger-pglite.property.test.ts and camp-ledger-postgres.property.test.ts):
 * the deep pass's longest work, so Vitest's two workers take a database each instead of one worker both.
 */
import fc from "fast-check";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { athletePerson, ledgerFigures, ledgerItems, sumFigures, type LedgerEntry } from "../../shared/camp/camp-ledger.ts";
import { campRefund } from "../../shared/camp/camp-pricing.ts";
import type { Database, DatabaseKind } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventPayments } from "../db/schema/events-money.ts";
import { campPaymentColumns } from "../payments/camp-payment-rows.ts";
import { createTestDatabase } from "./database.ts";
import { campAdminToken, clearCampTables, companion, draft, postRegistration, sibling, type TestApp } from "./camp.ts";
import { buildVippsTestApp, reconcile } from "./vipps.ts";
import type { VippsPayments } from "../payments/vipps/vipps-payments.ts";
import { SimError } from "../payments/vipps/vipps-simulator-problems.ts";
import type { VippsSimulator } from "../payments/vipps/vipps-simulator.ts";
import { campEditionOfYear } from "../camp/camp-edition-lookup.ts";
import { readLedgers } from "../camp/camp-ledger-store.ts";
import { createSubmissionLink as createPersonalLink } from "../camp/camp-personal-link.ts";
import { readCampCompanions } from "../camp/camp-companion-rows.ts";

const runs = Number(process.env.LEDGER_RUNS ?? 3);
/** A home-club child with a cup grade, young enough for cup grading: the grading fee is charged. */
const gradingChild = { age: 10, clubId: 29, gradeId: 3 };

type Step =
  | { kind: "register"; vipps: boolean; group: boolean; companion: boolean; gradingChild: boolean }
  | { kind: "approve"; pick: number; webhook: "normal" | "drop" | "duplicate" }
  | { kind: "reconcile" }
  | { kind: "add-companion"; pick: number }
  | { kind: "cancel-companion"; pick: number; which: number }
  | { kind: "grading"; pick: number; on: boolean }
  | { kind: "pay-outstanding"; pick: number; webhook: "normal" | "drop" | "duplicate" }
  | { kind: "cancel-athlete"; pick: number; refusedByVipps: boolean }
  | { kind: "leader-cancel"; pick: number }
  | { kind: "leader-add-companion"; pick: number }
  | { kind: "leader-remove-companion"; pick: number; which: number }
  | { kind: "door"; pick: number; amount: number; cash: boolean }
  | { kind: "deadline-passes" };

const pick = fc.nat(20);
const webhook = fc.constantFrom("normal" as const, "drop" as const, "duplicate" as const);
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("register" as const),
      vipps: fc.boolean(),
      group: fc.boolean(),
      companion: fc.boolean(),
      gradingChild: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("approve" as const), pick, webhook }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("reconcile" as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("add-companion" as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("cancel-companion" as const), pick, which: fc.nat(3) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("grading" as const), pick, on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("pay-outstanding" as const), pick, webhook }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cancel-athlete" as const), pick, refusedByVipps: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("leader-cancel" as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("leader-add-companion" as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("leader-remove-companion" as const), pick, which: fc.nat(3) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("door" as const), pick, amount: fc.integer({ min: 1, max: 3000 }), cash: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deadline-passes" as const) }) },
);

/** The property on one kind of database, as a describe block of the test file that calls it. */
export function describeLedgerProperty(kind: DatabaseKind): void {
  describe(`the money ledger under random sequences on ${kind}`, () => {
    ledgerProperty(kind);
  });
}

function ledgerProperty(kind: DatabaseKind): void {
  let database: Database;
  let app: TestApp;
  let sim: VippsSimulator;
  let service: VippsPayments;
  let admin: string;
  let now = new Date("2026-11-10T10:00:00Z");

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app, sim, service } = await buildVippsTestApp(database, () => now, { timeoutMs: 150 }));
    admin = await campAdminToken(app);
  });
  afterAll(async () => {
    await sim.settled();
    await app.close();
    await database.close();
  });

  const registrationIds = async () =>
    (await app.db.select({ id: campRegistrations.id }).from(campRegistrations).orderBy(campRegistrations.id)).map((row) => row.id);
  const choose = async (index: number) => {
    const ids = await registrationIds();
    return ids.length === 0 ? undefined : ids[index % ids.length];
  };
  /** A link for the registration's submission, aimed at that registration (a group's link opens them all). */
  const linkOf = async (registrationId: number) => {
    const [row] = await app.db.select({ orderId: campRegistrations.orderId }).from(campRegistrations).where(eq(campRegistrations.id, registrationId));
    return `${await createPersonalLink(app.db, registrationId, now)}?orderId=${row!.orderId}`;
  };
  const openVipps = async (registrationId: number, kindOf: "registration" | "change") => {
    const rows = await app.db
      .select(campPaymentColumns)
      .from(eventPayments)
      .where(eq(eventPayments.orderId, registrationId))
      .orderBy(eventPayments.id);
    return rows.reverse().find((row) => row.method === "vipps" && row.kind === kindOf && sim.payments.get(row.reference)?.state === "CREATED");
  };
  const approve = async (reference: string, mode: "normal" | "drop" | "duplicate") => {
    sim.webhookMode = mode;
    try {
      sim.approve(reference);
    } catch (error) {
      // Too late to approve (the payment expired at Vipps while the clock moved on): nothing happens.
      if (!(error instanceof SimError && error.status === 400)) throw error;
    }
    await sim.settled();
    sim.webhookMode = "normal";
  };
  const ledgers = async () => readLedgers(app.db, await registrationIds());

  async function checkInvariants() {
    await sim.settled();
    const all = await ledgers();
    const entries: LedgerEntry[] = [...all.values()].flat();
    // Refunded ≤ captured, per payment: in the ledger and at Vipps.
    const byPayment = new Map<number, { in: number; out: number }>();
    for (const entry of entries) {
      if (entry.paymentId === null) continue;
      const sums = byPayment.get(entry.paymentId) ?? { in: 0, out: 0 };
      if (entry.kind === "payment") sums.in += entry.amount;
      if (entry.kind === "refund") sums.out += entry.amount;
      byPayment.set(entry.paymentId, sums);
    }
    for (const sums of byPayment.values()) expect(sums.out).toBeLessThanOrEqual(sums.in);
    for (const payment of sim.payments.values())
      expect(payment.aggregate.refundedAmount.value).toBeLessThanOrEqual(payment.aggregate.capturedAmount.value);
    // Money in − money out = the sum of the balances the screens show; the admin's totals and the treasurer
    // agree with each other and with the sum over the orders.
    const sum = sumFigures([...all.values()].map(ledgerFigures));
    const totals = (await app.inject({ url: `/api/VinterleirAdmin/Totals/${admin}` })).json();
    const treasurer = (await app.inject({ url: `/api/VinterleirAdmin/Treasurer/${admin}` })).json();
    for (const key of ["paid", "refunded", "net"] as const) {
      expect(totals[key]).toBe(sum[key]);
      expect(treasurer[key]).toBe(sum[key]);
    }
    // Each person's row says what came in and what went back for that person; the rows add up to the ledgers.
    const persons = (await app.inject({ url: `/api/VinterleirAdmin/Get/${admin}` })).json() as { paid: number; refunded: number }[];
    expect(persons.reduce((total, person) => total + person.paid, 0)).toBe(sum.paid);
    expect(persons.reduce((total, person) => total + person.refunded, 0)).toBe(sum.refunded);
    expect(sum.credit).toBe(0);
  }

  /**
   * What was paid for a person before a cancellation; the refund may be at most the rule on it. A
   * cancellation first captures a reservation Vipps holds (settleNow), so the rule applies to money that came in.
   */
  async function paidFor(registrationId: number, person: string | null, item?: string) {
    await service.settleNow(registrationId).catch(() => undefined);
    await sim.settled();
    const entries = (await ledgers()).get(registrationId) ?? [];
    return ledgerItems(entries)
      .filter((line) => line.item !== "cancellation-fee" && (person === null || line.person === person) && (item === undefined || line.item === item))
      .reduce((sum, line) => sum + line.paid, 0);
  }

  /**
   * Carries out one step; false when it found nothing to act on (no registration yet, no open Vipps payment,
   * no companion), so the state is the one the last check saw and the invariants are not checked again.
   */
  async function run(step: Step): Promise<boolean> {
    switch (step.kind) {
      case "register": {
        // Cup grading is charged for a home-club child with a cup grade; an adult from another club grades for free.
        const athlete = step.gradingChild ? gradingChild : {};
        const overrides = {
          ...athlete,
          ...(step.companion ? { hasLedsager: true, ledsagere: [companion()] } : {}),
          ...(step.group ? { siblings: [sibling()] } : {}),
        };
        const res = await postRegistration(app, draft({ vipps: step.vipps, ...overrides }));
        expect(res.statusCode).toBeLessThan(500);
        return true;
      }
      case "approve": {
        const id = await choose(step.pick);
        const open = id === undefined ? undefined : await openVipps(id, "registration");
        if (!open) return false;
        await approve(open.reference, step.webhook);
        return true;
      }
      case "reconcile":
        await reconcile(service);
        return true;
      case "add-companion": {
        const id = await choose(step.pick);
        if (id === undefined) return false;
        const res = await app.inject({
          method: "POST",
          url: `/api/MinPamelding/AddCompanion/${await linkOf(id)}`,
          payload: { ...companion({ firstName: `L${randomUUID().slice(0, 4)}` }), alreadyRegistered: false },
        });
        expect(res.statusCode).toBeLessThan(500);
        return true;
      }
      case "cancel-companion": {
        const id = await choose(step.pick);
        if (id === undefined) return false;
        const companions = await readCampCompanions(app.db, id);
        const target = companions[step.which % Math.max(1, companions.length)];
        if (!target) return false;
        const person = `companion-${target.id}`;
        const before = await paidFor(id, person);
        const res = await app.inject({ method: "POST", url: `/api/MinPamelding/Cancel/${await linkOf(id)}`, payload: { person } });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode === 200 && res.json().changed) {
          const edition = await campEditionOfYear(app.db, 2026);
          expect(res.json().refund).toBeLessThanOrEqual(campRefund(before, edition, now));
          // An unpaid addition never gives money back.
          if (before === 0) expect(res.json().refund).toBe(0);
        }
        return true;
      }
      case "grading": {
        const id = await choose(step.pick);
        if (id === undefined) return false;
        const before = step.on ? 0 : await paidFor(id, athletePerson, "grading");
        const res = await app.inject({ method: "POST", url: `/api/MinPamelding/Grading/${await linkOf(id)}`, payload: { gradering: step.on } });
        expect(res.statusCode).toBeLessThan(500);
        if (!step.on && res.statusCode === 200 && res.json().changed) {
          expect(res.json().refund).toBeLessThanOrEqual(campRefund(before, await campEditionOfYear(app.db, 2026), now));
          // Grading switched on, not paid, and off again: nothing comes back.
          if (before === 0) expect(res.json().refund).toBe(0);
        }
        return true;
      }
      case "pay-outstanding": {
        const id = await choose(step.pick);
        if (id === undefined) return false;
        const res = await app.inject({ method: "POST", url: `/api/MinPamelding/Pay/${await linkOf(id)}` });
        expect(res.statusCode).toBeLessThan(500);
        const open = await openVipps(id, "change");
        if (res.statusCode === 200 && open) await approve(open.reference, step.webhook);
        return true;
      }
      case "cancel-athlete": {
        const id = await choose(step.pick);
        if (id === undefined) return false;
        const before = await paidFor(id, null);
        if (step.refusedByVipps) sim.addFault({ operation: "refund", status: 400, count: 1 });
        const res = await app.inject({ method: "POST", url: `/api/MinPamelding/Cancel/${await linkOf(id)}`, payload: { person: "athlete" } });
        sim.clearFaults();
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode === 200 && res.json().changed)
          expect(res.json().refund).toBeLessThanOrEqual(campRefund(before, await campEditionOfYear(app.db, 2026), now));
        return true;
      }
      case "leader-cancel": {
        const id = await choose(step.pick);
        if (id === undefined) return false;
        const before = await paidFor(id, null);
        const res = await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${id}/${admin}` });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode === 200 && res.json().changed)
          expect(res.json().refundDue).toBeLessThanOrEqual(campRefund(before, await campEditionOfYear(app.db, 2026), now));
        return true;
      }
      case "leader-add-companion": {
        const id = await choose(step.pick);
        if (id === undefined) return false;
        const before = ledgerFigures((await ledgers()).get(id) ?? []);
        const res = await app.inject({
          method: "POST",
          url: `/api/VinterleirAdmin/AddCompanion/${id}/${admin}`,
          payload: { ...companion({ id: randomUUID(), firstName: `L${randomUUID().slice(0, 4)}` }), alreadyRegistered: false },
        });
        expect(res.statusCode).toBeLessThan(500);
        // An addition is owed, never paid by itself: money in stays what it was.
        if (res.statusCode === 200) expect(ledgerFigures((await ledgers()).get(id) ?? []).paid).toBe(before.paid);
        return true;
      }
      case "leader-remove-companion": {
        const id = await choose(step.pick);
        if (id === undefined) return false;
        const companions = await readCampCompanions(app.db, id);
        const target = companions[step.which % Math.max(1, companions.length)];
        if (!target) return false;
        const before = await paidFor(id, `companion-${target.id}`);
        const res = await app.inject({
          method: "POST",
          url: `/api/VinterleirAdmin/RemoveCompanion/${id}/${admin}`,
          payload: { companionId: target.id },
        });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode === 200 && res.json().changed) {
          expect(res.json().refund).toBeLessThanOrEqual(campRefund(before, await campEditionOfYear(app.db, 2026), now));
          // An unpaid addition removed by the leader never gives money back.
          if (before === 0) expect(res.json().refund).toBe(0);
        }
        return true;
      }
      case "door": {
        const id = await choose(step.pick);
        if (id === undefined) return false;
        const { outstanding } = ledgerFigures((await ledgers()).get(id) ?? []);
        const res = await app.inject({
          method: "POST",
          url: `/api/VinterleirAdmin/CheckIn/Action/${admin}`,
          payload: {
            actionId: randomUUID(),
            kind: "payment",
            personId: `a${id}`,
            amount: step.amount,
            method: step.cash ? "cash" : "card",
            day: "2026-11-28",
          },
        });
        expect(res.statusCode).toBeLessThan(500);
        // Never more than is left.
        if (step.amount > outstanding) expect(res.statusCode).toBeGreaterThanOrEqual(400);
        return true;
      }
      case "deadline-passes":
        now = new Date("2026-11-24T10:00:00Z");
        // A camp admin's sign-in lasts a day.
        admin = await campAdminToken(app);
        return true;
    }
  }

  it(
    "keeps every krone accounted for after every step",
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 10 }), async (steps) => {
          await clearCampTables(database);
          sim.reset();
          now = new Date("2026-11-10T10:00:00Z");
          admin = await campAdminToken(app);
          for (const step of steps) {
            if (await run(step)) await checkInvariants();
          }
        }),
        {
          numRuns: runs,
          // Always among the runs: grading switched on for a home-club child, not paid, and off again; a group's member.
          examples: [
            [
              [
                { kind: "register", vipps: false, group: false, companion: false, gradingChild: true },
                { kind: "grading", pick: 0, on: true },
                { kind: "grading", pick: 0, on: false },
                { kind: "register", vipps: true, group: false, companion: true, gradingChild: true },
                { kind: "approve", pick: 1, webhook: "normal" },
                { kind: "grading", pick: 1, on: true },
                { kind: "deadline-passes" },
                { kind: "grading", pick: 1, on: false },
              ],
            ],
            // The leader adds a companion to a Vipps order, the family pays it, the leader removes it after the deadline.
            [
              [
                { kind: "register", vipps: true, group: false, companion: false, gradingChild: false },
                { kind: "approve", pick: 0, webhook: "normal" },
                { kind: "leader-add-companion", pick: 0 },
                { kind: "leader-remove-companion", pick: 0, which: 0 },
                { kind: "leader-add-companion", pick: 0 },
                { kind: "pay-outstanding", pick: 0, webhook: "duplicate" },
                { kind: "deadline-passes" },
                { kind: "leader-remove-companion", pick: 0, which: 1 },
              ],
            ],
            // A Vipps group's athlete cancelled by the leader before the family approves; a companion added and
            // cancelled on another order; 1 kr at the door.
            [
              [
                { kind: "register", vipps: true, group: true, companion: false, gradingChild: false },
                { kind: "leader-cancel", pick: 0 },
                { kind: "approve", pick: 0, webhook: "normal" },
                { kind: "leader-add-companion", pick: 3 },
                { kind: "cancel-companion", pick: 3, which: 0 },
                { kind: "door", pick: 0, amount: 1, cash: false },
              ],
            ],
            // A group's second athlete cancelled after the first paid 1 kr at the door: the refund is the second's.
            [
              [
                { kind: "register", vipps: false, group: true, companion: false, gradingChild: false },
                { kind: "door", pick: 0, amount: 1, cash: false },
                { kind: "cancel-athlete", pick: 1, refusedByVipps: false },
              ],
            ],
          ],
        },
      );
    },
    Math.max(600_000, runs * 1000),
  ); // a limit against hangs: about a second per sequence on a loaded machine
}
