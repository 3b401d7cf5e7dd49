import type { TreasurerSummary } from "../../shared/camp/camp-treasurer.ts";
import { ledgerFigures } from "../../shared/camp/camp-ledger.ts";
import type { Db } from "../db/database.ts";
import type { AdminPerson } from "./camp-admin.ts";
import { editionMoney } from "./camp-admin.ts";
import { moneyByMethod } from "../../shared/payments/person-money.ts";

/**
 * The money of an edition for the treasurer, from the ledgers (the same editionMoney the admin's totals and
 * rows read, so the rows add up to these): money in and out per method it moved by, what is kept, what is
 * owed back outside Vipps (one line per order, to mark paid back), and what is unpaid. Participants come
 * from the admin list.
 */
export async function treasurerSummary(db: Db, year: number, persons: readonly AdminPerson[]): Promise<TreasurerSummary> {
  const { orders, totals } = await editionMoney(db, year);
  const byMethod = moneyByMethod(orders.map((order) => order.entries)).map(({ orders: count, ...money }) => ({ ...money, registrations: count }));
  const open = orders.filter((order) => order.status !== "cancelled" && order.figures.outstanding > 0);
  const confirmed = persons.filter((p) => p.status === "confirmed");
  return {
    year,
    registrations: new Set(confirmed.map((p) => p.registrationId)).size,
    participants: confirmed.length,
    cancelledRegistrations: orders.filter((order) => order.status === "cancelled").length,
    byMethod,
    refundedVipps: byMethod.find((m) => m.method === "vipps")?.refunded ?? 0,
    refundDueCardCash: totals.refundOwed,
    unpaidRegistrations: open.length,
    unpaidAmount: open.reduce((sum, order) => sum + order.figures.outstanding, 0),
    charged: totals.charged,
    paid: totals.paid,
    refunded: totals.refunded,
    kept: totals.kept,
    refundOwed: totals.refundOwed,
    outstanding: totals.outstanding,
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
