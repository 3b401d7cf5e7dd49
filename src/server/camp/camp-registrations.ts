import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import { createHash, timingSafeEqual } from "node:crypto";
import { emailKey } from "../../shared/contact/email-key.ts";
import { campEditionFromData } from "../../shared/camp/camp-edition-data.ts";
import type { CampEditionData } from "../../shared/camp/camp-edition-schema.ts";
import type { CampEdition } from "../../shared/camp/camp-edition.ts";
import { calculateCampPrice, type CampPrice } from "../../shared/camp/camp-pricing.ts";
import { formatOsloDateTime, type DateReading } from "../../shared/format.ts";
import { CampRegistrationSchema, siblingRegistration, type CampRegistration } from "../../shared/camp/camp-registration.ts";
import type { Db } from "../db/database.ts";
import { prepareStatement } from "../db/prepared-statement.ts";
import { columnNames, valuesList, valuesOf } from "../db/values-list.ts";
import { referenceData } from "../db/reference-data.ts";
import { campCompanions, campPriceLines, campRegistrations, paymentShares, payments, type PaymentMethod } from "../db/schema/camp.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { campPersonalLinks } from "../db/schema/camp-self-service.ts";
import { newPersonalToken, personalLinkUrl, personalTokenHash } from "./camp-personal-link.ts";
import { HttpError, parseWith } from "../errors.ts";
import { campConfirmationKeyPrefix, queueCampConfirmationMail, queueCampGroupConfirmationMail, renderCampConfirmation } from "./camp-confirmation-mail.ts";
import { checkInCodeFor } from "./checkin/checkin-code.ts";
import { registrationEditionData } from "./camp-editions.ts";
import { editionDataForYear, editionIsOver } from "./camp-edition-lookup.ts";
import { vippsUnavailableMessage, type CampPaymentGateway } from "./camp-payment-gateway.ts";
import { deadPaymentStates, lockEditionPlaces, placesHeld, sleepoverPlacesHeld } from "./camp-places.ts";
import { countAwaitingOffer, moveToWaitlist, nextWaitlistRank, queueWaitlistJoinedMail } from "./camp-waitlist.ts";
import { newOrderId } from "./order-id.ts";
import { copyShares } from "../payments/payment-shares.ts";
import { loadClubContact } from "../site-content/club-contact.ts";
import { athletePerson, companionPerson, ledgerFigures } from "../../shared/camp/camp-ledger.ts";
import { chargeNewRegistration } from "./camp-ledger-store.ts";

/** Who wrote a new registration's charges in the ledger, and why. */
const newRegistrationLedger = { actor: "deltaker", reason: "Påmelding" } as const;

/** A 400 about one field, answered as `{ error, issues: [{ path, message }] }` like a schema failure. */
export class CampInputError extends HttpError {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(400, message);
    this.name = "CampInputError";
  }
}

export const campInputMessages = {
  /** A draft sent again without its own secret (another browser, or an old copy of the form). */
  draftAlreadySent: "Denne påmeldingen er allerede sendt inn. Start en ny påmelding, eller bruk lenken i e-posten du fikk.",
  unknownClub: "Ukjent klubb.",
  unknownGrade: "Ukjent grad.",
  sleepoverFull: "Alle overnattingsplassene er tatt. Gå tilbake og meld på uten overnatting.",
  groupDoesNotFit: (free: number, athletes: number) =>
    `Det er ${free === 0 ? "ingen" : `bare ${free}`} ledige ${free === 1 ? "plass" : "plasser"} igjen, og påmeldingen har ${athletes} utøvere. ` +
    "Meld på færre utøvere, eller meld på hver for seg for å komme på ventelisten.",
  groupSleepoverFull: "Det er ikke nok ledige overnattingsplasser til alle som skal overnatte. Gå tilbake og endre valget om overnatting.",
  companionNotFound: (name: string) =>
    `Vi finner ingen påmeldt ledsager som heter ${name} med det telefonnummeret på årets leir. ` +
    "Sjekk navn og telefonnummer, eller fjern avkrysningen for «allerede påmeldt».",
} as const;

export type SubmitAnswer = { kind: "done" } | { kind: "redirect"; url: string } | { kind: "waitlist" };

/** The 409 answers outside the registration window (the wizard shows the sentence as it is). */
export const registrationWindowMessages = {
  notYet: (opensAt: Date, reading: DateReading = {}) => `Påmeldingen åpner ${formatOsloDateTime(opensAt, reading)}.`,
  closed: "Påmeldingen er stengt.",
} as const;

/**
 * Why a registration cannot be taken now, or undefined inside the window: before it opens, from when it
 * closes, once the camp's last day is over, or when there is no current edition.
 */
function registrationWindowRefusal(data: CampEditionData | undefined, now: Date): string | undefined {
  if (!data) return registrationWindowMessages.closed;
  const opensAt = new Date(data.registrationOpensAt);
  if (now.getTime() < opensAt.getTime()) return registrationWindowMessages.notYet(opensAt, { now, year: data.year });
  if (now.getTime() >= Date.parse(data.registrationClosesAt) || editionIsOver(data, now)) return registrationWindowMessages.closed;
  return undefined;
}

interface StoredRegistration {
  id: number;
  orderId: string;
  editionYear: number;
  status: "pending_payment" | "confirmed" | "cancelled" | "waiting";
  total: number;
  telephone: string;
}

