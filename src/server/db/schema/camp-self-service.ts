import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { campRegistrations } from "./camp.ts";

/**
 * Personal links to "Min påmelding" (src/server/camp/camp-personal-link.ts). The link's secret is never
 * stored: only its SHA-256. A family link (`email_key`) opens everything registered with that address for
 * camps that have not ended; it is only ever mailed to that address. A submission link (`registration_id`)
 * opens one registration and its group: the Done page's, given to the browser that submitted it. A link
 * nobody has opened expires (camp-personal-link.ts); a submission link ends when its registration is
 * anonymised (the rows are deleted then).
 */
export const campPersonalLinks = pgTable(
  "camp_personal_links",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    registrationId: integer("registration_id").references(() => campRegistrations.id, { onDelete: "cascade" }),
    /** The family's address as compared (email-key.ts); null for a submission link. */
    emailKey: text("email_key"),
    /** SHA-256 (hex) of the link's secret. */
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** When the link was first opened; a link never opened expires. */
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [
    index("camp_personal_links_registration_idx").on(table.registrationId),
    index("camp_personal_links_email_key_idx").on(table.emailKey),
    check("camp_personal_links_scope_check", sql`(${table.registrationId} is null) <> (${table.emailKey} is null)`),
  ],
);
