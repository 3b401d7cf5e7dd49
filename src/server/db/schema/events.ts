import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import type { FieldChange } from "../../../shared/change-log.ts";
import { storedEventKinds, type StoredEventDefinition } from "../../../shared/events/event-kinds.ts";

/**
 * The club's events of every kind (src/shared/events/event-kinds.ts): gradings, courses and sales, which the
 * leader writes in the event admin, and the winter camp's editions (`vinterleir-YYYY`), edited in the camp's
 * own admin. The definition is the kind's JSON, checked by the kind's shared schema; the columns beside it
 * are what queries filter on. A sale's stock lives in event_stock, where one conditional UPDATE takes it.
 */
export const events = pgTable(
  "events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull().unique(),
    kind: text("kind", { enum: storedEventKinds }).notNull(),
    definition: jsonb("definition").$type<StoredEventDefinition>().notNull(),
    /** YYYY-MM-DD, Oslo: the public list hides an event after its last day. */
    lastDay: text("last_day").notNull(),
    /** Unpublished events are drafts only the admin sees. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Grows on every change: the rendered /arrangementer follows it. */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    /** Whose orders the event holds: the camp's («camp», its editions) or the events' («order»), kept by the database. */
    ownerKind: text("owner_kind").generatedAlwaysAs(sql`case when kind = 'vinterleir' then 'camp' else 'order' end`),
  },
  (table) => [
    check("events_kind_check", sql`${table.kind} in ('gradering', 'kurs', 'salg', 'vinterleir')`),
    unique("events_id_owner_unique").on(table.id, table.ownerKind),
  ],
);

/**
 * Every change to an event: when, by which admin account ("system" for the first seeding), what was done
 * ("created", "copied", "updated", "published"; older camp rows "made-current") and field by field what
 * changed, as the change log shows it.
 */
export const eventChanges = pgTable(
  "event_changes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
    account: text("account").notNull(),
    action: text("action").notNull(),
    changes: jsonb("changes").$type<FieldChange[]>().notNull(),
  },
  (table) => [index("event_changes_event_idx").on(table.eventId, table.changedAt)],
);

/** What is left of a sale's item in one variant; never below zero, so stock cannot be sold twice. */
export const eventStock = pgTable(
  "event_stock",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    variant: text("variant").notNull(),
    stock: integer("stock").notNull(),
  },
  (table) => [
    unique("event_stock_variant_unique").on(table.eventId, table.itemId, table.variant),
    check("event_stock_not_negative", sql`${table.stock} >= 0`),
  ],
);

export const eventOrderStatuses = ["confirmed", "pending_payment", "waiting", "cancelled"] as const;

/**
 * One submission: a family's registration for a grading or course, one order of club gear, or one camp
 * registration (an order of a camp edition's event, camp/camp-registration-rows.ts).
 */
