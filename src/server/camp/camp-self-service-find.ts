/** «Finn påmeldingen min»: a new address link to «Min side», mailed only to the address asked for. */
import { and, gt, like, or, sql } from "drizzle-orm";
import type { FindMyRegistration } from "../../shared/camp/camp-registration-changes.ts";
import { sha256Hex } from "../admin-auth/password-hash.ts";
import { queueMail } from "../mail/outbox.ts";
import { createFamilyLink, deleteExpiredLinks, personalLinkUrl } from "./camp-personal-link.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { emailKey } from "../../shared/contact/email-key.ts";
import { selfServiceMailPrefix } from "./camp-self-service-mail.ts";
import { eventSelfMailKeyPrefix, renderFindMail, seasonMailFacts, seasonMailKey } from "../family/family-mail.ts";
import { addressSeason } from "../family/family-season.ts";
import type { AppServices } from "../services.ts";

/** What "Finn påmeldingen min" uses: it queues one mail with the family's link. */
export type FindMyRegistrationDeps = Pick<AppServices, "db" | "now" | "env" | "outbox">;

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

/** "Finn påmeldingen min": the address asked for (checked by the route's shared schema), as compared. */
export function findMyRegistrationKey({ email }: FindMyRegistration): string {
  return emailKey(email)!;
}

/**
 * "Finn påmeldingen min", after the answer has gone (the answer is the same whatever is found): when
 * anything is registered or ordered with exactly this address (as compared, email-key.ts) for an event that
 * has not ended (a camp registration, a grading, a course, a sale), one mail with one address link to «Min
 * side», which opens all of it, goes to that address and no other (docs/decisions/0042). A secret is stored
 * only with a mail; at most one such mail per address per 10 minutes. Links of the address that expired
 * unopened are deleted on the way; no other link ends here (a stranger may ask for any address).
 */
export async function findMyRegistration(deps: FindMyRegistrationDeps, key: string): Promise<void> {
  const now = deps.now();
  const season = await addressSeason(deps.db, key, now);
  if (season.camp.length === 0 && season.orders.length === 0) return;
  const facts = await seasonMailFacts(deps.db, season);
  const mark = findMailMark(key);
  // The first registration's (or order's) id leads the key, so retention deletes the mail with it.
  const dedupeKey = seasonMailKey(season, `find-${mark}-${now.getTime()}`);
  const queued = await deps.db.transaction(async (tx) => {
    // One request of an address at a time (in every process), so two cannot both find no recent mail.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('skitaekwondo:camp-find'), hashtext(${mark}))`);
    await deleteExpiredLinks(tx, now, key);
    // The last 10 minutes, not a slot of the clock: asked at 10:09 and 10:11, an address gets one mail.
    const since = new Date(now.getTime() - findMailEveryMinutes * 60_000);
    const [already] = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          or(
            like(mailOutbox.dedupeKey, `${selfServiceMailPrefix}%:find-${mark}-%`),
            like(mailOutbox.dedupeKey, `${eventSelfMailKeyPrefix}%:find-${mark}-%`),
          ),
          gt(mailOutbox.createdAt, since),
        ),
      )
      .limit(1);
    if (already) return false;
    const link = personalLinkUrl(deps.env.PUBLIC_BASE_URL, await createFamilyLink(tx, key, now));
    await queueMail(tx, { dedupeKey, to: key, ...renderFindMail(link, facts) }, now);
    return true;
  });
  if (queued) deps.outbox.kick();
}