const storedColumns = {
  id: campRegistrations.id,
  orderId: campRegistrations.orderId,
  editionYear: campRegistrations.editionYear,
  status: campRegistrations.status,
  total: campRegistrations.total,
  telephone: campRegistrations.telephone,
};

/** A registration as `answerFor` takes it; undefined when there is none. */
export async function loadStoredRegistration(db: Db, registrationId: number): Promise<StoredRegistration | undefined> {
  const [row] = await db.select(storedColumns).from(campRegistrations).where(eq(campRegistrations.id, registrationId));
  return row;
}

/**
 * POST /api/Vinterleir/Post. Validates with the shared schema, refuses outside the current edition's
 * registration window (409, nothing stored), checks what only the database knows, charges the current
 * edition's price (read from the database) and stores the registration.
 *
 * Without a capacity everything is stored in one statement (so one short transaction, no network inside):
 * the registration, its companions, price lines and payment, and for a confirmed registration its
 * confirmation mail in the outbox. With a capacity the check and the insert share one transaction under
 * the edition's advisory lock: a free place gives a normal registration, a full camp a waiting one
 * (answered `Venteliste`, with a mail saying its place in line).
 * A retried draft (same draftId in the edition) gets the first answer again and stores nothing.
 */
export async function submitCampRegistration(app: FastifyInstance, body: unknown, gateway: CampPaymentGateway): Promise<SubmitAnswer> {
  const registration = parseWith(CampRegistrationSchema, body);
  const now = app.now();
  const current = await registrationEditionData(app.db, registration.year, now);
  const refusal = registrationWindowRefusal(current, now);
  if (refusal) {
    // A retry of a draft stored before the window closed still gets its first answer.
    const earlier = current ? await findByDraft(app.db, current.year, registration.draftId) : undefined;
    if (earlier) return answerEarlier(app, earlier, registration, gateway);
    throw new HttpError(409, refusal);
  }
  const data = current!;
  const edition = campEditionFromData(data);

  if (registration.siblings && registration.siblings.length > 0) return submitCampGroup(app, registration, data, gateway);

  // Idempotency per draft: a retried draft gets the first answer again. A plain card/cash registration
  // tries its insert first (the unique draft key makes a retry or a concurrent twin insert nothing, and
  // then the earlier registration answers): one query less for the common case. It checks nothing first
  // that a retry could newly fail (club and grade are static, the price is computed). A Vipps registration
  // or one that claims already-registered companions asks the database first, as those checks could.
  const plain = !registration.vipps && !registration.ledsagere.some((companion) => companion.alreadyRegistered);
  if (!plain) {
    const earlier = await findByDraft(app.db, edition.year, registration.draftId);
    if (earlier) return answerEarlier(app, earlier, registration, gateway);
  }

  // Clubs and grades are static reference data, kept in memory (db/reference-data.ts).
  const { clubById, gradeById, grades } = await referenceData(app.db);
  const club = clubById.get(registration.clubId);
  if (!club) throw new CampInputError("clubId", campInputMessages.unknownClub);
  if (!gradeById.has(registration.gradeId)) throw new CampInputError("gradeId", campInputMessages.unknownGrade);
  await verifyAlreadyRegisteredCompanions(app.db, edition.year, registration);

  const price = calculateCampPrice(registration, { edition, at: now, grades });
  const method: PaymentMethod = price.total === 0 ? "free" : registration.vipps ? "vipps" : "card_cash";
  if (method === "vipps" && !gateway.available) throw new CampInputError("vipps", vippsUnavailableMessage);
  const status = method === "vipps" ? "pending_payment" : "confirmed";

  if (data.capacity !== null || (registration.sleepover && data.sleepoverCapacity !== null)) {
    const limits = { capacity: data.capacity, sleepoverCapacity: data.sleepoverCapacity };
    return submitWithinCapacity(app, { registration, editionYear: edition.year, clubName: club.name, price, method, status, now }, limits, gateway);
  }

  let stored: StoredRegistration | undefined;
  let paymentReference: string | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    const orderId = newOrderId(edition.year);
    // Each online attempt has its own reference; card/cash and free settle under the order id.
    const reference = method === "vipps" ? `${orderId}-1` : orderId;
    const id = await insertRegistration(app.db, { registration, editionYear: edition.year, orderId, clubName: club.name, price, method, status, reference, now }, edition, app.env.PUBLIC_BASE_URL);
    if (id !== undefined) {
      stored = { id, orderId, editionYear: edition.year, status, total: price.total, telephone: registration.telephone };
      paymentReference = reference;
      break;
    }
    // Nothing stored: this draft is already registered (a retry, or a concurrent twin that committed
    // first), or (rarely) the order id was taken: draw another.
    const earlier = await findByDraft(app.db, edition.year, registration.draftId);
    if (earlier) return answerEarlier(app, earlier, registration, gateway);
  }
  if (!stored) throw new Error("No free order id after 5 draws");

  if (stored.status === "confirmed") {
    app.outbox.kick();
    app.campListsChanged();
  }
  return answerFor(app, stored, gateway, paymentReference);
}

/**
 * A registration in an edition with a capacity: in one transaction under the edition's advisory lock,
 * count the places held and store either a normal registration or a waiting one (no payment; its price
 * lines as calculated, so an offer can show them). A sleepover asked for when every sleepover place is
 * held is refused (409) rather than put in line: the athlete may well come without it.
 */