export const eventOrders = pgTable(
  "event_orders",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer("event_id").notNull(),
    orderId: text("order_id").notNull().unique(),
    /** The form's id: a second submission of the same form is answered as the first, never stored twice. */
    draftId: text("draft_id").notNull(),
    status: text("status", { enum: eventOrderStatuses }).notNull(),
    method: text("method", { enum: ["vipps", "card_cash", "free"] }).notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    telephone: text("telephone").notNull(),
    /** Whole kroner as charged; null for a camp order, whose figures are its ledger's only. */
    amount: integer("amount"),
    /** How many places the order holds (participants; 0 for a sale); null for a camp order, which holds its athlete's one (`event_holders`, migration 0052). */
    places: integer("places"),
    /** A camp order: the athlete's parent or contact person as the form asks (mails greet them); "" when an adult registered. */
    contactName: text("contact_name").notNull().default(""),
    /** A camp order: the address as compared (src/shared/contact/email-key.ts), what its family link looks up. */
    emailKey: text("email_key"),
    /** A camp order: SHA-256 (hex) of the draft's own secret, which only the submitting browser holds. */
    draftSecretHash: text("draft_secret_hash"),
    /**
     * A camp order submitted with others (siblings, a club group) sharing the contact details: the order id of
     * the group's first athlete, on every order of the group; null for one on its own. A group's one Vipps
     * payment (the first athlete's) is for every order of the group (src/server/payments/group-payments.ts).
     */
    groupId: text("group_id"),
    /** A camp order's place in line while waiting (lowest first, then id); null otherwise. */
    waitlistRank: integer("waitlist_rank"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** Set when the personal fields (and the participants') were blanked after the event; the money stays. */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
    /**
     * «camp» for a camp registration, «order» for an event's order: it must be its event's (a foreign key over
     * both), and every row that names the order must be of the same side (`orderOwnerFk`), so neither side's
     * rows can name the other's order, whatever a query forgets.
     */
    ownerKind: text("owner_kind", { enum: ["camp", "order"] })
      .notNull()
      .default("order"),
  },
  (table) => [
    unique("event_orders_draft_unique").on(table.eventId, table.draftId),
    unique("event_orders_id_owner_unique").on(table.id, table.ownerKind),
    foreignKey({ name: "event_orders_event_owner_fk", columns: [table.eventId, table.ownerKind], foreignColumns: [events.id, events.ownerKind] }),
    index("event_orders_event_idx").on(table.eventId, table.status),
    index("event_orders_group_idx").on(table.groupId),
    index("event_orders_email_key_idx").on(table.emailKey),
    check("event_orders_status_check", sql`${table.status} in ('confirmed', 'pending_payment', 'waiting', 'cancelled')`),
  ],
);

/**
 * The foreign key of a row that names an order (`order_id`, a camp registration's or an event's): over the order
 * and the row's own side (`owner_kind`, which its writer sets: the camp's «camp», the events' the default
 * «order»), so each names only an order of its side.
 */
function orderOwnerFk(name: string, table: { orderId: AnyPgColumn; ownerKind: AnyPgColumn }, onDelete: "cascade" | "no action") {
  return foreignKey({
    name: `${name}_order_owner_fk`,
    columns: [table.orderId, table.ownerKind],
    foreignColumns: [eventOrders.id, eventOrders.ownerKind],
  }).onDelete(onDelete);
}

/** A row's side as its writer sets it: «camp» for a camp registration's row, the default «order» for an event order's. */
function ownerKindColumn() {
  return text("owner_kind", { enum: ["camp", "order"] })
    .notNull()
    .default("order");
}

/**
 * Links to a family's page (src/server/events/family-links.ts): a random secret mailed or shown once, of which only
 * the SHA-256 is stored. Each link opens exactly one scope:
 *
 * - `email_key`, a family link: everything registered with the address as compared (email-key.ts) for the season
 *   (today the camp's «Min påmelding»: every registration of an edition not ended). Only ever mailed to that
 *   address; the camp's (`owner_kind` «camp»).
 * - `order_id` of a camp registration (`owner_kind` «camp»), a camp submission link: one registration and its
 *   group (the Done page's, given to the browser that sent the draft).
 * - `order_id` of an event order: one event order (the confirmation's link and each leader's message's; a new
 *   link never replaces one already mailed).
 *
 * A camp link nobody has opened expires (`used_at`, camp-personal-link.ts); the links of a registration or an
 * order go when it is anonymised, and a family link when its address has nothing left to open.
 */
export const familyLinks = pgTable(
  "family_links",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** SHA-256 (hex) of the link's secret. */
    tokenHash: text("token_hash").notNull().unique("family_links_token_hash_unique"),
    /** The family's address as compared (email-key.ts). */
    emailKey: text("email_key"),
    orderId: integer("order_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** When the link was first opened (the camp's links): a link never opened expires. */
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** Whose link it is, kept by the database: it names only an order of its own side (`orderOwnerFk`). */
    ownerKind: ownerKindColumn(),
  },
  (table) => [
    orderOwnerFk("family_links", table, "cascade"),
    index("family_links_email_key_idx").on(table.emailKey),
    index("family_links_order_idx").on(table.orderId),
    check("family_links_scope_check", sql`num_nonnulls(${table.emailKey}, ${table.orderId}) = 1`),
  ],
);

/** What a position is: a person taking part (an athlete, a camp athlete's companion) or a line of a sale. */
export const eventPositionKinds = ["athlete", "companion", "item"] as const;

/**
 * The people and things an order holds, one row each: an athlete of a grading or course (with the course's
 * answers), or a sale's line (an item in a variant and quantity, at the price charged). `position` numbers
 * them within the order from 0; the ledger's charges name a person by it (`participant-{position}`). A person's
 * columns are set for a person and the item's for an item, as the checks hold; a companion has no club or grade.
 *
 * A camp registration's athlete is its order's position 0 and its companions follow (`owner_kind` «camp»). A
 * companion's telephone, e-mail, sleepover and «already registered» are answers (`CampCompanionAnswers`), and
 * the ledger (`companion-{id}`) and the door (`c{id}`) name them by the position's id.
 */
export const eventPositions = pgTable(
  "event_positions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id").notNull(),
    position: integer("position").notNull(),
    kind: text("kind", { enum: eventPositionKinds }).notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    age: integer("age"),
    clubId: integer("club_id"),
    gradeId: integer("grade_id"),
    /** A course's questions answered by this participant, by question id; a companion's details. */
    answers: jsonb("answers").$type<Record<string, string | boolean>>(),
    itemId: text("item_id"),
    itemName: text("item_name"),
    variant: text("variant"),
    quantity: integer("quantity"),
    /** Whole kroner per piece, as charged. */
    price: integer("price"),
    /** Set when this position alone was cancelled (the order's own cancelledAt covers every position). */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** Whose row it is, kept by the database: it names only an order of its own side (`orderOwnerFk`). */
    ownerKind: ownerKindColumn(),
  },
  (table) => [
    orderOwnerFk("event_positions", table, "cascade"),
    unique("event_positions_position_unique").on(table.orderId, table.position),
    check("event_positions_kind_check", sql`${table.kind} in ('athlete', 'companion', 'item')`),
    check(
      "event_positions_person_check",
      sql`${table.kind} = 'item' or (${table.firstName} is not null and ${table.lastName} is not null and ${table.age} is not null and ${table.answers} is not null and (${table.kind} = 'companion' or (${table.clubId} is not null and ${table.gradeId} is not null)))`,
    ),
    check(
      "event_positions_item_check",
      sql`${table.kind} <> 'item' or (${table.itemId} is not null and ${table.itemName} is not null and ${table.variant} is not null and ${table.quantity} is not null and ${table.price} is not null)`,
    ),
  ],
);

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

