/**
 * The waiting list of a camp edition with a capacity. A registration that finds the camp full is stored as
 * `waiting` (price lines as calculated, no payment) with a place in line. When a place frees, the first in
 * line without an open or expired offer gets one: a random token (256 bits) whose SHA-256 alone is stored, valid
 * `offerValidityHours` but never past the registration's close, sent by mail as a link. Accepting confirms
 * (card/cash, free) or starts the Vipps payment; an offer left unanswered expires and the place passes on.
 * Whoever's offer expired stays on the list (the camp admin sees it) but gets no second offer by itself.
 * Every change to who holds a place runs under the edition's lock, its event's row (camp-places.ts); who is in line
 * for an offer is the database's rule of the line, as for an event's waiting orders (`event_line_fits`).
 *
 * Joining the line is here; the offer's answers are every kind's (events/offer-answers.ts, the camp's part in
 * camp-offer-kind.ts), the one job that makes every event's offers in events/event-waitlist.ts (the camp's part
 * in camp-offer-kind.ts), and the camp admin's list in camp-waitlist-admin.ts.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { queueMail } from "../mail/outbox.ts";
import { updateCampRegistrations } from "./camp-registration-rows.ts";
import { campEditionOfYear } from "./camp-edition-lookup.ts";
import { receiptOf } from "./camp-receipt.ts";
import { receiptTotal } from "../../shared/camp/camp-ledger-receipt.ts";
import { campOfferMailData, waitlistJoinedKey, type WaitlistMailData } from "./camp-waitlist-mail.ts";
import { renderWaitlistJoined } from "../events/event-waitlist-joined-mail.ts";
import { offerValidityHours } from "../../shared/camp/camp-waitlist.ts";
import { registrantGreeting } from "./camp-greeting.ts";
import { loadClubContact } from "../site-content/club-contact.ts";

/** The next place in line at the end of the edition's list. */
export async function nextWaitlistRank(tx: Db, editionYear: number): Promise<number> {
  const result = await tx.execute<{ rank: number }>(sql`
    select coalesce(max(waitlist_rank), 0)::int + 1 as rank from camp_registration_view
     where edition_year = ${editionYear} and status = 'waiting'`);
  return Number(result.rows[0]?.rank ?? 1);
}

/** 1-based place in line of a waiting registration. */
async function waitlistPosition(tx: Db, registrationId: number): Promise<number> {
  const result = await tx.execute<{ position: number }>(sql`
    select count(*)::int as position from camp_registration_view w, camp_registration_view me
     where me.id = ${registrationId} and w.edition_year = me.edition_year and w.status = 'waiting'
       and (w.waitlist_rank < me.waitlist_rank or (w.waitlist_rank = me.waitlist_rank and w.id <= me.id))`);
  return Number(result.rows[0]?.position ?? 1);
}

/** What the waiting list's mails say about a registration, and its address. */
export async function waitlistMailData(tx: Db, registrationId: number): Promise<WaitlistMailData & { email: string }> {
  const [registration] = await tx
    .select({
      editionYear: campRegistrations.editionYear,
      orderId: campRegistrations.orderId,
      firstName: campRegistrations.firstName,
      lastName: campRegistrations.lastName,
      age: campRegistrations.age,
      contactName: campRegistrations.contactName,
      groupId: campRegistrations.groupId,
      email: campRegistrations.email,
      vipps: campRegistrations.vipps,
    })
    .from(campRegistrations)
    .where(eq(campRegistrations.id, registrationId));
  if (!registration) throw new Error(`No camp registration ${registrationId}`);
  const lines = await receiptOf(tx, registrationId);
  const { groupId: _groupId, ...shown } = registration;
  return {
    ...shown,
    total: receiptTotal(lines),
    greetingName: await registrantGreeting(tx, registration),
    lines,
    contactEmail: (await loadClubContact(tx)).general,
  };
}

/**
 * "You are on the waiting list, number n" (the one mail of every kind), queued rendered in the transaction that
 * put the registration there: its place in line as it was then.
 */
export async function queueWaitlistJoinedMail(tx: Db, registrationId: number, now: Date): Promise<void> {
  const data = await waitlistMailData(tx, registrationId);
  const words = campOfferMailData(data, await campEditionOfYear(tx, data.editionYear));
  const content = renderWaitlistJoined({ ...words, position: await waitlistPosition(tx, registrationId), validityHours: offerValidityHours });
  await queueMail(tx, { dedupeKey: waitlistJoinedKey(registrationId), to: data.email, ...content }, now);
}

/** A stored registration goes to the end of the waiting list (its payment was lost and the camp is full meanwhile). */
export async function moveToWaitlist(tx: Db, registrationId: number, editionYear: number, now: Date): Promise<void> {
  await updateCampRegistrations(tx, registrationId, { status: "waiting", waitlistRank: await nextWaitlistRank(tx, editionYear), confirmedAt: null });
  await queueWaitlistJoinedMail(tx, registrationId, now);
}
