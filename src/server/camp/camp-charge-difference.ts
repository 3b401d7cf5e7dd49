import type { Db } from "../db/database.ts";
import { eventPayments } from "../db/schema/events-money.ts";
import { campPaymentWithId } from "../payments/camp-payment-rows.ts";
import { methodOf, type Loaded } from "./camp-self-service-view.ts";

// Its own file: the family's changes (camp-self-service-additions.ts), the leader's (camp-leader-companions.ts)
// and a companion case's decision (camp-companion-cases.ts) all charge this way, and the last is reached from
// the self-service's own files.

/**
 * Charges what a change adds: with Vipps (or a free registration made for Vipps) a new attempt of kind
 * "change" (answers its reference); with card/cash the unpaid payment grows, or a new card/cash payment is
 * owed at the camp.
 */
export async function chargeDifference(
  tx: Db,
  loaded: Pick<Loaded, "registration" | "payments">,
  amount: number,
  now: Date,
): Promise<string | undefined> {
  if (amount <= 0) return undefined;
  const { registration } = loaded;
  const method = methodOf(loaded.payments);
  if (method === "vipps" || (method === "free" && registration.vipps)) {
    const reference = `${registration.orderId}-${loaded.payments.filter((row) => row.method === "vipps").length + 1}`;
    await tx.insert(eventPayments).values({
      orderId: registration.id,
      ownerKind: "camp",
      reference,
      method: "vipps",
      kind: "change",
      amount,
      state: "created",
      createdAt: now,
      updatedAt: now,
    });
    return reference;
  }
  const cash = loaded.payments[loaded.payments.length - 1];
  if (cash && cash.method === "card_cash" && cash.state !== "paid") {
    await tx
      .update(eventPayments)
      .set({ amount: cash.amount + amount, updatedAt: now })
      .where(campPaymentWithId(cash.id));
  } else {
    const reference = `${registration.orderId}-K${loaded.payments.length + 1}`;
    await tx.insert(eventPayments).values({
      orderId: registration.id,
      ownerKind: "camp",
      reference,
      method: "card_cash",
      kind: "change",
      amount,
      state: "unpaid",
      createdAt: now,
      updatedAt: now,
    });
  }
  return undefined;
}
