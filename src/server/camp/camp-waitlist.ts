/**
 * The waiting list of a camp edition with a capacity. A registration that finds the camp full is stored as
 * `waiting` (price lines as calculated, no payment) with a place in line. When a place frees, the first in
 * line without an open or expired offer gets one: a random token (256 bits) whose SHA-256 alone is stored, valid
 * `offerValidityHours` but never past the registration's close, sent by mail as a link. Accepting confirms
 * (card/cash, free) or starts the Vipps payment; an offer left unanswered expires and the place passes on.
 * Whoever's offer expired stays on the list (the camp admin sees it) but gets no second offer by itself.
 * Every change to who holds a place runs under the edition's advisory lock (camp-places.ts).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { offerValidityHours, type OfferState, type WaitlistEntry, type WaitlistOfferView } from "../../shared/camp/camp-waitlist.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations, payments, type PaymentMethod } from "../db/schema/camp.ts";
import { campWaitlistOffers } from "../db/schema/camp-waitlist.ts";
import { clubs } from "../db/schema/clubs.ts";
import { HttpError } from "../errors.ts";
import { PeriodicJob } from "../jobs/periodic-job.ts";
import { queueMail } from "../mail/outbox.ts";
import { queueCampConfirmationMail } from "./camp-confirmation-queue.ts";
import { campEditionOfYear, editionDataForYear } from "./camp-edition-lookup.ts";
import { storedPriceLines } from "./camp-price-lines.ts";
import { vippsUnavailableMessage, type CampPaymentGateway } from "./camp-payment-gateway.ts";
import { lockEditionPlaces, placesHeld } from "./camp-places.ts";
import {
  renderWaitlistJoined,
  renderWaitlistOffer,
  renderWaitlistRemoved,
  waitlistJoinedKey,
  waitlistOfferKey,
  waitlistRemovedKey,
  type WaitlistMailData,
} from "./camp-waitlist-mail.ts";
import { greetingNameOf } from "../../shared/camp/contact-greeting.ts";
import { loadClubContact } from "../site-content/club-contact.ts";

export const waitlistMessages = {
  notFound: "Fant ikke tilbudet. Sjekk at du har hele lenken fra e-posten.",
  expired: "Tilbudet har gått ut, og plassen er gitt videre til nestemann på ventelisten.",
  withdrawn: "Tilbudet er trukket tilbake.",
  notOnList: "Fant ikke noen på ventelisten med den id-en.",
  alreadyAccepted: "Du har allerede takket ja til plassen. Vil du avbestille, bruk lenken i bekreftelsen du fikk på e-post.",
} as const;

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** 32 random bytes as base64url (43 characters): the part of the offer link that is the key. */
function newOfferToken(): string {
  return randomBytes(32).toString("base64url");
}

function offerTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function offerLink(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, "")}/vinterleir/venteliste/${token}`;
}

/** The next place in line at the end of the edition's list. */
export async function nextWaitlistRank(tx: Db, editionYear: number): Promise<number> {
  const result = await tx.execute<{ rank: number }>(sql`
    select coalesce(max(waitlist_rank), 0)::int + 1 as rank from camp_registrations
     where edition_year = ${editionYear} and status = 'waiting'`);
  return Number(result.rows[0]?.rank ?? 1);
}

/** 1-based place in line of a waiting registration. */
async function waitlistPosition(tx: Db, registrationId: number): Promise<number> {
  const result = await tx.execute<{ position: number }>(sql`
    select count(*)::int as position from camp_registrations w, camp_registrations me
     where me.id = ${registrationId} and w.edition_year = me.edition_year and w.status = 'waiting'
       and (w.waitlist_rank < me.waitlist_rank or (w.waitlist_rank = me.waitlist_rank and w.id <= me.id))`);
  return Number(result.rows[0]?.position ?? 1);
}

async function mailData(tx: Db, registrationId: number): Promise<WaitlistMailData & { email: string }> {
  const [registration] = await tx
    .select({
      editionYear: campRegistrations.editionYear,
      orderId: campRegistrations.orderId,
      firstName: campRegistrations.firstName,
      lastName: campRegistrations.lastName,
      age: campRegistrations.age,
      contactName: campRegistrations.contactName,
      email: campRegistrations.email,
      total: campRegistrations.total,
      vipps: campRegistrations.vipps,
    })
    .from(campRegistrations)
    .where(eq(campRegistrations.id, registrationId));
  if (!registration) throw new Error(`No camp registration ${registrationId}`);
  const lines = await storedPriceLines(tx, registrationId);
  return { ...registration, greetingName: greetingNameOf(registration), lines, contactEmail: (await loadClubContact(tx)).general };
}

/** "You are on the waiting list, number n", queued in the transaction that put the registration there. */
export async function queueWaitlistJoinedMail(tx: Db, registrationId: number, now: Date): Promise<void> {
  const data = await mailData(tx, registrationId);
  const content = renderWaitlistJoined(data, await campEditionOfYear(tx, data.editionYear), await waitlistPosition(tx, registrationId));
  await queueMail(tx, { dedupeKey: waitlistJoinedKey(registrationId), to: data.email, ...content }, now);
}

/** A stored registration goes to the end of the waiting list (its payment was lost and the camp is full meanwhile). */
export async function moveToWaitlist(tx: Db, registrationId: number, editionYear: number, now: Date): Promise<void> {
  await tx
    .update(campRegistrations)
    .set({ status: "waiting", waitlistRank: await nextWaitlistRank(tx, editionYear), confirmedAt: null })
    .where(eq(campRegistrations.id, registrationId));
  await queueWaitlistJoinedMail(tx, registrationId, now);
}

/** Waiting registrations next in line for an offer: without an open or expired one. */
const awaitingOffer = (editionYear: number) => sql`
  from camp_registrations r
  where r.edition_year = ${editionYear} and r.status = 'waiting'
    and not exists (select 1 from camp_waitlist_offers o where o.registration_id = r.id and o.state in ('offered', 'expired'))`;

/** How many are in line for an offer: a free place is theirs before it is a new registration's. */
export async function countAwaitingOffer(tx: Db, editionYear: number): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`select count(*)::int as n ${awaitingOffer(editionYear)}`);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Offers every free place of the edition to the first in line without an open or expired offer (someone
 * back on the list after losing a place to an unpaid payment may have an accepted one). Nothing before
 * the registration opens or after it closes. Answers how many offers were made (their mails are queued; kick the outbox).
 */
async function offerFreedPlaces(db: Db, editionYear: number, now: Date, publicBaseUrl: string): Promise<number> {
  return db.transaction(async (tx) => {
    await lockEditionPlaces(tx, editionYear);
    const data = await editionDataForYear(tx, editionYear);
    const closesAt = Date.parse(data.registrationClosesAt);
    if (now.getTime() >= closesAt || now.getTime() < Date.parse(data.registrationOpensAt)) return 0;
    const free = data.capacity === null ? 10_000 : data.capacity - (await placesHeld(tx, editionYear, now));
    if (free <= 0) return 0;
    const candidates = await tx.execute<{ id: number }>(sql`select r.id ${awaitingOffer(editionYear)} order by r.waitlist_rank, r.id limit ${free}`);
    if (candidates.rows.length === 0) return 0;
    const edition = await campEditionOfYear(tx, editionYear);
    const expiresAt = new Date(Math.min(now.getTime() + offerValidityHours * 3600_000, closesAt));
    for (const { id } of candidates.rows) {
      const registrationId = Number(id);
      const token = newOfferToken();
      const [offer] = await tx
        .insert(campWaitlistOffers)
        .values({ registrationId, tokenHash: offerTokenHash(token), state: "offered", offeredAt: now, expiresAt })
        .returning({ id: campWaitlistOffers.id });
      const mail = await mailData(tx, registrationId);
      const content = renderWaitlistOffer(mail, edition, offerLink(publicBaseUrl, token), expiresAt);
      await queueMail(tx, { dedupeKey: waitlistOfferKey(offer!.id), to: mail.email, ...content }, now);
    }
    return candidates.rows.length;
  });
}

/** Marks offers past their deadline expired (one statement); answers the editions that got a place back. */
async function expireDueOffers(db: Db, now: Date): Promise<number[]> {
  const result = await db.execute<{ year: number }>(sql`
    with expired as (
      update camp_waitlist_offers set state = 'expired', ended_at = ${now.toISOString()}::timestamptz
       where state = 'offered' and expires_at <= ${now.toISOString()}::timestamptz
      returning registration_id)
    select distinct r.edition_year as year from expired e join camp_registrations r on r.id = e.registration_id`);
  return result.rows.map((row) => Number(row.year));
}

/**
 * One pass of the waiting-list job: expire what is due, then offer every free place of every edition with
 * someone waiting (this also catches places freed in another process, or by a payment that ended
 * unpaid). Answers how many offers were made.
 */
async function runWaitlistOnce(db: Db, now: Date, publicBaseUrl: string): Promise<number> {
  await expireDueOffers(db, now);
  const years = await db
    .selectDistinct({ year: campRegistrations.editionYear })
    .from(campRegistrations)
    .where(eq(campRegistrations.status, "waiting"));
  let offers = 0;
  for (const { year } of years) offers += await offerFreedPlaces(db, year, now, publicBaseUrl);
  return offers;
}

function shownState(offer: { state: OfferState; expiresAt: Date }, now: Date): OfferState {
  return offer.state === "offered" && offer.expiresAt.getTime() <= now.getTime() ? "expired" : offer.state;
}

/** GET /api/Venteliste/Get/{offerToken}; undefined for an unknown or malformed token. */
export async function offerView(db: Db, token: string, now: Date): Promise<WaitlistOfferView | undefined> {
  if (!tokenPattern.test(token)) return undefined;
  const [row] = await db
    .select({ offer: campWaitlistOffers, registration: campRegistrations })
    .from(campWaitlistOffers)
    .innerJoin(campRegistrations, eq(campRegistrations.id, campWaitlistOffers.registrationId))
    .where(eq(campWaitlistOffers.tokenHash, offerTokenHash(token)));
  if (!row) return undefined;
  const { offer, registration } = row;
  const lines = await storedPriceLines(db, registration.id);
  return {
    year: registration.editionYear,
    orderId: registration.orderId,
    firstName: registration.firstName,
    lastName: registration.lastName,
    total: registration.total,
    lines,
    vipps: registration.vipps,
    state: shownState(offer, now),
    expiresAt: offer.expiresAt.toISOString(),
  };
}

/** What accepting an offer did; `accepted`/`earlier` go on to the registration's answer (camp-registrations.ts). */
export type AcceptOutcome =
  | { kind: "not-found" }
  | { kind: "gone"; message: string; expiredNow: boolean }
  | { kind: "accepted"; registrationId: number; confirmed: boolean; paymentReference: string }
  | { kind: "earlier"; registrationId: number };

/**
 * POST /api/Venteliste/Accept/{offerToken}: the open offer becomes the registration's place. The offer row
 * is locked, so a double click waits and then finds it accepted (the same answer, never a second payment).
 */
export async function acceptOffer(db: Db, token: string, gateway: CampPaymentGateway, now: Date, publicBaseUrl: string): Promise<AcceptOutcome> {
  if (!tokenPattern.test(token)) return { kind: "not-found" };
  return db.transaction(async (tx): Promise<AcceptOutcome> => {
    const [offer] = await tx
      .select()
      .from(campWaitlistOffers)
      .where(eq(campWaitlistOffers.tokenHash, offerTokenHash(token)))
      .for("update");
    if (!offer) return { kind: "not-found" };
    if (offer.state === "accepted") return { kind: "earlier", registrationId: offer.registrationId };
    if (offer.state === "withdrawn") return { kind: "gone", message: waitlistMessages.withdrawn, expiredNow: false };
    if (offer.state === "expired") return { kind: "gone", message: waitlistMessages.expired, expiredNow: false };
    if (offer.expiresAt.getTime() <= now.getTime()) {
      await tx.update(campWaitlistOffers).set({ state: "expired", endedAt: now }).where(eq(campWaitlistOffers.id, offer.id));
      return { kind: "gone", message: waitlistMessages.expired, expiredNow: true };
    }
    const [registration] = await tx.select().from(campRegistrations).where(eq(campRegistrations.id, offer.registrationId)).for("no key update");
    if (!registration || registration.status !== "waiting") {
      await tx.update(campWaitlistOffers).set({ state: "withdrawn", endedAt: now }).where(eq(campWaitlistOffers.id, offer.id));
      return { kind: "gone", message: waitlistMessages.withdrawn, expiredNow: false };
    }
    const method: PaymentMethod = registration.total === 0 ? "free" : registration.vipps ? "vipps" : "card_cash";
    if (method === "vipps" && !gateway.available) throw new HttpError(400, vippsUnavailableMessage);
    const confirmed = method !== "vipps";
    const reference = method === "vipps" ? `${registration.orderId}-1` : registration.orderId;
    await tx
      .update(campRegistrations)
      .set({ status: confirmed ? "confirmed" : "pending_payment", waitlistRank: null, ...(confirmed ? { confirmedAt: now } : {}) })
      .where(eq(campRegistrations.id, registration.id));
    await tx
      .insert(payments)
      .values({
        registrationId: registration.id,
        reference,
        method,
        amount: registration.total,
        state: method === "card_cash" ? "unpaid" : method === "free" ? "paid" : "created",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    if (confirmed) await queueCampConfirmationMail(tx, registration.id, now, publicBaseUrl);
    await tx.update(campWaitlistOffers).set({ state: "accepted", endedAt: now }).where(eq(campWaitlistOffers.id, offer.id));
    return { kind: "accepted", registrationId: registration.id, confirmed, paymentReference: reference };
  });
}

export type DeclineOutcome =
  { kind: "not-found" } | { kind: "gone"; message: string } | { kind: "accepted" } | { kind: "declined"; year: number; now: boolean };

/**
 * POST /api/Venteliste/Decline/{offerToken} («Nei takk»): the open offer is declined and the registration
 * leaves the waiting list (cancelled), under the edition's lock, so the caller can pass the place on at
 * once. Declining again answers the same; an accepted, expired or withdrawn offer is left as it is.
 */
export async function declineOffer(db: Db, token: string, now: Date): Promise<DeclineOutcome> {
  if (!tokenPattern.test(token)) return { kind: "not-found" };
  const [found] = await db
    .select({ year: campRegistrations.editionYear })
    .from(campWaitlistOffers)
    .innerJoin(campRegistrations, eq(campRegistrations.id, campWaitlistOffers.registrationId))
    .where(eq(campWaitlistOffers.tokenHash, offerTokenHash(token)));
  if (!found) return { kind: "not-found" };
  return db.transaction(async (tx): Promise<DeclineOutcome> => {
    // Every change to who holds a place takes the edition's lock first (docs/decisions/0009).
    await lockEditionPlaces(tx, found.year);
    const [offer] = await tx
      .select()
      .from(campWaitlistOffers)
      .where(eq(campWaitlistOffers.tokenHash, offerTokenHash(token)))
      .for("update");
    if (!offer) return { kind: "not-found" };
    if (offer.state === "declined") return { kind: "declined", year: found.year, now: false };
    if (offer.state === "accepted") return { kind: "accepted" };
    if (offer.state === "withdrawn") return { kind: "gone", message: waitlistMessages.withdrawn };
    if (offer.state === "expired" || offer.expiresAt.getTime() <= now.getTime()) return { kind: "gone", message: waitlistMessages.expired };
    await tx.update(campWaitlistOffers).set({ state: "declined", endedAt: now }).where(eq(campWaitlistOffers.id, offer.id));
    await tx
      .update(campRegistrations)
      .set({ status: "cancelled", cancelledAt: now, waitlistRank: null })
      .where(and(eq(campRegistrations.id, offer.registrationId), eq(campRegistrations.status, "waiting")));
    return { kind: "declined", year: found.year, now: true };
  });
}

/** GET /api/VinterleirAdmin/Waitlist/{token}: the edition's waiting list in order, with each one's latest offer. */
export async function listWaitlist(db: Db, editionYear: number, now: Date): Promise<WaitlistEntry[]> {
  const rows = await db
    .select({
      id: campRegistrations.id,
      orderId: campRegistrations.orderId,
      firstName: campRegistrations.firstName,
      lastName: campRegistrations.lastName,
      email: campRegistrations.email,
      createdAt: campRegistrations.createdAt,
      club: clubs.name,
    })
    .from(campRegistrations)
    .innerJoin(clubs, eq(clubs.clubId, campRegistrations.clubId))
    .where(and(eq(campRegistrations.editionYear, editionYear), eq(campRegistrations.status, "waiting")))
    .orderBy(asc(campRegistrations.waitlistRank), asc(campRegistrations.id));
  const offers = rows.length
    ? await db
        .select()
        .from(campWaitlistOffers)
        .where(
          inArray(
            campWaitlistOffers.registrationId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(campWaitlistOffers.id))
    : [];
  const latest = new Map(offers.map((offer) => [offer.registrationId, offer]));
  return rows.map((row, index) => {
    const offer = latest.get(row.id);
    return {
      registrationId: row.id,
      position: index + 1,
      orderId: row.orderId,
      name: `${row.firstName} ${row.lastName}`,
      club: row.club,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
      offer: offer ? { state: shownState(offer, now), offeredAt: offer.offeredAt.toISOString(), expiresAt: offer.expiresAt.toISOString() } : null,
    };
  });
}

async function waitingYear(db: Db, registrationId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ year: campRegistrations.editionYear })
    .from(campRegistrations)
    .where(and(eq(campRegistrations.id, registrationId), eq(campRegistrations.status, "waiting")));
  return row?.year;
}

/**
 * Takes a registration off the waiting list (it becomes cancelled) and withdraws its open offer. Answers
 * the edition's year, or undefined when the id is not on a waiting list. The caller passes the place on.
 */
export async function removeFromWaitlist(db: Db, registrationId: number, now: Date): Promise<number | undefined> {
  const year = await waitingYear(db, registrationId);
  if (year === undefined) return undefined;
  return db.transaction(async (tx) => {
    await lockEditionPlaces(tx, year);
    const [removed] = await tx
      .update(campRegistrations)
      .set({ status: "cancelled", cancelledAt: now, waitlistRank: null })
      .where(and(eq(campRegistrations.id, registrationId), eq(campRegistrations.status, "waiting")))
      .returning({ id: campRegistrations.id });
    if (!removed) return undefined;
    await tx
      .update(campWaitlistOffers)
      .set({ state: "withdrawn", endedAt: now })
      .where(and(eq(campWaitlistOffers.registrationId, registrationId), eq(campWaitlistOffers.state, "offered")));
    // The family is told what happened and what it means for money (queued with the change, sent after it).
    const data = await mailData(tx, registrationId);
    await queueMail(
      tx,
      { dedupeKey: waitlistRemovedKey(registrationId), to: data.email, ...renderWaitlistRemoved(data, await campEditionOfYear(tx, year)) },
      now,
    );
    return year;
  });
}

/** Moves a waiting registration to `position` (1-based; past the end means last). Answers the year, or undefined. */
export async function moveInWaitlist(db: Db, registrationId: number, position: number): Promise<number | undefined> {
  const year = await waitingYear(db, registrationId);
  if (year === undefined) return undefined;
  return db.transaction(async (tx) => {
    await lockEditionPlaces(tx, year);
    const rows = await tx
      .select({ id: campRegistrations.id, rank: campRegistrations.waitlistRank })
      .from(campRegistrations)
      .where(and(eq(campRegistrations.editionYear, year), eq(campRegistrations.status, "waiting")))
      .orderBy(asc(campRegistrations.waitlistRank), asc(campRegistrations.id));
    const from = rows.findIndex((row) => row.id === registrationId);
    if (from < 0) return undefined;
    const [moved] = rows.splice(from, 1);
    rows.splice(Math.min(position, rows.length + 1) - 1, 0, moved!);
    for (const [index, row] of rows.entries()) {
      if (row.rank !== index + 1)
        await tx
          .update(campRegistrations)
          .set({ waitlistRank: index + 1 })
          .where(eq(campRegistrations.id, row.id));
    }
    return year;
  });
}

declare module "fastify" {
  interface FastifyInstance {
    /** The waiting list's job: `kick()` after a place may have freed; `drain()` runs one pass and waits (tests). */
    campWaitlist: WaitlistJob;
  }
}

/**
 * Runs `runWaitlistOnce` every `intervalMs` and when kicked (one run at a time per process, another right
 * after if kicked meanwhile). Several processes on one PostgreSQL may run it together: expiring is one
 * idempotent statement, and offers are made under the edition's advisory lock, counting places afresh, so
 * no place is offered twice; the mails' dedupe keys are the offers' ids.
 */
export class WaitlistJob extends PeriodicJob<number> {
  constructor(app: FastifyInstance, intervalMs: number) {
    super({
      intervalMs,
      log: app.log,
      failureMessage: "waiting-list run failed",
      run: async () => {
        const offers = await runWaitlistOnce(app.db, app.now(), app.env.PUBLIC_BASE_URL);
        if (offers > 0) app.outbox.kick();
        return offers;
      },
    });
  }
}