async function submitWithinCapacity(
  app: FastifyInstance,
  input: Omit<NewRegistration, "orderId" | "reference">,
  { capacity, sleepoverCapacity }: { capacity: number | null; sleepoverCapacity: number | null },
  gateway: CampPaymentGateway,
): Promise<SubmitAnswer> {
  const { registration, editionYear, now } = input;
  const outcome = await app.db.transaction(async (tx) => {
    await lockEditionPlaces(tx, editionYear);
    const earlier = await findByDraft(tx, editionYear, registration.draftId);
    if (earlier) return { earlier };
    // Those already in line for an offer come first: a place freed a moment ago is theirs.
    const waiting = capacity !== null && (await placesHeld(tx, editionYear, now)) + (await countAwaitingOffer(tx, editionYear)) >= capacity;
    if (!waiting && registration.sleepover && sleepoverCapacity !== null && (await sleepoverPlacesHeld(tx, editionYear, now)) >= sleepoverCapacity) {
      throw new HttpError(409, campInputMessages.sleepoverFull);
    }
    const status = waiting ? "waiting" : input.status;
    const waitlistRank = waiting ? await nextWaitlistRank(tx, editionYear) : null;
    for (let attempt = 0; attempt < 5; attempt++) {
      const orderId = newOrderId(editionYear);
      const reference = input.method === "vipps" ? `${orderId}-1` : orderId;
      const id = await insertRegistrationRows(tx, { ...input, orderId, reference, status, waitlistRank });
      if (id === undefined) {
        // A twin of this draft stored outside the lock (just before the capacity was set), or a taken order id.
        const twin = await findByDraft(tx, editionYear, registration.draftId);
        if (twin) return { earlier: twin };
        continue;
      }
      if (status === "confirmed") await queueCampConfirmationMail(tx, id, now, app.env.PUBLIC_BASE_URL);
      if (status === "waiting") await queueWaitlistJoinedMail(tx, id, now);
      return { stored: { id, orderId, editionYear, status, total: input.price.total, telephone: registration.telephone } satisfies StoredRegistration, reference };
    }
    throw new Error("No free order id after 5 draws");
  });
  if ("earlier" in outcome) return answerEarlier(app, outcome.earlier!, registration, gateway);
  const { stored, reference } = outcome;
  if (stored.status !== "pending_payment") app.outbox.kick();
  if (stored.status === "confirmed") app.campListsChanged();
  // Behind others in line while a place is free: the job offers it to the first of them.
  if (stored.status === "waiting") app.campWaitlist.kick();
  return answerFor(app, stored, gateway, reference);
}

/**
 * Several athletes in one submission sharing the contact details: in one transaction (under the edition's
 * lock when it has a capacity) one registration per athlete, each priced by the shared rules with the
 * current edition, linked by `group_id` (the first athlete's order id). The group is all or nothing: when
 * the free places (or sleepover places) do not fit every athlete, nothing is stored and the answer is a
 * 409 saying so; a group is never split between the list and the waiting list, nor put in line together.
 * A retried draft (the first athlete's draftId) gets the first answer again.
 */
