import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { FieldChange } from "../../../shared/change-log.ts";
import { eventLedgerEntries } from "./events-money.ts";

/**
 * The club's chart of accounts for the export the accounts take (docs/decisions/0045-accounts-export.md): one
 * row per role the treasurer changed from the defaults (src/shared/accounts/accounts-chart.ts); a role
 * without a row is its default.
 */
export const accountsChart = pgTable(
  "accounts_chart",
  {
    role: text("role").primaryKey(),
    /** Four digits (NS 4102). */
    number: text("number").notNull(),
    name: text("name").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    /** The camp account's username that saved it. */
    updatedBy: text("updated_by").notNull(),
  },
  (table) => [check("accounts_chart_number_check", sql`${table.number} ~ '^[0-9]{4}$'`)],
);

/** Every save of the chart: when, by which account, field by field what changed (as the other change logs). */
export const accountsChartChanges = pgTable(
  "accounts_chart_changes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
    account: text("account").notNull(),
    action: text("action").notNull(),
    changes: jsonb("changes").$type<FieldChange[]>().notNull(),
  },
  (table) => [index("accounts_chart_changes_at_idx").on(table.changedAt)],
);

/**
 * The voucher («bilag») number of each ledger entry that moves money, given once, the first time an export
 * runs after the entry was written, under one lock, in order of entry id: numbered from 1 without gaps and
 * never reused (the primary key and the unique entry hold it in the database too). A row is never deleted, so
 * a number stays taken after the retention deleted its entry.
 */
export const accountsVouchers = pgTable(
  "accounts_vouchers",
  {
    number: integer("number").primaryKey(),
    /** Null once the accounting retention deleted the entry (privacy/retention.ts): the number stays taken. */
    ledgerEntryId: integer("ledger_entry_id")
      .unique("accounts_vouchers_entry_unique")
      .references(() => eventLedgerEntries.id, { onDelete: "set null" }),
    assignedAt: timestamp("assigned_at", { withTimezone: true }).notNull(),
  },
  (table) => [check("accounts_vouchers_number_check", sql`${table.number} > 0`)],
);
