import { and, eq, ne, sql } from "drizzle-orm";
import type { TreasurerSummary } from "../../shared/camp/camp-treasurer.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations, moneyActions, payments } from "../db/schema/camp.ts";
import type { AdminPerson } from "./camp-admin.ts";
import { paymentsOfRegistrations } from "../payments/payment-shares.ts";

/**
 * The money of an edition for the treasurer: participants, money per method, refunds and what is unpaid. The
 * amounts per method come from the payments (one row per payment attempt that took or is owed money); the
 * participants and the unpaid from the admin list, so the numbers agree with what the admin sees.
 */
export async function treasurerSummary(db: Db, year: number, persons: readonly AdminPerson[]): Promise<TreasurerSummary> {
  const registrations = await db
    .select({ id: campRegistrations.id, status: campRegistrations.status })
    .from(campRegistrations)
    .where(and(eq(campRegistrations.editionYear, year), ne(campRegistrations.status, "waiting")));
  // A group's one payment counts as each athlete's share of it (the shares add up to the payment).
  const paymentsOf = await paymentsOfRegistrations(db, registrations.map((registration) => registration.id));
  // `paidAmount` is what a payment holds now (for Vipps: after refunds); the treasurer's "paid" is the money
  // that came in, so refunds are counted once, in "refunded".
  const rows = registrations.flatMap(({ id, status }) =>
    (paymentsOf.get(id) ?? []).map((payment) => ({ registrationId: id, method: payment.method, state: payment.state, amount: payment.amount, paid: payment.paidAmount + payment.refundedAmount, refunded: payment.refundedAmount, status })),
  );
  // The latest attempt stands for the registration's amount to pay; every attempt's money counts.
  const latest = new Map<number, (typeof rows)[number]>();
  for (const row of rows) latest.set(row.registrationId, row);
  const methods = new Map<string, TreasurerSummary["byMethod"][number]>();
  const entry = (method: string) => methods.get(method) ?? methods.set(method, { method, registrations: 0, toPay: 0, paid: 0, refunded: 0 }).get(method)!;
  for (const row of rows) {
    const sums = entry(row.method);
    sums.paid += row.paid;
    sums.refunded += row.refunded;
  }
  for (const row of latest.values()) {
    if (row.status === "cancelled" && row.paid === 0) continue;
    const sums = entry(row.method);
    sums.registrations += 1;
    if (row.status !== "cancelled") sums.toPay += row.amount;
  }
  const [due] = await db
    .select({ sum: sql<number>`coalesce(sum(${moneyActions.amount}), 0)::int` })
    .from(moneyActions)
    .innerJoin(payments, eq(payments.id, moneyActions.paymentId))
    .innerJoin(campRegistrations, eq(campRegistrations.id, payments.registrationId))
    .where(and(eq(campRegistrations.editionYear, year), eq(moneyActions.action, "cancel"), eq(payments.method, "card_cash")));

  const here = persons.filter((p) => p.status !== "cancelled");
  const remaining = new Map<number, number>();
  for (const p of here) remaining.set(p.registrationId, (remaining.get(p.registrationId) ?? 0) + p.amount - p.paid);
  const unpaid = [...remaining.values()].filter((amount) => amount > 0);
  const confirmed = persons.filter((p) => p.status === "confirmed");
  const byMethod = [...methods.values()].sort((a, b) => a.method.localeCompare(b.method));
  return {
    year,
    registrations: new Set(confirmed.map((p) => p.registrationId)).size,
    participants: confirmed.length,
    cancelledRegistrations: new Set(persons.filter((p) => p.status === "cancelled").map((p) => p.registrationId)).size,
    byMethod,
    refundedVipps: byMethod.filter((m) => m.method === "vipps").reduce((sum, m) => sum + m.refunded, 0),
    refundDueCardCash: due?.sum ?? 0,
    unpaidRegistrations: unpaid.length,
    unpaidAmount: unpaid.reduce((sum, amount) => sum + amount, 0),
    net: byMethod.reduce((sum, m) => sum + m.paid - m.refunded, 0),
  };
}