async function submitCampGroup(app: FastifyInstance, registration: CampRegistration, data: CampEditionData, gateway: CampPaymentGateway): Promise<SubmitAnswer> {
  const now = app.now();
  const edition = campEditionFromData(data);
  const earlier = await findByDraft(app.db, edition.year, registration.draftId);
  if (earlier) return answerEarlier(app, earlier, registration, gateway);

  const { clubById, gradeById, grades } = await referenceData(app.db);
  const athletes = [registration, ...registration.siblings!.map((sibling) => ({ ...siblingRegistration(registration, sibling), draftId: crypto.randomUUID() }))];
  const paths = ["", ...registration.siblings!.map((_, index) => `siblings.${index}.`)];
  const clubNames = athletes.map((athlete, index) => {
    const club = clubById.get(athlete.clubId);
    if (!club) throw new CampInputError(`${paths[index]}clubId`, campInputMessages.unknownClub);
    if (!gradeById.has(athlete.gradeId)) throw new CampInputError(`${paths[index]}gradeId`, campInputMessages.unknownGrade);
    return club.name;
  });
  // Each athlete may bring companions of its own, checked as on the single path.
  for (const [index, athlete] of athletes.entries()) await verifyAlreadyRegisteredCompanions(app.db, edition.year, athlete, paths[index]);
  const prices = athletes.map((athlete) => calculateCampPrice(athlete, { edition, at: now, grades }));
  const groupTotal = prices.reduce((sum, price) => sum + price.total, 0);
  // With Vipps the group pays once: one payment for the group total on the first athlete, a share per athlete.
  const vipps = registration.vipps && groupTotal > 0;
  if (vipps && !gateway.available) throw new CampInputError("vipps", vippsUnavailableMessage);

  const stored = await app.db.transaction(async (tx) => {
    const limited = data.capacity !== null || (data.sleepoverCapacity !== null && athletes.some((athlete) => athlete.sleepover));
    if (limited) {
      await lockEditionPlaces(tx, edition.year);
      const twin = await findByDraft(tx, edition.year, registration.draftId);
      if (twin) return { earlier: twin };
      if (data.capacity !== null) {
        const free = Math.max(0, data.capacity - (await placesHeld(tx, edition.year, now)) - (await countAwaitingOffer(tx, edition.year)));
        if (free < athletes.length) throw new HttpError(409, campInputMessages.groupDoesNotFit(free, athletes.length));
      }
      const sleepers = athletes.filter((athlete) => athlete.sleepover).length;
      if (sleepers > 0 && data.sleepoverCapacity !== null && (await sleepoverPlacesHeld(tx, edition.year, now)) + sleepers > data.sleepoverCapacity) {
        throw new HttpError(409, campInputMessages.groupSleepoverFull);
      }
    }
    const ids: number[] = [];
    let groupId: string | undefined;
    for (const [index, athlete] of athletes.entries()) {
      const price = prices[index]!;
      const method: PaymentMethod = vipps ? "vipps" : price.total === 0 ? "free" : "card_cash";
      let id: number | undefined;
      for (let attempt = 0; attempt < 5 && id === undefined; attempt++) {
        const orderId = newOrderId(edition.year);
        groupId ??= orderId;
        id = await insertRegistrationRows(tx, {
          registration: athlete, editionYear: edition.year, orderId, clubName: clubNames[index]!, price, method,
          status: vipps ? "pending_payment" : "confirmed", reference: vipps ? `${orderId}-1` : orderId, now, waitlistRank: null, groupId,
          // With Vipps only the first athlete holds the payment (for the group total); the others have shares of it.
          payment: vipps ? (index === 0 ? { amount: groupTotal } : "none") : undefined,
        });
        if (id === undefined && index === 0) {
          const twin = await findByDraft(tx, edition.year, registration.draftId);
          if (twin) return { earlier: twin };
          groupId = undefined;
        }
      }
      if (id === undefined) throw new Error("No free order id after 5 draws");
      ids.push(id);
    }
    if (vipps) {
      const [payment] = await tx.select({ id: payments.id, reference: payments.reference }).from(payments).where(eq(payments.registrationId, ids[0]!));
      await tx.insert(paymentShares).values(ids.map((id, index) => ({ paymentId: payment!.id, registrationId: id, amount: prices[index]!.total })));
      const [lead] = await tx.select(storedColumns).from(campRegistrations).where(eq(campRegistrations.id, ids[0]!));
      return { ids, lead: lead!, reference: payment!.reference };
    }
    await queueCampGroupConfirmationMail(tx, ids, now, app.env.PUBLIC_BASE_URL);
    return { ids };
  });
  if ("earlier" in stored) return answerEarlier(app, stored.earlier!, registration, gateway);
  // Vipps: the group waits for its one payment; the first athlete's order leads to it (and to /vipps/{orderId}).
  if ("lead" in stored && stored.lead) return answerFor(app, stored.lead, gateway, stored.reference);
  app.outbox.kick();
  app.campListsChanged();
  return { kind: "done" };
}

/** The rows of a new registration with ordinary inserts (inside the caller's transaction); undefined when the order id was taken. */
async function insertRegistrationRows(
  tx: Db,
  input: Omit<NewRegistration, "status"> & {
    status: StoredRegistration["status"];
    waitlistRank: number | null;
    groupId?: string;
    /** A group's one Vipps payment: the first athlete's payment for the group total, none for the others. */
    payment?: { amount: number } | "none";
  },
): Promise<number | undefined> {
  const { registration, editionYear, orderId, price, method, status, reference, now } = input;
  const [row] = await tx
    .insert(campRegistrations)
    .values({
      ...registrationValues(input),
      editionYear,
      orderId,
      status,
      waitlistRank: input.waitlistRank,
      groupId: input.groupId ?? null,
      confirmedAt: status === "confirmed" ? now : null,
    })
    .onConflictDoNothing()
    .returning({ id: campRegistrations.id });
  if (!row) return undefined;
  if (registration.ledsagere.length > 0) {
    await tx.insert(campCompanions).values(companionValues(input).map((companion) => ({ registrationId: row.id, ...companion })));
  }
  await tx.insert(campPriceLines).values(price.lines.map((line, position) => ({ registrationId: row.id, position, kind: line.kind, label: line.label, amount: line.amount })));
  const companionIds = await tx.select({ id: campCompanions.id }).from(campCompanions).where(eq(campCompanions.registrationId, row.id)).orderBy(asc(campCompanions.position));
  await chargeNewRegistration(tx, row.id, price.lines, companionIds.map((companion) => companionPerson(companion.id)), { ...newRegistrationLedger, now });
  // Waiting: no payment until an offer is accepted.
  if (status !== "waiting" && input.payment !== "none") {
    const state = method === "card_cash" ? "unpaid" : method === "free" ? "paid" : "created";
    await tx.insert(payments).values({ registrationId: row.id, reference, method, amount: input.payment?.amount ?? price.total, state, createdAt: now, updatedAt: now });
  }
  return row.id;
}

/** The registration's own columns as submitted (the same in both ways of storing it). */
function registrationValues({ registration, price, now }: Pick<NewRegistration, "registration" | "price" | "now">) {
  return {
    draftId: registration.draftId,
    firstName: registration.firstName,
    lastName: registration.lastName,
    age: registration.age,
    email: registration.email,
    emailKey: requiredEmailKey(registration.email),
    draftSecretHash: draftSecretHash(registration.draftSecret),
    telephone: registration.telephone,
    allergies: registration.allergies,
    clubId: registration.clubId,
    gradeId: registration.gradeId,
    gradering: registration.gradering,
    hasLedsager: registration.hasLedsager,
    otherInfo: registration.otherInfo,
    sleepover: registration.sleepover,
    vegan: registration.vegan,
    instructor: registration.instructor,
    public: registration.public === true,
    vipps: registration.vipps,
    wantsToInstruct: registration.wantsToInstruct,
    dataConsent: registration.dataConsent,
    termsAccepted: registration.termsAccepted,
    total: price.total,
    createdAt: now,
  };
}

