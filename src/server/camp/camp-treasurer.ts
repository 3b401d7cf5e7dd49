import type { TreasurerSummary } from "../../shared/camp/camp-treasurer.ts";
import { ledgerFigures } from "../../shared/camp/camp-ledger.ts";
import type { Db } from "../db/database.ts";
import type { AdminPerson } from "./camp-admin.ts";
import { editionMoney } from "./camp-admin.ts";
import { paymentsOfRegistrations } from "../payments/payment-shares.ts";

/**
 * The money of an edition for the treasurer, from the ledgers (the same editionMoney the admin's totals
 * read): money in and out per method, what is kept, what is owed back outside Vipps (one line per order,
 * to mark paid back), and what is unpaid. Participants come from the admin list.
 */
export async function treasurerSummary(db: Db, year: number, persons: readonly AdminPerson[]): Promise<TreasurerSummary> {
  const { orders, totals } = await editionMoney(db, year);
  const methods = new Map<string, TreasurerSummary["byMethod"][number]>();
  const entry = (method: string) =>
    methods.get(method) ?? methods.set(method, { method, registrations: 0, toPay: 0, paid: 0, refunded: 0 }).get(method)!;
  for (const order of orders) {
    const used = new Set<string>();
    for (const item of order.entries) {
      if (item.kind === "charge" || item.method === null) continue;
      const sums = entry(item.method);
      if (item.kind === "payment") sums.paid += item.amount;
      if (item.kind === "refund" || item.kind === "refund-paid") sums.refunded += item.amount;
      used.add(item.method);
    }
    for (const method of used) entry(method).registrations += 1;
  }
  // Who is to pay how: the order's latest payment's method (card/cash, Vipps, free), with what is left to pay.
  const paymentsOf = await paymentsOfRegistrations(
    db,
    orders.map((order) => order.id),
  );
  for (const order of orders) {
    const method = paymentsOf.get(order.id)?.at(-1)?.method;
    if (!method || order.status === "cancelled" || [...order.entries].some((item) => item.kind === "payment" && item.method === method)) continue;
    entry(method).registrations += 1;
  }
  for (const order of orders) {
    const method = paymentsOf.get(order.id)?.at(-1)?.method;
    if (method && order.status !== "cancelled") entry(method).toPay += order.figures.outstanding;
  }
  const open = orders.filter((order) => order.status !== "cancelled" && order.figures.outstanding > 0);
  const confirmed = persons.filter((p) => p.status === "confirmed");
  const byMethod = [...methods.values()].sort((a, b) => a.method.localeCompare(b.method));
  return {
    year,
    registrations: new Set(confirmed.map((p) => p.registrationId)).size,
    participants: confirmed.length,
    cancelledRegistrations: orders.filter((order) => order.status === "cancelled").length,
    byMethod,
    refundedVipps: methods.get("vipps")?.refunded ?? 0,
    refundDueCardCash: totals.refundOwed,
    unpaidRegistrations: open.length,
    unpaidAmount: open.reduce((sum, order) => sum + order.figures.outstanding, 0),
    paid: totals.paid,
    refunded: totals.refunded,
    kept: totals.kept,
    refundOwed: totals.refundOwed,
    net: totals.net,
    refundsOwed: orders
      .filter((order) => ledgerFigures(order.entries).refundOwed > 0)
      .map((order) => ({
        registrationId: order.id,
        orderId: order.orderId,
        name: `${order.firstName} ${order.lastName}`,
        amount: order.figures.refundOwed,
      })),
  };
}
