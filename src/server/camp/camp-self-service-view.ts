/**
 * "Min påmelding" as the family sees it: a registration loaded with its companions, payments, ledger and
 * edition, and the view the page shows (persons, money, what can still be changed).
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { campEditionFromData } from "../../shared/camp/camp-edition-data.ts";
import type { CampEdition } from "../../shared/camp/camp-edition.ts";
import { maySleepOver, mayTickGrading } from "../../shared/camp/camp-eligibility.ts";
import type { MyPerson, MyRegistrationView } from "../../shared/camp/camp-my-registration.ts";
import { campRefund } from "../../shared/camp/camp-pricing.ts";
import { formatKroner } from "../../shared/format.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import type { CampPayment } from "../payments/camp-payment-rows.ts";
import { type CampCompanion, readCampCompanions } from "./camp-companion-rows.ts";
import { paymentsOfRegistration } from "../payments/group-payments.ts";
import { companionPerson, ledgerFigures, ledgerItems, type LedgerEntry, type LedgerFigures } from "../../shared/camp/camp-ledger.ts";
import { planCancellation } from "../../shared/camp/camp-ledger-cancellation.ts";
import { receiptLines } from "../../shared/camp/camp-ledger-receipt.ts";
import { readLedger } from "./camp-ledger-store.ts";
import { editionDataForYear } from "./camp-edition-lookup.ts";
import { refundSentenceAt, selfServiceClosesAt } from "../../shared/camp/cancellation-terms.ts";

type RegistrationRow = typeof campRegistrations.$inferSelect;
type PaymentRow = CampPayment;

export interface Loaded {
  registration: RegistrationRow;
  companions: CampCompanion[];
  payments: PaymentRow[];
  ledger: LedgerEntry[];
  edition: CampEdition;
  firstDay: string;
  lastDay: string;
  venue: string;
}

export async function load(db: Db, registrationId: number): Promise<Loaded | undefined> {
  const [registration] = await db.select().from(campRegistrations).where(eq(campRegistrations.id, registrationId));
  if (!registration || registration.anonymisedAt) return undefined;
  const companions = await readCampCompanions(db, registrationId);
  // A group's one payment counts here as this athlete's share of it.
  const paymentRows = await paymentsOfRegistration(db, registrationId);
  const data = await editionDataForYear(db, registration.editionYear);
  return {
    registration,
    companions,
    payments: paymentRows,
    ledger: await readLedger(db, registrationId),
    edition: campEditionFromData(data),
    firstDay: data.firstDay,
    lastDay: data.lastDay,
    venue: data.venue,
  };
}

/** Changes and cancellations are possible while the registration is confirmed and until the camp's first day begins (Oslo). */
export function campStarted(edition: CampEdition, now: Date): boolean {
  return now.getTime() >= selfServiceClosesAt(edition).getTime();
}

export function methodOf(rows: PaymentRow[]): MyRegistrationView["paymentMethod"] {
  const paid = rows.find((row) => row.method === "vipps" && row.paidAmount > 0);
  return (paid ?? rows[rows.length - 1])?.method ?? null;
}

/** What the money stands at, in words: from the figures, so a group's line reads the group's sums. */
function paymentStateText(
  status: RegistrationRow["status"],
  method: MyRegistrationView["paymentMethod"],
  figures: Pick<LedgerFigures, "paid" | "refunded" | "refundOwed" | "outstanding">,
): string {
  const back =
    figures.refundOwed > 0
      ? ` ${formatKroner(figures.refundOwed)} skal betales tilbake til dere.`
      : figures.refunded > 0
        ? ` ${formatKroner(figures.refunded)} er betalt tilbake.`
        : "";
  if (status === "waiting") return "På ventelisten – ingenting å betale nå.";
  if (status === "pending_payment") return "Venter på betaling med Vipps.";
  if (figures.outstanding > 0) {
    // The amount is on its own line («Utestående»); the state says how it is paid.
    return `${method === "vipps" ? "Noe er ikke betalt ennå: betal med Vipps her på siden." : "Betales med kort eller kontant ved oppmøte."}${back}`;
  }
  if (figures.paid === 0) return status === "cancelled" ? "Avbestilt – ingenting er betalt, og ingenting skal betales." : "Ingenting å betale.";
  return `Betalt ${formatKroner(figures.paid)}.${back}`;
}