/** The schema refuses an address without a key, so a missing one here is a bug, not input. */
function requiredEmailKey(address: string): string {
  const key = emailKey(address);
  if (key === undefined) throw new Error("A validated e-mail address has no key");
  return key;
}

interface NewRegistration {
  registration: CampRegistration;
  editionYear: number;
  orderId: string;
  clubName: string;
  price: CampPrice;
  method: PaymentMethod;
  status: "pending_payment" | "confirmed";
  /** The payment's reference. */
  reference: string;
  now: Date;
}

/** The companions' rows without the registration's id (the same in both ways of storing it), each with its price. */
function companionValues({ registration, price }: Pick<NewRegistration, "registration" | "price">) {
  const companionLines = price.lines.filter((line) => line.kind === "companion");
  return registration.ledsagere.map((companion, position) => ({
    position,
    clientId: companion.id,
    firstName: companion.firstName,
    lastName: companion.lastName,
    age: companion.age,
    telephone: companion.telephone,
    email: companion.email,
    sleepover: companion.sleepover,
    alreadyRegistered: companion.alreadyRegistered,
    amount: companionLines[position]!.amount,
  }));
}

const companionColumns = {
  position: campCompanions.position,
  clientId: campCompanions.clientId,
  firstName: campCompanions.firstName,
  lastName: campCompanions.lastName,
  age: campCompanions.age,
  telephone: campCompanions.telephone,
  email: campCompanions.email,
  sleepover: campCompanions.sleepover,
  alreadyRegistered: campCompanions.alreadyRegistered,
  amount: campCompanions.amount,
} satisfies Record<keyof ReturnType<typeof companionValues>[number], PgColumn>;
const priceLineColumns = { position: campPriceLines.position, kind: campPriceLines.kind, label: campPriceLines.label, amount: campPriceLines.amount };
const paymentColumns = {
  reference: payments.reference,
  method: payments.method,
  amount: payments.amount,
  state: payments.state,
  createdAt: payments.createdAt,
  updatedAt: payments.updatedAt,
};
const mailColumns = {
  recipient: mailOutbox.recipient,
  subject: mailOutbox.subject,
  text: mailOutbox.text,
  html: mailOutbox.html,
  attachments: mailOutbox.attachments,
  status: mailOutbox.status,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  createdAt: mailOutbox.createdAt,
};
const linkColumns = { emailKey: campPersonalLinks.emailKey, tokenHash: campPersonalLinks.tokenHash, createdAt: campPersonalLinks.createdAt };

/** The registration's row in the statement: every key is a column and a placeholder of the same name. */
function registrationRow(input: NewRegistration) {
  return { ...registrationValues(input), editionYear: input.editionYear, orderId: input.orderId, status: input.status };
}
type RegistrationKey = keyof ReturnType<typeof registrationRow>;

/** What the statement's text depends on; everything else is a parameter. */
interface StatementShape {
  companions: number;
  priceLines: number;
  /** Confirmed now (card/cash, free): with confirmed_at and the confirmation mail; otherwise pending payment. */
  confirmed: boolean;
}

/**
 * A new registration with everything that belongs to it as ONE statement (data-modifying CTEs): one round
 * trip, atomic like a transaction, and the database checks the foreign keys at its end. The registration's
 * insert does nothing on either unique key (a concurrent twin of the draft, or a taken order id); then
 * nothing else is inserted either and no row comes back.
 */
function registrationStatementSql(db: Db, shape: StatementShape, registrationKeys: RegistrationKey[]): SQL {
  const placeholders = Object.fromEntries(registrationKeys.map((key) => [key, sql.placeholder(key)])) as Record<RegistrationKey, ReturnType<typeof sql.placeholder>>;
  const registrationInsert = db
    .insert(campRegistrations)
    .values({ ...placeholders, confirmedAt: shape.confirmed ? sql.placeholder("createdAt") : sql`null` })
    .onConflictDoNothing()
    .returning({ id: campRegistrations.id });
  const insertFor = (name: string, table: PgTable, registrationId: PgColumn, columns: Record<string, PgColumn>, prefix: string, rows: number) =>
    sql`${sql.identifier(name)} as (insert into ${table} (${columnNames([registrationId, ...Object.values(columns)])})
      select registration.id, v.* from registration, ${valuesList("v", prefix, columns, rows)} returning *)`;
  const parts: SQL[] = [sql`registration as (${registrationInsert.getSQL()})`];
  if (shape.companions) parts.push(insertFor("companions", campCompanions, campCompanions.registrationId, companionColumns, "c", shape.companions));
  parts.push(insertFor("price_lines", campPriceLines, campPriceLines.registrationId, priceLineColumns, "l", shape.priceLines));
  parts.push(insertFor("payment", payments, payments.registrationId, paymentColumns, "p", 1));
  // The order's charges in the ledger: the athlete's own price lines, and one per companion (its own id).
  parts.push(sql`ledger as (insert into camp_ledger_entries (registration_id, at, actor, reason, kind, person, item, amount)
    select price_lines.registration_id, ${sql.placeholder("createdAt")}::timestamptz, ${sql.raw(`'${newRegistrationLedger.actor}', '${newRegistrationLedger.reason}'`)}, 'charge', ${sql.raw(`'${athletePerson}'`)}, price_lines.kind, price_lines.amount
      from price_lines where price_lines.kind <> 'companion'
    ${shape.companions ? sql`union all select companions.registration_id, ${sql.placeholder("createdAt")}::timestamptz, ${sql.raw(`'${newRegistrationLedger.actor}', '${newRegistrationLedger.reason}'`)}, 'charge', 'companion-' || companions.id, 'companion', companions.amount from companions` : sql``})`);
  if (shape.confirmed) {
    parts.push(sql`mail as (insert into ${mailOutbox} (${columnNames([mailOutbox.dedupeKey, ...Object.values(mailColumns)])})
      select ${campConfirmationKeyPrefix}::text || registration.id, v.* from registration, ${valuesList("v", "m", mailColumns, 1)}
      on conflict (${sql.identifier(mailOutbox.dedupeKey.name)}) do nothing)`);
    // The mail's family link ("Min påmelding" for the address): only the secret's hash is stored.
    parts.push(sql`link as (insert into ${campPersonalLinks} (${columnNames(Object.values(linkColumns))})
      select v.* from registration, ${valuesList("v", "k", linkColumns, 1)})`);
  }
  return sql`with ${sql.join(parts, sql`, `)} select id from registration`;
}

