/** The event admin's writes: create or replace an event (its stock with it), publish it, copy it. A camp edition is edited in «Leirer», never here. */
import { eq, sql } from "drizzle-orm";
import { campSlugPattern, eventMessages, EventSlugSchema, type EventDefinition } from "../../shared/events/event-definition.ts";
import { copyEventDefinition, hasEnded } from "../../shared/events/event-rules.ts";
import type { Db } from "../db/database.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { eventStock, events } from "../db/schema/events.ts";
import { newMemberMessageSlug } from "../../shared/messages/message.ts";
import { HttpError } from "../errors.ts";
import { fieldChanges, type FieldChange } from "../../shared/change-log.ts";
import { logEventChange } from "./event-changes.ts";
import { eventBySlug, leaderEvent } from "./event-store.ts";
import { eventAdminMessages } from "./event-admin.ts";

/**
 * Addresses the site uses itself: under /arrangementer, and the key the new-member admin's messages are
 * logged under (an event by that address would open that log to the event admin's «Send melding»).
 */
const reservedSlugs = new Set(["admin", newMemberMessageSlug]);

function checkSlug(slug: string): string {
  if (campSlugPattern.test(slug)) throw new HttpError(409, eventAdminMessages.campHere);
  if (reservedSlugs.has(slug)) throw new HttpError(400, "Denne adressen brukes av nettstedet selv. Velg en annen.");
  const parsed = EventSlugSchema.safeParse(slug);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? eventMessages.id);
  return parsed.data;
}

/** Who saves, and for a copy the address it was copied from (the change log says both). */
interface StoreOptions {
  account: string;
  /** A new event's form: an address already taken is refused rather than replaced. */
  createOnly: boolean;
  copiedFrom?: string;
}

/**
 * Creates or replaces an event and, in the same transaction, logs field by field what changed (who, when).
 * A save that changes nothing changes nothing: no new version, nothing logged.
 */
async function store(db: Db, slug: string, event: EventDefinition, now: Date, options: StoreOptions): Promise<{ created: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(events).where(eq(events.slug, slug)).for("update");
    // The camp's editions are edited in «Leirer», never here (their addresses are refused before this too).
    if (row && !leaderEvent(row)) throw new HttpError(409, eventAdminMessages.campHere);
    const existing = leaderEvent(row);
    let id: number;
    // A new event's form never replaces another event that happens to have the same address.
    if (existing && options.createOnly) throw new HttpError(409, eventAdminMessages.exists);
    const changes: FieldChange[] = [
      ...(options.copiedFrom === undefined ? [] : [{ field: "copiedFrom", from: null, to: options.copiedFrom }]),
      ...fieldChanges(existing?.definition, event),
    ];
    if (existing && changes.length === 0) return { created: false };
    if (existing) {
      // Orders tie the event down: its kind cannot change, and it cannot be moved back to a day already over
      // (retention would then blank its families at once and start the accounting clock early).
      const movedIntoPast = event.lastDay < existing.lastDay && hasEnded(event, now);
      if (existing.kind !== event.kind || movedIntoPast) {
        const [any] = await tx.select({ id: eventOrders.id }).from(eventOrders).where(eq(eventOrders.eventId, existing.id)).limit(1);
        if (any) throw new HttpError(409, existing.kind !== event.kind ? eventMessages.kindChanged : eventMessages.movedIntoPast);
      }
      await tx
        .update(events)
        .set({ kind: event.kind, definition: event, lastDay: event.lastDay, version: sql`${events.version} + 1`, updatedAt: now })
        .where(eq(events.id, existing.id));
      id = existing.id;
    } else {
      const [inserted] = await tx
        .insert(events)
        .values({ slug, kind: event.kind, definition: event, lastDay: event.lastDay, createdAt: now, updatedAt: now })
        .returning({ id: events.id });
      id = inserted!.id;
    }
    if (event.kind === "salg") await restock(tx, id, existing?.kind === "salg" ? existing.definition : undefined, event);
    else await tx.delete(eventStock).where(eq(eventStock.eventId, id));
    const action = existing ? "updated" : options.copiedFrom === undefined ? "created" : "copied";
    await logEventChange(tx, { eventId: id, account: options.account, action, changes, at: now });
    return { created: !existing };
  });
}

