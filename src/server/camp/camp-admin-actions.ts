import { moneyMethodWord } from "../../shared/payments/money-words.ts";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { AdminPerson } from "../../shared/camp/camp-lists.ts";
import { checkInMessages } from "../../shared/camp/camp-checkin.ts";
import { companionPerson } from "../../shared/camp/camp-ledger.ts";
import { campRefund } from "../../shared/camp/camp-pricing.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { campPaymentColumns, campPaymentWithId, type CampPayment } from "../payments/camp-payment-rows.ts";
import { eventOrders, eventPositions } from "../db/schema/events-orders.ts";
import { eventPaymentActions, eventPayments } from "../db/schema/events-money.ts";
import { lockCampRegistration, updateCampRegistrations } from "./camp-registration-rows.ts";
import { alreadyRegistered, readCampCompanions } from "./camp-companion-rows.ts";
import { queueMail } from "../mail/outbox.ts";
import { groupPaymentAthletes, paymentsOfRegistration } from "../payments/group-payments.ts";
import { loadClubContact } from "../site-content/club-contact.ts";
import { noteUncoveredClaims } from "./camp-companion-claims.ts";
import { campEditionOfYear } from "./camp-edition-lookup.ts";
import { cancelInLedger } from "./camp-ledger-cancel.ts";
import { figuresOf, groupStaying, lockGroup } from "./camp-ledger-store.ts";
import { recordPayment } from "./camp-ledger-payments.ts";
import { createMailLink, personalLinkUrl } from "./camp-personal-link.ts";
import { selfServiceMailKey } from "./camp-self-service-mail.ts";
import { cancellationPeople, renderCancellationMail } from "./camp-cancellation-mail.ts";
import { registrantGreeting } from "./camp-greeting.ts";
import { vippsCaptureDue } from "./checkin/door-payment.ts";
import { listedStatus } from "./camp-admin.ts";

/**
 * What the leader does to one registration from the camp admin: mark card/cash paid, cancel. Each runs in one
 * transaction with the registration row locked, and moves money only through the ledger.
 */

interface AdminActionResult {
  registrationId: number;
  orderId: string;
  status: AdminPerson["status"];
  paymentMethod: string;
  paymentState: string;
  amount: number;
  paid: number;
  /** What the refund rule gives back on cancellation (Cancel only). */
  refundDue?: number;
}

export type AdminActionOutcome =
  { kind: "ok"; changed: boolean; result: AdminActionResult } | { kind: "not-found" } | { kind: "conflict"; message: string };

export const adminActionMessages = {
  notFound: "Fant ikke registreringen.",
  cancelled: "Registreringen er avbestilt.",
  groupPaymentOpen: "Familien betaler for hele gruppen med Vipps akkurat nå. Vent til betalingen er fullført eller avbrutt, og prøv igjen.",
  vippsCapturePending: "Vipps-betalingen er godkjent og blir trukket om et øyeblikk. Prøv å avbestille igjen om et minutt.",
  notCardCash: "Bare betaling med kort eller kontant kan markeres som betalt her.",
} as const;

const ACTOR = "camp-admin";

/**
 * Marks what is left to pay as paid (card or cash at the camp, by a camp account): one payment of the
 * outstanding amount in the ledger; with nothing outstanding a repeat changes nothing.
 */
export async function markCardCashPaid(
  db: Db,
  registrationId: number,
  now: Date,
  actor = ACTOR,
  method: "card" | "cash" | "card_cash" = "card_cash",
): Promise<AdminActionOutcome> {
  return db.transaction(async (tx) => {
    const found = await lockRegistration(tx, registrationId);
    if (!found) return { kind: "not-found" };
    const payment = found.payment;
    if (payment.method !== "card_cash") return { kind: "conflict", message: adminActionMessages.notCardCash };
    if (found.registration.status === "cancelled" && payment.state !== "paid") return { kind: "conflict", message: adminActionMessages.cancelled };
    if (await vippsCaptureDue(tx, registrationId)) return { kind: "conflict", message: checkInMessages.vippsReserved };
    const { outstanding } = await figuresOf(tx, registrationId);
    if (outstanding === 0 || found.registration.status === "cancelled")
      return { kind: "ok", changed: false, result: await resultOf(tx, found.registration, payment) };
    await recordPayment(
      tx,
      registrationId,
      { method, amount: outstanding, paymentId: payment.id },
      { actor, reason: `Markert som betalt ved oppmøte: ${moneyMethodWord(method).toLowerCase()}`, now },
    );
    const [updated] = await tx
      .update(eventPayments)
      .set({ state: "paid", paidAmount: payment.paidAmount + outstanding, updatedAt: now })
      .where(campPaymentWithId(payment.id))
      .returning(campPaymentColumns);
    await tx.insert(eventPaymentActions).values({
      paymentId: payment.id,
      actor,
      action: "mark-paid",
      amount: outstanding,
      at: now,
      note: `Betalt ved oppmøte: ${moneyMethodWord(method).toLowerCase()}`,
    });
    return { kind: "ok", changed: true, result: await resultOf(tx, found.registration, updated ?? payment) };
  });
}

/**
 * The leader cancels a registration (idempotent): the one cancellation rule on what was paid, through the
 * ledger. What goes back through Vipps is queued (sent by the Vipps job, or at once by the caller); what was
 * paid another way goes on the treasurer's «Skal betales tilbake» list. The family gets a mail naming what
 * happens and the amount coming back.
 */
