/** An event as its leader defines it: the event, its change log and the stock of its sale. */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import type { FieldChange } from "../../../shared/change-log.ts";
import { storedEventKinds, type StoredEventDefinition } from "../../../shared/events/event-kinds.ts";

/**
 * The club's events of every kind (src/shared/events/event-kinds.ts): gradings, courses and sales, which the
 * leader writes in the event admin, and the winter camp's editions (`vinterleir-YYYY`), edited in the camp's
 * own admin. The definition is the kind's JSON, checked by the kind's shared schema; the columns beside it
 * are what queries filter on. A sale's stock lives in event_stock, where one conditional UPDATE takes it.
 */
export const events = pgTable(
  "events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull().unique(),
    kind: text("kind", { enum: storedEventKinds }).notNull(),
    definition: jsonb("definition").$type<StoredEventDefinition>().notNull(),
    /** YYYY-MM-DD, Oslo: the public list hides an event after its last day. */
    lastDay: text("last_day").notNull(),
    /** Unpublished events are drafts only the admin sees. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Grows on every change: the rendered /arrangementer follows it. */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    /** Whose orders the event holds: the camp's («camp», its editions) or the events' («order»), kept by the database. */
    ownerKind: text("owner_kind").generatedAlwaysAs(sql`case when kind = 'vinterleir' then 'camp' else 'order' end`),
  },
  (table) => [
    check("events_kind_check", sql`${table.kind} in ('gradering', 'kurs', 'salg', 'vinterleir')`),
    unique("events_id_owner_unique").on(table.id, table.ownerKind),
  ],
);

/**
 * Every change to an event: when, by which admin account ("system" for the first seeding), what was done
 * ("created", "copied", "updated", "published"; older camp rows "made-current") and field by field what
 * changed, as the change log shows it.
 */
export const eventChanges = pgTable(
  "event_changes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
    account: text("account").notNull(),
    action: text("action").notNull(),
    changes: jsonb("changes").$type<FieldChange[]>().notNull(),
  },
  (table) => [index("event_changes_event_idx").on(table.eventId, table.changedAt)],
);

/** What is left of a sale's item in one variant; never below zero, so stock cannot be sold twice. */
export const eventStock = pgTable(
  "event_stock",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    variant: text("variant").notNull(),
    stock: integer("stock").notNull(),
  },
  (table) => [
    unique("event_stock_variant_unique").on(table.eventId, table.itemId, table.variant),
    check("event_stock_not_negative", sql`${table.stock} >= 0`),
  ],
);
