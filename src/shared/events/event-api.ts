import { z } from "zod";
import { eventKinds, eventStates } from "./event-definition.ts";
import { EventOfferSummarySchema } from "./event-waitlist.ts";

/** The answers of the events' API, shared by the server, the pages and the OpenAPI document. */

export const EventSummarySchema = z.object({
  slug: z.string(),
  /** `vinterleir` for a winter camp edition (`vinterleir-{year}`, its page /vinterleir). */
  kind: z.enum(["vinterleir", ...eventKinds]),
  title: z.string(),
  /** YYYY-MM-DD */
  firstDay: z.string(),
  lastDay: z.string(),
  state: z.enum(eventStates),
  /** null without a capacity (and for a sale). */
  placesLeft: z.number().int().nullable(),
  url: z.string(),
  venue: z.string(),
  registrationOpensAt: z.string(),
  registrationClosesAt: z.string(),
  /**
   * What it costs, for the card's price line (event-terms.ts `eventPriceLine`): a grading's or course's price,
   * a course's bands, a sale's item prices. Absent for a winter camp, whose card has its own price box.
   */
  pricing: z
    .object({
      price: z.number().int().nullable(),
      priceBands: z.array(z.object({ maxAge: z.number().int(), price: z.number().int() })),
      itemPrices: z.array(z.number().int()),
    })
    .optional(),
});
export type EventSummary = z.infer<typeof EventSummarySchema>;

export const EventListSchema = z.array(EventSummarySchema);

/** A sale's item on the event page: what is left of each variant (0: sold out). */
export const PublicSaleItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number().int(),
  variants: z.array(z.object({ id: z.string(), left: z.number().int() })),
});

/** `GET /api/Arrangement/Get/{slug}`: what the event's page and form need. */
export const EventDetailSchema = EventSummarySchema.extend({
  kind: z.enum(eventKinds),
  description: z.string(),
  capacity: z.number().int().nullable(),
  price: z.number().int().nullable(),
  priceBands: z.array(z.object({ maxAge: z.number().int(), price: z.number().int() })),
  startTime: z.string().nullable(),
  homeClubOnly: z.boolean().nullable(),
  minAge: z.number().int().nullable(),
  maxAge: z.number().int().nullable(),
  minGradeId: z.number().int().nullable(),
  maxGradeId: z.number().int().nullable(),
  sleepover: z.boolean().nullable(),
  questions: z.array(
    z.object({ id: z.string(), label: z.string(), type: z.enum(["text", "choice", "yesno"]), required: z.boolean(), choices: z.array(z.string()) }),
  ),
  items: z.array(PublicSaleItemSchema),
  pickUpPlace: z.string().nullable(),
  pickUpTime: z.string().nullable(),
  /** A full grading or course still takes names for its waiting list. */
  waitingListOpen: z.boolean(),
});
export type EventDetail = z.infer<typeof EventDetailSchema>;

/** `GET /api/Arrangement/Order/{orderId}`: what the Vipps result page says about the order. */
export const EventOrderViewSchema = z.object({
  orderId: z.string(),
  kind: z.enum(eventKinds),
  title: z.string(),
  /** The first item's name for a sale («T-skjorte»), else null. */
  itemName: z.string().nullable(),
});
export type EventOrderView = z.infer<typeof EventOrderViewSchema>;

/** The admin list: the club's events and the camp's editions (read-only here). */
export const AdminEventSchema = z.object({
  slug: z.string(),
  kind: z.enum(["vinterleir", ...eventKinds]),
  title: z.string(),
  firstDay: z.string(),
  lastDay: z.string(),
  published: z.boolean(),
  /** When registration (a sale: ordering) opens, ISO 8601: the admin's status says it before then. */
  registrationOpensAt: z.string(),
  /** upcoming | running | past */
  phase: z.enum(["upcoming", "running", "past"]),
  /** The registration window's state (a camp edition's too); null for a camp edition not published. */
  state: z.enum(eventStates).nullable(),
  participants: z.number().int(),
  waiting: z.number().int(),
  /** The definition as stored (null for a camp edition: edited in «Leirer»); a sale's sizes say how many are for sale in all. */
  definition: z.record(z.string(), z.unknown()).nullable(),
  /** A sale's sizes: how many are left now (absent for everything else). */
  stockLeft: z.array(z.object({ itemId: z.string(), variant: z.string(), stock: z.number().int() })).optional(),
});
export type AdminEvent = z.infer<typeof AdminEventSchema>;

