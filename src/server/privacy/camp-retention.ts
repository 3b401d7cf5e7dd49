/**
 * The camp's retention: a registration's personal data anonymised after the camp (or at once, on request), and
 * its accounting records deleted when the law no longer asks for them.
 */
import { and, asc, eq, inArray, isNull, like, or, sql, type SQL } from "drizzle-orm";
import { addDays, startOfOsloDay, type CalendarDate } from "../../shared/time.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { companionsOf, readCampCompanions } from "../camp/camp-companion-rows.ts";
import { updateCampRegistrations } from "../camp/camp-registration-rows.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { campEventSlug } from "../../shared/events/event-kinds.ts";
import { forgetEventMessages } from "../messages/message-log.ts";
import { deleteExpiredLinks } from "../camp/camp-personal-link.ts";
import { selfServiceMailPrefix } from "../camp/camp-self-service-mail.ts";
import { campConfirmationKey } from "../camp/camp-confirmation-queue.ts";
import { campEditionOfYear } from "../camp/camp-edition-lookup.ts";
import { forgetCompanionCases } from "../camp/camp-companion-cases.ts";
import { waitlistJoinedKey, waitlistRemovedKey } from "../camp/camp-waitlist-mail.ts";
import { campOfferMailKeyPrefix } from "../events/event-waitlist-mail.ts";
import { eventLedgerEntries, eventPaymentActions, eventPayments } from "../db/schema/events-money.ts";
import { eventOrders, eventPositions, eventWaitlistOffers, familyLinks, orderChanges } from "../db/schema/events-orders.ts";

/** What of a receipt line stays after the name: " (tidlig påmelding −10 %)", " (allerede påmeldt)". */
const keptSuffix = "( [(](tidlig påmelding|allerede påmeldt|uten betaling)[^)]*[)])$";

/** The mails about these registrations still in the outbox: confirmations, waiting-list places and offers. */
function campMailsOf(ids: number[]) {
  return or(
    inArray(
      mailOutbox.dedupeKey,
      ids.flatMap((id) => [campConfirmationKey(id), waitlistJoinedKey(id), waitlistRemovedKey(id)]),
    ),
    inArray(
      mailOutbox.dedupeKey,
      sql`(select ${campOfferMailKeyPrefix} || id from event_waitlist_offers where ${inArray(eventWaitlistOffers.orderId, ids)} and ${eventWaitlistOffers.ownerKind} = 'camp')`,
    ),
    // "Min påmelding" mails (links, cancellations, changes): `camp-self:{registrationId}:…`.
    and(
      like(mailOutbox.dedupeKey, `${selfServiceMailPrefix}%`),
      sql`split_part(${mailOutbox.dedupeKey}, ':', 2) in (${sql.join(
        ids.map((id) => sql`${String(id)}`),
        sql`, `,
      )})`,
    ),
  );
}

/**
 * Locks the orders of the registrations `which` selects (a condition on the view), in id order, and answers
 * their ids: the view itself cannot be locked usefully, its rows are the orders' (camp-registration-rows.ts).
 */
async function lockCampOrders(tx: Db, which: SQL): Promise<number[]> {
  const rows = await tx
    .select({ id: eventOrders.id })
    .from(eventOrders)
    .where(inArray(eventOrders.id, tx.select({ id: campRegistrations.id }).from(campRegistrations).where(which)))
    .orderBy(asc(eventOrders.id))
    .for("update");
  return rows.map((row) => row.id);
}

/** What replaces a name. */
export const anonymisedName = "Anonymisert";

/**
 * The moment an edition's personal data is due for anonymisation: midnight (Oslo) after its last day (the
 * edition's stored `end`), plus the delay.
 */
export function anonymiseDueAt(lastDay: CalendarDate, anonymiseAfterDays: number): Date {
  return startOfOsloDay(addDays(lastDay, 1 + anonymiseAfterDays));
}

/** The moment an edition's accounting records may go: 1 January (Oslo) `years` after the end of its year. */
export function accountingDeleteDueAt(editionYear: number, years: number): Date {
  return startOfOsloDay({ year: editionYear + 1 + years, month: 1, day: 1 });
}

