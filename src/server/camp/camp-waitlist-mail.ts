import type { CampEdition } from "../../shared/camp/camp-edition.ts";
import { formatCalendarDate } from "../../shared/camp/camp-edition-data.ts";
import { campEventKind } from "../../shared/events/event-kinds.ts";
import { formatDateRange } from "../../shared/format.ts";
import type { OutgoingMail } from "../mail/outbox.ts";
import type { OfferMailData } from "../events/event-waitlist-mail.ts";
import { renderMailContent } from "../mail/mail-content.ts";

/** What the waiting-list mails say about the registration: as stored (its charges in the ledger, as priced). */
export interface WaitlistMailData {
  editionYear: number;
  orderId: string;
  firstName: string;
  lastName: string;
  /** Whom the mail greets (shared/camp/contact-greeting.ts): never the child; none: «Hei!». */
  greetingName: string | undefined;
  lines: { label: string; amount: number }[];
  total: number;
  vipps: boolean;
  /** The club's general address as kept in «Nettsted» (loadClubContact). */
  contactEmail: string;
}

export const waitlistJoinedKey = (registrationId: number) => `camp-waitlist:${registrationId}`;
/** The leader took the registration off the waiting list. */
export const waitlistRemovedKey = (registrationId: number) => `camp-waitlist-removed:${registrationId}`;

type MailContent = Pick<OutgoingMail, "subject" | "text" | "html">;

/** The camp's words for the one offer mail and the one «on the waiting list» mail: the edition's title, days and place. */
export function campOfferMailData(data: WaitlistMailData, edition: CampEdition): OfferMailData {
  return {
    kind: campEventKind,
    title: `Vinterleir ${data.editionYear}`,
    firstDay: formatCalendarDate(edition.start),
    lastDay: formatCalendarDate(edition.end),
    venue: edition.settings.venue,
    orderId: data.orderId,
    greetingName: data.greetingName,
    participants: [`${data.firstName} ${data.lastName}`.trim()],
    lines: data.lines,
    total: data.total,
    vipps: data.vipps && data.total > 0,
    contactEmail: data.contactEmail,
  };
}

/** The leader took the registration off the waiting list: it is cancelled, and nothing was or will be paid. */
export function renderWaitlistRemoved(data: WaitlistMailData, edition: CampEdition): MailContent {
  const { contactEmail } = data;
  const campName = `Vinterleir ${data.editionYear}`;
  const dates = formatDateRange(edition.start, edition.end);
  const what = `Leirledelsen har tatt ${data.firstName} ${data.lastName} av ventelisten til ${campName} (${dates}), så påmeldingen (ordrenummer ${data.orderId}) er avsluttet.`;
  const money = "Du har ikke betalt noe og skal ikke betale noe.";
  const { text, html } = renderMailContent({
    title: campName,
    heading: "Du står ikke lenger på ventelisten",
    greet: data.greetingName,
    blocks: [{ paragraph: `${what} ${money}` }],
    contact: { email: contactEmail },
  });
  return { subject: `Du står ikke lenger på ventelisten til ${campName}`, text, html };
}