type RegistrationStatement = ReturnType<typeof prepareStatement>;
const statements = new WeakMap<Db, Map<string, RegistrationStatement>>();

/**
 * The statement for a shape, built once per database and shape (building a statement this size costs more
 * CPU than running it) and prepared, so the database parses and plans it once (db/prepared-statement.ts).
 * The registration's columns are the keys of `registrationRow`, the same for every input.
 */
function registrationStatement(db: Db, shape: StatementShape, registrationKeys: RegistrationKey[]): RegistrationStatement {
  let byShape = statements.get(db);
  if (!byShape) statements.set(db, (byShape = new Map()));
  const name = `camp_registration_c${shape.companions}_l${shape.priceLines}_${shape.confirmed ? "confirmed" : "pending"}`;
  let statement = byShape.get(name);
  if (!statement) {
    statement = prepareStatement(db, name, registrationStatementSql(db, shape, registrationKeys));
    byShape.set(name, statement);
  }
  return statement;
}

/** Writes a new registration (registrationStatementSql); undefined when nothing was written. */
async function insertRegistration(db: Db, input: NewRegistration, edition: CampEdition, publicBaseUrl: string): Promise<number | undefined> {
  const { registration, editionYear, orderId, price, method, status, reference, now } = input;
  const confirmed = status === "confirmed";
  const fields = registrationRow(input);
  const values: Record<string, unknown> = { ...fields };
  valuesOf("c", companionValues(input), values);
  valuesOf(
    "l",
    price.lines.map((line, position) => ({ position, kind: line.kind, label: line.label, amount: line.amount })),
    values,
  );
  const state = method === "card_cash" ? "unpaid" : method === "free" ? "paid" : "created";
  valuesOf("p", [{ reference, method, amount: price.total, state, createdAt: now, updatedAt: now }], values);
  if (confirmed) {
    // The confirmation as queueCampConfirmationMail would render it from the rows written here.
    const token = newPersonalToken();
    const content = renderCampConfirmation({
      editionYear,
      orderId,
      firstName: registration.firstName,
      lastName: registration.lastName,
      clubName: input.clubName,
      sleepover: registration.sleepover,
      lines: price.lines.map(({ label, amount }) => ({ label, amount })),
      total: price.total,
      // The ledger this statement writes: the price lines as charges, nothing paid yet (free: nothing to pay).
      money: ledgerFigures(price.lines.map((line, index) => ({ id: index + 1, kind: "charge", person: athletePerson, item: line.kind, method: null, amount: line.amount, paymentId: null }))),
      paymentMethod: method,
      checkInCode: await checkInCodeFor(db, orderId),
    }, edition, { sentAt: now, personalLink: personalLinkUrl(publicBaseUrl, token), contactEmail: (await loadClubContact(db)).general });
    valuesOf("m", [{ recipient: registration.email, ...content, attachments: content.attachments ?? null, status: "pending", nextAttemptAt: now, createdAt: now }], values);
    valuesOf("k", [{ emailKey: fields.emailKey, tokenHash: personalTokenHash(token), createdAt: now }], values);
  }
  const statement = registrationStatement(db, { companions: registration.ledsagere.length, priceLines: price.lines.length, confirmed }, Object.keys(fields) as RegistrationKey[]);
  const [row] = await statement.execute(values);
  return row ? Number(row.id) : undefined;
}

/** A draft submitted again (a retry, or a concurrent twin): nothing new is stored. */
async function answerEarlier(app: FastifyInstance, earlier: StoredRegistration, registration: CampRegistration, gateway: CampPaymentGateway): Promise<SubmitAnswer> {
  // A draft id is no key: only the browser holding the draft's own secret gets the first answer again.
  if (!(await holdsDraftSecret(app.db, earlier.id, registration.draftSecret))) throw new HttpError(409, campInputMessages.draftAlreadySent);
  if (earlier.status === "pending_payment" && !registration.vipps && gateway.releasePendingPayment) {
    // An unpaid online attempt, and now card/cash: switch the registration once no attempt can be paid.
    if ((await gateway.releasePendingPayment(earlier.id)) === "released") return switchToCardCash(app, earlier.id, earlier.editionYear);
    return { kind: "done" };
  }
  return answerFor(app, earlier, gateway);
}

