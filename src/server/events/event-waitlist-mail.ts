/**
 * The waiting-list offer mail, one for every kind of event (the camp's and a grading's or a course's): the
 * text and the HTML say the same sentences, in the words of the event (its title: «Vinterleir 2027» or the
 * grading's own), with «Ja takk» and «Nei takk» leading to the offer page.
 */
import type { StoredEventKind } from "../../shared/events/event-kinds.ts";
import { eventWhenWhereText } from "../../shared/events/event-texts.ts";
import { formatKroner, formatNameList, formatOsloDateTime } from "../../shared/format.ts";
import { renderMailContent } from "../mail/mail-content.ts";
import type { OutgoingMail } from "../mail/outbox.ts";
import { offerLink } from "./offer-token.ts";

/** The outboxes' keys, one mail per offer: each side keeps the prefix its queued mails and retention know. */
export const campOfferMailKeyPrefix = "camp-waitlist-offer:";
export const eventOfferMailKeyPrefix = "event-waitlist-offer:";
export const offerMailKey = (kind: StoredEventKind, offerId: number) =>
  `${kind === "vinterleir" ? campOfferMailKeyPrefix : eventOfferMailKeyPrefix}${offerId}`;

/** What the offer mail says, whatever the kind. */
export interface OfferMailData {
  kind: StoredEventKind;
  /** «Vinterleir 2027», or the event's own title. */
  title: string;
  firstDay: string;
  lastDay: string;
  venue: string;
  orderId: string;
  /** Whom the mail greets (shared/camp/contact-greeting.ts): never a child; none: «Hei!». */
  greetingName: string | undefined;
  /** Who the places are for, «Fornavn Etternavn». */
  participants: string[];
  lines: { label: string; amount: number }[];
  total: number;
  vipps: boolean;
  /** The club's general address as kept in «Nettsted». */
  contactEmail: string;
}

/** "Places are free for you if you answer by …": the personal links and the deadline in Oslo time. */
export function renderOfferMail(
  data: OfferMailData,
  token: string,
  expiresAt: Date,
  publicBaseUrl: string,
  now: Date,
): Pick<OutgoingMail, "subject" | "text" | "html"> {
  const { contactEmail, title } = data;
  const deadline = formatOsloDateTime(expiresAt, { now });
  const count = data.participants.length;
  // One place or several: the nouns and adjectives follow the number ("plassen er ledig", "plassene er ledige").
  const places = count === 1 ? "En plass" : `${count} plasser`;
  const free = count === 1 ? "ledig" : "ledige";
  const them = count === 1 ? "plassen" : "plassene";
  const who = formatNameList(data.participants);
  const intro = `${places} på ${title} (${eventWhenWhereText(data)}) er ${free} for ${who}, og ${count === 1 ? "den" : "de"} er deres hvis du svarer innen ${deadline}.`;
  const payment =
    data.total === 0
      ? "Det er ingenting å betale."
      : data.vipps
        ? `Du betaler ${formatKroner(data.total)} med Vipps når du takker ja.`
        : `Du betaler ${formatKroner(data.total)} med kort eller kontant ved oppmøte.`;
  const later =
    `Kan dere ikke komme likevel, trykk «Nei takk», så går ${them} med en gang til nestemann på ventelisten. ` +
    `Svarer dere ikke innen fristen, går ${them} videre av seg selv, og dere får ikke flere tilbud fra ventelisten.`;
  const yes = offerLink(publicBaseUrl, data.kind, token);
  const no = offerLink(publicBaseUrl, data.kind, token, "nei");
  const { text, html } = renderMailContent({
    title,
    heading: "Du har fått plass fra ventelisten",
    greet: data.greetingName,
    blocks: [
      { paragraph: intro },
      { list: [[{ href: yes, text: "Ja takk, vi kommer" }], [{ href: no, text: `Nei takk, gi ${them} videre` }]] },
      { paragraph: payment },
      { paragraph: ["Ordrenummer: ", { bold: data.orderId }] },
      { receipt: { lines: data.lines, total: data.total } },
      { paragraph: later },
    ],
    contact: { email: contactEmail },
  });
  return { subject: `${count === 1 ? "Ledig plass" : "Ledige plasser"} på ${title} – svar innen ${deadline}`, text, html };
}
