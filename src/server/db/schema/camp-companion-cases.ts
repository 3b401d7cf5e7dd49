import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { eventOrders, eventPositions } from "./events-orders.ts";

/**
 * An «allerede påmeldt» companion left without a payer (docs/decisions/0046-already-registered-companion-cases.md):
 * opened when the registration that paid for the same person is cancelled, or only its paying companion is; the
 * camp leader decides it once (charge the fee, or let the companion come free with a reason). A companion has at
 * most one case; a case is decided by one conditional update, so two leaders at once cannot both decide it.
 */
export const campCompanionCases = pgTable(
  "camp_companion_cases",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The «allerede påmeldt» companion (its position on its own registration). */
    companionId: integer("companion_id")
      .notNull()
      .references(() => eventPositions.id, { onDelete: "cascade" }),
    /** The companion's own registration, where a fee is charged. */
    registrationId: integer("registration_id")
      .notNull()
      .references(() => eventOrders.id, { onDelete: "cascade" }),
    /** The cancelled registration that paid for the same person. */
    payingRegistrationId: integer("paying_registration_id")
      .notNull()
      .references(() => eventOrders.id, { onDelete: "cascade" }),
    /** registration-cancelled | companion-cancelled */
    cause: text("cause", { enum: ["registration-cancelled", "companion-cancelled"] }).notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    /** Set once, by the one decision: charge | free. */
    decision: text("decision", { enum: ["charge", "free"] }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The leader's account name. */
    decidedBy: text("decided_by"),
    /** Free: the reason the leader typed. */
    reason: text("reason"),
    /** Charge: the fee charged, in whole kroner. */
    amount: integer("amount"),
  },
  (table) => [
    uniqueIndex("camp_companion_cases_companion_idx").on(table.companionId),
    index("camp_companion_cases_registration_idx").on(table.registrationId),
    index("camp_companion_cases_paying_idx").on(table.payingRegistrationId),
    check("camp_companion_cases_cause_check", sql`${table.cause} in ('registration-cancelled', 'companion-cancelled')`),
    check(
      "camp_companion_cases_decision_check",
      sql`(${table.decision} is null and ${table.decidedAt} is null and ${table.decidedBy} is null)
        or (${table.decision} = 'charge' and ${table.decidedAt} is not null and ${table.decidedBy} is not null and ${table.amount} is not null)
        or (${table.decision} = 'free' and ${table.decidedAt} is not null and ${table.decidedBy} is not null and ${table.reason} is not null)`,
    ),
  ],
);