/**
 * Confirms a pending registration with card/cash at the camp (after its online attempts were ended). In an
 * edition with a capacity its place went with the ended attempts: it takes a free place again under the
 * edition's lock, or goes onto the waiting list when there is none.
 */
async function switchToCardCash(app: FastifyInstance, registrationId: number, editionYear: number): Promise<SubmitAnswer> {
  const now = app.now();
  const { capacity } = await editionDataForYear(app.db, editionYear);
  const outcome = await app.db.transaction(async (tx) => {
    if (capacity !== null) await lockEditionPlaces(tx, editionYear);
    // A group paying once switches together: every athlete with a share of its payment.
    const group = await groupOfPayer(tx, registrationId);
    const members = group.length > 0 ? group : [registrationId];
    const pending = await tx
      .select({ id: campRegistrations.id })
      .from(campRegistrations)
      .where(and(inArray(campRegistrations.id, members), eq(campRegistrations.status, "pending_payment")))
      .orderBy(asc(campRegistrations.id))
      .for("no key update");
    if (pending.length === 0) return "unchanged" as const;
    if (capacity !== null) {
      const free = capacity - (await placesHeld(tx, editionYear, now, registrationId)) - (await countAwaitingOffer(tx, editionYear));
      if (group.length > 0 && free < pending.length) throw new HttpError(409, campInputMessages.groupDoesNotFit(Math.max(0, free), pending.length));
      if (free <= 0) {
        await tx.update(campRegistrations).set({ vipps: false }).where(eq(campRegistrations.id, registrationId));
        await moveToWaitlist(tx, registrationId, editionYear, now);
        return "waiting" as const;
      }
    }
    for (const { id } of pending) {
      const [row] = await tx
        .update(campRegistrations)
        .set({ vipps: false, status: "confirmed", confirmedAt: now })
        .where(eq(campRegistrations.id, id))
        .returning({ orderId: campRegistrations.orderId, total: campRegistrations.total });
      await tx
        .insert(payments)
        .values({ registrationId: id, reference: row!.orderId, method: row!.total === 0 ? "free" : "card_cash", amount: row!.total, state: row!.total === 0 ? "paid" : "unpaid", createdAt: now, updatedAt: now })
        .onConflictDoNothing();
    }
    if (group.length > 0) await queueCampGroupConfirmationMail(tx, group, now, app.env.PUBLIC_BASE_URL);
    else await queueCampConfirmationMail(tx, registrationId, now, app.env.PUBLIC_BASE_URL);
    return "confirmed" as const;
  });
  if (outcome === "unchanged") return { kind: "done" };
  app.outbox.kick();
  if (outcome === "confirmed") app.campListsChanged();
  return outcome === "waiting" ? { kind: "waitlist" } : { kind: "done" };
}

/** The athletes sharing the registration's group payment (the first athlete's), first athlete first; empty for one on its own. */
async function groupOfPayer(tx: Db, registrationId: number): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ id: paymentShares.registrationId })
    .from(paymentShares)
    .innerJoin(payments, eq(payments.id, paymentShares.paymentId))
    .where(eq(payments.registrationId, registrationId))
    .orderBy(asc(paymentShares.registrationId));
  return rows.map((row) => row.id);
}

/**
 * The same answer for the first submission and every retry of the draft (and for an accepted offer).
 * `latestReference`: the reference of the registration's latest payment when the caller has just written
 * it (saves looking it up).
 */
export async function answerFor(app: FastifyInstance, registration: StoredRegistration, gateway: CampPaymentGateway, latestReference?: string): Promise<SubmitAnswer> {
  if (registration.status === "waiting") return { kind: "waitlist" };
  if (registration.status !== "pending_payment") return { kind: "done" };
  // The latest attempt: the gateway decides whether it can be reused or needs a successor.
  let paymentReference = latestReference;
  if (paymentReference === undefined) {
    const [payment] = await app.db
      .select({ reference: payments.reference, state: payments.state })
      .from(payments)
      .where(eq(payments.registrationId, registration.id))
      .orderBy(desc(payments.id))
      .limit(1);
    if (!payment) throw new Error(`Camp registration ${registration.id} awaits payment but has no payment row`);
    paymentReference = payment.reference;
    if ((deadPaymentStates as readonly string[]).includes(payment.state)) {
      const resumed = await retakePlace(app, registration);
      if (resumed.kind !== "reference") return resumed.kind === "waitlist" ? { kind: "waitlist" } : answerFor(app, { ...registration, status: resumed.status }, gateway);
      paymentReference = resumed.reference ?? paymentReference;
    }
  }
  const url = await gateway.createPaymentRedirect({
    registrationId: registration.id,
    orderId: registration.orderId,
    editionYear: registration.editionYear,
    amount: registration.total,
    paymentReference,
    telephone: registration.telephone,
  });
  return { kind: "redirect", url };
}

type Retaken = { kind: "reference"; reference?: string } | { kind: "waitlist" } | { kind: "changed"; status: StoredRegistration["status"] };

