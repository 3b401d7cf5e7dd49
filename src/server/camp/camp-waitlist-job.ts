import { registrationClosesAt } from "../../shared/camp/camp-edition-data.ts";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { offerValidityHours } from "../../shared/camp/camp-waitlist.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventWaitlistOffers } from "../db/schema/events.ts";
import { PeriodicJob } from "../jobs/periodic-job.ts";
import { queueMail } from "../mail/outbox.ts";
import { campEditionOfYear, editionDataForYear } from "./camp-edition-lookup.ts";
import { lineGettingPlaces } from "../events/event-places.ts";
import { campPlaces, lockEditionPlaces } from "./camp-places.ts";
import { campEventKind } from "../../shared/events/event-kinds.ts";
import { offerMailKey, renderOfferMail } from "../events/event-waitlist-mail.ts";
import { newOfferToken, offerTokenHash } from "../events/offer-token.ts";
import { campOfferMailData } from "./camp-waitlist-mail.ts";
import { waitlistMailData } from "./camp-waitlist.ts";

/**
 * Offers every free place of the edition to the first in line without an open or expired offer (someone
 * back on the list after losing a place to an unpaid payment may have an accepted one). Nothing before
 * the registration opens or after it closes. Answers how many offers were made (their mails are queued; kick the outbox).
 */
async function offerFreedPlaces(db: Db, editionYear: number, now: Date, publicBaseUrl: string): Promise<number> {
  return db.transaction(async (tx) => {
    const eventId = await lockEditionPlaces(tx, editionYear);
    if (eventId === undefined) return 0;
    const data = await editionDataForYear(tx, editionYear);
    // Registration closes when the camp starts unless the edition keeps it open: so do the offers.
    const closesAt = registrationClosesAt(data).getTime();
    if (now.getTime() >= closesAt || now.getTime() < Date.parse(data.registrationOpensAt)) return 0;
    const free = data.capacity === null ? null : data.capacity - (await campPlaces(tx, editionYear, null, now)).held;
    if (free !== null && free <= 0) return 0;
    // The first in line get the free places, by the database's rule of the line (as an event's waiting orders).
    const candidates = await lineGettingPlaces(tx, eventId, free);
    if (candidates.length === 0) return 0;
    const edition = await campEditionOfYear(tx, editionYear);
    const expiresAt = new Date(Math.min(now.getTime() + offerValidityHours * 3600_000, closesAt));
    for (const registrationId of candidates) {
      const token = newOfferToken();
      const [offer] = await tx
        .insert(eventWaitlistOffers)
        .values({ orderId: registrationId, ownerKind: "camp", tokenHash: offerTokenHash(token), state: "offered", offeredAt: now, expiresAt })
        .returning({ id: eventWaitlistOffers.id });
      const mail = await waitlistMailData(tx, registrationId);
      const content = renderOfferMail(campOfferMailData(mail, edition), token, expiresAt, publicBaseUrl, now);
      await queueMail(tx, { dedupeKey: offerMailKey(campEventKind, offer!.id), to: mail.email, ...content }, now);
    }
    return candidates.length;
  });
}

/** Marks offers past their deadline expired (one statement); answers the editions that got a place back. */
async function expireDueOffers(db: Db, now: Date): Promise<number[]> {
  const result = await db.execute<{ year: number }>(sql`
    with expired as (
      update event_waitlist_offers set state = 'expired', ended_at = ${now.toISOString()}::timestamptz
       where owner_kind = 'camp' and state = 'offered' and expires_at <= ${now.toISOString()}::timestamptz
      returning order_id)
    select distinct r.edition_year as year from expired e join camp_registration_view r on r.id = e.order_id`);
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

declare module "fastify" {
  interface FastifyInstance {
    /** The waiting list's job: `kick()` after a place may have freed; `drain()` runs one pass and waits (tests). */
    campWaitlist: WaitlistJob;
  }
}

/**
 * Runs `runWaitlistOnce` every `intervalMs` and when kicked (one run at a time per process, another right
 * after if kicked meanwhile). Several processes on one PostgreSQL may run it together: expiring is one
 * idempotent statement, and offers are made under the edition's lock (its event's row), counting places afresh, so
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
