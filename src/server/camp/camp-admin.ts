import type { AdminPerson, AdminTotals } from "../../shared/camp/camp-lists.ts";
import { and, asc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { hasPaymentSql, paymentsOfRegistration, paymentsOfRegistrations } from "../payments/payment-shares.ts";
import { campRefund } from "../../shared/camp/camp-pricing.ts";
import { gradeLabel } from "../../shared/camp/grades.ts";
import type { Db } from "../db/database.ts";
import { campCompanions, campRegistrations, moneyActions, payments } from "../db/schema/camp.ts";
import { clubs } from "../db/schema/clubs.ts";
import { grades } from "../db/schema/grades.ts";
import { campEditionOfYear } from "./camp-edition-lookup.ts";
import { checkInPersonId } from "../../shared/camp/camp-checkin.ts";
import { campCheckins } from "../db/schema/camp-checkin.ts";
import { queueMail } from "../mail/outbox.ts";
import { renderCancellationMail, selfServiceMailKey } from "./camp-self-service-mail.ts";


/**
 * One row of the camp admin list (spec §3 "Admin person (camp)", exact field names), one per athlete and
 * one per companion, plus fields the admin needs to act: registrationId, status, paymentMethod,
 * paymentState, createdAt.
 *
 * Amounts: a companion row carries its own price line; the athlete row carries the rest of the
 * registration's total (athlete price, grading, late fee), so the rows of a registration sum to its total.
 * `paid` is the registration's paid amount shared out in row order (athlete first), so it sums too.
 */
export type { AdminPerson, AdminTotals };

/**
 * The registrations of an edition that hold or held a place (each got a payment, or a share of its group's,
 * when it did): not those waiting, nor those removed from the waiting list, which has its own call
 * (camp-waitlist.ts). With the club's name and the grade; `also` narrows further.
 */
export function placeHoldingRegistrations(db: Db, editionYear: number, ...also: (SQL | undefined)[]) {
  return db
    .select({ registration: campRegistrations, clubName: clubs.name, grade: grades })
    .from(campRegistrations)
    .innerJoin(clubs, eq(clubs.clubId, campRegistrations.clubId))
    .innerJoin(grades, eq(grades.gradeId, campRegistrations.gradeId))
    .where(and(eq(campRegistrations.editionYear, editionYear), ne(campRegistrations.status, "waiting"), hasPaymentSql(campRegistrations.id), ...also));
}

export async function loadAdminPersons(db: Db, editionYear: number): Promise<AdminPerson[]> {
  const registrations = await placeHoldingRegistrations(db, editionYear).orderBy(asc(campRegistrations.createdAt), asc(campRegistrations.id));
  if (registrations.length === 0) return [];
  const ids = registrations.map((row) => row.registration.id);
  const companions = await db
    .select()
    .from(campCompanions)
    .where(inArray(campCompanions.registrationId, ids))
    .orderBy(asc(campCompanions.registrationId), asc(campCompanions.position));
  // A group's one payment counts as each athlete's share of it.
  const paymentsOf = await paymentsOfRegistrations(db, ids);
  const arrivalsOf = await loadArrivals(db, ids);

  const persons: AdminPerson[] = [];
  for (const { registration: row, clubName, grade } of registrations) {
    const r = { ...row, status: listedStatus(row.status) };
    // A companion cancelled alone ("Min påmelding") is off the list; the total no longer counts it.
    const own = companions.filter((companion) => companion.registrationId === r.id && !companion.cancelledAt);
    const regPayments = paymentsOf.get(r.id) ?? [];
    const latest = regPayments[regPayments.length - 1];
    let unallocated = regPayments.reduce((sum, payment) => sum + payment.paidAmount, 0);
    const share = (amount: number, last: boolean) => {
      const part = last ? unallocated : Math.min(unallocated, amount);
      unallocated -= part;
      return part;
    };
    const athleteAmount = r.total - own.reduce((sum, companion) => sum + companion.amount, 0);
    const common = {
      vipps: r.vipps,
      orderid: r.orderId,
      group: r.groupId,
      transactionid: null,
      registrationId: r.id,
      status: r.status,
      paymentMethod: latest?.method ?? null,
      paymentState: latest?.state ?? null,
      createdAt: r.createdAt.toISOString(),
      anonymisedAt: r.anonymisedAt?.toISOString() ?? null,
    };
    // Shared out in row order; a surplus (never expected) stays visible on the last row.
    const athletePaid = own.length === 0 ? share(athleteAmount, true) : share(athleteAmount, false);
    persons.push({
      firstname: r.firstName,
      lastname: r.lastName,
      isLedsager: false,
      isLedsagerForName: null,
      age: r.age,
      club: clubName,
      grade: gradeLabel(grade),
      email: r.email,
      telephone: r.telephone,
      gradering: r.gradering,
      sleepover: r.sleepover,
      public: r.public,
      amount: athleteAmount,
      paid: athletePaid,
      vegan: r.vegan,
      instructor: r.instructor,
      wantstoinstruct: r.wantsToInstruct,
      allergies: r.allergies,
      otherinfo: r.otherInfo,
      arrivals: arrivalsOf(checkInPersonId.athlete(r.id)),
      ...common,
    });
    own.forEach((companion, index) => {
      persons.push({
        firstname: companion.firstName,
        lastname: companion.lastName,
        isLedsager: true,
        isLedsagerForName: `${r.firstName} ${r.lastName}`,
        age: companion.age,
        club: clubName,
        grade: null,
        email: companion.email,
        telephone: companion.telephone,
        gradering: false,
        sleepover: companion.sleepover,
        public: false,
        amount: companion.amount,
        paid: share(companion.amount, index === own.length - 1),
        vegan: false,
        instructor: 0,
        wantstoinstruct: false,
        allergies: "",
        otherinfo: companion.alreadyRegistered ? "Allerede påmeldt som ledsager for en annen utøver" : "",
        arrivals: arrivalsOf(checkInPersonId.companion(companion.id)),
        ...common,
      });
    });
  }
  return persons;
}

/** Check-ins at the door of these registrations, looked up by the check-in's person id. */
async function loadArrivals(db: Db, registrationIds: number[]) {
  const rows = await db
    .select({ personId: campCheckins.personId, day: campCheckins.day, at: campCheckins.checkedInAt })
    .from(campCheckins)
    .where(inArray(campCheckins.registrationId, registrationIds))
    .orderBy(asc(campCheckins.day));
  const byPerson = new Map<string, { day: string; at: string }[]>();
  for (const row of rows) byPerson.set(row.personId, [...(byPerson.get(row.personId) ?? []), { day: row.day, at: row.at.toISOString() }]);
  return (personId: string) => byPerson.get(personId) ?? [];
}

export function totalsOf(persons: AdminPerson[]): AdminTotals {
  const confirmed = persons.filter((person) => person.status === "confirmed");
  const sumToPay = confirmed.reduce((sum, person) => sum + person.amount, 0);
  const sumPaid = confirmed.reduce((sum, person) => sum + person.paid, 0);
  return {
    registrations: new Set(confirmed.map((person) => person.registrationId)).size,
    count: confirmed.length,
    sumToPay,
    sumPaid,
    sumOutstanding: sumToPay - sumPaid,
  };
}

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
  | { kind: "ok"; changed: boolean; result: AdminActionResult }
  | { kind: "not-found" }
  | { kind: "conflict"; message: string };

export const adminActionMessages = {
  notFound: "Fant ikke registreringen.",
  cancelled: "Registreringen er avbestilt.",
  notCardCash: "Bare betaling med kort eller kontant kan markeres som betalt her.",
} as const;

const ACTOR = "camp-admin";

/** Card/cash paid at the camp: the payment becomes paid in full, logged once (a repeat changes nothing). */
export async function markCardCashPaid(db: Db, registrationId: number, now: Date, actor = ACTOR): Promise<AdminActionOutcome> {
  return db.transaction(async (tx) => {
    const found = await lockRegistration(tx, registrationId);
    if (!found) return { kind: "not-found" };
    const payment = found.payment;
    if (payment.method !== "card_cash") return { kind: "conflict", message: adminActionMessages.notCardCash };
    if (payment.state === "paid") return { kind: "ok", changed: false, result: resultOf(found.registration, payment) };
    if (found.registration.status === "cancelled") return { kind: "conflict", message: adminActionMessages.cancelled };
    const [updated] = await tx
      .update(payments)
      .set({ state: "paid", paidAmount: payment.amount, updatedAt: now })
      .where(and(eq(payments.id, payment.id), ne(payments.state, "paid")))
      .returning();
    if (!updated) return { kind: "ok", changed: false, result: resultOf(found.registration, payment) };
    await tx.insert(moneyActions).values({
      paymentId: payment.id,
      actor,
      action: "mark-paid",
      amount: payment.amount,
      at: now,
      note: "Betalt med kort eller kontant ved oppmøte",
    });
    return { kind: "ok", changed: true, result: resultOf(found.registration, updated) };
  });
}

/**
 * Cancels a registration (idempotent). Card/cash refunds are paid out by hand: the action records what
 * the refund rule gives back at this moment, so the treasurer sees who is owed what.
 */
export async function cancelRegistration(db: Db, registrationId: number, now: Date, actor = ACTOR, publicBaseUrl = ""): Promise<AdminActionOutcome> {
  return db.transaction(async (tx) => {
    const found = await lockRegistration(tx, registrationId);
    if (!found) return { kind: "not-found" };
    const { registration, payment } = found;
    if (registration.status === "cancelled") return { kind: "ok", changed: false, result: resultOf(registration, payment) };
    const [updated] = await tx
      .update(campRegistrations)
      .set({ status: "cancelled", cancelledAt: now })
      .where(and(eq(campRegistrations.id, registrationId), ne(campRegistrations.status, "cancelled")))
      .returning();
    if (!updated) return { kind: "ok", changed: false, result: resultOf(registration, payment) };
    const refundDue = campRefund(payment.paidAmount, await campEditionOfYear(tx, registration.editionYear), now);
    await tx.insert(moneyActions).values({
      paymentId: payment.id,
      actor,
      action: "cancel",
      amount: refundDue,
      at: now,
      note: `Avbestilt. Betalt ${payment.paidAmount} kr; å refundere etter reglene: ${refundDue} kr.`,
    });
    // The family hears what happened and what it means for money, in the same transaction (D5).
    const mail = renderCancellationMail({
      orderId: updated.orderId,
      year: updated.editionYear,
      cancelledName: `${updated.firstName} ${updated.lastName}`,
      whole: true,
      method: payment.method,
      refund: refundDue,
      stillToPay: 0,
      link: publicBaseUrl,
    });
    await queueMail(tx, { dedupeKey: selfServiceMailKey(registrationId, "leader-cancel"), to: updated.email, ...mail }, now);
    return { kind: "ok", changed: true, result: { ...resultOf({ ...updated, status: "cancelled" }, payment), refundDue } };
  });
}

/** Locks the registration row for the rest of the transaction, so two admin clicks take turns. */
async function lockRegistration(tx: Db, registrationId: number) {
  const locked = await tx.execute(sql`select id from camp_registrations where id = ${registrationId} for update`);
  if (locked.rows.length === 0) return undefined;
  const [registration] = await tx.select().from(campRegistrations).where(eq(campRegistrations.id, registrationId));
  // The latest payment; of a group's one payment, this athlete's share.
  const payment = (await paymentsOfRegistration(tx, registrationId)).at(-1);
  // Someone on the waiting list is handled by the waiting-list calls (camp-waitlist.ts).
  if (!registration || !payment || registration.status === "waiting") return undefined;
  return { registration: { ...registration, status: listedStatus(registration.status) }, payment };
}

/** The statuses of registrations that hold or held a place (the lists above never show those waiting). */
function listedStatus(status: (typeof campRegistrations.$inferSelect)["status"]): AdminPerson["status"] {
  if (status === "waiting") throw new Error("A waiting registration has no place in the admin list");
  return status;
}

function resultOf(
  registration: { id: number; orderId: string; status: AdminPerson["status"] },
  payment: typeof payments.$inferSelect,
): AdminActionResult {
  return {
    registrationId: registration.id,
    orderId: registration.orderId,
    status: registration.status,
    paymentMethod: payment.method,
    paymentState: payment.state,
    amount: payment.amount,
    paid: payment.paidAmount,
  };
}
