/**
 * "Min påmelding": what a participant sees, changes and cancels through the personal link. Every change
 * runs in one transaction that first locks the registration's row, so double clicks and concurrent
 * requests take turns; the second finds the work done. Rules and prices come from the registration's own
 * edition (camp-edition-lookup.ts); the refund rule is the same function the camp admin's cancel uses.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { campEditionFromData } from "../../shared/camp/camp-edition-data.ts";
import type { CampEdition } from "../../shared/camp/camp-edition.ts";
import { maySleepOver, mayTickGrading } from "../../shared/camp/camp-eligibility.ts";
import { myChangeFieldLabels, type MyPerson, type MyRegistrationView } from "../../shared/camp/camp-my-registration.ts";
import { calculateCampPrice, campRefund } from "../../shared/camp/camp-pricing.ts";
import { campSettings } from "../../shared/camp/camp-edition.ts";
import { referenceData } from "../db/reference-data.ts";
import {
  FindMyRegistrationSchema,
  MyCancellationSchema,
  MyCompanionAddSchema,
  MyGradingSchema,
  MyRegistrationChangeSchema,
  type MyRegistrationChange,
} from "../../shared/camp/camp-registration.ts";
import { formatKroner } from "../../shared/format.ts";
import type { Db } from "../db/database.ts";
import { campCompanions, campPriceLines, campRegistrations, payments } from "../db/schema/camp.ts";
import { campRegistrationChanges } from "../db/schema/camp-self-service.ts";
import { HttpError, parseWith } from "../errors.ts";
import { queueMail } from "../mail/outbox.ts";
import { paymentsOfRegistration } from "../payments/payment-shares.ts";
import { athletePerson, companionPerson, ledgerFigures, planCancellation, type LedgerEntry } from "../../shared/camp/camp-ledger.ts";
import { appendCharges, cancelInLedger, readLedger } from "./camp-ledger-store.ts";
import { addChargedCompanion } from "./camp-companion-add.ts";
import { appendPriceLine } from "./camp-price-lines.ts";
import { noteUncoveredClaims } from "./camp-companion-claims.ts";
import { editionDataForYear } from "./camp-edition-lookup.ts";
import { lockEditionPlaces, sleepoverPlacesHeld } from "./camp-places.ts";
import type { CampPaymentGateway } from "./camp-payment-gateway.ts";
import { createFamilyLink, createMailLink, deleteExpiredLinks, personalLinkUrl, registrationsOfScope } from "./camp-personal-link.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { emailKey } from "../../shared/contact/email-key.ts";
import { CampInputError } from "./camp-registrations.ts";
import { renderCancellationMail, renderLinksMail, selfServiceMailKey } from "./camp-self-service-mail.ts";
import { refundSentenceAt, selfServiceClosesAt } from "../../shared/camp/cancellation-terms.ts";
import { loadClubContact } from "../site-content/club-contact.ts";

export const selfServiceMessages = {
  notFound: "Fant ikke påmeldingen. Sjekk at du har hele lenken fra e-posten.",
  started: "Leiren har startet, så påmeldingen kan ikke endres eller avbestilles her lenger. Ta kontakt med arrangøren (se «Kontakt» på nettstedet).",
  notConfirmed: "Påmeldingen er ikke bekreftet ennå, så den kan ikke endres her. Fullfør betalingen først.",
  cancelled: "Påmeldingen er avbestilt.",
  personNotFound: "Fant ikke den personen på påmeldingen.",
  refundChanged: (amount: number) => `Det du får tilbake er nå ${formatKroner(amount)}. Se over og bekreft på nytt.`,
  paymentBusy: "Betalingen behandles hos Vipps akkurat nå. Prøv igjen om et minutt.",
  sleepover: "Barn under 12 år fra Ski Taekwondo Klubb kan ikke overnatte i hallen.",
  nothingToPay: "Det er ingenting å betale.",
  sleepoverFull: "Alle overnattingsplassene er tatt, så overnatting kan ikke legges til nå.",
  grading: "Cup-gradering på leiren er bare for barn under 13 år fra Ski Taekwondo Klubb, og dan-gradering for dem som kan gå opp til dan.",
} as const;

/** Who did it, in the money log and the change log. */
const ACTOR = "deltaker";

