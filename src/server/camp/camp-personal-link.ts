import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { myRegistrationLinkPath, personalTokenPattern } from "../../shared/camp/camp-my-registration.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventOrders, familyLinks } from "../db/schema/events-orders.ts";
import { events } from "../db/schema/events.ts";
import { hasEnded } from "../../shared/events/event-rules.ts";
import { createFamilyLink as createLink, familyLinkOf, markFamilyLinkUsed } from "../events/family-links.ts";
import { editionDataForYear, editionIsOver } from "./camp-edition-lookup.ts";

/**
 * Links to "Min påmelding", the camp's family links (`family_links`, events/family-links.ts: only the secret's
 * SHA-256 is stored):
 *
 * - A family link belongs to an address as compared (src/shared/contact/email-key.ts) and opens everything
 *   registered with that address for camps that have not ended. It is only ever put in a mail to that
 *   address (the confirmation, "Finn påmeldingen min").
 * - A submission link opens one registration and its group: the Done page's, given to the browser that
 *   submitted the draft (and held its secret). It never opens the rest of the family.
 *
 * A link nobody has opened works until the camp it was made for is over: while a registration it opened
 * when it was made (one made at or before the link) belongs to a camp that has not ended. So a mail sent a
 * year ahead works for the whole year, and a link left unopened does not come back to life for a later camp
 * the family registers for (docs/decisions/0036-link-lives-until-the-camp-is-over.md). Once opened it works
 * while what it opens exists.
 */

export type LinkScope = { kind: "family"; emailKey: string } | { kind: "submission"; registrationId: number };

