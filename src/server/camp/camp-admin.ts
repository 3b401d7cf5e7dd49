import type { AdminPerson, AdminTotals } from "../../shared/camp/camp-lists.ts";
import { and, asc, eq, ne, type SQL } from "drizzle-orm";
import { hasPaymentSql, paymentsOfRegistrations } from "../payments/group-payments.ts";
import { gradeLabel } from "../../shared/camp/grades.ts";
import type { Db } from "../db/database.ts";
import { campRegistrationColumns, campRegistrations } from "../db/schema/camp.ts";
import { readCampCompanions } from "./camp-companion-rows.ts";
import { clubs } from "../db/schema/clubs.ts";
import { grades } from "../db/schema/grades.ts";
import { checkInPersonId } from "../../shared/camp/camp-checkin.ts";
import { campArrivals } from "./checkin/camp-arrivals.ts";
import { athletePerson, companionPerson, ledgerFigures, sumFigures, type LedgerFigures } from "../../shared/camp/camp-ledger.ts";
import { personMoney, type PersonMoney } from "../../shared/payments/person-money.ts";
import { readLedgers } from "./camp-ledger-store.ts";
import { personKey } from "./camp-registration-checks.ts";
import { companionsLetFree } from "./camp-companion-cases.ts";

/**
 * One row of the camp admin list (spec §3 "Admin person (camp)", exact field names), one per athlete and
 * one per companion, plus fields the admin needs to act: registrationId, status, paymentMethod,
 * paymentState, createdAt.
 *
 * Amounts, from the order's ledger (src/shared/payments/person-money.ts): each row what was charged for that
 * person, paid, refunded and owed back; money with no person (or for a companion cancelled alone, off the
 * list) is on the athlete's row, so the rows of a registration add up to its ledger's figures.
 */
export type { AdminPerson, AdminTotals };

/**
 * The registrations of an edition that hold or held a place (each got a payment, or a share of its group's,
 * when it did): not those waiting, nor those removed from the waiting list, which has its own call
 * (camp-waitlist.ts). With the club's name and the grade; `also` narrows further.
 */
export function placeHoldingRegistrations(db: Db, editionYear: number, ...also: (SQL | undefined)[]) {
  return db
    .select({ registration: campRegistrationColumns, clubName: clubs.name, grade: grades })
    .from(campRegistrations)
    .innerJoin(clubs, eq(clubs.clubId, campRegistrations.clubId))
    .innerJoin(grades, eq(grades.gradeId, campRegistrations.gradeId))
    .where(
      and(eq(campRegistrations.editionYear, editionYear), ne(campRegistrations.status, "waiting"), hasPaymentSql(campRegistrations.id), ...also),
    );
}

export async function loadAdminPersons(db: Db, editionYear: number): Promise<AdminPerson[]> {
  const registrations = await placeHoldingRegistrations(db, editionYear).orderBy(asc(campRegistrations.createdAt), asc(campRegistrations.id));
  if (registrations.length === 0) return [];
  const ids = registrations.map((row) => row.registration.id);
  const companions = await readCampCompanions(db, ids);
  // A group's one payment counts as each athlete's share of it.
  const paymentsOf = await paymentsOfRegistrations(db, ids);
  const ledgers = await readLedgers(db, ids);
  const arrivalsOf = await loadArrivals(db, ids);

  // Who is a paying companion, still coming, of a confirmed registration: what «allerede påmeldt» must name.
  const confirmedIds = new Set(registrations.filter((row) => row.registration.status === "confirmed").map((row) => row.registration.id));
  const payingCompanions = new Set(
    companions
      .filter((companion) => confirmedIds.has(companion.registrationId) && !companion.alreadyRegistered && !companion.cancelledAt)
      .map((companion) => personKey(companion.firstName, companion.lastName, companion.telephone)),
  );
  // A claim the leader let come free (camp-companion-cases.ts) is settled.
  const letFree = await companionsLetFree(db, ids);
  const uncoveredClaim = (companion: (typeof companions)[number]) =>
    companion.alreadyRegistered &&
    !letFree.has(companion.id) &&
    !payingCompanions.has(personKey(companion.firstName, companion.lastName, companion.telephone));

  const persons: AdminPerson[] = [];
  for (const { registration: row, clubName, grade } of registrations) {
    const r = { ...row, status: listedStatus(row.status) };
    // A companion cancelled alone ("Min påmelding") is off the list; the total no longer counts it.
    const own = companions.filter((companion) => companion.registrationId === r.id && !companion.cancelledAt);
    const regPayments = paymentsOf.get(r.id) ?? [];
    const latest = regPayments[regPayments.length - 1];
    // Every amount from the order's ledger, person by person; the athlete's row takes money with no person.
    const money = personMoney(ledgers.get(r.id) ?? [], [athletePerson, ...own.map((companion) => companionPerson(companion.id))]);
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
      ...moneyFields(money.get(athletePerson)!),
      vegan: r.vegan,
      instructor: r.instructor,
      wantstoinstruct: r.wantsToInstruct,
      allergies: r.allergies,
      otherinfo: r.otherInfo,
      arrivals: arrivalsOf(checkInPersonId.athlete(r.id)),
      ...(r.status !== "cancelled" && own.some(uncoveredClaim) ? { claimUncovered: true } : {}),
      ...common,
    });
    own.forEach((companion) => {
      persons.push({
        firstname: companion.firstName,
        lastname: companion.lastName,
        isLedsager: true,
        isLedsagerForName: `${r.firstName} ${r.lastName}`,
        companionId: companion.id,
        age: companion.age,
        club: clubName,
        grade: null,
        email: companion.email,
        telephone: companion.telephone,
        gradering: false,
        sleepover: companion.sleepover,
        public: false,
        ...moneyFields(money.get(companionPerson(companion.id))!),
        vegan: false,
        instructor: 0,
        wantstoinstruct: false,
        allergies: "",
        otherinfo: companion.alreadyRegistered ? "Allerede påmeldt som ledsager for en annen utøver" : "",
        arrivals: arrivalsOf(checkInPersonId.companion(companion.id)),
        ...(r.status !== "cancelled" && uncoveredClaim(companion) ? { claimUncovered: true } : {}),
        ...common,
      });
    });
  }
  return persons;
}

