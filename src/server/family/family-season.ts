/**
 * «Min side» (docs/decisions/0042-one-family-page-for-the-season.md): what a link opens for the season. An
 * address's link (mailed only to that address) opens every camp registration and every event order made with
 * it for events that have not ended; a camp submission's link opens that submission (and its group); an event
 * order's link opens that order. Each part is shown by its own feature's view, its figures from its ledger.
 */
import { and, asc, inArray, isNull } from "drizzle-orm";
import { personalTokenPattern } from "../../shared/camp/camp-my-registration.ts";
import { emailKey } from "../../shared/contact/email-key.ts";
import type { FamilyLinkScope, FamilySeasonView } from "../../shared/family/family-page.ts";
import { eventOrdersOfAddresses, registrationsOfScope, scopeOfLink, type LinkedRegistration } from "../camp/camp-personal-link.ts";
import { linkView } from "../camp/camp-link-view.ts";
import type { Db } from "../db/database.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { myEventOrderView, orderOfLink } from "../events/event-my-order.ts";
import { asEventOrder, leaderOrders, type EventOrderRow } from "../events/event-store.ts";
import { familyLinkOf } from "../events/family-links.ts";

export interface Season {
  scope: FamilyLinkScope;
  /** The address whose things the link opens (an event order's own address for its link); none for a submission's. */
  emailKey: string | undefined;
  /** The camp registrations, in the order they were made (each with its group). */
  camp: LinkedRegistration[];
  /** The event orders, in the order they were made. */
  orders: EventOrderRow[];
}

/** The address's event orders (not anonymised, of events not ended), whole. */
export async function eventOrderRowsOfAddress(db: Pick<Db, "select">, key: string, now: Date): Promise<EventOrderRow[]> {
  const open = await eventOrdersOfAddresses(db, [key], now);
  if (open.length === 0) return [];
  const rows = await db
    .select()
    .from(eventOrders)
    .where(
      and(
        inArray(
          eventOrders.id,
          open.map((order) => order.id),
        ),
        leaderOrders,
        isNull(eventOrders.anonymisedAt),
      ),
    )
    .orderBy(asc(eventOrders.id));
  return rows.map((row) => asEventOrder(row));
}

/**
 * What the link opens, or undefined for a malformed, unknown or expired link, or one that opens nothing now.
 * Opening an address's or a submission's link marks it used (camp-personal-link.ts).
 */
export async function seasonOfLink(db: Pick<Db, "select" | "update">, token: string, now: Date): Promise<Season | undefined> {
  if (!personalTokenPattern.test(token)) return undefined;
  const row = await familyLinkOf(db, token);
  if (!row) return undefined;
  if (row.ownerKind === "order") {
    // One event order's link: that order, as its own page showed it (until it is anonymised).
    const order = await orderOfLink(db, token);
    if (!order) return undefined;
    return { scope: "order", emailKey: order.emailKey ?? emailKey(order.email), camp: [], orders: [order] };
  }
  const scope = await scopeOfLink(db, token, now);
  if (!scope) return undefined;
  if (scope.kind === "submission") {
    const camp = await registrationsOfScope(db, scope, now);
    return camp.length > 0 ? { scope: "submission", emailKey: undefined, camp, orders: [] } : undefined;
  }
  const { camp, orders } = await addressSeason(db, scope.emailKey, now);
  if (camp.length === 0 && orders.length === 0) return undefined;
  return { scope: "address", emailKey: scope.emailKey, camp, orders };
}

/** Everything an address's link opens now (made with `key`, of events not ended); either part may be empty. */
export async function addressSeason(db: Pick<Db, "select">, key: string, now: Date): Promise<Pick<Season, "camp" | "orders">> {
  return { camp: await registrationsOfScope(db, { kind: "family", emailKey: key }, now), orders: await eventOrderRowsOfAddress(db, key, now) };
}

/** The season as the page shows it: the camp's view with its fields as before, and each event order's view. */
export async function seasonView(db: Db, season: Season, now: Date): Promise<FamilySeasonView | undefined> {
  const camp = season.camp.length > 0 ? await linkView(db, season.camp, now) : undefined;
  const events = [];
  for (const order of season.orders) events.push(await myEventOrderView(db, order, now));
  if (!camp && events.length === 0) return undefined;
  const parts = { events, link: { scope: season.scope } };
  return camp ? { ...camp, ...parts } : parts;
}

/**
 * The event order an action through a link is for: an event order's own link opens its order (`orderId`, when
 * given, must name it); an address's link opens an order only by its order id, and only one made with that
 * address for an event not ended. Anything else (a camp link, another family's order id, a guess) is undefined.
 */
export async function eventOrderOfLink(
  db: Pick<Db, "select" | "update">,
  token: string,
  orderId: string | undefined,
  now: Date,
): Promise<EventOrderRow | undefined> {
  if (!personalTokenPattern.test(token)) return undefined;
  const row = await familyLinkOf(db, token);
  if (!row) return undefined;
  if (row.ownerKind === "order") {
    const order = await orderOfLink(db, token);
    return order && (orderId === undefined || orderId === order.orderId) ? order : undefined;
  }
  if (orderId === undefined || row.emailKey === null) return undefined;
  const scope = await scopeOfLink(db, token, now);
  if (scope?.kind !== "family") return undefined;
  const [order] = (await eventOrderRowsOfAddress(db, scope.emailKey, now)).filter((candidate) => candidate.orderId === orderId);
  return order;
}
