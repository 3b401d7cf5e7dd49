/**
 * Privacy by default (D6): personal data lives no longer than it must.
 *
 *  - A camp edition's personal data is anonymised `anonymiseAfterDays` after the camp's last day: names
 *    become "Anonymisert"; e-mail, telephone, allergies and other information are cleared (the companions'
 *    too); the name inside the receipt lines is replaced; the confirmation and waiting-list mails are deleted. Kept: age,
 *    club, grade, the choices that priced the registration (sleepover, grading, companions), the amounts,
 *    the order id and every payment and money action — the accounting records the law asks for.
 *  - Those accounting records (the whole registration by then) are deleted `accountingRetentionYears` after
 *    the end of the edition's calendar year (bokføringsloven § 13: 5 years after the end of the fiscal year).
 *  - A grading's, a course's or a sale's orders the same: their personal data blanked `anonymiseAfterDays`
 *    after the event's last day (event-retention.ts), their mails left in the outbox then deleted, and the
 *    whole orders `accountingRetentionYears` after the end of the year of that day, or of their latest ledger
 *    entry or payment when later (event-order-retention.ts).
 *  - New-member interest registrations are deleted `newMemberRetentionMonths` after they came in (D7).
 *  - Sent or finally failed mail leaves the outbox `mailRetentionDays` after it was sent (created), and
 *    the local mail folder's files (used without SMTP) the same number of days after they were saved.
 *  - The invoice list, its import records and the stored uploaded file go `invoiceRetentionDays` after
 *    the import; failed and replaced imports sooner (invoice-retention.ts).
 *  - The site's change log (it names the volunteers and holds old contact details) is pruned (site-change-retention.ts).
 *
 * Every step is a single idempotent statement (… WHERE anonymised_at IS NULL, DELETE … WHERE older than),
 * so several processes on one PostgreSQL database may run it at the same time: the second finds nothing.
 */
import { and, asc, eq, inArray, isNull, like, lt, or, sql, type SQL } from "drizzle-orm";
import { addDays, startOfOsloDay, type CalendarDate } from "../../shared/time.ts";
import type { Db } from "../db/database.ts";
import { anonymiseEndedEvents } from "./event-retention.ts";
import { deleteExpiredEventAccounting, forgetAnonymisedEventOrderMails } from "./event-order-retention.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { companionsOf, readCampCompanions } from "../camp/camp-companion-rows.ts";
import { updateCampRegistrations } from "../camp/camp-registration-rows.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { campEventSlug } from "../../shared/events/event-kinds.ts";
import { newMemberConfirmationKey, newMemberNoticeKey } from "../members/new-member-mail.ts";
import { forgetEventMessages, syncRecipientStates } from "../messages/message-log.ts";
import { forgetOldNewMemberMessages } from "../members/new-member-messages.ts";
import { deleteExpiredLinks } from "../camp/camp-personal-link.ts";
import { selfServiceMailPrefix } from "../camp/camp-self-service-mail.ts";
import { newMemberRegistrations } from "../db/schema/members.ts";
import { campConfirmationKey } from "../camp/camp-confirmation-queue.ts";
import { campEditionOfYear } from "../camp/camp-edition-lookup.ts";
import { forgetCompanionCases } from "../camp/camp-companion-cases.ts";
import { waitlistJoinedKey, waitlistRemovedKey } from "../camp/camp-waitlist-mail.ts";
import { campOfferMailKeyPrefix } from "../events/event-waitlist-mail.ts";
import { eventLedgerEntries, eventPaymentActions, eventPayments } from "../db/schema/events-money.ts";
import { eventOrders, eventPositions, eventWaitlistOffers, familyLinks, orderChanges } from "../db/schema/events-orders.ts";
import { purgeOldInvoices, type InvoiceRetentionRun } from "../invoices/invoice-retention.ts";
import { mailFolderOf, purgeMailFolder } from "../mail/mail-folder.ts";
import { pruneSiteChanges } from "../site-content/site-change-retention.ts";

export interface RetentionSettings {
  anonymiseAfterDays: number;
  accountingRetentionYears: number;
  newMemberRetentionMonths: number;
  mailRetentionDays: number;
  invoiceRetentionDays: number;
  /** The local mail folder; none: only the outbox is purged. */
  mailDir?: string;
}

export const defaultRetention: RetentionSettings = {
  anonymiseAfterDays: 30,
  accountingRetentionYears: 5,
  newMemberRetentionMonths: 12,
  mailRetentionDays: 30,
  invoiceRetentionDays: 90,
};

