import { moneyFigureWords } from "../../shared/payments/money-words.ts";
import { sql } from "drizzle-orm";
import { eventKindLabels, type EventDefinition } from "../../shared/events/event-definition.ts";
import { eventOrderLinkPath, eventRefundText } from "../../shared/events/event-my-order.ts";
import { eventRefundRule } from "../../shared/events/event-terms.ts";
import { eventWhenWhereText } from "../../shared/events/event-texts.ts";
import { termsPath } from "../../shared/site/site-pages.ts";
import { refundRuleSentence } from "../../shared/terms/refund-rule.ts";
import { formatKroner } from "../../shared/format.ts";
import { familyLinkValues, newPersonalToken, personalTokenHash } from "./family-links.ts";
import type { Db } from "../db/database.ts";
import { namedStatement } from "../db/prepared-statement.ts";
import { eventOrders, familyLinks } from "../db/schema/events-orders.ts";
import { rowOfBatch, type MailRenderContext } from "../mail/mail-kinds.ts";
import { renderMailContent } from "../mail/mail-content.ts";
import { queueDeferredMail, queueMail, type RenderedMail } from "../mail/outbox.ts";
import { eventById, type EventRow } from "./event-store.ts";

function baseUrl(publicBaseUrl: string): string {
  return publicBaseUrl.replace(/\/+$/, "");
}

/** The outbox kind of an event order's confirmation: rendered when it is sent (events/event-mail-kinds.ts). */
export const eventConfirmationMailKind = "event-confirmation";
export const eventConfirmationKeyPrefix = "event-confirmation:";
export const eventConfirmationKey = (orderRowId: number) => `${eventConfirmationKeyPrefix}${orderRowId}`;
/** An order's cancellation mails: `event-cancel:{orderRowId}:{cancellation}`. */
export const eventCancelKeyPrefix = "event-cancel:";

/** What the outbox keeps until the confirmation is sent; the token's hash is the order's link (family_links). */
export interface QueuedEventConfirmation {
  orderId: number;
  personalToken: string;
}

/**
 * The confirmation of an event order, queued in the transaction that confirms it (Vipps when the payment is
 * reserved, a waiting order that accepts its offer; a new order's statement queues its own, event-order-statement.ts).
 * It carries the order's personal link («Min påmelding»): a new 256-bit secret whose hash is stored as a link of
 * the order only when the mail is queued (a confirmation queued twice is sent once, with the link whose hash is
 * stored). The text and HTML are made when it is sent, not in the request.
 */
export async function queueEventConfirmationMail(tx: Pick<Db, "insert">, order: { id: number; email: string }, now: Date): Promise<void> {
  const token = newPersonalToken();
  const payload: QueuedEventConfirmation = { orderId: order.id, personalToken: token };
  const queued = await queueDeferredMail(
    tx,
    { dedupeKey: eventConfirmationKey(order.id), to: order.email, kind: eventConfirmationMailKind, payload: { ...payload } },
    now,
  );
  if (queued !== undefined) await tx.insert(familyLinks).values(familyLinkValues({ orderId: order.id }, personalTokenHash(token), now));
}

/**
 * Orders with their charges, in one call for a whole batch of mails (on PGlite each statement's round of calls
 * into the engine costs more than the reading); ids in and rows out as JSON text, alike from both drivers.
 */
const confirmationRead = namedStatement(
  "event_confirmation_mail_read",
  () => sql`
    select json_build_object(
      'orderId', o.order_id, 'firstName', o.first_name, 'method', o.method, 'eventId', o.event_id,
      'lines', (select coalesce(json_agg(json_build_object('label', coalesce(l.label, ''), 'amount', l.amount) order by l.id), '[]'::json)
                  from event_ledger_entries l where l.order_id = o.id and l.owner_kind = 'order' and l.kind = 'charge')
    )::text as row, o.id
      from event_orders o
     where o.id in (select value::int from json_array_elements_text(${sql.placeholder("ids")}::json))`,
);

