/**
 * «Send meg en ny lenke» (docs/decisions/0042-one-family-page-for-the-season.md): a family shuts its links. The
 * address gets a new address link by mail, and every older link that opens the family's things ends in the same
 * transaction: the address's links, and the submission and order links of every order made with the address.
 * Only a link that was mailed to the address may ask (an address's or an event order's); «Finn påmeldingen min»
 * never ends a link, so a stranger who knows an address cannot shut a family out.
 */
import { eq, inArray, or, sql } from "drizzle-orm";
import { familyPageLinkPath } from "../../shared/family/family-page-path.ts";
import type { Db } from "../db/database.ts";
import { eventOrders, familyLinks } from "../db/schema/events-orders.ts";
import { queueMail } from "../mail/outbox.ts";
import { createFamilyLink, personalTokenHash, type FamilyLinkScope } from "../events/family-links.ts";
import { renderNewLinkMail, seasonMailFacts, seasonMailKey } from "./family-mail.ts";
import { addressSeason, seasonOfLink } from "./family-season.ts";

export interface RenewDeps {
  db: Db;
  now: () => Date;
  publicBaseUrl: string;
  kickOutbox: () => void;
}

export function familyPageUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, "")}${familyPageLinkPath(token)}`;
}

/**
 * The links of the address `key`, of every order (camp or event) made with it, and of every camp registration in
 * a group with one of them: a submission link opens its registration's whole group, so it opens the address's
 * child even after its own athlete's address was changed to another.
 */
export function linksOfAddress(key: string) {
  const groups = sql`(select ${eventOrders.groupId} from ${eventOrders} where ${eventOrders.emailKey} = ${key} and ${eventOrders.groupId} is not null)`;
  return or(
    eq(familyLinks.emailKey, key),
    inArray(familyLinks.orderId, sql`(select ${eventOrders.id} from ${eventOrders} where ${eventOrders.emailKey} = ${key})`),
    inArray(familyLinks.orderId, sql`(select ${eventOrders.id} from ${eventOrders} where ${eventOrders.groupId} in ${groups})`),
  );
}

/**
 * Answers "renewed" once the old links are gone and the mail with the new one is queued; "notfound" for a link
 * that opens nothing (404); "refused" for a camp submission's link, which was never mailed (403).
 */
export async function renewFamilyLinks(deps: RenewDeps, token: string): Promise<"renewed" | "notfound" | "refused"> {
  const now = deps.now();
  const season = await seasonOfLink(deps.db, token, now);
  if (!season) return "notfound";
  if (season.scope === "submission" || season.emailKey === undefined) return "refused";
  const key = season.emailKey;
  // The new link opens the address's whole season: the mail names all of it. When the address has nothing open,
  // the link asking is an event order's own whose event has ended (its page shows it until it is blanked): the new
  // link is then that order's own, so the family never gets a mail whose link opens nothing.
  const whole = await addressSeason(deps.db, key, now);
  const open = whole.camp.length + whole.orders.length > 0;
  const ended = season.orders[0];
  if (!open && !ended) return "notfound";
  const scope: FamilyLinkScope = open ? { emailKey: key } : { orderId: ended!.id };
  const named = open ? whole : season;
  const facts = await seasonMailFacts(deps.db, named);
  const renewed = await deps.db.transaction(async (tx) => {
    // One renewal of an address at a time (two tabs, a double click): the second finds its own link gone.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('skitaekwondo:family-renew'), hashtext(${key}))`);
    const own = eq(familyLinks.tokenHash, personalTokenHash(token));
    const [still] = await tx.select({ id: familyLinks.id }).from(familyLinks).where(own);
    if (!still) return false;
    // The link used here goes too, whatever its scope.
    await tx.delete(familyLinks).where(or(linksOfAddress(key), own));
    const fresh = familyPageUrl(deps.publicBaseUrl, await createFamilyLink(tx, scope, now));
    await queueMail(tx, { dedupeKey: seasonMailKey(named, `new-link-${now.getTime()}`), to: key, ...renderNewLinkMail(fresh, facts) }, now);
    return true;
  });
  if (!renewed) return "notfound";
  deps.kickOutbox();
  return "renewed";
}
