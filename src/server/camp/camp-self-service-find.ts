/** «Finn påmeldingen min»: a new family link, mailed only to the address asked for. */
import { and, asc, gt, inArray, like, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { FindMyRegistrationSchema } from "../../shared/camp/camp-registration-changes.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { sha256Hex } from "../admin-auth/password-hash.ts";
import { parseWith } from "../errors.ts";
import { queueMail } from "../mail/outbox.ts";
import { createFamilyLink, deleteExpiredLinks, personalLinkUrl, registrationsOfScope } from "./camp-personal-link.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { emailKey } from "../../shared/contact/email-key.ts";
import { renderLinksMail, selfServiceMailKey, selfServiceMailPrefix } from "./camp-self-service-mail.ts";

/** Within this many minutes, "Finn påmeldingen min" mails an address at most once. */
const findMailEveryMinutes = 10;

/**
 * The address's mark in its find mails' dedupe keys, `camp-self:{registrationId}:find-{mark}-{ms}`: the window
 * is the address's (a group's athletes may have different addresses and reach the same registrations, so the
 * registration cannot be it), and a digest keeps the address itself out of the key. Hex only, as the key is
 * matched with LIKE.
 */
function findMailMark(key: string): string {
  return sha256Hex(key).slice(0, 32);
}

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
  const mark = findMailMark(key);
  // The registration's id leads the key, so retention deletes the mail with the registration.
  const dedupeKey = selfServiceMailKey(rows[0]!.id, `find-${mark}-${now.getTime()}`);
  const queued = await app.db.transaction(async (tx) => {
    // One request of an address at a time (in every process), so two cannot both find no recent mail.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('skitaekwondo:camp-find'), hashtext(${mark}))`);
    await deleteExpiredLinks(tx, now, key);
    // The last 10 minutes, not a slot of the clock: asked at 10:09 and 10:11, an address gets one mail.
    const since = new Date(now.getTime() - findMailEveryMinutes * 60_000);
    const [already] = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(like(mailOutbox.dedupeKey, `${selfServiceMailPrefix}%:find-${mark}-%`), gt(mailOutbox.createdAt, since)))
      .limit(1);
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