/**
 * A pending registration whose every payment attempt ended unpaid tries again. Without a capacity the
 * gateway simply makes a new attempt. With one, the ended attempts gave the place up: under the edition's
 * lock the next attempt's row is written only when a place is free (so the attempt holds it); otherwise
 * the registration goes onto the waiting list.
 */
async function retakePlace(app: FastifyInstance, registration: StoredRegistration): Promise<Retaken> {
  const { capacity } = await editionDataForYear(app.db, registration.editionYear);
  if (capacity === null) return { kind: "reference" };
  const now = app.now();
  const outcome = await app.db.transaction(async (tx): Promise<Retaken> => {
    await lockEditionPlaces(tx, registration.editionYear);
    const [row] = await tx.select({ status: campRegistrations.status }).from(campRegistrations).where(eq(campRegistrations.id, registration.id)).for("no key update");
    if (!row || row.status !== "pending_payment") return { kind: "changed", status: row?.status ?? "cancelled" };
    const attempts = await tx.select({ id: payments.id, reference: payments.reference, method: payments.method, state: payments.state, amount: payments.amount }).from(payments).where(eq(payments.registrationId, registration.id)).orderBy(desc(payments.id));
    const live = attempts.find((attempt) => !(deadPaymentStates as readonly string[]).includes(attempt.state));
    if (live) return { kind: "reference", reference: live.reference };
    // A group's payment takes a place for every athlete again, or none: a group is never put in line.
    const group = await groupOfPayer(tx, registration.id);
    const free = capacity - (await placesHeld(tx, registration.editionYear, now, registration.id)) - (await countAwaitingOffer(tx, registration.editionYear));
    if (group.length > 0 && free < group.length) throw new HttpError(409, campInputMessages.groupDoesNotFit(Math.max(0, free), group.length));
    if (free <= 0) {
      await moveToWaitlist(tx, registration.id, registration.editionYear, now);
      return { kind: "waitlist" };
    }
    const reference = `${registration.orderId}-${attempts.filter((attempt) => attempt.method === "vipps").length + 1}`;
    // A group's payment: the next attempt is for the group total again, with the same shares.
    const previous = attempts.find((attempt) => attempt.method === "vipps");
    const [inserted] = await tx
      .insert(payments)
      .values({ registrationId: registration.id, reference, method: "vipps", amount: previous?.amount ?? registration.total, state: "created", createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (inserted && previous) await copyShares(tx, previous.id, inserted.id);
    return { kind: "reference", reference };
  });
  if (outcome.kind === "waitlist") app.outbox.kick();
  return outcome;
}

/** True when `secret` is the draft's own (compared by hash, in constant time); a registration stored without one never matches. */
export async function holdsDraftSecret(db: Pick<Db, "select">, registrationId: number, secret: string | undefined): Promise<boolean> {
  if (!secret) return false;
  const [row] = await db.select({ hash: campRegistrations.draftSecretHash }).from(campRegistrations).where(eq(campRegistrations.id, registrationId));
  if (!row?.hash) return false;
  const expected = Buffer.from(row.hash, "hex");
  const actual = createHash("sha256").update(secret).digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function draftSecretHash(secret: string | undefined): string | null {
  return secret ? createHash("sha256").update(secret).digest("hex") : null;
}

async function findByDraft(db: Pick<Db, "select">, editionYear: number, draftId: string): Promise<StoredRegistration | undefined> {
  const [row] = await db
    .select(storedColumns)
    .from(campRegistrations)
    .where(and(eq(campRegistrations.editionYear, editionYear), eq(campRegistrations.draftId, draftId)));
  return row;
}

/** Case- and space-insensitive: "Kari  Nordmann" and "kari nordmann" are the same person here. */
export function personKey(firstName: string, lastName: string, telephone: string): string {
  const squash = (value: string) => value.toLocaleLowerCase("nb-NO").replace(/\s+/g, "");
  return `${squash(firstName)}|${squash(lastName)}|${squash(telephone)}`;
}

/**
 * A companion ticked "allerede påmeldt" is not charged, so it must be a paying companion (not itself
 * "already registered") of a confirmed registration of this edition, found by name and telephone.
 */
async function verifyAlreadyRegisteredCompanions(db: Db, editionYear: number, registration: CampRegistration, path = ""): Promise<void> {
  const claimed = registration.ledsagere.map((companion, index) => ({ companion, index })).filter(({ companion }) => companion.alreadyRegistered);
  if (claimed.length === 0) return;
  const known = await db
    .select({ firstName: campCompanions.firstName, lastName: campCompanions.lastName, telephone: campCompanions.telephone })
    .from(campCompanions)
    .innerJoin(campRegistrations, eq(campRegistrations.id, campCompanions.registrationId))
    .where(
      and(
        eq(campRegistrations.editionYear, editionYear),
        eq(campRegistrations.status, "confirmed"),
        eq(campCompanions.alreadyRegistered, false),
        // Still coming: a companion cancelled alone no longer covers anyone.
        isNull(campCompanions.cancelledAt),
      ),
    );
  const keys = new Set(known.map((row) => personKey(row.firstName, row.lastName, row.telephone)));
  for (const { companion, index } of claimed) {
    if (!keys.has(personKey(companion.firstName, companion.lastName, companion.telephone))) {
      throw new CampInputError(`${path}ledsagere.${index}.alreadyRegistered`, campInputMessages.companionNotFound(`${companion.firstName} ${companion.lastName}`));
    }
  }
}