/**
 * Every action from a door (docs/decisions/0030-event-door.md, 0040-one-offline-door.md), appended, never
 * changed. A grading's or a course's participant is checked in by position, a sale's order picked up whole
 * (`position` null): what stands is the latest row of each order and position that changed something, and
 * the door writes a row only when it changes that, with the order row locked, so two doors never act twice.
 * The camp's door writes here too (its registration's order, `owner_kind` «camp»): a check-in or its undo for
 * a person (`person_id`) on a camp day, or a payment taken at the door or taken back, with its payment and
 * money-log entry; what stands at the camp is read from it (camp-arrivals.ts).
 */
export const eventCheckinActions = pgTable(
  "event_checkin_actions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id").notNull(),
    /** The participant's position in the order; null for a sale's order (picked up) and at the camp. */
    position: integer("position"),
    /** An event's door: checkin | undo. The camp's: checkin | undo-checkin | payment | undo-payment. */
    kind: text("kind", { enum: ["checkin", "undo", "undo-checkin", "payment", "undo-payment"] }).notNull(),
    /** The admin account's username and name. */
    accountUsername: text("account_username").notNull(),
    accountName: text("account_name").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /**
     * The phone's id for the action, so a replay is carried out once; null for an event's action sent
     * without one (the camp's door always sends one).
     */
    actionId: uuid("action_id").unique("event_checkin_actions_action_id_unique"),
    /**
     * False for an action that found its state already standing: kept only so its id is known when it is
     * sent again. What stands is the latest row that changed something.
     */
    changed: boolean("changed").notNull().default(true),
    /** The camp: the person (`a{registrationId}` the athlete, `c{companionId}` a companion) and the camp day (YYYY-MM-DD, Oslo). */
    personId: text("person_id"),
    day: text("day"),
    /** The camp: a payment's amount, whole kroner (an undo's: what was taken back). */
    amount: integer("amount"),
    /** The camp: the payment and its action a door payment went to (null once the accounting records are deleted). */
    paymentId: integer("payment_id").references(() => eventPayments.id, { onDelete: "set null" }),
    paymentActionId: integer("payment_action_id").references(() => eventPaymentActions.id, { onDelete: "set null" }),
    /** The camp: the action that undid this payment. */
    undoneBy: uuid("undone_by"),
    /** Whose row it is, kept by the database: it names only an order of its own side (`orderOwnerFk`). */
    ownerKind: ownerKindColumn(),
  },
  (table) => [
    orderOwnerFk("event_checkin_actions", table, "cascade"),
    index("event_checkin_actions_order_idx").on(table.orderId, table.position, table.id),
    check("event_checkin_actions_kind_check", sql`${table.kind} in ('checkin', 'undo', 'undo-checkin', 'payment', 'undo-payment')`),
    check(
      "event_checkin_actions_owner_check",
      sql`${table.ownerKind} <> 'camp' or (${table.personId} is not null and ${table.day} is not null and ${table.actionId} is not null)`,
    ),
  ],
);

