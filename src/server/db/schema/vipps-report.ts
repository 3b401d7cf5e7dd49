import { date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Each closed ledger date of the Vipps Report API read in full (docs/decisions/0044-vipps-payouts-matched.md),
 * per topic (funds, fees): a date is read once, its lines with it in one transaction, and never again
 * (Vipps's reports of a closed date never change).
 */
export const vippsReportDays = pgTable(
  "vipps_report_days",
  {
    ledgerId: text("ledger_id").notNull(),
    topic: text("topic", { enum: ["funds", "fees"] }).notNull(),
    ledgerDate: date("ledger_date", { mode: "string" }).notNull(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull(),
    lineCount: integer("line_count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.ledgerId, table.topic, table.ledgerDate] })],
);

/**
 * The lines of the Report API as Vipps gave them, in their order (`position` within the date and topic):
 * captures, refunds, fees, fees retained, payouts scheduled. Amounts in øre, signed as at Vipps (money into the
 * account positive). Accounting records: kept, never changed.
 */
export const vippsReportLines = pgTable(
  "vipps_report_lines",
  {
    ledgerId: text("ledger_id").notNull(),
    topic: text("topic", { enum: ["funds", "fees"] }).notNull(),
    ledgerDate: date("ledger_date", { mode: "string" }).notNull(),
    position: integer("position").notNull(),
    entryType: text("entry_type").notNull(),
    pspReference: text("psp_reference").notNull(),
    /** Captures and refunds: our payment's reference; scheduled-for-payout: the bank transfer's text. */
    reference: text("reference"),
    currency: text("currency").notNull(),
    /** Øre. */
    amount: integer("amount").notNull(),
    time: timestamp("time", { withTimezone: true }).notNull(),
    recipientHandle: text("recipient_handle"),
  },
  (table) => [
    primaryKey({ columns: [table.ledgerId, table.topic, table.ledgerDate, table.position] }),
    index("vipps_report_lines_reference_idx").on(table.reference),
    index("vipps_report_lines_psp_reference_idx").on(table.pspReference),
  ],
);
