import { customType, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The facts on the information pages that the club edits in «Nettsted» (src/shared/site/site-content.ts),
 * one row per section. A fresh database gets today's facts on the first start (db/seed.ts).
 */
export const siteSections = pgTable("site_sections", {
  section: text("section").primaryKey(),
  data: jsonb("data").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  updatedBy: text("updated_by").notNull(),
});

/**
 * Every change to a section, with the section before and after it, so each can be undone («Angre»). The
 * largest id is the site's version: every process renders its pages again when it grows.
 */
export const siteChanges = pgTable(
  "site_changes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    section: text("section").notNull(),
    before: jsonb("before").notNull(),
    after: jsonb("after").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
    /** The account's username. */
    changedBy: text("changed_by").notNull(),
    /** Set on an undo: the change it undid. */
    undoOf: integer("undo_of"),
  },
  (table) => [index("site_changes_section_idx").on(table.section, table.id)],
);

/**
 * Sponsor logos and news pictures, as the server re-encoded them (WebP, metadata stripped). The id is a hash
 * of the stored bytes, so an address never changes its picture and may be cached for a year.
 */
export const siteImages = pgTable("site_images", {
  id: text("id").primaryKey(),
  body: bytea("body").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull(),
  uploadedBy: text("uploaded_by").notNull(),
});
