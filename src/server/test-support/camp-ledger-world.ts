/** The app, database and Vipps simulator one ledger property runs against, and what its steps and checks read of them. */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { ledgerFigures, ledgerItems, sumFigures, type LedgerEntry } from "../../shared/camp/camp-ledger.ts";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventPayments } from "../db/schema/events-money.ts";
import { campPaymentColumns } from "../payments/camp-payment-rows.ts";
import type { TestApp } from "./camp.ts";
import type { VippsPayments } from "../payments/vipps/vipps-payments.ts";
import { SimError } from "../payments/vipps/vipps-simulator-problems.ts";
import type { VippsSimulator } from "../payments/vipps/vipps-simulator.ts";
import { readLedgers } from "../camp/camp-ledger-store.ts";
import { createSubmissionLink as createPersonalLink } from "../camp/camp-personal-link.ts";

/** What the property's steps share: the clock (moved by «deadline-passes») and the camp admin's token. */
export interface LedgerWorld {
  database: Database;
  app: TestApp;
  sim: VippsSimulator;
  service: VippsPayments;
  admin: string;
  now: Date;
}

export const registrationIds = async (world: LedgerWorld) =>
  (await world.app.db.select({ id: campRegistrations.id }).from(campRegistrations).orderBy(campRegistrations.id)).map((row) => row.id);
export const choose = async (world: LedgerWorld, index: number) => {
  const ids = await registrationIds(world);
  return ids.length === 0 ? undefined : ids[index % ids.length];
};
/** A link for the registration's submission, aimed at that registration (a group's link opens them all). */
export const linkOf = async (world: LedgerWorld, registrationId: number) => {
  const [row] = await world.app.db
    .select({ orderId: campRegistrations.orderId })
    .from(campRegistrations)
    .where(eq(campRegistrations.id, registrationId));
  return `${await createPersonalLink(world.app.db, registrationId, world.now)}?orderId=${row!.orderId}`;
};
export const openVipps = async (world: LedgerWorld, registrationId: number, kindOf: "registration" | "change") => {
  const rows = await world.app.db
    .select(campPaymentColumns)
    .from(eventPayments)
    .where(eq(eventPayments.orderId, registrationId))
    .orderBy(eventPayments.id);
  return rows.reverse().find((row) => row.method === "vipps" && row.kind === kindOf && world.sim.payments.get(row.reference)?.state === "CREATED");
};
export const approve = async (world: LedgerWorld, reference: string, mode: "normal" | "drop" | "duplicate") => {
  world.sim.webhookMode = mode;
  try {
    world.sim.approve(reference);
  } catch (error) {
    // Too late to approve (the payment expired at Vipps while the clock moved on): nothing happens.
    if (!(error instanceof SimError && error.status === 400)) throw error;
  }
  await world.sim.settled();
  world.sim.webhookMode = "normal";
};
export const ledgers = async (world: LedgerWorld) => readLedgers(world.app.db, await registrationIds(world));

export async function checkInvariants(world: LedgerWorld) {
  await world.sim.settled();
  const all = await ledgers(world);
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
  for (const payment of world.sim.payments.values())
    expect(payment.aggregate.refundedAmount.value).toBeLessThanOrEqual(payment.aggregate.capturedAmount.value);
  // Money in − money out = the sum of the balances the screens show; the admin's totals and the treasurer
  // agree with each other and with the sum over the orders.
  const sum = sumFigures([...all.values()].map(ledgerFigures));
  const totals = (await world.app.inject({ url: `/api/VinterleirAdmin/Totals/${world.admin}` })).json();
  const treasurer = (await world.app.inject({ url: `/api/VinterleirAdmin/Treasurer/${world.admin}` })).json();
  for (const key of ["paid", "refunded", "net"] as const) {
    expect(totals[key]).toBe(sum[key]);
    expect(treasurer[key]).toBe(sum[key]);
  }
  // Each person's row says what came in and what went back for that person; the rows add up to the ledgers.
  const persons = (await world.app.inject({ url: `/api/VinterleirAdmin/Get/${world.admin}` })).json() as { paid: number; refunded: number }[];
  expect(persons.reduce((total, person) => total + person.paid, 0)).toBe(sum.paid);
  expect(persons.reduce((total, person) => total + person.refunded, 0)).toBe(sum.refunded);
  expect(sum.credit).toBe(0);
}

/**
 * What was paid for a person before a cancellation; the refund may be at most the rule on it. A
 * cancellation first captures a reservation Vipps holds (settleNow), so the rule applies to money that came in.
 */
export async function paidFor(world: LedgerWorld, registrationId: number, person: string | null, item?: string) {
  await world.service.settleNow(registrationId).catch(() => undefined);
  await world.sim.settled();
  const entries = (await ledgers(world)).get(registrationId) ?? [];
  return ledgerItems(entries)
    .filter((line) => line.item !== "cancellation-fee" && (person === null || line.person === person) && (item === undefined || line.item === item))
    .reduce((sum, line) => sum + line.paid, 0);
}
