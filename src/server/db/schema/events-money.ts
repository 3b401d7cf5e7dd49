/** An order's money: its payments, every action on them, and its ledger. */
import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, pgTable, text, timestamp, unique, type AnyPgColumn } from "drizzle-orm/pg-core";
import { ownerKindColumn, orderOwnerFk } from "./events-orders.ts";

export const paymentMethods = ["vipps", "card_cash", "free"] as const;

export type PaymentMethod = (typeof paymentMethods)[number];

/**
 * Every payment (or payment attempt) of an order (`order_id`): an event order's or a camp registration's
 * (`owner_kind` «camp»); each side reads only its own rows. Accounting records (kept 5 years, D6): never deleted with the personal data.
 * Our Vipps state comes only from Vipps (docs/decisions/0006-vipps.md); each Vipps attempt has its own
 * reference, a camp registration's card/cash and free payments use its order id.
 */
export const eventPayments = pgTable(
  "event_payments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id").notNull(),
    reference: text("reference").notNull().unique(),
    method: text("method", { enum: paymentMethods }).notNull(),
    /** "registration": the order's own payment (attempts); "change": the difference for a change made later ("Min påmelding"). */
    kind: text("kind", { enum: ["registration", "change"] })
      .notNull()
      .default("registration"),
    /** Whole kroner: the server's total. */
    amount: integer("amount").notNull(),
    /** card_cash: unpaid | paid; free: paid; vipps: created | authorized | captured | refunded | released | aborted | expired | terminated | failed. */
    state: text("state").notNull(),
    paidAmount: integer("paid_amount").notNull().default(0),
    /** Vipps only. The ePayment state as Vipps last told us; null before create. */
    vippsState: text("vipps_state"),
    /** Vipps's landing page for this attempt: a retried submission is sent to the same one. */
    redirectUrl: text("redirect_url"),
    /** Whole kroner, from Vipps's aggregate. */
    authorizedAmount: integer("authorized_amount").notNull().default(0),
    capturedAmount: integer("captured_amount").notNull().default(0),
    refundedAmount: integer("refunded_amount").notNull().default(0),
    cancelledAmount: integer("cancelled_amount").notNull().default(0),
    /** What we still owe Vipps after authorisation: capture (confirmed) or release (not needed); null when done. */
    settle: text("settle", { enum: ["capture", "release"] }),
    /** A refund sent to Vipps without a final answer yet: retried with the same key and amount. */
    pendingRefundKey: text("pending_refund_key"),
    pendingRefundAmount: integer("pending_refund_amount"),
    /** When the reconciliation job next looks at this payment at Vipps; null when nothing is left to do. */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    /**
     * The Vipps reconciliation job's lease: while in the future, one process (one job run) owns this payment
     * and no other claims it. Separate from next_check_at, which webhooks and polls may move to "now" at any time.
     */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    /** Whose payment it is, kept by the database: the rows that name a payment must be of the same owner. */
    ownerKind: ownerKindColumn(),
  },
  (table) => [
    orderOwnerFk("event_payments", table, "no action"),
    unique("event_payments_id_owner_unique").on(table.id, table.ownerKind),
    index("event_payments_order_idx").on(table.orderId),
    index("event_payments_next_check_idx").on(table.nextCheckAt),
    check("event_payments_method_check", sql`${table.method} in ('vipps', 'card_cash', 'free')`),
  ],
);

/** Every action that moves or settles money on a payment: who, when, what, how much. Append-only. */
export const eventPaymentActions = pgTable(
  "event_payment_actions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => eventPayments.id),
    /** The camp account's username for an admin action ("camp-admin" on older rows), "system", "vipps-webhook", … */
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    amount: integer("amount").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    note: text("note"),
  },
  (table) => [index("event_payment_actions_payment_idx").on(table.paymentId)],
);

/**
 * The money ledger of every order (docs/decisions/0016-money-ledger.md): one row per charge, money in and money
 * out, appended and never changed, counted by the shared functions (src/shared/camp/camp-ledger.ts) into every
 * figure anybody sees. An entry belongs to an order (`order_id`: an event order's or, with `owner_kind` «camp», a
 * camp registration's), with the payment its money went through
 * in `payment_id` (one of that order's or registration's, or a group's); a group that pays together is the
 * sum of its registrations' ledgers. Accounting records: kept when the personal data is blanked, so no cascade.
 */
export const eventLedgerEntries = pgTable(
  "event_ledger_entries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** The admin account's username, "deltaker" (the family's link), "vipps-webhook", "system" or "migrering". */
    actor: text("actor").notNull(),
    /** A short Norwegian sentence: why the entry was written. */
    reason: text("reason").notNull(),
    /** charge: owed (a negative amount takes a charge off); payment: money in; refund: money out; refund-owed / refund-paid: owed outside Vipps and paid back. */
    kind: text("kind", { enum: ["charge", "payment", "refund", "refund-owed", "refund-paid"] }).notNull(),
    /** Charges: whose line it is ("participant-0", "athlete", "companion-<id>", "order"). */
    person: text("person"),
    /** Charges: what it is for (participant, item, athlete, late-fee, grading, companion, cancellation-fee). */
    item: text("item"),
    /** Charges: the receipt's Norwegian line. */
    label: text("label"),
    /** Money: vipps | card | cash | card_cash | other. */
    method: text("method"),
    /** Whole kroner. */
    amount: integer("amount").notNull(),
    paymentId: integer("payment_id").references(() => eventPayments.id),
    /** Whose entry it is, as its writer sets it: its order and its payment must be of the same side. */
    ownerKind: ownerKindColumn(),
    /** A correction names the entry it corrects (an undone door payment, a refund Vipps refused). */
    correctsId: integer("corrects_id").references((): AnyPgColumn => eventLedgerEntries.id),
  },
  (table) => [
    orderOwnerFk("event_ledger_entries", table, "no action"),
    index("event_ledger_entries_order_idx").on(table.orderId),
    index("event_ledger_entries_payment_idx")
      .on(table.paymentId)
      .where(sql`${table.paymentId} is not null`),
    check("event_ledger_entries_kind_check", sql`${table.kind} in ('charge', 'payment', 'refund', 'refund-owed', 'refund-paid')`),
    foreignKey({
      name: "event_ledger_entries_payment_owner_fk",
      columns: [table.paymentId, table.ownerKind],
      foreignColumns: [eventPayments.id, eventPayments.ownerKind],
    }),
  ],
);
