import type { CampEdition } from "../../shared/camp/camp-edition.ts";
import { formatDateRange, formatKroner } from "../../shared/format.ts";
import type { PaymentMethod } from "../db/schema/camp.ts";
import { participantPaymentMethodLabels } from "../../shared/camp/camp-state-labels.ts";
import { renderMailContent, type MailBlock } from "../mail/mail-content.ts";
import type { OutgoingMail } from "../mail/outbox.ts";
import { checkInMailHtml, checkInMailText } from "./checkin/checkin-mail.ts";
import { campCalendar, campCalendarFileName } from "./camp-calendar.ts";
import { mailMoneyLines } from "../../shared/camp/camp-ledger-labels.ts";
import type { LedgerFigures } from "../../shared/camp/camp-ledger.ts";
import { nothingPaidSentence, refundSentenceAt } from "../../shared/camp/cancellation-terms.ts";
import { linkLifetimeSentence } from "../../shared/camp/camp-my-registration.ts";

export interface CampConfirmationData {
  editionYear: number;
  orderId: string;
  firstName: string;
  lastName: string;
  /** Whom the mail greets (shared/camp/contact-greeting.ts): never the child; none: «Hei!». */
  greetingName: string | undefined;
  clubName: string;
  sleepover: boolean;
  /** The receipt as charged: the registration's charges in the ledger. */
  lines: { label: string; amount: number }[];
  total: number;
  /** From the order's ledger (for a group, the group's ledgers added up): what is paid and what is left. */
  money: Pick<LedgerFigures, "paid" | "outstanding">;
  paymentMethod: PaymentMethod;
  /** The code to show at the door (QR and text); without it the mail has no check-in part. */
  checkInCode?: string;
}

export interface ConfirmationContext {
  /** The day the mail is written: the refund rule is stated as it stands then. */
  sentAt: Date;
  /** The full address of the registration's "Min påmelding" page. */
  personalLink: string;
  /** Registered together with others sharing the contact details: the others, and the total for everyone. */
  group?: GroupConfirmation;
  /** Money Vipps has reserved for the order and is taking now: counted as paid in the mail. */
  reserved?: number;
  /** The club's general address as kept in «Nettsted» (loadClubContact). */
  contactEmail: string;
}

/** The further athletes of a group in the first athlete's confirmation: one mail, one receipt, one total. */
export interface GroupConfirmation {
  others: {
    firstName: string;
    lastName: string;
    orderId: string;
    lines: { label: string; amount: number }[];
    total: number;
    sleepover: boolean;
    checkInCode?: string;
  }[];
  total: number;
}

/**
 * What the refund rule says on the day of `sentAt` (the rule's own sentences, shared/camp/cancellation-terms.ts),
 * for a registration paid with `method`: nothing paid yet, nothing to get back.
 */
function refundRuleSentence(edition: CampEdition, method: PaymentMethod, sentAt: Date): string {
  if (method === "free") return "Du kan avbestille på «Min påmelding» til leiren starter. Det koster ingenting.";
  // Card/cash: the rule stated first, so «Reglene» in the next sentence has something to point to.
  if (method === "card_cash")
    return `Du kan avbestille på «Min påmelding» til leiren starter. ${refundSentenceAt(edition, sentAt)} ${nothingPaidSentence}`;
  return `${refundSentenceAt(edition, sentAt)} Du avbestiller selv på «Min påmelding».`;
}

/**
 * The confirmation e-mail (D5): Norwegian, text and simple HTML, every piece of user text escaped.
 * `edition`: the registration's own edition (its stored row), for the dates, venue and refund rule.
 */
