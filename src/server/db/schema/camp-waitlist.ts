import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { campRegistrations } from "./camp.ts";

/**
 * Offers of a freed place to a registration on the waiting list (src/server/camp/camp-waitlist.ts). The
 * link's token is never stored: only its SHA-256. At most one open offer per registration.
 */
export const campWaitlistOffers = pgTable(
  "camp_waitlist_offers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    registrationId: integer("registration_id")
      .notNull()
      .references(() => campRegistrations.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the offer link's token. */
    tokenHash: text("token_hash").notNull().unique(),
    /** offered | accepted | expired | withdrawn. */
    state: text("state", { enum: ["offered", "accepted", "declined", "expired", "withdrawn"] }).notNull(),
    offeredAt: timestamp("offered_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When it was accepted, expired or withdrawn. */
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("camp_waitlist_offers_one_open")
      .on(table.registrationId)
      .where(sql`${table.state} = 'offered'`),
    index("camp_waitlist_offers_registration_idx").on(table.registrationId),
    index("camp_waitlist_offers_open_idx").on(table.state, table.expiresAt),
    check("camp_waitlist_offers_state_check", sql`${table.state} in ('offered', 'accepted', 'declined', 'expired', 'withdrawn')`),
  ],
);