export const AdminParticipantSchema = z.object({
  orderId: z.string(),
  status: z.enum(["confirmed", "pending_payment", "waiting", "cancelled"]),
  name: z.string(),
  age: z.number().int().nullable(),
  club: z.string().nullable(),
  grade: z.string().nullable(),
  gradeId: z.number().int().nullable(),
  contactName: z.string(),
  email: z.string(),
  telephone: z.string(),
  /** The course's questions' answers by question label, as text. */
  answers: z.record(z.string(), z.string()),
  /** A sale's line: «2 × T-skjorte (M)». */
  item: z.string().nullable(),
  /**
   * The row's money from the order's ledger (src/shared/payments/person-money.ts): «Å betale», «Betalt»,
   * «Tilbakebetalt», «Skal betales tilbake» and «Utestående» for this participant or sale line; money with no
   * person is on the order's first row, so the rows of an order add up to its figures.
   */
  charged: z.number().int(),
  paid: z.number().int(),
  refunded: z.number().int(),
  refundOwed: z.number().int(),
  outstanding: z.number().int(),
  /** The methods the row's money came in by and went back by (vipps, card, cash …). */
  paidWith: z.array(z.string()),
  refundedWith: z.array(z.string()),
  /** How the order is to be paid (vipps, card_cash, free): a plan, not money that moved. */
  method: z.string(),
  /** A waiting order's place in line (1 is first; a family shares its order's place), else null. */
  waitlistPosition: z.number().int().nullable(),
  /** A waiting order's latest offer from the waiting list, else null. */
  offer: EventOfferSummarySchema.nullable(),
  /** The order's personal data is blanked (after the event, or on request): nothing left to export or delete. */
  anonymised: z.boolean(),
});
export type AdminParticipant = z.infer<typeof AdminParticipantSchema>;

/**
 * `GET …/Money/{slug}/{token}`: the treasurer's totals of one event, from its orders' ledgers by the shared
 * functions (the camp's treasurer reads the same): the sum over the participant list's rows, and per method.
 */
export const EventMoneySchema = z.object({
  orders: z.number().int(),
  charged: z.number().int(),
  paid: z.number().int(),
  refunded: z.number().int(),
  refundOwed: z.number().int(),
  kept: z.number().int(),
  outstanding: z.number().int(),
  net: z.number().int(),
  byMethod: z.array(z.object({ method: z.string(), orders: z.number().int(), paid: z.number().int(), refunded: z.number().int() })),
});
export type EventMoney = z.infer<typeof EventMoneySchema>;

export const eventOrderStatusLabels: Record<AdminParticipant["status"], string> = {
  confirmed: "Bekreftet",
  pending_payment: "Venter på betaling",
  waiting: "Venteliste",
  cancelled: "Avbestilt",
};

/** `PUT …/Put/{slug}/{token}`: the event's address, and whether it was new (201) or replaced (200). */
export const EventSavedSchema = z.object({ slug: z.string(), created: z.boolean() });
/** `POST …/Publish/{slug}/{token}`. */
export const EventPublishedSchema = z.object({ slug: z.string(), published: z.literal(true) });

/** `POST …/Copy/{fromSlug}/{toSlug}/{token}`: how many whole weeks later the copy's dates are (default a year). */
export const EventCopySchema = z
  .object({
    weeks: z
      .number({ error: "Antall uker må være et helt tall." })
      .int("Antall uker må være et helt tall.")
      .min(-520, "For mange uker.")
      .max(520, "For mange uker.")
      .default(52),
  })
  .default({ weeks: 52 });
/** The copy's address and how many weeks its dates moved (a camp: into the new year). */
export const EventCopiedSchema = z.object({ slug: z.string(), weeks: z.number().int() });
