import { and, eq, lte, or, sql } from "drizzle-orm";
import { club } from "../../shared/club/club-facts.ts";
import { eventKindLabels } from "../../shared/events/event-definition.ts";
import { eventWhenWhereText } from "../../shared/events/event-texts.ts";
import { eventOfferValidityHours } from "../../shared/events/event-waitlist.ts";
import { formatNameList } from "../../shared/format.ts";
import type { Db } from "../db/database.ts";
import { eventOrders } from "../db/schema/events.ts";
import { escapeHtml } from "../mail/escape-html.ts";
import { mailDocument, receiptTableHtml, receiptTextLines } from "../mail/mail-html.ts";
import type { RenderedMail } from "../mail/outbox.ts";
import { eventWaitingOrderData, type EventWaitingOrderData } from "./event-waitlist-view.ts";

/** The outbox kind of «you are on the waiting list»: queued by the order's own statement, rendered when sent. */
export const eventWaitlistJoinedMailKind = "event-waitlist-joined";
/** One such mail per order: the prefix of its dedupe key, followed by the order's row id. */
export const eventWaitlistJoinedKeyPrefix = "event-waitlist-joined:";

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

/** "You are on the waiting list, number n": nothing to pay now; an offer comes by mail if places free up. */
export function renderEventWaitlistJoined(data: EventWaitingOrderData, position: number): RenderedMail {
  const { order, event, contactEmail } = data;
  const definition = event.definition;
  const who = formatNameList(data.participants);
  const intro = `${definition.title} (${eventWhenWhereText(definition)}) er full, så ${who} står på ventelisten som nummer ${position}.`;
  const nothingNow = "Du betaler ingenting nå.";
  const how =
    `Blir det plass, får du en e-post med en personlig lenke. Da har du ${eventOfferValidityHours} timer på deg ` +
    "(men aldri lenger enn til påmeldingen stenger) til å takke ja; ellers går plassen videre til nestemann på listen.";
  const contact = `Spørsmål? Skriv til ${contactEmail} og oppgi ordrenummeret. Denne adressen tar ikke imot svar.`;
  const text = [
    `Hei ${order.firstName},`,
    "",
    intro,
    nothingNow,
    "",
    how,
    "",
    `Ordrenummer: ${order.orderId}`,
    "",
    "Prisen hvis dere får plass:",
    ...receiptTextLines(data.lines, data.total),
    "",
    contact,
    "",
    `Hilsen ${club.name}`,
    "",
  ].join("\n");
  const e = escapeHtml;
  const html = mailDocument(
    `${eventKindLabels[definition.kind]}: ${definition.title}`,
    `<h1 style="font-size:1.4rem">Du står på ventelisten</h1>
<p>Hei ${e(order.firstName)},</p>
<p>${e(intro)} ${e(nothingNow)}</p>
<p>${e(how)}</p>
<p>Ordrenummer: <strong>${e(order.orderId)}</strong></p>
<h2 style="font-size:1.1rem">Prisen hvis dere får plass</h2>
${receiptTableHtml(data.lines, data.total)}
<p>Spørsmål? Skriv til <a href="mailto:${e(contactEmail)}">${e(contactEmail)}</a> og oppgi ordrenummeret. Denne adressen tar ikke imot svar.</p>
<p>Hilsen ${e(club.name)}</p>
`,
  );
  return { subject: `Du står på venteliste til ${definition.title}`, text, html };
}

/** The outbox's renderer (mail/mail-kinds.ts): the order and its place in line as they are when it goes. */
export async function renderQueuedEventWaitlistJoined(db: Db, payload: Record<string, unknown>): Promise<RenderedMail> {
  const data = await eventWaitingOrderData(db, Number(payload.orderId));
  return renderEventWaitlistJoined(data, await placeInLine(db, data.order));
}