/**
 * Offers of freed places from a waiting list (src/server/events/event-waitlist.ts, one for every kind, the camp's
 * editions included): the link's token is never stored, only its SHA-256; at most one open
 * offer per order. An event order waits whole, so its offer is for all of its places; a camp registration's
 * offer names its order with `owner_kind` «camp».
 */
export const eventWaitlistOffers = pgTable(
  "event_waitlist_offers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id").notNull(),
    /** SHA-256 (hex) of the offer link's token. */
    tokenHash: text("token_hash").notNull().unique(),
    /** offered | accepted | declined | expired | withdrawn. */
    state: text("state", { enum: ["offered", "accepted", "declined", "expired", "withdrawn"] }).notNull(),
    offeredAt: timestamp("offered_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When it was accepted, declined, expired or withdrawn. */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** Whose row it is, kept by the database: it names only an order of its own side (`orderOwnerFk`). */
    ownerKind: ownerKindColumn(),
  },
  (table) => [
    orderOwnerFk("event_waitlist_offers", table, "cascade"),
    uniqueIndex("event_waitlist_offers_one_open")
      .on(table.orderId)
      .where(sql`${table.state} = 'offered'`),
    index("event_waitlist_offers_order_idx").on(table.orderId),
    index("event_waitlist_offers_open_idx").on(table.state, table.expiresAt),
    check("event_waitlist_offers_state_check", sql`${table.state} in ('offered', 'accepted', 'declined', 'expired', 'withdrawn')`),
  ],
);

/**
 * What a family or a leader changed in an order, in Norwegian, shown to the leader in the order's log
 * (append-only). The summary names fields and, outside health data, old → new; it can name people, so the rows
 * go when the order's personal data does. A camp registration's changes (through «Min påmelding», by the camp's
 * leaders or the system) are its order's, with `owner_kind` «camp».
 */
export const orderChanges = pgTable(
  "order_changes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** Who changed it: "deltaker" (through the family's link), a leader's account, or "system". */
    actor: text("actor").notNull(),
    /** A short Norwegian sentence: what changed. */
    summary: text("summary").notNull(),
    /** Whose row it is, kept by the database: it names only an order of its own side (`orderOwnerFk`). */
    ownerKind: ownerKindColumn(),
  },
  (table) => [orderOwnerFk("order_changes", table, "cascade"), index("order_changes_order_idx").on(table.orderId)],
);
