import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";
import { campRegistrations, payments } from "./camp.ts";

/**
 * The money ledger of a camp order (docs/decisions/0016-money-ledger.md): one row per charge, money in and
 * money out, appended and never changed. A group that pays together is the sum of its registrations'
 * ledgers. Every figure anybody sees is computed from these rows by src/shared/camp/camp-ledger.ts.
 * Accounting records: kept when the registration's personal data is blanked, so no cascade.
 */
export const campLedgerEntries = pgTable(
  "camp_ledger_entries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    registrationId: integer("registration_id")
      .notNull()
      .references(() => campRegistrations.id),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** The camp account's username, "deltaker" (the personal link), "vipps-webhook", "system" or "migrering". */
    actor: text("actor").notNull(),
    /** A short Norwegian sentence: why the entry was written. */
    reason: text("reason").notNull(),
    /** charge: owed (a negative amount takes a charge off); payment: money in; refund: money out; refund-owed / refund-paid: owed outside Vipps and paid back. */
    kind: text("kind", { enum: ["charge", "payment", "refund", "refund-owed", "refund-paid"] }).notNull(),
    /** Charges: whose line it is, "athlete" or "companion-<id>". */
    person: text("person"),
    /** Charges: athlete | late-fee | grading | companion | cancellation-fee. */
    item: text("item"),
    /** Charges: the receipt's Norwegian line. */
    label: text("label"),
    /** Money: vipps | card | cash | other. */
    method: text("method"),
    /** Whole kroner. */
    amount: integer("amount").notNull(),
    /** The Vipps (or card/cash) payment row the money went through, when there is one. */
    paymentId: integer("payment_id").references(() => payments.id),
    /** A correction names the entry it corrects (an undone door payment, a refund Vipps refused). */
    correctsId: integer("corrects_id").references((): AnyPgColumn => campLedgerEntries.id),
  },
  (table) => [
    index("camp_ledger_entries_registration_idx").on(table.registrationId),
    index("camp_ledger_entries_payment_idx").on(table.paymentId),
    check("camp_ledger_entries_kind_check", sql`${table.kind} in ('charge', 'payment', 'refund', 'refund-owed', 'refund-paid')`),
  ],
);