export async function cancelRegistration(db: Db, registrationId: number, now: Date, actor = ACTOR, publicBaseUrl = ""): Promise<AdminActionOutcome> {
  return db.transaction(async (tx) => {
    const found = await lockRegistration(tx, registrationId);
    if (!found) return { kind: "not-found" };
    const { registration, payment } = found;
    await lockGroup(tx, registration);
    if (registration.status === "cancelled") return { kind: "ok", changed: false, result: await resultOf(tx, registration, payment) };
    // A group's one Vipps payment not yet approved: approved after this, it would confirm the others and take
    // the whole reservation, this athlete's share included, for a place that is gone.
    if (await groupVippsPaymentOpen(tx, payment)) return { kind: "conflict", message: adminActionMessages.groupPaymentOpen };
    // An approved reservation not yet captured (the caller tries to capture it first): cancelled now, the rule
    // would see nothing paid, and the capture that follows would take this athlete's share all the same.
    if (await vippsCaptureDue(tx, registrationId)) return { kind: "conflict", message: adminActionMessages.vippsCapturePending };
    const cancelled = await updateCampRegistrations(
      tx,
      registrationId,
      { status: "cancelled", cancelledAt: now },
      ne(eventOrders.status, "cancelled"),
    );
    if (cancelled.length === 0) return { kind: "ok", changed: false, result: await resultOf(tx, registration, payment) };
    const updated = { ...registration, status: "cancelled" as const, cancelledAt: now };
    const edition = await campEditionOfYear(tx, registration.editionYear);
    const reason = "Påmeldingen avbestilt av leirledelsen.";
    const companions = await readCampCompanions(tx, registrationId);
    const companionNames = new Map(companions.map((row) => [companionPerson(row.id), `${row.firstName} ${row.lastName}`]));
    const settled = await cancelInLedger(
      tx,
      registrationId,
      () => true,
      (paid) => campRefund(paid, edition, now),
      { actor, reason, now },
      (person) => companionNames.get(person),
    );
    const coming = await readCampCompanions(tx, registrationId, and(isNull(eventPositions.cancelledAt), alreadyRegistered(false)));
    await noteUncoveredClaims(tx, updated.editionYear, registrationId, coming, now);
    await tx.insert(eventPaymentActions).values({
      paymentId: payment.id,
      actor,
      action: "cancel",
      amount: settled.refund,
      at: now,
      note: `${reason} Betalt for påmeldingen: ${settled.paidFor} kr; tilbake etter reglene: ${settled.refund} kr.`,
    });
    // An athlete of a family: the others still come, and the mail names them, says what they still owe and links to them.
    const family = await groupStaying(tx, updated);
    const othersStay = family.staying > 0;
    const mail = renderCancellationMail(
      {
        orderId: updated.orderId,
        year: updated.editionYear,
        greetingName: await registrantGreeting(tx, updated),
        ...cancellationPeople(updated, companions, null, family.names),
        method: payment.method,
        settled,
        stillToPay: family.stillToPay,
        link: othersStay ? personalLinkUrl(publicBaseUrl, await createMailLink(tx, registrationId, now)) : publicBaseUrl,
        byLeader: true,
      },
      (await loadClubContact(tx)).general,
    );
    await queueMail(tx, { dedupeKey: selfServiceMailKey(registrationId, "leader-cancel"), to: updated.email, ...mail }, now);
    return {
      kind: "ok",
      changed: true,
      result: { ...(await resultOf(tx, updated, payment)), refundDue: settled.refund },
    };
  });
}

/** Whether the payment is a group's one Vipps payment that is still open (not approved, not ended). */
async function groupVippsPaymentOpen(tx: Db, payment: CampPayment): Promise<boolean> {
  if (payment.method !== "vipps" || payment.state === "failed" || payment.authorizedAmount > 0) return false;
  if (payment.vippsState && ["ABORTED", "EXPIRED", "TERMINATED"].includes(payment.vippsState)) return false;
  return (await groupPaymentAthletes(tx, payment.id)).length > 1;
}

/** Locks the registration row for the rest of the transaction, so two admin clicks take turns. */
async function lockRegistration(tx: Db, registrationId: number) {
  await lockCampRegistration(tx, registrationId);
  const [registration] = await tx.select().from(campRegistrations).where(eq(campRegistrations.id, registrationId));
  // The latest payment; of a group's one payment, this athlete's share.
  const payment = (await paymentsOfRegistration(tx, registrationId)).at(-1);
  // Someone on the waiting list is handled by the waiting-list calls (camp-waitlist.ts).
  if (!registration || !payment || registration.status === "waiting") return undefined;
  return { registration: { ...registration, status: listedStatus(registration.status) }, payment };
}

async function resultOf(
  db: Pick<Db, "select">,
  registration: { id: number; orderId: string; status: AdminPerson["status"] },
  payment: CampPayment,
): Promise<AdminActionResult> {
  const figures = await figuresOf(db, registration.id);
  return {
    registrationId: registration.id,
    orderId: registration.orderId,
    status: registration.status,
    paymentMethod: payment.method,
    paymentState: payment.state,
    amount: figures.charged,
    paid: figures.paid,
  };
}