type ReadOrder = ConfirmedOrder["order"] & Pick<ConfirmedOrder, "lines"> & { eventId: number };

async function readConfirmedOrders(db: Db, ids: readonly number[]): Promise<Map<number, ReadOrder>> {
  const rows = await confirmationRead.execute(db, { ids: JSON.stringify(ids) });
  return new Map(rows.map((found) => [Number(found.id), JSON.parse(String(found.row)) as ReadOrder]));
}

/** The outbox's renderer for a queued confirmation (events/event-mail-kinds.ts): the order as it stands, its charges as the receipt. */
export async function renderQueuedEventConfirmation(db: Db, payload: Record<string, unknown>, context: MailRenderContext): Promise<RenderedMail> {
  const { publicBaseUrl, once } = context;
  const { orderId, personalToken } = payload as unknown as QueuedEventConfirmation;
  const orderIdsOf = (queued: Record<string, unknown>) => [(queued as unknown as QueuedEventConfirmation).orderId];
  const found = await rowOfBatch(context, eventConfirmationMailKind, orderIdsOf, (ids) => readConfirmedOrders(db, ids), orderId);
  if (!found) throw new Error(`No event order ${orderId}`);
  const { eventId, lines, ...order } = found;
  // An event of the leader's kinds only (eventById): a camp order is not confirmed by this mail.
  const event = await once(`event:${eventId}`, () => eventById(db, eventId));
  if (!event) throw new Error(`No event ${eventId}`);
  return eventConfirmation({ order, event, lines }, personalToken, publicBaseUrl);
}

/** What a confirmation says: the order, its event and the charges its receipt lists. */
interface ConfirmedOrder {
  order: Pick<typeof eventOrders.$inferSelect, "orderId" | "firstName" | "method">;
  event: Pick<EventRow, "slug" | "definition">;
  lines: readonly { label: string; amount: number }[];
}

function eventConfirmation({ order, event, lines }: ConfirmedOrder, token: string, publicBaseUrl: string): RenderedMail {
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const definition = event.definition;
  const what = definition.kind === "salg" ? "bestillingen" : "påmeldingen";
  const subject = `${eventKindLabels[definition.kind]}: ${definition.title} – ordre ${order.orderId}`;
  const sale = definition.kind === "salg";
  const payment =
    total === 0
      ? "Det er ingenting å betale."
      : order.method === "vipps"
        ? `Betalt med Vipps: ${formatKroner(total)}.`
        : `Å betale ved ${sale ? "henting" : "oppmøte"} (kort eller kontant): ${formatKroner(total)}.`;
  const pickUp =
    sale && (definition.pickUpPlace || definition.pickUpTime)
      ? `Henting: ${[definition.pickUpPlace, definition.pickUpTime].filter(Boolean).join(", ")}.`
      : "";
  // When and where the family is to come (a sale has its pick-up instead); a grading also has its start time.
  const start = definition.kind === "gradering" ? `, start kl. ${definition.startTime.replace(":", ".")}` : "";
  const whenWhere = sale ? "" : `Når og hvor: ${eventWhenWhereText(definition)}${start}.`;
  const more = sale ? "Mer om salget" : "Mer om arrangementet";
  const link = `${baseUrl(publicBaseUrl)}/arrangementer/${event.slug}`;
  const personal = `${baseUrl(publicBaseUrl)}${eventOrderLinkPath(token)}`;
  // The rule as the event's page and checkout said it, with the terms it belongs to.
  const refund = refundRuleSentence(eventRefundRule({ lastDay: definition.lastDay, free: total === 0 }));
  const terms = `${baseUrl(publicBaseUrl)}${termsPath}`;
  // The order's link has no expiry of its own: it opens the order until its personal data is anonymised.
  const lifetime = `Lenken er personlig: ikke del den med andre. Den virker til ${sale ? "salget" : "arrangementet"} er over.`;
  const { text, html } = renderMailContent({
    title: subject,
    heading: `Takk for ${what}!`,
    greet: order.firstName.trim() || undefined,
    blocks: [
      { paragraph: [`Takk for ${what} til ${definition.title}. Ordrenummer: `, { bold: order.orderId }, "."] },
      ...(whenWhere ? [{ paragraph: whenWhere }] : []),
      { receipt: { lines, total } },
      { paragraph: payment },
      ...(pickUp ? [{ paragraph: pickUp }] : []),
      { paragraph: [{ href: personal, text: `Se eller avbestill ${what}` }, `\n${lifetime}`] },
      { paragraph: [`${refund} `, { href: terms, text: "Salgsbetingelser" }] },
      { paragraph: [{ href: link, text: more }] },
    ],
  });
  return { subject, text, html };
}

