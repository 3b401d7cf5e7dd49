import { asc, eq } from "drizzle-orm";
import { eventKindLabels } from "../../shared/events/event-definition.ts";
import { formatKroner } from "../../shared/format.ts";
import type { Db } from "../db/database.ts";
import { eventLedgerEntries, eventOrders, events } from "../db/schema/events.ts";
import { escapeHtml } from "../mail/escape-html.ts";
import { mailDocument, receiptTableHtml } from "../mail/mail-html.ts";
import { queueMail } from "../mail/outbox.ts";

/**
 * The confirmation of an event order, queued in the transaction that confirms it (card/cash and free at
 * once, Vipps when the payment is reserved). The receipt is the order's ledger charges.
 */
export async function queueEventConfirmationMail(
  tx: Pick<Db, "select" | "insert">,
  orderRowId: number,
  now: Date,
  publicBaseUrl: string,
): Promise<void> {
  const [order] = await tx.select().from(eventOrders).where(eq(eventOrders.id, orderRowId));
  if (!order) return;
  const [event] = await tx.select().from(events).where(eq(events.id, order.eventId));
  if (!event) return;
  const charges = (
    await tx.select().from(eventLedgerEntries).where(eq(eventLedgerEntries.orderId, order.id)).orderBy(asc(eventLedgerEntries.id))
  ).filter((entry) => entry.kind === "charge");
  const lines = charges.map((entry) => ({ label: entry.label ?? "", amount: entry.amount }));
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const definition = event.definition;
  const what = definition.kind === "salg" ? "bestillingen" : "påmeldingen";
  const subject = `${eventKindLabels[definition.kind]}: ${definition.title} – ordre ${order.orderId}`;
  const payment =
    total === 0
      ? "Det er ingenting å betale."
      : order.method === "vipps"
        ? `Betalt med Vipps: ${formatKroner(total)}.`
        : `Å betale ved oppmøte (kort eller kontant): ${formatKroner(total)}.`;
  const pickUp =
    definition.kind === "salg" && (definition.pickUpPlace || definition.pickUpTime)
      ? `Henting: ${[definition.pickUpPlace, definition.pickUpTime].filter(Boolean).join(", ")}.`
      : "";
  const link = `${publicBaseUrl.replace(/\/+$/, "")}/arrangementer/${event.slug}`;
  const text = [
    `Hei ${order.firstName},`,
    "",
    `Takk for ${what} til ${definition.title}. Ordrenummer: ${order.orderId}.`,
    "",
    ...lines.map((line) => `${line.label}: ${formatKroner(line.amount)}`),
    `Totalt: ${formatKroner(total)}`,
    "",
    payment,
    ...(pickUp ? [pickUp] : []),
    "",
    `Mer om arrangementet: ${link}`,
  ].join("\n");
  const e = escapeHtml;
  const html = mailDocument(
    subject,
    `<p>Hei ${e(order.firstName)},</p>
<p>Takk for ${what} til ${e(definition.title)}. Ordrenummer: <strong>${e(order.orderId)}</strong>.</p>
${receiptTableHtml(lines, total)}
<p>${e(payment)}</p>
${pickUp ? `<p>${e(pickUp)}</p>\n` : ""}<p><a href="${e(link)}">Mer om arrangementet</a></p>
`,
  );
  await queueMail(tx, { dedupeKey: `event-confirmation:${order.id}`, to: order.email, subject, text, html }, now);
}