type RegistrationRow = typeof campRegistrations.$inferSelect;
type CompanionRow = typeof campCompanions.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

interface Loaded {
  registration: RegistrationRow;
  companions: CompanionRow[];
  lines: { label: string; amount: number }[];
  payments: PaymentRow[];
  ledger: LedgerEntry[];
  edition: CampEdition;
  firstDay: string;
  lastDay: string;
  venue: string;
}

async function load(db: Db, registrationId: number): Promise<Loaded | undefined> {
  const [registration] = await db.select().from(campRegistrations).where(eq(campRegistrations.id, registrationId));
  if (!registration || registration.anonymisedAt) return undefined;
  const companions = await db
    .select()
    .from(campCompanions)
    .where(eq(campCompanions.registrationId, registrationId))
    .orderBy(asc(campCompanions.position));
  const lines = await db
    .select({ label: campPriceLines.label, amount: campPriceLines.amount })
    .from(campPriceLines)
    .where(eq(campPriceLines.registrationId, registrationId))
    .orderBy(asc(campPriceLines.position));
  // A group's one payment counts here as this athlete's share of it.
  const paymentRows = await paymentsOfRegistration(db, registrationId);
  const data = await editionDataForYear(db, registration.editionYear);
  return {
    registration,
    companions,
    lines,
    payments: paymentRows,
    ledger: await readLedger(db, registrationId),
    edition: campEditionFromData(data),
    firstDay: data.firstDay,
    lastDay: data.lastDay,
    venue: data.venue,
  };
}

/** Changes and cancellations are possible while the registration is confirmed and until the camp's first day begins (Oslo). */
function campStarted(edition: CampEdition, now: Date): boolean {
  return now.getTime() >= selfServiceClosesAt(edition).getTime();
}

export function methodOf(rows: PaymentRow[]): MyRegistrationView["paymentMethod"] {
  const paid = rows.find((row) => row.method === "vipps" && row.paidAmount > 0);
  return (paid ?? rows[rows.length - 1])?.method ?? null;
}

function paymentStateText(loaded: Loaded): string {
  const { registration, payments: rows } = loaded;
  const method = methodOf(rows);
  const figures = ledgerFigures(loaded.ledger);
  const back =
    figures.refundOwed > 0
      ? ` ${formatKroner(figures.refundOwed)} skal betales tilbake til dere.`
      : figures.refunded > 0
        ? ` ${formatKroner(figures.refunded)} er betalt tilbake.`
        : "";
  if (registration.status === "waiting") return "På ventelisten – ingenting å betale nå.";
  if (registration.status === "pending_payment") return "Venter på betaling med Vipps.";
  if (figures.outstanding > 0) {
    // The amount is on its own line («Å betale»); the state says how it is paid.
    return `${method === "vipps" ? "Noe er ikke betalt ennå: betal med Vipps her på siden." : "Betales med kort eller kontant ved oppmøte."}${back}`;
  }
  if (figures.paid === 0)
    return registration.status === "cancelled" ? "Avbestilt – ingenting er betalt, og ingenting skal betales." : "Ingenting å betale.";
  return `Betalt ${formatKroner(figures.paid)}.${back}`;
}