export function renderCampConfirmation(
  data: CampConfirmationData,
  edition: CampEdition,
  context: ConfirmationContext,
): Pick<OutgoingMail, "subject" | "text" | "html" | "attachments"> {
  const { settings } = edition;
  const { group } = context;
  const campName = `Vinterleir ${data.editionYear}`;
  const dates = formatDateRange(edition.start, edition.end);
  const bring = [
    "dobok (treningsdrakt) og beskyttelsesutstyr",
    "drikkeflaske og innesko",
    // A family's list is for all of them: the sleeping things when any of them sleeps over.
    ...(data.sleepover || group?.others.some((other) => other.sleepover)
      ? [`liggeunderlag, sovepose og toalettsaker ${group ? "for den som overnatter i hallen" : "(du overnatter i hallen)"}`]
      : []),
  ];
  const payment =
    data.paymentMethod === "card_cash"
      ? `${participantPaymentMethodLabels.card_cash}.`
      : data.paymentMethod === "free"
        ? `${participantPaymentMethodLabels.free} – du har ingenting å betale.`
        : `${participantPaymentMethodLabels.vipps}, ordrenummer ${data.orderId}.`;
  const money = mailMoneyLines(data.money, data.paymentMethod, context.reserved);
  const refund = refundRuleSentence(edition, data.paymentMethod, context.sentAt);
  // A group shares one address, so one family link opens every athlete: it is given once, not per athlete.
  const self = group
    ? `På «Min påmelding» ser dere ${everyAthlete(group.others.length + 1)}, kan rette opplysningene og avbestille for hver av dem:`
    : "På «Min påmelding» ser du påmeldingen, kan rette opplysningene og avbestille:";
  // The link works until the camp is over, however far ahead it is (camp-personal-link.ts); a lost mail is found again.
  const linkLifetime = `${linkLifetimeSentence()} Finner du ikke e-posten igjen, får du lenken på nytt på «Finn påmeldingen min».`;

  const { text, html } = renderMailContent({
    title: campName,
    heading: "Takk for påmeldingen!",
    greet: data.greetingName,
    blocks: [
      {
        paragraph: [
          `${data.firstName} ${data.lastName} (${data.clubName}) er registrert til `,
          { bold: campName },
          `, ${dates}, i ${settings.venue}.`,
        ],
      },
      { paragraph: ["Ordrenummer: ", { bold: data.orderId }] },
      ...(data.checkInCode ? [checkInBlock(data.checkInCode)] : []),
      { heading: "Kvittering" },
      { receipt: { lines: data.lines, total: data.total } },
      ...(group ? groupBlocks(group) : []),
      { paragraph: [`Betaling: ${payment}`, ...money].join("\n") },
      { heading: "Ta med" },
      { list: bring },
      { paragraph: [`${self}\n`, { href: context.personalLink, text: "Min påmelding" }, `\n${linkLifetime}`] },
      { paragraph: refund },
      { paragraph: `Leiren ligger ved som kalenderfil (${campCalendarFileName(edition.year)}).` },
    ],
    contact: { email: context.contactEmail, orderNumber: true },
    closing: "Vel møtt!",
  });
  const calendar = campCalendar(edition, settings.venue, data.orderId, context.sentAt);
  return { subject: `Du er registrert til ${campName}`, text, html, attachments: [calendar] };
}

/** The check-in part: the QR code (an inline image, so the HTML's own) and the same code as text. */
function checkInBlock(code: string): MailBlock {
  return { both: { text: checkInMailText(code), html: checkInMailHtml(code) } };
}

/** "alle tre": the number of athletes in words up to twelve, as Norwegian text writes small numbers. */
/** "begge" for two ("alle to" is not how it is said), "alle tre", "alle fire", … */
function everyAthlete(count: number): string {
  if (count === 2) return "begge";
  const words = ["null", "én", "to", "tre", "fire", "fem", "seks", "sju", "åtte", "ni", "ti", "elleve", "tolv"];
  return `alle ${words[count] ?? String(count)}`;
}

/** The group's other athletes, each with its order number, check-in code and receipt, then one total for all. */
function groupBlocks(group: GroupConfirmation): MailBlock[] {
  return [
    { heading: "Påmeldt i samme påmelding" },
    ...group.others.flatMap((other): MailBlock[] => [
      { paragraph: [{ bold: `${other.firstName} ${other.lastName}` }, `, ordrenummer ${other.orderId}`] },
      ...(other.checkInCode ? [checkInBlock(other.checkInCode)] : []),
      { receipt: { lines: other.lines, total: other.total } },
    ]),
    { paragraph: [{ bold: `Totalt for alle: ${formatKroner(group.total)}` }] },
  ];
}