/**
 * Anonymises the given registrations (or every not yet anonymised one of `editionYear`) in one
 * transaction. Answers the ids it changed; ids already anonymised are left alone.
 */
export async function anonymiseRegistrations(
  db: Db,
  target: { editionYear: number } | { registrationIds: number[] },
  now: Date,
  /** Runs in the same transaction with the ids that changed (none: not called), e.g. to log the action. */
  onChanged?: (tx: Db, ids: number[]) => Promise<void>,
): Promise<number[]> {
  const which =
    "editionYear" in target
      ? eq(campRegistrations.editionYear, target.editionYear)
      : target.registrationIds.length > 0
        ? inArray(campRegistrations.id, target.registrationIds)
        : undefined;
  if (!which) return [];
  return db.transaction(async (tx) => {
    // Locks the registrations' orders first (in id order), so of two processes the second waits, then finds them
    // done; the names are read after the lock.
    const locked = await lockCampOrders(tx, and(which, isNull(campRegistrations.anonymisedAt))!);
    if (locked.length === 0) return [];
    const due = await tx
      .select({ id: campRegistrations.id, firstName: campRegistrations.firstName, lastName: campRegistrations.lastName })
      .from(campRegistrations)
      .where(and(inArray(campRegistrations.id, locked), isNull(campRegistrations.anonymisedAt)))
      .orderBy(asc(campRegistrations.id));
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);

    // The cases of «allerede påmeldt» companions go, and with them the leader's typed reasons in the ledger.
    await forgetCompanionCases(tx, ids);
    await blankNamesInLedger(tx, due, ids);
    await tx
      .update(eventPositions)
      .set({
        firstName: anonymisedName,
        lastName: anonymisedName,
        // The browser's id for it too: any text could have been sent as one.
        answers: sql`${eventPositions.answers} || jsonb_build_object('telephone', '', 'email', '', 'clientId', '')`,
      })
      .where(companionsOf(ids));
    await tx.delete(mailOutbox).where(campMailsOf(ids));
    // Personal links end with the personal data, and so does the change log (it names companions).
    await tx.delete(familyLinks).where(and(inArray(familyLinks.orderId, ids), eq(familyLinks.ownerKind, "camp")));
    // A family link of an address with nothing left to open goes too (and every link that expired unopened);
    // the address's event orders are opened by it as well («Min side»).
    await tx.execute(sql`delete from ${familyLinks} l where l.email_key is not null and not exists (
      select 1 from camp_registration_view r where r.email_key = l.email_key and r.anonymised_at is null and not (r.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}))) and not exists (select 1 from event_orders o where o.email_key = l.email_key and o.owner_kind = 'order' and o.anonymised_at is null)`);
    await deleteExpiredLinks(tx, now);
    await tx.delete(orderChanges).where(and(inArray(orderChanges.orderId, ids), eq(orderChanges.ownerKind, "camp")));
    // The order's contact and names and the athlete position's names and personal answers (allergies, other
    // information, whether the name may be shown).
    const changedIds = await updateCampRegistrations(
      tx,
      ids,
      {
        firstName: anonymisedName,
        lastName: anonymisedName,
        email: "",
        emailKey: null,
        telephone: "",
        contactName: "",
        allergies: "",
        otherInfo: "",
        public: false,
        anonymisedAt: now,
      },
      isNull(eventOrders.anonymisedAt),
    );
    if (changedIds.length > 0) await onChanged?.(tx, changedIds);
    return changedIds;
  });
}

/**
 * The camp ledger's words that name the registrations' people, blanked before the people are: the receipt's
 * labels and the reasons that name a companion.
 */