function personsOf(loaded: Loaded, now: Date): MyPerson[] {
  const { registration, companions, edition, payments: rows } = loaded;
  void rows;
  // What cancelling would give back today: the same plan the cancellation writes, on what was paid for the person.
  const rule = (paid: number) => campRefund(paid, edition, now);
  const planFor = (person: string | null) => planCancellation(loaded.ledger, (item) => person === null || item.person === person, rule);
  const active = companions.filter((companion) => !companion.cancelledAt);
  const athleteShare = registration.total - active.reduce((sum, companion) => sum + companion.amount, 0);
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
      amount: companion.amount,
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
    lines: loaded.lines,
    total: registration.total,
    paymentMethod: methodOf(rows),
    ...moneyOf(loaded),
    paymentState: paymentStateText(loaded),
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
  return {
    ...view,
    group: {
      orderId: loaded.registration.groupId!,
      total: sum((member) => (member.status === "cancelled" ? 0 : member.total)),
      paymentMethod: lead.paymentMethod,
      paid: sum((member) => member.paid),
      refunded: sum((member) => member.refunded),
      kept: sum((member) => member.kept),
      refundOwed: sum((member) => member.refundOwed),
      outstanding: sum((member) => member.outstanding),
      paymentState: lead.status === "cancelled" ? (members.find((member) => member.status !== "cancelled") ?? lead).paymentState : lead.paymentState,
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

async function lockRegistration(tx: Db, registrationId: number): Promise<void> {
  await tx.execute(sql`select id from camp_registrations where id = ${registrationId} for update`);
}

function refuseUnlessChangeable(loaded: Loaded, now: Date) {
  if (loaded.registration.status === "cancelled") throw new HttpError(409, selfServiceMessages.cancelled);
  if (loaded.registration.status !== "confirmed") throw new HttpError(409, selfServiceMessages.notConfirmed);
  if (campStarted(loaded.edition, now)) throw new HttpError(409, selfServiceMessages.started);
}

async function logChange(tx: Db, registrationId: number, summary: string, now: Date) {
  await tx.insert(campRegistrationChanges).values({ registrationId, at: now, actor: ACTOR, summary });
}

/** The change log of a registration, oldest first (for the camp admin's person details). */
export async function registrationChanges(db: Db, registrationId: number) {
  const rows = await db
    .select({ at: campRegistrationChanges.at, actor: campRegistrationChanges.actor, summary: campRegistrationChanges.summary })
    .from(campRegistrationChanges)
    .where(eq(campRegistrationChanges.registrationId, registrationId))
    .orderBy(asc(campRegistrationChanges.at), asc(campRegistrationChanges.id));
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

export interface CancelOutcome {
  view: MyRegistrationView;
  changed: boolean;
  refund: number;
}

/**
 * Cancels the athlete (the whole registration) or one companion. The refund is the edition's rule today
 * on that person's share: over Vipps it is queued on the payment in the same transaction (one
 * Idempotency-Key, sent right after and retried by the Vipps job until Vipps answers); card/cash owes that
 * much less at the camp. A whole cancellation frees the athlete's place for the waiting list.
 */
export async function cancelMyRegistration(
  app: FastifyInstance,
  gateway: CampPaymentGateway,
  registrationId: number,
  body: unknown,
): Promise<CancelOutcome> {
  const input = parseWith(MyCancellationSchema, body);
  // A reservation not yet captured is captured first, so the refund rule applies to money that came in.
  await gateway.settleNow?.(registrationId).catch(() => undefined);
  const now = app.now();
  const outcome = await app.db.transaction(async (tx) => {
    await lockRegistration(tx, registrationId);
    const loaded = await load(tx, registrationId);
    if (!loaded) throw new HttpError(404, selfServiceMessages.notFound);
    const { registration } = loaded;
    const whole = input.person === "athlete";
    const companion = whole ? undefined : loaded.companions.find((row) => `companion-${row.id}` === input.person);
    if (!whole && !companion) throw new HttpError(404, selfServiceMessages.personNotFound);
    // Done before (a double click, or another tab): the same answer, nothing more.
    if (registration.status === "cancelled" || companion?.cancelledAt) return { loaded, changed: false, refund: 0, whole };
    refuseUnlessChangeable(loaded, now);

    const method = methodOf(loaded.payments);
    const share = whole ? registration.total : companion!.amount;
    const name = whole ? `${registration.firstName} ${registration.lastName}` : `${companion!.firstName} ${companion!.lastName}`;
    // The one cancellation rule, on what was paid for the person (ledger), whatever the payment method.
    const person = whole ? null : companionPerson(companion!.id);
    const cancels = (item: { person: string }) => person === null || item.person === person;
    const rule = (paid: number) => campRefund(paid, loaded.edition, now);
    const planned = planCancellation(loaded.ledger, cancels, rule);
    if (input.expectedRefund !== undefined && input.expectedRefund !== planned.refund)
      throw new HttpError(409, selfServiceMessages.refundChanged(planned.refund));
    // A reservation Vipps has not captured yet: the rule would apply to money that has not come in.
    if (loaded.payments.some((row) => row.method === "vipps" && row.settle === "capture" && row.capturedAmount === 0))
      throw new HttpError(409, selfServiceMessages.paymentBusy);

    if (whole) {
      await tx.update(campRegistrations).set({ status: "cancelled", cancelledAt: now }).where(eq(campRegistrations.id, registrationId));
    } else {
      await tx.update(campCompanions).set({ cancelledAt: now }).where(eq(campCompanions.id, companion!.id));
      // The receipt stays as charged, with a line that takes the companion off; the lines still sum to the total.
      await appendPriceLine(tx, registration, { kind: "cancelled-companion", label: `Avbestilt ledsager: ${name}`, amount: -share });
    }
    const what = whole ? "Påmeldingen avbestilt av deltakeren (Min påmelding)." : `Ledsager ${name} avbestilt av deltakeren (Min påmelding).`;
    const settled = await cancelInLedger(tx, registrationId, cancels, rule, { actor: ACTOR, reason: what, now });
    // «Allerede påmeldt» claims elsewhere that leaned on a paying companion cancelled here: the leader is told.
    const gone = (whole ? loaded.companions.filter((row) => !row.cancelledAt) : [companion!]).filter((row) => !row.alreadyRegistered);
    await noteUncoveredClaims(tx, registration.editionYear, registrationId, registration.orderId, gone, now);
    const refund = settled.refund;
    await logChange(
      tx,
      registrationId,
      whole ? `Avbestilte hele påmeldingen (refusjon ${refund} kr)` : `Avbestilte ledsager ${name} (refusjon ${refund} kr)`,
      now,
    );
    const token = await createMailLink(tx, registrationId, now);
    const mail = renderCancellationMail(
      {
        orderId: registration.orderId,
        year: registration.editionYear,
        cancelledName: name,
        whole,
        method: method ?? "card_cash",
        refund,
        refundOutsideVipps: settled.owed,
        kept: settled.kept,
        stillToPay: whole ? 0 : ledgerFigures(await readLedger(tx, registrationId)).outstanding,
        link: personalLinkUrl(app.env.PUBLIC_BASE_URL, token),
      },
      (await loadClubContact(tx)).general,
    );
    await queueMail(tx, { dedupeKey: selfServiceMailKey(registrationId, `cancel-${input.person}`), to: registration.email, ...mail }, now);
    return { loaded, changed: true, refund, whole };
  });
  if (outcome.changed) {
    // Sends the queued refund now; the Vipps job retries it with the same key if this fails.
    if (outcome.refund > 0) await gateway.settleNow?.(registrationId).catch(() => undefined);
    app.outbox.kick();
    app.campListsChanged();
    // The athlete's place is free: the first in line gets an offer (the admin's cancel does the same).
    if (outcome.whole) await app.campWaitlist.drain();
  }
  const view = await myRegistrationView(app.db, registrationId, app.now());
  if (!view) throw new HttpError(404, selfServiceMessages.notFound);
  return { view, changed: outcome.changed, refund: outcome.refund };
}

/** Free changes (contact details, allergies, food, other information, list consent, sleepover), logged by field name. */
export async function changeMyRegistration(
  app: FastifyInstance,
  registrationId: number,
  body: unknown,
): Promise<{ view: MyRegistrationView; changed: string[] }> {
  const input = parseWith(MyRegistrationChangeSchema, body);
  const now = app.now();
  const changed = await app.db.transaction(async (tx) => {
    await lockRegistration(tx, registrationId);
    const loaded = await load(tx, registrationId);
    if (!loaded) throw new HttpError(404, selfServiceMessages.notFound);
    refuseUnlessChangeable(loaded, now);
    const { registration } = loaded;
    if (input.sleepover && !registration.sleepover && !maySleepOver({ age: registration.age, clubId: registration.clubId }, loaded.edition)) {
      throw new CampInputError("sleepover", selfServiceMessages.sleepover);
    }
    if (input.sleepover && !registration.sleepover) {
      // A sleepover place is taken like the wizard takes it: under the edition's lock, only while one is free.
      const { sleepoverCapacity } = await editionDataForYear(tx, registration.editionYear);
      if (sleepoverCapacity !== null) {
        await lockEditionPlaces(tx, registration.editionYear);
        if ((await sleepoverPlacesHeld(tx, registration.editionYear, now)) >= sleepoverCapacity)
          throw new HttpError(409, selfServiceMessages.sleepoverFull);
      }
    }
    const fields = (Object.keys(input) as (keyof MyRegistrationChange)[]).filter(
      (field) => input[field] !== undefined && input[field] !== registration[field],
    );
    if (fields.length === 0) return [];
    await tx
      .update(campRegistrations)
      // A new address moves the registration to that address's family link (and off the old one's).
      .set({
        ...Object.fromEntries(fields.map((field) => [field, input[field]])),
        ...(fields.includes("email") ? { emailKey: emailKey(input.email!) ?? null } : {}),
      })
      .where(eq(campRegistrations.id, registrationId));
    await logChange(tx, registrationId, `Endret ${fields.map((field) => myChangeFieldLabels[field]).join(", ")}`, now);
    return fields;
  });
  if (changed.includes("public")) app.campListsChanged();
  const view = await myRegistrationView(app.db, registrationId, app.now());
  if (!view) throw new HttpError(404, selfServiceMessages.notFound);
  return { view, changed };
}

/** Within this many minutes, "Finn påmeldingen min" mails an address at most once. */
const findMailEveryMinutes = 10;

/** "Finn påmeldingen min": the address asked for, checked by the shared schema (400 otherwise), as compared. */
export function findMyRegistrationKey(body: unknown): string {
  const { email } = parseWith(FindMyRegistrationSchema, body);
  return emailKey(email)!;
}

/**
 * "Finn påmeldingen min", after the answer has gone (the answer is the same whatever is found): when
 * anything is registered with exactly this address (as compared, email-key.ts) for a camp that has not
 * ended, one mail with the address's one family link goes to that address and no other. A secret is stored
 * only with a mail; at most one such mail per address per 10 minutes. Links of the address that expired
 * unopened are deleted on the way.
 */
export async function findMyRegistration(app: FastifyInstance, key: string): Promise<void> {
  const now = app.now();
  const registrations = await registrationsOfScope(app.db, { kind: "family", emailKey: key }, now);
  if (registrations.length === 0) return;
  const rows = await app.db
    .select({
      id: campRegistrations.id,
      orderId: campRegistrations.orderId,
      year: campRegistrations.editionYear,
      firstName: campRegistrations.firstName,
      lastName: campRegistrations.lastName,
    })
    .from(campRegistrations)
    .where(
      inArray(
        campRegistrations.id,
        registrations.map((registration) => registration.id),
      ),
    )
    .orderBy(asc(campRegistrations.id));
  const bucket = Math.floor(now.getTime() / (findMailEveryMinutes * 60_000));
  const dedupeKey = selfServiceMailKey(rows[0]!.id, `find-${bucket}`);
  const queued = await app.db.transaction(async (tx) => {
    await deleteExpiredLinks(tx, now, key);
    const [already] = await tx.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.dedupeKey, dedupeKey));
    if (already) return false;
    const link = personalLinkUrl(app.env.PUBLIC_BASE_URL, await createFamilyLink(tx, key, now));
    const mail = renderLinksMail(
      link,
      rows.map((row) => ({ orderId: row.orderId, year: row.year, name: `${row.firstName} ${row.lastName}` })),
    );
    await queueMail(tx, { dedupeKey, to: key, ...mail }, now);
    return true;
  });
  if (queued) app.outbox.kick();
}

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
    await tx.insert(payments).values({
      registrationId: registration.id,
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
      .update(payments)
      .set({ amount: cash.amount + amount, updatedAt: now })
      .where(eq(payments.id, cash.id));
  } else {
    const reference = `${registration.orderId}-K${loaded.payments.length + 1}`;
    await tx.insert(payments).values({
      registrationId: registration.id,
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

export interface AddCompanionOutcome {
  view: MyRegistrationView;
  /** Where to pay the difference with Vipps, when the registration is paid with Vipps. */
  payUrl?: string;
}

/**
 * Adds a companion: priced by the server with the registration's own edition and its early-bird state at
 * registration (calculateCampPrice at the registration's time). The receipt gets the companion's line and
 * the total grows; with Vipps the difference is a new payment attempt ("change"), with card/cash it is paid
 * at the camp.
 */
export async function addMyCompanion(
  app: FastifyInstance,
  gateway: CampPaymentGateway,
  registrationId: number,
  body: unknown,
): Promise<AddCompanionOutcome> {
  const input = parseWith(MyCompanionAddSchema, body);
  const now = app.now();
  const { grades } = await referenceData(app.db);
  const added = await app.db.transaction(async (tx) => {
    await lockRegistration(tx, registrationId);
    const loaded = await load(tx, registrationId);
    if (!loaded) throw new HttpError(404, selfServiceMessages.notFound);
    refuseUnlessChangeable(loaded, now);
    const { registration } = loaded;
    const active = loaded.companions.filter((companion) => !companion.cancelledAt);
    if (active.length >= campSettings.limits.maxCompanions)
      throw new CampInputError("ledsagere", `Du kan legge inn høyst ${campSettings.limits.maxCompanions} ledsagere.`);
    if (loaded.companions.some((companion) => companion.clientId === input.id))
      throw new CampInputError("id", "Den samme ledsageren er lagt inn to ganger.");
    const amount = await addChargedCompanion(tx, {
      registration,
      companions: loaded.companions,
      edition: loaded.edition,
      grades,
      input,
      actor: ACTOR,
      reason: `Ledsager ${input.firstName} ${input.lastName} lagt til (Min påmelding)`,
      now,
    });
    const reference = await chargeDifference(tx, loaded, amount, now);
    await logChange(tx, registrationId, `La til ledsager ${input.firstName} ${input.lastName} (${amount} kr)`, now);
    return { reference, amount, registration };
  });
  let payUrl: string | undefined;
  if (added.reference) {
    payUrl = await gateway.createPaymentRedirect({
      registrationId,
      orderId: added.registration.orderId,
      editionYear: added.registration.editionYear,
      amount: added.amount,
      paymentReference: added.reference,
      telephone: added.registration.telephone,
    });
  }
  const view = await myRegistrationView(app.db, registrationId, app.now());
  if (!view) throw new HttpError(404, selfServiceMessages.notFound);
  return { view, ...(payUrl ? { payUrl } : {}) };
}

/** "Betal resten": the open difference of a change, at Vipps again (the same attempt while it can still be paid). */
export async function payMyOutstanding(app: FastifyInstance, gateway: CampPaymentGateway, registrationId: number): Promise<string> {
  const loaded = await load(app.db, registrationId);
  if (!loaded) throw new HttpError(404, selfServiceMessages.notFound);
  refuseUnlessChangeable(loaded, app.now());
  const change = [...loaded.payments].reverse().find((row) => row.kind === "change" && row.method === "vipps");
  if (!change || change.capturedAmount > 0 || ledgerFigures(loaded.ledger).outstanding < change.amount)
    throw new HttpError(409, selfServiceMessages.nothingToPay);
  const { registration } = loaded;
  return gateway.createPaymentRedirect({
    registrationId,
    orderId: registration.orderId,
    editionYear: registration.editionYear,
    amount: change.amount,
    paymentReference: change.reference,
    telephone: registration.telephone,
  });
}

export interface GradingOutcome {
  view: MyRegistrationView;
  changed: boolean;
  refund: number;
  payUrl?: string;
}

/**
 * Grading on or off. On: the wizard's rule, priced like the registration (its edition, its time); with Vipps
 * the fee is a new payment attempt, with card/cash it is owed at the camp. Off: the fee comes back by the
 * refund rule (Vipps) or is no longer owed (card/cash); the receipt gets a line that takes it off.
 */
export async function setMyGrading(
  app: FastifyInstance,
  gateway: CampPaymentGateway,
  registrationId: number,
  body: unknown,
): Promise<GradingOutcome> {
  const { gradering } = parseWith(MyGradingSchema, body);
  const now = app.now();
  const { grades } = await referenceData(app.db);
  const outcome = await app.db.transaction(async (tx) => {
    await lockRegistration(tx, registrationId);
    const loaded = await load(tx, registrationId);
    if (!loaded) throw new HttpError(404, selfServiceMessages.notFound);
    const { registration } = loaded;
    if (registration.gradering === gradering) return { changed: false, refund: 0 };
    refuseUnlessChangeable(loaded, now);
    if (gradering) {
      if (!mayTickGrading(registration, loaded.edition)) throw new CampInputError("gradering", selfServiceMessages.grading);
      const price = calculateCampPrice(
        { ...registration, gradering: true, ledsagere: [] },
        { edition: loaded.edition, at: registration.createdAt, grades },
      );
      const line = price.lines.find((priced) => priced.kind === "grading")!;
      await appendPriceLine(tx, registration, { kind: line.kind, label: line.label, amount: line.amount }, { gradering: true });
      await appendCharges(tx, registrationId, [{ person: athletePerson, item: "grading", amount: line.amount }], {
        actor: ACTOR,
        reason: "Gradering lagt til (Min påmelding)",
        now,
      });
      const reference = await chargeDifference(tx, loaded, line.amount, now);
      await logChange(tx, registrationId, `La til gradering (${line.amount} kr)`, now);
      return { changed: true, refund: 0, reference, amount: line.amount, registration };
    }
    // Off: the grading lines' net amount (a fee added and taken off before counts as nothing).
    const lines = await tx
      .select({ kind: campPriceLines.kind, amount: campPriceLines.amount })
      .from(campPriceLines)
      .where(eq(campPriceLines.registrationId, registrationId));
    const fee = lines.filter((line) => line.kind === "grading" || line.kind === "cancelled-grading").reduce((sum, line) => sum + line.amount, 0);
    if (loaded.payments.some((row) => row.method === "vipps" && row.settle === "capture" && row.capturedAmount === 0))
      throw new HttpError(409, selfServiceMessages.paymentBusy);
    await appendPriceLine(tx, registration, { kind: "cancelled-grading", label: "Avbestilt gradering", amount: -fee }, { gradering: false });
    // The one cancellation rule on what was paid for grading; an unpaid fee is simply removed.
    const settled = await cancelInLedger(
      tx,
      registrationId,
      (item) => item.person === athletePerson && item.item === "grading",
      (paid) => campRefund(paid, loaded.edition, now),
      { actor: ACTOR, reason: "Gradering avbestilt av deltakeren (Min påmelding).", now },
    );
    const refund = settled.refund;
    await logChange(tx, registrationId, `Tok bort gradering (refusjon ${refund} kr)`, now);
    return { changed: true, refund };
  });
  if (outcome.refund > 0) await gateway.settleNow?.(registrationId).catch(() => undefined);
  let payUrl: string | undefined;
  if ("reference" in outcome && outcome.reference) {
    payUrl = await gateway.createPaymentRedirect({
      registrationId,
      orderId: outcome.registration!.orderId,
      editionYear: outcome.registration!.editionYear,
      amount: outcome.amount!,
      paymentReference: outcome.reference,
      telephone: outcome.registration!.telephone,
    });
  }
  const view = await myRegistrationView(app.db, registrationId, app.now());
  if (!view) throw new HttpError(404, selfServiceMessages.notFound);
  return { view, changed: outcome.changed, refund: outcome.refund, ...(payUrl ? { payUrl } : {}) };
}
