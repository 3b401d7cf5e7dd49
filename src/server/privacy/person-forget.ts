/**
 * A person's right to be forgotten (GDPR art. 17): blanking one camp registration or one event order now, and
 * the family's name in the log of the leader's messages. The payment records stay (accounting law, D6).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { messageRecipients, messages } from "../db/schema/messages.ts";
import { campEventSlug } from "../../shared/events/event-kinds.ts";
import { syncRecipientStates } from "../messages/message-log.ts";
import { emailKey } from "../../shared/contact/email-key.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { anonymiseRegistrations } from "./camp-retention.ts";
import { forgetAnonymisedEventOrderMails } from "./event-order-retention.ts";
import { blankEventOrders } from "./event-retention.ts";
import { paymentUnderWay } from "../events/event-my-order.ts";
import { leaderOrders } from "../events/event-store.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { eventPaymentActions, eventPayments } from "../db/schema/events-money.ts";
import { events } from "../db/schema/events.ts";

export type ForgetOutcome = { kind: "not-found" } | { kind: "ok"; changed: boolean; registrationId: number; orderId: string; anonymisedAt: string };

/**
 * Anonymises one registration (athlete and companions) now, takes its family out of the log of the camp's
 * messages, and logs the action on its latest payment. A repeat changes nothing. Payments and money actions
 * stay (accounting law).
 */
export async function forgetPerson(db: Db, registrationId: number, now: Date, actor: string): Promise<ForgetOutcome> {
  const [before] = await db
    .select({
      id: campRegistrations.id,
      orderId: campRegistrations.orderId,
      anonymisedAt: campRegistrations.anonymisedAt,
      editionYear: campRegistrations.editionYear,
      email: campRegistrations.email,
      emailKey: campRegistrations.emailKey,
    })
    .from(campRegistrations)
    .where(eq(campRegistrations.id, registrationId));
  if (!before) return { kind: "not-found" };
  if (before.anonymisedAt) {
    return { kind: "ok", changed: false, registrationId, orderId: before.orderId, anonymisedAt: before.anonymisedAt.toISOString() };
  }
  const changed = await anonymiseRegistrations(db, { registrationIds: [registrationId] }, now, async (tx) => {
    const [payment] = await tx
      .select({ id: eventPayments.id })
      .from(eventPayments)
      .where(and(eq(eventPayments.orderId, registrationId), eq(eventPayments.ownerKind, "camp")))
      .orderBy(sql`${eventPayments.id} desc`)
      .limit(1);
    // money_actions is the admin action log of a registration; every registration has a payment row.
    if (payment) {
      await tx.insert(eventPaymentActions).values({
        paymentId: payment.id,
        actor,
        action: "anonymise",
        amount: 0,
        at: now,
        note: "Personopplysningene er slettet etter ønske fra personen. Betalingene beholdes for regnskapet.",
      });
    }
    // The leader's messages to the camp's families named this family too (the log's address and names).
    const key = before.emailKey ?? emailKey(before.email);
    if (key) await forgetFamilyInMessages(tx, campEventSlug(before.editionYear), key);
  });
  const [after] = await db
    .select({ anonymisedAt: campRegistrations.anonymisedAt })
    .from(campRegistrations)
    .where(eq(campRegistrations.id, registrationId));
  return {
    kind: "ok",
    changed: changed.length > 0,
    registrationId,
    orderId: before.orderId,
    anonymisedAt: (after?.anonymisedAt ?? now).toISOString(),
  };
}

export type EventForgetOutcome =
  | { kind: "not-found" }
  /** A Vipps payment not finished: what it ends in is not known yet, and its mails would go to the address. */
  | { kind: "payment-busy" }
  /** On the waiting list: an offer would be mailed to an address that is gone. */
  | { kind: "waiting" }
  | { kind: "ok"; changed: boolean; orderId: string; anonymisedAt: string };

/**
 * Blanks one event order's personal data now, as the rule after the event does (event-retention.ts), and
 * deletes its mails still held. The order, its items, payments and ledger stay (accounting law); a repeat
 * changes nothing. The order is locked as a cancellation locks it (event row, then order row), so a Vipps
 * answer or a cancellation running at the same time is either done before or sees the blank order.
 */
export async function forgetEventOrder(db: Db, orderId: string, now: Date): Promise<EventForgetOutcome> {
  return db.transaction(async (tx): Promise<EventForgetOutcome> => {
    const [head] = await tx
      .select({ id: eventOrders.id, eventId: eventOrders.eventId })
      .from(eventOrders)
      // A camp registration is forgotten by the camp's rule (forgetPerson), never as an event order.
      .where(and(eq(eventOrders.orderId, orderId), leaderOrders));
    if (!head) return { kind: "not-found" };
    await tx.execute(sql`select id from ${events} where id = ${head.eventId} for update`);
    const [order] = await tx.select().from(eventOrders).where(eq(eventOrders.id, head.id)).for("update");
    if (!order) return { kind: "not-found" };
    if (order.anonymisedAt) return { kind: "ok", changed: false, orderId, anonymisedAt: order.anonymisedAt.toISOString() };
    if (order.status === "waiting") return { kind: "waiting" };
    if (await paymentUnderWay(tx, order)) return { kind: "payment-busy" };
    await blankEventOrders(tx, eq(eventOrders.id, order.id), now);
    await forgetAnonymisedEventOrderMails(tx);
    const [event] = await tx.select({ slug: events.slug }).from(events).where(eq(events.id, head.eventId));
    if (event && order.email !== "") await forgetFamilyInMessages(tx, event.slug, order.email);
    return { kind: "ok", changed: true, orderId, anonymisedAt: now.toISOString() };
  });
}

/** What the message log says of a family whose mail was not sent because its personal data was deleted on request. */
export const eventMessageForgotten = "Ikke sendt: personopplysningene er slettet etter ønske.";

/**
 * The leader's messages to an event's families (the camp's edition or a club event) name the family in their
 * log (address and participants) until the event's own personal data goes (forgetEventMessages): on request
 * they go now, for the camp's registrations and the events' orders alike. A mail of theirs not sent yet is not
 * sent; one that has left goes with the mail retention, as every sent mail does.
 */
async function forgetFamilyInMessages(tx: Db, slug: string, key: string): Promise<void> {
  await syncRecipientStates(tx);
  const theirs = and(
    eq(messageRecipients.emailKey, key),
    inArray(messageRecipients.messageId, tx.select({ id: messages.id }).from(messages).where(eq(messages.eventSlug, slug))),
  );
  const unsent = await tx
    .delete(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.id, tx.select({ id: messageRecipients.outboxId }).from(messageRecipients).where(theirs)),
        inArray(mailOutbox.status, ["pending", "failed"]),
      ),
    )
    .returning({ id: mailOutbox.id });
  if (unsent.length > 0)
    await tx
      .update(messageRecipients)
      .set({ state: "failed", error: eventMessageForgotten, outboxId: null })
      .where(
        inArray(
          messageRecipients.outboxId,
          unsent.map((mail) => mail.id),
        ),
      );
  await tx.update(messageRecipients).set({ emailKey: null, address: null, participants: null }).where(theirs);
}