/**
 * A sale's stock after the leader saved it. Each size's number is how many are for sale in all; what is
 * left moves by the change the leader made (`stock + new − old`, one conditional UPDATE under the event's
 * lock), never by what the form happened to show: a save during a sale cannot put sold items back on sale.
 * A new size starts with its number; a size taken out goes.
 */
async function restock(tx: Db, eventId: number, before: EventDefinition | undefined, after: Extract<EventDefinition, { kind: "salg" }>) {
  const total = (event: EventDefinition | undefined, itemId: string, variant: string) =>
    event?.kind === "salg" ? (event.items.find((item) => item.id === itemId)?.variants.find((size) => size.id === variant)?.stock ?? 0) : 0;
  const sizes = after.items.flatMap((item) =>
    item.variants.map((variant) => ({
      itemId: item.id,
      name: item.name,
      variant: variant.id,
      change: variant.stock - total(before, item.id, variant.id),
      stock: variant.stock,
    })),
  );
  const kept = sql.join(
    sizes.map((size) => sql`(${size.itemId}::text, ${size.variant}::text)`),
    sql`, `,
  );
  await tx.execute(
    sql`delete from ${eventStock} where ${eventStock.eventId} = ${eventId} and (${eventStock.itemId}, ${eventStock.variant}) not in (${kept})`,
  );
  for (const size of sizes) {
    const [row] = await tx
      .insert(eventStock)
      .values({ eventId, itemId: size.itemId, variant: size.variant, stock: size.stock })
      .onConflictDoUpdate({
        target: [eventStock.eventId, eventStock.itemId, eventStock.variant],
        set: { stock: sql`${eventStock.stock} + ${size.change}` },
        setWhere: sql`${eventStock.stock} + ${size.change} >= 0`,
      })
      .returning({ stock: eventStock.stock });
    if (!row) throw new HttpError(409, eventAdminMessages.soldMoreThan(size.name, size.variant));
  }
}

/**
 * `PUT …/Put/{slug}/{token}`: create or replace (the route validated the definition: 400 when invalid); with
 * `createOnly` (a new event's form) an address already taken is refused (409) and nothing is replaced.
 */
export async function putEvent(
  db: Db,
  rawSlug: string,
  event: EventDefinition,
  now: Date,
  { account, createOnly = false }: { account: string; createOnly?: boolean },
) {
  const slug = checkSlug(rawSlug);
  return store(db, slug, event, now, { account, createOnly });
}

/**
 * «Publiser»: visitors see the event. The row is locked, so two publishes at once log it once; publishing an
 * event already published changes nothing.
 */
export async function publishEvent(db: Db, rawSlug: string, account: string, now: Date): Promise<void> {
  if (campSlugPattern.test(rawSlug)) throw new HttpError(409, eventAdminMessages.campHere);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(events).where(eq(events.slug, rawSlug)).for("update");
    const event = leaderEvent(row);
    if (!event) throw new HttpError(404, eventAdminMessages.notFound);
    if (event.publishedAt) return;
    await tx
      .update(events)
      .set({ publishedAt: now, version: sql`${events.version} + 1`, updatedAt: now })
      .where(eq(events.id, event.id));
    const changes = [{ field: "publishedAt", from: null, to: now.toISOString() }];
    await logEventChange(tx, { eventId: event.id, account, action: "published", changes, at: now });
  });
}

/** «Kopier fra forrige gang»: a draft `weeks` whole weeks later (stock as it was first written). */
export async function copyEvent(db: Db, fromSlug: string, rawToSlug: string, weeks: number, account: string, now: Date): Promise<void> {
  if (campSlugPattern.test(fromSlug) || campSlugPattern.test(rawToSlug)) throw new HttpError(400, eventAdminMessages.campCopyMixed);
  const toSlug = checkSlug(rawToSlug);
  const from = await eventBySlug(db, fromSlug);
  if (!from) throw new HttpError(404, eventAdminMessages.notFound);
  if (await eventBySlug(db, toSlug)) throw new HttpError(409, eventAdminMessages.exists);
  await store(db, toSlug, copyEventDefinition(from.definition, weeks), now, { account, createOnly: true, copiedFrom: from.slug });
}