export function retentionFromEnv(env: {
  CAMP_ANONYMISE_AFTER_DAYS: number;
  ACCOUNTING_RETENTION_YEARS: number;
  NEWMEMBER_RETENTION_MONTHS: number;
  MAIL_RETENTION_DAYS: number;
  INVOICE_RETENTION_DAYS: number;
  DATA_DIR: string;
}): RetentionSettings {
  return {
    anonymiseAfterDays: env.CAMP_ANONYMISE_AFTER_DAYS,
    accountingRetentionYears: env.ACCOUNTING_RETENTION_YEARS,
    newMemberRetentionMonths: env.NEWMEMBER_RETENTION_MONTHS,
    mailRetentionDays: env.MAIL_RETENTION_DAYS,
    invoiceRetentionDays: env.INVOICE_RETENTION_DAYS,
    // Whether or not SMTP is set now: files from a time without it must go too.
    mailDir: mailFolderOf(env.DATA_DIR),
  };
}

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

/** Anonymises every edition whose delay has passed. Answers how many registrations changed. */
async function anonymiseDueEditions(db: Db, now: Date, anonymiseAfterDays: number): Promise<number> {
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

/** Deletes new-member interest registrations older than the retention, with any mail still queued for them. */
async function purgeOldNewMembers(db: Db, now: Date, months: number): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(newMemberRegistrations)
      .where(lt(newMemberRegistrations.registrationDate, cutoff))
      .returning({ id: newMemberRegistrations.registrationId });
    if (gone.length > 0) {
      await tx.delete(mailOutbox).where(
        inArray(
          mailOutbox.dedupeKey,
          gone.flatMap((row) => [newMemberConfirmationKey(row.id), newMemberNoticeKey(row.id)]),
        ),
      );
    }
    await forgetOldNewMemberMessages(tx, cutoff);
    return gone.length;
  });
}

/** Deletes sent and finally failed mail older than the retention (pending mail is never touched). */
async function purgeOldMail(db: Db, now: Date, days: number): Promise<number> {
  const cutoff = mailCutoff(now, days);
  // The message log keeps each family's state after its mail is gone.
  await syncRecipientStates(db);
  const gone = await db
    .delete(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, "sent"), lt(sql`coalesce(${mailOutbox.sentAt}, ${mailOutbox.createdAt})`, cutoff)),
        and(eq(mailOutbox.status, "failed"), lt(mailOutbox.createdAt, cutoff)),
      ),
    )
    .returning({ id: mailOutbox.id });
  return gone.length;
}

function mailCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
}

export interface RetentionRun extends InvoiceRetentionRun {
  anonymised: number;
  accountingDeleted: number;
  newMembersDeleted: number;
  mailDeleted: number;
  mailFilesDeleted: number;
  siteChangesDeleted: number;
}

/** One pass of every rule; each rule is independent, so one failing does not stop the others. */
export async function runRetention(db: Db, now: Date, settings: RetentionSettings): Promise<RetentionRun> {
  // One after the other (PGlite has one connection); a failing rule does not stop the others.
  const errors: unknown[] = [];
  const step = async <T>(rule: () => Promise<T>, nothing: T): Promise<T> => {
    try {
      return await rule();
    } catch (error) {
      errors.push(error);
      return nothing;
    }
  };
  const { mailDir } = settings;
  const noInvoices = { invoicesDeleted: 0, invoiceImportsDeleted: 0, invoiceFilesDeleted: 0 };
  const run: RetentionRun = {
    anonymised:
      (await step(() => anonymiseDueEditions(db, now, settings.anonymiseAfterDays), 0)) +
      (await step(() => anonymiseEndedEvents(db, now, settings.anonymiseAfterDays), 0)),
    accountingDeleted:
      (await step(() => deleteExpiredAccounting(db, now, settings.accountingRetentionYears), 0)) +
      (await step(() => deleteExpiredEventAccounting(db, now, (year) => accountingDeleteDueAt(year, settings.accountingRetentionYears)), 0)),
    newMembersDeleted: await step(() => purgeOldNewMembers(db, now, settings.newMemberRetentionMonths), 0),
    mailDeleted:
      (await step(() => forgetAnonymisedEventOrderMails(db), 0)) + (await step(() => purgeOldMail(db, now, settings.mailRetentionDays), 0)),
    mailFilesDeleted: mailDir ? await step(() => purgeMailFolder(mailDir, mailCutoff(now, settings.mailRetentionDays)), 0) : 0,
    ...(await step(() => purgeOldInvoices(db, now, settings.invoiceRetentionDays), noInvoices)),
    siteChangesDeleted: await step(() => pruneSiteChanges(db, now), 0),
  };
  // Links to "Min påmelding" that expired unopened are dead already; their hashes go too.
  await step(() => deleteExpiredLinks(db, now), undefined);
  if (errors.length > 0) throw errors[0];
  return run;
}
