import { z } from "zod";
import { personalTokenPattern } from "../camp/camp-my-registration.ts";
import { familyPageLinkPath } from "../family/family-page-path.ts";
import { formatKroner } from "../format.ts";
import { eventKinds } from "./event-definition.ts";

/**
 * «Min påmelding» for the club's events (docs/decisions/0029-event-cancellation.md): the page behind the
 * personal link in an event order's confirmation mail, where a family sees its registration or order and
 * cancels it. Shapes shared by the server's answers and the page.
 */

/** The events' older address of the page behind a link (it leads to «Min side»), and a link's address now. */
export const eventOrderLinkBase = "/arrangementer/min-pamelding";
export function eventOrderLinkPath(token: string): string {
  return familyPageLinkPath(token);
}

/** The link's secret: 32 random bytes as base64url (256 bits), as the camp's personal link. */
export const eventOrderTokenPattern = personalTokenPattern;

/** `POST /api/Arrangement/Cancel/{token}` (and the leader's): one participant by position, or the whole order. */
export const EventCancelSchema = z.object(
  {
    position: z.number({ error: "Ugyldig deltaker." }).int("Ugyldig deltaker.").min(0, "Ugyldig deltaker.").max(99, "Ugyldig deltaker.").optional(),
  },
  { error: "Ugyldig avbestilling." },
);
export type EventCancel = z.infer<typeof EventCancelSchema>;

const MoneySchema = z.object({
  /** «Å betale»: what the order costs now. */
  charged: z.number().int(),
  /** «Betalt». */
  paid: z.number().int(),
  /** «Utestående». */
  outstanding: z.number().int(),
  /** «Tilbakebetalt». */
  refunded: z.number().int(),
  /** «Skal betales tilbake»: owed back by the club and not paid back yet. */
  refundOwed: z.number().int(),
  /** «Beholdt etter avbestillingsreglene» (0 for events: everything paid comes back). */
  kept: z.number().int(),
});

export const MyEventParticipantSchema = z.object({
  position: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  club: z.string().nullable(),
  grade: z.string().nullable(),
  /** The course's questions' answers by question label, as text. */
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
  /** What is charged for this participant now (0 once cancelled). */
  amount: z.number().int(),
  /** What cancelling this participant now would give back: what was paid for them (0029). */
  refundIfCancelled: z.number().int(),
  cancelled: z.boolean(),
});
export type MyEventParticipant = z.infer<typeof MyEventParticipantSchema>;

export const MyEventItemSchema = z.object({
  name: z.string(),
  variant: z.string(),
  quantity: z.number().int(),
  /** Price of one. */
  price: z.number().int(),
});

/** `GET /api/Arrangement/MinPamelding/{token}`. */
export const MyEventOrderSchema = z.object({
  orderId: z.string(),
  status: z.enum(["confirmed", "pending_payment", "waiting", "cancelled"]),
  method: z.enum(["vipps", "card_cash", "free"]),
  event: z.object({
    slug: z.string(),
    kind: z.enum(eventKinds),
    title: z.string(),
    firstDay: z.string(),
    lastDay: z.string(),
    venue: z.string(),
    /** A grading's start (HH:MM), else null. */
    startTime: z.string().nullable(),
    /** A sale's pick-up, else empty. */
    pickUp: z.string(),
    ended: z.boolean(),
  }),
  contact: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), telephone: z.string() }),
  participants: z.array(MyEventParticipantSchema),
  items: z.array(MyEventItemSchema),
  money: MoneySchema,
  /** What cancelling the whole order now would give back: what was paid for what is still booked. */
  refundIfCancelled: z.number().int(),
  /** Whether «Avbestill» is offered now: not cancelled, the event not over, no payment under way. */
  cancellable: z.boolean(),
});
export type MyEventOrder = z.infer<typeof MyEventOrderSchema>;

/** The cancel calls' answer: the order as it now stands, whether this call changed it, and what comes back. */
export const EventCancelAnswerSchema = MyEventOrderSchema.extend({ changed: z.boolean(), refund: z.number().int() });
export type EventCancelAnswer = z.infer<typeof EventCancelAnswerSchema>;

export const eventMyOrderMessages = {
  notFound: "Fant ikke påmeldingen. Sjekk at du har åpnet hele lenken fra e-posten.",
  ended: "Arrangementet er over, så det kan ikke avbestilles lenger.",
  paymentBusy: "Betalingen er ikke ferdig ennå. Prøv igjen om et par minutter.",
  participantNotFound: "Fant ikke deltakeren i påmeldingen.",
  saleWhole: "En bestilling avbestilles i sin helhet.",
  /** An order id that names no event order (the Vipps result page, the leader's cancel). */
  orderNotFound: "Fant ikke ordren.",
} as const;

/** What cancelling costs, said the same way on the page and in the mail (the rule: everything paid comes back). */
export function eventRefundText(paidFor: number): string {
  return paidFor > 0
    ? `Det som er betalt for dette, ${formatKroner(paidFor)}, betales tilbake.`
    : "Ingenting er betalt for dette, så det koster ingenting å avbestille.";
}
