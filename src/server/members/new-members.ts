import { desc, eq } from "drizzle-orm";
import type { NewMember } from "../../shared/members/new-member.ts";
import type { NewMemberAdminEntry } from "../../shared/members/new-member-admin.ts";
import type { Db } from "../db/database.ts";
import { newMemberRegistrations } from "../db/schema/members.ts";
import { queueMail } from "../mail/outbox.ts";
import { newMemberConfirmationKey, newMemberNoticeKey, renderNewMemberConfirmation, renderNewMemberNotice } from "./new-member-mail.ts";
import { clubAddress, loadClubContact } from "../site-content/club-contact.ts";
import type { AppServices } from "../services.ts";

/** What a new member's form uses: it queues the notice to the club. */
export type NewMemberDeps = Pick<AppServices, "db" | "now" | "env" | "outbox">;

/**
 * POST /api/NewMember/Post (its body already parsed by the route's shared schema): store, and queue the confirmation in the same
 * transaction (D5). A retried draft (same draftId) is recognised and stores nothing more.
 */
export async function submitNewMember(deps: NewMemberDeps, member: NewMember): Promise<void> {
  const now = deps.now();
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newMemberRegistrations)
      .values({
        draftId: member.draftId ?? null,
        registrationDate: now,
        firstName: member.firstName,
        lastName: member.lastName,
        age: member.age,
        parentFirstName: member.parentFirstName,
        parentLastName: member.parentLastName,
        email: member.email,
        telephone: member.telephone,
        referer: member.referer,
      })
      .onConflictDoNothing({ target: newMemberRegistrations.draftId })
      .returning({ registrationId: newMemberRegistrations.registrationId });
    if (!row) return false;
    const content = renderNewMemberConfirmation(member, (await loadClubContact(tx)).general);
    await queueMail(tx, { dedupeKey: newMemberConfirmationKey(row.registrationId), to: member.email, ...content }, now);
    const adminUrl = `${deps.env.PUBLIC_BASE_URL.replace(/\/+$/, "")}/nyttmedlem/sjekk`;
    await queueMail(
      tx,
      {
        dedupeKey: newMemberNoticeKey(row.registrationId),
        to: await clubAddress(tx, deps.env.NEWMEMBER_NOTICE_EMAIL),
        ...renderNewMemberNotice(member, adminUrl),
      },
      now,
    );
    return true;
  });
  if (created) deps.outbox.kick();
}

/** Newest first: the admin follows up the latest interest first. */
export async function listNewMembers(db: Db): Promise<NewMemberAdminEntry[]> {
  const rows = await db
    .select()
    .from(newMemberRegistrations)
    .orderBy(desc(newMemberRegistrations.registrationDate), desc(newMemberRegistrations.registrationId));
  return rows.map((row) => ({
    registrationId: row.registrationId,
    registrationdate: row.registrationDate.toISOString(),
    firstName: row.firstName,
    lastName: row.lastName,
    firstname: row.firstName,
    lastname: row.lastName,
    age: row.age,
    parentFirstName: row.parentFirstName,
    parentLastName: row.parentLastName,
    parentfirstname: row.parentFirstName,
    parentlastname: row.parentLastName,
    email: row.email,
    telephone: row.telephone,
    referer: row.referer as NewMemberAdminEntry["referer"],
  }));
}

/** Hard delete (D7 privacy): nothing about the person is kept. True when a row was removed. */
export async function removeNewMember(db: Db, registrationId: number): Promise<boolean> {
  const removed = await db
    .delete(newMemberRegistrations)
    .where(eq(newMemberRegistrations.registrationId, registrationId))
    .returning({ registrationId: newMemberRegistrations.registrationId });
  return removed.length > 0;
}