function personsOf(loaded: Loaded, now: Date): MyPerson[] {
  const { registration, companions, edition } = loaded;
  // What cancelling would give back today: the same plan the cancellation writes, on what was paid for the person.
  const rule = (paid: number) => campRefund(paid, edition, now);
  const planFor = (person: string | null) => planCancellation(loaded.ledger, (item) => person === null || item.person === person, rule);
  // Every item that is no active companion's is on the athlete's card (a fee kept for a cancelled companion
  // too), as the admin list counts it, so the cards add up to «Totalt».
  const active = new Set(companions.filter((companion) => !companion.cancelledAt).map((companion) => companionPerson(companion.id)));
  const items = ledgerItems(loaded.ledger);
  const athleteShare = items.filter((item) => !active.has(item.person)).reduce((sum, item) => sum + item.charged, 0);
  // A companion's price as charged: what cancelling it took off is not subtracted (its card says «Avbestilt»).
  const priceOf = (person: string) =>
    loaded.ledger
      .filter((entry) => entry.kind === "charge" && entry.person === person && entry.item === "companion" && entry.amount > 0)
      .reduce((sum, entry) => sum + entry.amount, 0);
  const whole = registration.status === "cancelled";
  return [
    {
      key: "athlete",
      kind: "athlete",
      firstName: registration.firstName,
      lastName: registration.lastName,
      amount: athleteShare,
      cancelled: whole,
      // Cancelling the athlete cancels the whole registration (companions come with their athlete).
      refundIfCancelledToday: whole ? 0 : planFor(null).refund,
      paidForIfCancelledToday: whole ? 0 : planFor(null).paidFor,
    },
    ...companions.map((companion) => ({
      key: `companion-${companion.id}`,
      kind: "companion" as const,
      firstName: companion.firstName,
      lastName: companion.lastName,
      amount: priceOf(companionPerson(companion.id)),
      cancelled: whole || companion.cancelledAt !== null,
      refundIfCancelledToday: whole || companion.cancelledAt ? 0 : planFor(companionPerson(companion.id)).refund,
      paidForIfCancelledToday: whole || companion.cancelledAt ? 0 : planFor(companionPerson(companion.id)).paidFor,
    })),
  ];
}

/** The page's money lines, all from the order's ledger. */
function moneyOf(loaded: Loaded) {
  const figures = ledgerFigures(loaded.ledger);
  return {
    paid: figures.paid,
    refunded: figures.refunded,
    kept: figures.kept,
    refundOwed: figures.refundOwed,
    outstanding: loaded.registration.status === "confirmed" ? figures.outstanding : 0,
  };
}

function viewOf(loaded: Loaded, now: Date): MyRegistrationView {
  const { registration, edition, payments: rows } = loaded;
  return {
    orderId: registration.orderId,
    year: registration.editionYear,
    status: registration.status,
    firstDay: loaded.firstDay,
    lastDay: loaded.lastDay,
    venue: loaded.venue,
    persons: personsOf(loaded, now),
    lines: receiptLines(loaded.ledger),
    total: ledgerFigures(loaded.ledger).charged,
    paymentMethod: methodOf(rows),
    ...moneyOf(loaded),
    paymentState: paymentStateText(registration.status, methodOf(rows), ledgerFigures(loaded.ledger)),
    fullRefundUntil: edition.fullRefundEndsAt.toISOString(),
    laterShare: edition.settings.refund.laterShare,
    refundTerms: refundSentenceAt(edition, now),
    changeable: registration.status === "confirmed" && !campStarted(edition, now),
    email: registration.email,
    telephone: registration.telephone,
    allergies: registration.allergies,
    otherInfo: registration.otherInfo,
    vegan: registration.vegan,
    public: registration.public,
    sleepover: registration.sleepover,
    gradering: registration.gradering,
    mayGrade: mayTickGrading(registration, edition),
    maySleepOver: maySleepOver({ age: registration.age, clubId: registration.clubId }, edition),
  };
}

/** The registration as its link shows it; for an athlete of a group, with the whole group. */
export async function myRegistrationView(db: Db, registrationId: number, now: Date): Promise<MyRegistrationView | undefined> {
  const loaded = await load(db, registrationId);
  if (!loaded) return undefined;
  const view = viewOf(loaded, now);
  const ids = await groupMemberIds(db, loaded.registration);
  if (ids.length < 2) return view;
  const members: MyRegistrationView[] = [];
  for (const id of ids) {
    const member = id === registrationId ? loaded : await load(db, id);
    if (member) members.push(viewOf(member, now));
  }
  const lead = members[0]!;
  const sum = (pick: (member: MyRegistrationView) => number) => members.reduce((total, member) => total + pick(member), 0);
  const figures = {
    paid: sum((member) => member.paid),
    refunded: sum((member) => member.refunded),
    kept: sum((member) => member.kept),
    refundOwed: sum((member) => member.refundOwed),
    outstanding: sum((member) => member.outstanding),
  };
  // The group stands as its least settled athlete: one still waiting for Vipps holds the whole payment.
  const status =
    (["pending_payment", "confirmed", "waiting"] as const).find((state) => members.some((member) => member.status === state)) ?? lead.status;
  return {
    ...view,
    group: {
      orderId: loaded.registration.groupId!,
      total: sum((member) => member.total),
      paymentMethod: lead.paymentMethod,
      ...figures,
      paymentState: paymentStateText(status, lead.paymentMethod, figures),
      members,
    },
  };
}

/** The registrations of the athlete's group in order (the first athlete first); empty when it is on its own. */
async function groupMemberIds(db: Db, registration: Pick<RegistrationRow, "groupId" | "editionYear">): Promise<number[]> {
  if (!registration.groupId) return [];
  const rows = await db
    .select({ id: campRegistrations.id })
    .from(campRegistrations)
    .where(
      and(
        eq(campRegistrations.groupId, registration.groupId),
        eq(campRegistrations.editionYear, registration.editionYear),
        isNull(campRegistrations.anonymisedAt),
      ),
    )
    .orderBy(asc(campRegistrations.id));
  return rows.map((row) => row.id);
}
