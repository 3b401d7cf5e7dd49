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
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { anonymiseEndedEvents } from "./event-retention.ts";
import { deleteExpiredEventAccounting, forgetAnonymisedEventOrderMails } from "./event-order-retention.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { newMemberConfirmationKey, newMemberNoticeKey } from "../members/new-member-mail.ts";
import { syncRecipientStates } from "../messages/message-log.ts";
import { forgetOldNewMemberMessages } from "../members/new-member-messages.ts";
import { deleteExpiredLinks } from "../camp/camp-personal-link.ts";
import { newMemberRegistrations } from "../db/schema/members.ts";
import { purgeOldInvoices } from "../invoices/invoice-retention.ts";
import type { RetentionRun } from "./retention-run.ts";
import { purgeMailFolder } from "../mail/mail-folder.ts";
import { pruneSiteChanges } from "../site-content/site-change-retention.ts";
import type { RetentionSettings } from "./retention-settings.ts";
import { anonymiseDueEditions, deleteExpiredAccounting, accountingDeleteDueAt } from "./camp-retention.ts";

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

export type { RetentionRun };

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