async function blankNamesInLedger(tx: Db, due: { id: number; firstName: string; lastName: string }[], ids: number[]): Promise<void> {
  // The receipt's lines (the ledger's charges) name the athlete and the companions ("Vinterleir, barn: Ola
  // Nordmann (tidlig …)", "Avbestilt ledsager: Kari Nordmann"); the amounts stay as the accounts keep them.
  await tx.execute(sql`
    update event_ledger_entries set label = split_part(label, ': ', 1) || ': ' || ${anonymisedName}
        || coalesce(substring(label from ${keptSuffix}::text), '')
      where ${and(inArray(eventLedgerEntries.orderId, ids), eq(eventLedgerEntries.ownerKind, "camp"))} and kind = 'charge' and item in ('athlete', 'companion')
        and position(': ' in label) > 0`);
  // The ledger's reasons can name a companion («Ledsager Kåre Ledsagersen lagt til av leirledelsen.»): each
  // name is replaced in its own registration's entries, the longest first, before the people are blanked (as
  // an event order's are, event-retention.ts).
  const companionRows = await readCampCompanions(tx, ids);
  const people = [...due.map((row) => ({ registrationId: row.id, firstName: row.firstName, lastName: row.lastName })), ...companionRows];
  const named = new Map<string, { registrationId: number; name: string }>();
  for (const { registrationId, firstName, lastName } of people) {
    const name = `${firstName} ${lastName}`.trim();
    if (name !== "") named.set(`${registrationId}\u0000${name}`, { registrationId, name });
  }
  for (const { registrationId, name } of [...named.values()].sort((a, b) => b.name.length - a.name.length))
    await tx
      .update(eventLedgerEntries)
      .set({ reason: sql`replace(${eventLedgerEntries.reason}, ${name}::text, ${anonymisedName}::text)` })
      .where(
        and(
          eq(eventLedgerEntries.orderId, registrationId),
          eq(eventLedgerEntries.ownerKind, "camp"),
          sql`position(${name}::text in ${eventLedgerEntries.reason}) > 0`,
        ),
      );
}

/** Anonymises every edition whose delay has passed. Answers how many registrations changed. */
export async function anonymiseDueEditions(db: Db, now: Date, anonymiseAfterDays: number): Promise<number> {
  const years = await db
    .selectDistinct({ year: campRegistrations.editionYear })
    .from(campRegistrations)
    .where(isNull(campRegistrations.anonymisedAt));
  let changed = 0;
  for (const { year } of years) {
    const { end } = await campEditionOfYear(db, year);
    if (now.getTime() < anonymiseDueAt(end, anonymiseAfterDays).getTime()) continue;
    changed += (await anonymiseRegistrations(db, { editionYear: year }, now)).length;
    // The messages to the camp's families go with the camp's personal data; the log keeps counts and states.
    await forgetEventMessages(db, campEventSlug(year), now);
  }
  return changed;
}

/** Deletes the registrations (with payments, money actions and the ledger) of editions past the accounting retention. */
export async function deleteExpiredAccounting(db: Db, now: Date, years: number): Promise<number> {
  const editions = await db.selectDistinct({ year: campRegistrations.editionYear }).from(campRegistrations);
  let deleted = 0;
  for (const { year } of editions) {
    if (now.getTime() < accountingDeleteDueAt(year, years).getTime()) continue;
    deleted += await db.transaction(async (tx) => {
      const ids = await lockCampOrders(tx, eq(campRegistrations.editionYear, year));
      if (ids.length === 0) return 0;
      const paymentIds = tx
        .select({ id: eventPayments.id })
        .from(eventPayments)
        .where(and(inArray(eventPayments.orderId, ids), eq(eventPayments.ownerKind, "camp")));
      await tx.delete(eventLedgerEntries).where(and(inArray(eventLedgerEntries.orderId, ids), eq(eventLedgerEntries.ownerKind, "camp")));
      await tx.delete(eventPaymentActions).where(inArray(eventPaymentActions.paymentId, paymentIds));
      await tx.delete(eventPayments).where(and(inArray(eventPayments.orderId, ids), eq(eventPayments.ownerKind, "camp")));
      await tx.delete(mailOutbox).where(campMailsOf(ids));
      // A registration is its order: the athlete, the companions, the links, the change log, the offers and the
      // door's log go with it (ON DELETE CASCADE); the ledger's entries and the payments were deleted above.
      const gone = await tx.delete(eventOrders).where(inArray(eventOrders.id, ids)).returning({ id: eventOrders.id });
      return gone.length;
    });
  }
  return deleted;
}
