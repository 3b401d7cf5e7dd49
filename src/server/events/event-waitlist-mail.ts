import { club } from "../../shared/club/club-facts.ts";
import { eventKindLabels } from "../../shared/events/event-definition.ts";
import { eventWhenWhereText } from "../../shared/events/event-texts.ts";
import { eventOfferPagePath } from "../../shared/events/event-waitlist.ts";
import { formatKroner, formatNameList, formatOsloDateTime } from "../../shared/format.ts";
import { escapeHtml } from "../mail/escape-html.ts";
import { mailDocument, receiptTableHtml, receiptTextLines } from "../mail/mail-html.ts";
import type { OutgoingMail } from "../mail/outbox.ts";
import type { EventOfferMailData } from "./event-waitlist-view.ts";

export const eventOfferMailKeyPrefix = "event-waitlist-offer:";
/** One mail per offer. */
export const eventOfferMailKey = (offerId: number) => `${eventOfferMailKeyPrefix}${offerId}`;

/** The offer page's address; «Nei takk» opens it with the question to decline already asked. */
export function eventOfferLink(publicBaseUrl: string, token: string, answer?: "nei"): string {
  return `${publicBaseUrl.replace(/\/+$/, "")}${eventOfferPagePath(token)}${answer ? `?svar=${answer}` : ""}`;
}

/**
 * "Places are free for you if you answer by …": «Ja takk» and «Nei takk» lead to the offer page, where the
 * place is confirmed (and paid with Vipps if that was chosen) or passed on to the next in line.
 */
export function renderEventOfferMail(
  data: EventOfferMailData,
  token: string,
  expiresAt: Date,
  publicBaseUrl: string,
  now: Date,
): Pick<OutgoingMail, "subject" | "text" | "html"> {
  const { order, event, contactEmail } = data;
  const definition = event.definition;
  const name = `${eventKindLabels[definition.kind]}: ${definition.title}`;
  const deadline = formatOsloDateTime(expiresAt, { now });
  const count = data.participants.length;
  // One place or several: the nouns and adjectives follow the number ("plassen er ledig", "plassene er ledige").
  const places = count === 1 ? "En plass" : `${count} plasser`;
  const free = count === 1 ? "ledig" : "ledige";
  const them = count === 1 ? "plassen" : "plassene";
  const who = formatNameList(data.participants);
  const intro = `${places} på ${definition.title} (${eventWhenWhereText(definition)}) er ${free} for ${who}, og ${count === 1 ? "den" : "de"} er deres hvis du svarer innen ${deadline}.`;
  const payment =
    data.total === 0
      ? "Det er ingenting å betale."
      : order.method === "vipps"
        ? `Du betaler ${formatKroner(data.total)} med Vipps når du takker ja.`
        : `Du betaler ${formatKroner(data.total)} med kort eller kontant ved oppmøte.`;
  const later =
    `Kan dere ikke komme likevel, trykk «Nei takk», så går ${them} med en gang til nestemann på ventelisten. ` +
    `Svarer dere ikke innen fristen, går ${them} videre av seg selv, og dere får ikke flere tilbud fra ventelisten.`;
  const yes = eventOfferLink(publicBaseUrl, token);
  const no = eventOfferLink(publicBaseUrl, token, "nei");
  const contact = `Spørsmål? Skriv til ${contactEmail} og oppgi ordrenummeret. Denne adressen tar ikke imot svar.`;
  const text = [
    `Hei ${order.firstName},`,
    "",
    intro,
    "",
    `Ja takk, vi kommer: ${yes}`,
    `Nei takk, gi ${them} videre: ${no}`,
    "",
    payment,
    "",
    `Ordrenummer: ${order.orderId}`,
    "",
    ...receiptTextLines(data.lines, data.total),
    "",
    later,
    "",
    contact,
    "",
    `Hilsen ${club.name}`,
    "",
  ].join("\n");
  const e = escapeHtml;
  const html = mailDocument(
    name,
    `<h1 style="font-size:1.4rem">Du har fått plass fra ventelisten</h1>
<p>Hei ${e(order.firstName)},</p>
<p>${e(intro)}</p>
<p><a href="${e(yes)}" style="font-weight:bold">Ja takk</a> &nbsp;·&nbsp; <a href="${e(no)}">Nei takk</a></p>
<p>${e(payment)}</p>
<p>Ordrenummer: <strong>${e(order.orderId)}</strong></p>
${receiptTableHtml(data.lines, data.total)}
<p>${e(later)}</p>
<p>Spørsmål? Skriv til <a href="mailto:${e(contactEmail)}">${e(contactEmail)}</a> og oppgi ordrenummeret. Denne adressen tar ikke imot svar.</p>
<p>Hilsen ${e(club.name)}</p>
`,
  );
  return { subject: `${count === 1 ? "Ledig plass" : "Ledige plasser"} på ${definition.title} – svar innen ${deadline}`, text, html };
}
