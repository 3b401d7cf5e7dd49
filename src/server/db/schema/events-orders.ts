/** An event's orders (a camp registration's too): the order, its positions, its family links, its change log and its waiting-list offers. */
import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { events } from "./events.ts";

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
    // A retried camp submission is found by its draft alone: the camp reads its year from the event's slug, so
    // the (event_id, draft_id) key above cannot serve it, and without this every family's submission scanned
    // every order.
    index("event_orders_draft_idx").on(table.draftId),
    check("event_orders_status_check", sql`${table.status} in ('confirmed', 'pending_payment', 'waiting', 'cancelled')`),
  ],
);

/**
 * The foreign key of a row that names an order (`order_id`, a camp registration's or an event's): over the order
 * and the row's own side (`owner_kind`, which its writer sets: the camp's «camp», the events' the default
 * «order»), so each names only an order of its side.
 */
export function orderOwnerFk(name: string, table: { orderId: AnyPgColumn; ownerKind: AnyPgColumn }, onDelete: "cascade" | "no action") {
  return foreignKey({
    name: `${name}_order_owner_fk`,
    columns: [table.orderId, table.ownerKind],
    foreignColumns: [eventOrders.id, eventOrders.ownerKind],
  }).onDelete(onDelete);
}

/** A row's side as its writer sets it: «camp» for a camp registration's row, the default «order» for an event order's. */
export function ownerKindColumn() {
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
