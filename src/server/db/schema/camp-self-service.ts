import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { campRegistrations } from "./camp.ts";

/**
 * Personal links to "Min påmelding" (src/server/camp/self-service/). The link's secret is never stored:
 * only its SHA-256. A registration may have several (each confirmation mail and each "Finn påmeldingen
 * min" mail makes one); all end when the registration is anonymised (the rows are deleted then).
 */
export const campPersonalLinks = pgTable(
  "camp_personal_links",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    registrationId: integer("registration_id")
      .notNull()
      .references(() => campRegistrations.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the link's secret. */
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("camp_personal_links_registration_idx").on(table.registrationId)],
);

/** What a participant changed or cancelled through "Min påmelding": shown to the camp admin. Append-only. */
export const campRegistrationChanges = pgTable(
  "camp_registration_changes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    registrationId: integer("registration_id")
      .notNull()
      .references(() => campRegistrations.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** "deltaker" (through the personal link) or "camp-admin". */
    actor: text("actor").notNull(),
    /** Short Norwegian sentence: what changed (field names and, for non-health fields, old → new). */
    summary: text("summary").notNull(),
  },
  (table) => [index("camp_registration_changes_registration_idx").on(table.registrationId)],
);
