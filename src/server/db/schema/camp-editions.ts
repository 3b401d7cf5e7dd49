import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { EditionChange } from "../../../shared/camp/camp-edition-data.ts";
import type { CampEditionData } from "../../../shared/camp/camp-edition-schema.ts";

/**
 * The winter camp's editions, one per year, as the club edits them (src/shared/camp/camp-edition-data.ts).
 * Several may be published at once; which is «the» camp follows from their dates (camp-edition-phase.ts in
 * src/shared/camp), never from a flag, so publishing one never hides another. `version` grows on
 * every change, so every process can tell that its rendered pages are stale.
 */
export const campEditions = pgTable("camp_editions", {
  year: integer("year").primaryKey(),
  data: jsonb("data").$type<CampEditionData>().notNull(),
  /** Unpublished editions are drafts: the admin can preview them, visitors never see them. */
  publishedAt: timestamp("published_at", { withTimezone: true }),
  version: integer("version").notNull().default(1),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** Every change to an edition: when, by which admin account, and field by field what changed. */
export const campEditionChanges = pgTable(
  "camp_edition_changes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    year: integer("year")
      .notNull()
      .references(() => campEditions.year),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
    /** The admin account's username, or "system" for the first seeding. */
    account: text("account").notNull(),
    /** "created", "copied", "updated", "published" (older rows: "made-current"). */
    action: text("action").notNull(),
    changes: jsonb("changes").$type<EditionChange[]>().notNull(),
  },
  (table) => [index("camp_edition_changes_year_idx").on(table.year, table.changedAt)],
);