export interface EventCancellation {
  order: typeof eventOrders.$inferSelect;
  event: EventDefinition;
  /** The whole order, or the participants named. */
  whole: boolean;
  names: string[];
  /** What was paid for what was cancelled, and what of it is owed back. */
  paidFor: number;
  refund: number;
  /** What goes back, person by person (the people cancelled, in order). */
  refunds: { label: string; amount: number }[];
  /** Still to pay for what is left (a participant cancelled alone). */
  outstanding: number;
  /** Names the cancellation in the dedupe key: `all` or the participant's position. */
  key: string;
  /** Cancelled by the organiser, not through the family's own link. */
  byOrganiser?: boolean;
}

/** The short confirmation of a cancellation, queued in the cancel's own transaction. */
export async function queueEventCancellationMail(tx: Pick<Db, "insert">, cancellation: EventCancellation, now: Date): Promise<void> {
  const { order, event, whole, names } = cancellation;
  const what = event.kind === "salg" ? "Bestillingen" : "Påmeldingen";
  const subject = `Avbestilt: ${event.title} – ordre ${order.orderId}`;
  const done = cancellation.byOrganiser
    ? whole
      ? `Arrangøren har avbestilt ${what.toLowerCase()} til ${event.title}.`
      : `Arrangøren har avbestilt ${names.join(" og ")} fra ${event.title}.`
    : whole
      ? `${what} til ${event.title} er avbestilt.`
      : `${names.join(" og ")} er avbestilt fra ${event.title}.`;
  // «Det koster ingenting å avbestille» is said to whoever cancelled; the organiser's cancellation only says what comes back.
  const paid =
    cancellation.byOrganiser && cancellation.paidFor === 0
      ? "Ingenting var betalt for dette, så ingenting skal betales tilbake."
      : eventRefundText(cancellation.paidFor);
  const money = [
    paid,
    ...(cancellation.refund > 0 ? ["Klubben betaler det tilbake til deg så snart som mulig."] : []),
    ...(!whole && cancellation.outstanding > 0
      ? [`${moneyFigureWords.outstanding} for resten av påmeldingen: ${formatKroner(cancellation.outstanding)}.`]
      : []),
  ];
  // Several people cancelled with money coming back: what comes back for each, as the camp's mail lists it.
  // The one who ordered is greeted (an event order's contact: the parent who registered a child).
  const receipt = event.kind !== "salg" && cancellation.refund > 0 && cancellation.refunds.length > 1 ? cancellation.refunds : [];
  const { text, html } = renderMailContent({
    title: subject,
    heading: `${what} er avbestilt`,
    greet: order.firstName.trim() || undefined,
    blocks: [
      { paragraph: [`${done} Ordrenummer: `, { bold: order.orderId }, "."] },
      ...money.map((line) => ({ paragraph: line })),
      ...(receipt.length > 0
        ? [{ lead: "Tilbake per person:", receipt: { lines: receipt, total: cancellation.refund, totalLabel: "Totalt tilbake" } }]
        : []),
    ],
  });
  await queueMail(tx, { dedupeKey: `${eventCancelKeyPrefix}${order.id}:${cancellation.key}`, to: order.email, subject, text, html }, now);
}
