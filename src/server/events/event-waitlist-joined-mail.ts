/**
 * «Du står på venteliste», one mail for every kind of event (the camp's and a grading's or a course's): the
 * text and the HTML say the same sentences, in the words of the event (its title, days and place), greeting
 * the one who registered, with the place in line and the price if places come free. The camp queues it
 * rendered with the registration (camp-waitlist.ts); an event's order statement queues it by kind, rendered
 * when it goes (`renderQueuedEventWaitlistJoined`), so mails already queued either way still go.
 */
import { and, eq, lte, or, sql } from "drizzle-orm";
import { eventWhenWhereText } from "../../shared/events/event-texts.ts";
import { eventOfferValidityHours } from "../../shared/events/event-waitlist.ts";
import { formatNameList } from "../../shared/format.ts";
import type { Db } from "../db/database.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import type { RenderedMail } from "../mail/outbox.ts";
import type { OfferMailData } from "./event-waitlist-mail.ts";
import { renderMailContent } from "../mail/mail-content.ts";
import { eventMailWords, eventWaitingOrderData, type EventWaitingOrderData } from "./event-waitlist-view.ts";

/** The outbox kind of an event's «you are on the waiting list»: queued by the order's own statement, rendered when sent. */
export const eventWaitlistJoinedMailKind = "event-waitlist-joined";
/** One such mail per order: the prefix of its dedupe key, followed by the order's row id. */
export const eventWaitlistJoinedKeyPrefix = "event-waitlist-joined:";

/** What the mail says: the offer mail's words of the event and the order, and the place in line. */
export interface WaitlistJoinedMailData extends Omit<OfferMailData, "vipps"> {
  /** 1-based place in the event's line. */
  position: number;
  /** How long an offer will stand, the kind's hours. */
  validityHours: number;
}

/** "You are on the waiting list, number n": nothing to pay now; an offer comes by mail if places free up. */
export function renderWaitlistJoined(data: WaitlistJoinedMailData): RenderedMail {
  const { title } = data;
  const them = data.participants.length === 1 ? "plassen" : "plassene";
  const intro = `${title} (${eventWhenWhereText(data)}) er full, så ${formatNameList(data.participants)} står på ventelisten som nummer ${data.position}.`;
  const nothingNow = "Du betaler ingenting nå.";
  const how =
    `Blir det plass, får du en e-post med en personlig lenke. Da har du ${data.validityHours} timer på deg ` +
    `(men aldri lenger enn til påmeldingen stenger) til å takke ja; ellers går ${them} videre til nestemann på listen.`;
  const { text, html } = renderMailContent({
    title,
    heading: "Du står på ventelisten",
    greet: data.greetingName,
    blocks: [
      { paragraph: `${intro} ${nothingNow}` },
      { paragraph: how },
      { paragraph: ["Ordrenummer: ", { bold: data.orderId }] },
      { heading: "Prisen hvis dere får plass" },
      { receipt: { lines: data.lines, total: data.total } },
    ],
    contact: { email: data.contactEmail },
  });
  return { subject: `Du står på venteliste til ${title}`, text, html };
}

/** The order's place in its event's line as it stands when the mail goes: waiting orders before it, and itself. */
async function placeInLine(db: Db, order: EventWaitingOrderData["order"]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(eventOrders)
    .where(
      and(
        eq(eventOrders.eventId, order.eventId),
        eq(eventOrders.status, "waiting"),
        or(
          sql`${eventOrders.createdAt} < ${order.createdAt.toISOString()}::timestamptz`,
          and(eq(eventOrders.createdAt, order.createdAt), lte(eventOrders.id, order.id)),
        ),
      ),
    );
  return Number(row?.n ?? 1);
}

/** The outbox's renderer (events/event-mail-kinds.ts): an event's order and its place in line as they are when it goes. */
export async function renderQueuedEventWaitlistJoined(db: Db, payload: Record<string, unknown>): Promise<RenderedMail> {
  const data = await eventWaitingOrderData(db, Number(payload.orderId));
  return renderWaitlistJoined({ ...eventMailWords(data), position: await placeInLine(db, data.order), validityHours: eventOfferValidityHours });
}