/** A row's money: `amount` is what is charged («Å betale»), the name the list has always had. */
function moneyFields(money: PersonMoney) {
  return {
    amount: money.charged,
    paid: money.paid,
    refunded: money.refunded,
    refundOwed: money.refundOwed,
    outstanding: money.outstanding,
    paidWith: money.paidWith,
    refundedWith: money.refundedWith,
  };
}

/** Check-ins at the door of these registrations, looked up by the check-in's person id. */
async function loadArrivals(db: Db, registrationIds: number[]) {
  const rows = await campArrivals(db, registrationIds);
  const byPerson = new Map<string, { day: string; at: string }[]>();
  for (const row of rows) byPerson.set(row.personId, [...(byPerson.get(row.personId) ?? []), { day: row.day, at: row.at.toISOString() }]);
  return (personId: string) => byPerson.get(personId) ?? [];
}

/**
 * The money of an edition from the ledgers of every registration that holds or held a place (all but those
 * waiting): the admin's totals and the treasurer's read this one function, so they cannot disagree.
 */
export async function editionMoney(db: Db, editionYear: number) {
  const rows = await db
    .select({
      id: campRegistrations.id,
      orderId: campRegistrations.orderId,
      status: campRegistrations.status,
      firstName: campRegistrations.firstName,
      lastName: campRegistrations.lastName,
    })
    .from(campRegistrations)
    .where(and(eq(campRegistrations.editionYear, editionYear), ne(campRegistrations.status, "waiting")))
    .orderBy(asc(campRegistrations.id));
  const ledgers = await readLedgers(
    db,
    rows.map((row) => row.id),
  );
  const orders = rows.map((row) => ({ ...row, entries: ledgers.get(row.id) ?? [], figures: ledgerFigures(ledgers.get(row.id) ?? []) }));
  return { orders, totals: sumFigures(orders.map((order) => order.figures)) };
}

export function totalsOf(persons: AdminPerson[], money: LedgerFigures): AdminTotals {
  const confirmed = persons.filter((person) => person.status === "confirmed");
  const sumToPay = confirmed.reduce((sum, person) => sum + person.amount, 0);
  // What the club holds for them (paid less what went or goes back), as these totals have always counted it.
  const sumPaid = confirmed.reduce((sum, person) => sum + person.paid - person.refunded - person.refundOwed, 0);
  return {
    registrations: new Set(confirmed.map((person) => person.registrationId)).size,
    count: confirmed.length,
    sumToPay,
    sumPaid,
    sumOutstanding: sumToPay - sumPaid,
    charged: money.charged,
    paid: money.paid,
    refunded: money.refunded,
    kept: money.kept,
    refundOwed: money.refundOwed,
    outstanding: money.outstanding,
    net: money.net,
  };
}

/** The statuses of registrations that hold or held a place (the admin lists never show those waiting). */
export function listedStatus(status: (typeof campRegistrations.$inferSelect)["status"]): AdminPerson["status"] {
  if (status === "waiting") throw new Error("A waiting registration has no place in the admin list");
  return status;
}