export function personalLinkUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, "")}${myRegistrationLinkPath(token)}`;
}

/** A new family link for the address key (inside the caller's transaction when there is one); answers its secret. */
export async function createFamilyLink(db: Pick<Db, "insert">, emailKey: string, now: Date): Promise<string> {
  return createLink(db, { emailKey }, now);
}

/**
 * The link a mail to the registration's own address carries: that address's family link (a registration
 * stored before addresses had keys gets a link to itself).
 */
export async function createMailLink(db: Pick<Db, "insert" | "select">, registrationId: number, now: Date): Promise<string> {
  const [row] = await db.select({ emailKey: campRegistrations.emailKey }).from(campRegistrations).where(eq(campRegistrations.id, registrationId));
  return row?.emailKey ? createFamilyLink(db, row.emailKey, now) : createSubmissionLink(db, registrationId, now);
}

/** A new submission link for one registration (and its group); answers its secret. */
export async function createSubmissionLink(db: Pick<Db, "insert">, registrationId: number, now: Date): Promise<string> {
  return createLink(db, { registrationId }, now);
}

/** A camp link: an address's or a registration's (an event order's links are not the camp's). */
type LinkRow = { id: number; emailKey: string | null; registrationId: number | null; createdAt: Date };

/**
 * The unopened links among `links` that still work at `now`: those with a registration of their scope, made
 * at or before the link and not anonymised, in a camp that has not ended.
 */
async function livingUnopened(db: Pick<Db, "select">, links: readonly LinkRow[], now: Date): Promise<Set<number>> {
  if (links.length === 0) return new Set();
  const keys = [...new Set(links.flatMap((link) => (link.emailKey === null ? [] : [link.emailKey])))];
  const ids = [...new Set(links.flatMap((link) => (link.registrationId === null ? [] : [link.registrationId])))];
  const scopes = [
    ...(keys.length > 0 ? [inArray(campRegistrations.emailKey, keys)] : []),
    ...(ids.length > 0 ? [inArray(campRegistrations.id, ids)] : []),
  ];
  const registrations = await db
    .select({
      id: campRegistrations.id,
      emailKey: campRegistrations.emailKey,
      editionYear: campRegistrations.editionYear,
      createdAt: campRegistrations.createdAt,
    })
    .from(campRegistrations)
    .where(and(isNull(campRegistrations.anonymisedAt), or(...scopes)));
  const overByYear = new Map<number, boolean>();
  for (const year of new Set(registrations.map((row) => row.editionYear)))
    overByYear.set(year, editionIsOver(await editionDataForYear(db, year), now));
  const living = new Set<number>();
  for (const link of links) {
    const lives = registrations.some(
      (row) =>
        (link.emailKey !== null ? row.emailKey === link.emailKey : row.id === link.registrationId) &&
        row.createdAt.getTime() <= link.createdAt.getTime() &&
        !overByYear.get(row.editionYear),
    );
    if (lives) living.add(link.id);
  }
  // An address's link opens the address's event orders too («Min side»): one made at or before the link, of an
  // event not ended, keeps it alive as a camp registration does.
  const waiting = links.filter((link) => link.emailKey !== null && !living.has(link.id));
  if (waiting.length > 0) {
    const orders = await eventOrdersOfAddresses(db, [...new Set(waiting.map((link) => link.emailKey!))], now);
    for (const link of waiting)
      if (orders.some((order) => order.emailKey === link.emailKey && order.createdAt.getTime() <= link.createdAt.getTime())) living.add(link.id);
  }
  return living;
}

/** The event orders (gradings, courses, sales) made with these addresses, not anonymised, of events not ended. */
export async function eventOrdersOfAddresses(
  db: Pick<Db, "select">,
  keys: readonly string[],
  now: Date,
): Promise<{ id: number; orderId: string; emailKey: string; createdAt: Date }[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({
      id: eventOrders.id,
      orderId: eventOrders.orderId,
      emailKey: eventOrders.emailKey,
      createdAt: eventOrders.createdAt,
      lastDay: events.lastDay,
    })
    .from(eventOrders)
    .innerJoin(events, eq(events.id, eventOrders.eventId))
    .where(and(inArray(eventOrders.emailKey, [...keys]), isNull(eventOrders.anonymisedAt), eq(eventOrders.ownerKind, "order")))
    .orderBy(asc(eventOrders.id));
  return rows.flatMap(({ lastDay, emailKey, ...row }) => (emailKey === null || hasEnded({ lastDay }, now) ? [] : [{ ...row, emailKey }]));
}

/**
 * What a link opens, or undefined for a malformed, unknown or expired one. Opening it marks it used
 * (`markUsed`), so it no longer expires.
 */
export async function scopeOfLink(
  db: Pick<Db, "select" | "update">,
  token: string,
  now: Date,
  { markUsed = true } = {},
): Promise<LinkScope | undefined> {
  if (!personalTokenPattern.test(token)) return undefined;
  const row = await familyLinkOf(db, token);
  if (!row || row.ownerKind !== "camp") return undefined;
  const registrationId = row.emailKey === null ? row.orderId : null;
  const link = { id: row.id, emailKey: row.emailKey, registrationId, createdAt: row.createdAt };
  if (!row.usedAt && !(await livingUnopened(db, [link], now)).has(row.id)) return undefined;
  if (markUsed) await markFamilyLinkUsed(db, row, now);
  if (row.emailKey !== null) return { kind: "family", emailKey: row.emailKey };
  return { kind: "submission", registrationId: registrationId! };
}

export interface LinkedRegistration {
  id: number;
  orderId: string;
}

/**
 * The registrations a link opens, in the order they were made (each with the rest of its group): for a
 * family, every not anonymised registration with the address in an edition that has not ended.
 */
export async function registrationsOfScope(db: Pick<Db, "select">, scope: LinkScope, now: Date): Promise<LinkedRegistration[]> {
  const columns = {
    id: campRegistrations.id,
    orderId: campRegistrations.orderId,
    editionYear: campRegistrations.editionYear,
    groupId: campRegistrations.groupId,
  };
  const own =
    scope.kind === "family"
      ? await db
          .select(columns)
          .from(campRegistrations)
          .where(and(eq(campRegistrations.emailKey, scope.emailKey), isNull(campRegistrations.anonymisedAt)))
      : await db
          .select(columns)
          .from(campRegistrations)
          .where(and(eq(campRegistrations.id, scope.registrationId), isNull(campRegistrations.anonymisedAt)));
  const open = [];
  const overByYear = new Map<number, boolean>();
  for (const row of own) {
    if (scope.kind === "family") {
      if (!overByYear.has(row.editionYear)) overByYear.set(row.editionYear, editionIsOver(await editionDataForYear(db, row.editionYear), now));
      if (overByYear.get(row.editionYear)) continue;
    }
    open.push(row);
  }
  // A group's id is its first athlete's order id, unique over all editions.
  const groups = [...new Set(open.flatMap((row) => (row.groupId ? [row.groupId] : [])))];
  const members =
    groups.length === 0
      ? []
      : await db
          .select(columns)
          .from(campRegistrations)
          .where(and(inArray(campRegistrations.groupId, groups), isNull(campRegistrations.anonymisedAt)));
  const byId = new Map<number, LinkedRegistration>();
  for (const row of [...open, ...members]) byId.set(row.id, { id: row.id, orderId: row.orderId });
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** A link's registrations (see registrationsOfScope), or undefined when the link opens nothing. */
export async function registrationsOfLink(db: Db, token: string, now: Date): Promise<LinkedRegistration[] | undefined> {
  const scope = await scopeOfLink(db, token, now);
  if (!scope) return undefined;
  const registrations = await registrationsOfScope(db, scope, now);
  return registrations.length > 0 ? registrations : undefined;
}

/**
 * Deletes the camp's links that expired unopened (of one address, or all): their camps are over (livingUnopened).
 * An event order's links do not expire: they go with the order's personal data.
 */
export async function deleteExpiredLinks(db: Pick<Db, "delete" | "select">, now: Date, emailKey?: string): Promise<void> {
  const unopened = and(isNull(familyLinks.usedAt), eq(familyLinks.ownerKind, "camp"));
  const links = await db
    .select({
      id: familyLinks.id,
      emailKey: familyLinks.emailKey,
      registrationId: sql<number | null>`case when ${familyLinks.emailKey} is null then ${familyLinks.orderId} end`,
      createdAt: familyLinks.createdAt,
    })
    .from(familyLinks)
    .where(emailKey === undefined ? unopened : and(unopened, eq(familyLinks.emailKey, emailKey)));
  const living = await livingUnopened(db, links, now);
  const expired = links.filter((link) => !living.has(link.id)).map((link) => link.id);
  for (let at = 0; at < expired.length; at += 1000) await db.delete(familyLinks).where(inArray(familyLinks.id, expired.slice(at, at + 1000)));
}
