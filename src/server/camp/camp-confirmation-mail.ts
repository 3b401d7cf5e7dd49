import { club } from "../../shared/club/club-facts.ts";
import type { CampEdition } from "../../shared/camp/camp-edition.ts";
import { formatDateRange, formatKroner } from "../../shared/format.ts";
import type { PaymentMethod } from "../db/schema/camp.ts";
import { participantPaymentMethodLabels } from "../../shared/camp/camp-state-labels.ts";
import { escapeHtml } from "../mail/escape-html.ts";
import { mailCellStyle, mailDocument, receiptTableHtml } from "../mail/mail-html.ts";
import type { OutgoingMail } from "../mail/outbox.ts";
import { checkInMailHtml, checkInMailText } from "./checkin/checkin-mail.ts";
import { campCalendar, campCalendarFileName } from "./camp-calendar.ts";
import { mailMoneyLines } from "../../shared/camp/camp-ledger-labels.ts";
import type { LedgerFigures } from "../../shared/camp/camp-ledger.ts";
import { nothingPaidSentence, refundSentenceAt } from "../../shared/camp/cancellation-terms.ts";
import { greeting } from "../../shared/camp/contact-greeting.ts";
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
  const contact = `Spørsmål? Skriv til ${context.contactEmail} og oppgi ordrenummeret. Denne adressen tar ikke imot svar.`;
  // The link works until the camp is over, however far ahead it is (camp-personal-link.ts); a lost mail is found again.
  const linkLifetime = `${linkLifetimeSentence()} Finner du ikke e-posten igjen, får du lenken på nytt på «Finn påmeldingen min».`;

  const text = [
    greeting(data.greetingName),
    "",
    `Takk for påmeldingen. ${data.firstName} ${data.lastName} (${data.clubName}) er registrert til ${campName}, ${dates}, i ${settings.venue}.`,
    "",
    `Ordrenummer: ${data.orderId}`,
    "",
    ...(data.checkInCode ? [...checkInMailText(data.checkInCode), ""] : []),
    "Kvittering:",
    ...data.lines.map((line) => `- ${line.label}: ${formatKroner(line.amount)}`),
    `Totalt: ${formatKroner(data.total)}`,
    "",
    ...(group ? groupText(group) : []),
    `Betaling: ${payment}`,
    ...money,
    "",
    "Ta med:",
    ...bring.map((item) => `- ${item}`),
    "",
    self,
    context.personalLink,
    linkLifetime,
    "",
    refund,
    "",
    `Leiren ligger ved som kalenderfil (${campCalendarFileName(edition.year)}).`,
    "",
    contact,
    "",
    "Vel møtt!",
    `Hilsen ${club.name}`,
    "",
  ].join("\n");

  const e = escapeHtml;
  const cell = mailCellStyle;
  const html = mailDocument(
    campName,
    `<h1 style="font-size:1.4rem">Takk for påmeldingen!</h1>
<p>${e(greeting(data.greetingName))}</p>
<p>${e(data.firstName)} ${e(data.lastName)} (${e(data.clubName)}) er registrert til <strong>${e(campName)}</strong>, ${e(dates)}, i ${e(settings.venue)}.</p>
<p>Ordrenummer: <strong>${e(data.orderId)}</strong></p>
${data.checkInCode ? `${checkInMailHtml(data.checkInCode)}\n` : ""}<h2 style="font-size:1.1rem">Kvittering</h2>
${receiptTableHtml(data.lines, data.total)}
${group ? groupHtml(group, cell) : ""}<p>Betaling: ${e(payment)}<br>${money.map(e).join("<br>")}</p>
<h2 style="font-size:1.1rem">Ta med</h2>
<ul>${bring.map((item) => `<li>${e(item)}</li>`).join("")}</ul>
<p>${e(self)}<br><a href="${e(context.personalLink)}">Min påmelding</a><br>${e(linkLifetime)}</p>
<p>${e(refund)}</p>
<p>Leiren ligger ved som kalenderfil (${e(campCalendarFileName(edition.year))}).</p>
<p>Spørsmål? Skriv til <a href="mailto:${e(context.contactEmail)}">${e(context.contactEmail)}</a> og oppgi ordrenummeret. Denne adressen tar ikke imot svar.</p>
<p>Vel møtt!<br>Hilsen ${e(club.name)}</p>
`,
  );
  const calendar = campCalendar(edition, settings.venue, data.orderId, context.sentAt);
  return { subject: `Du er registrert til ${campName}`, text, html, attachments: [calendar] };
}

/** "alle tre": the number of athletes in words up to twelve, as Norwegian text writes small numbers. */
/** "begge" for two ("alle to" is not how it is said), "alle tre", "alle fire", … */
function everyAthlete(count: number): string {
  if (count === 2) return "begge";
  const words = ["null", "én", "to", "tre", "fire", "fem", "seks", "sju", "åtte", "ni", "ti", "elleve", "tolv"];
  return `alle ${words[count] ?? String(count)}`;
}

function groupText(group: GroupConfirmation): string[] {
  return [
    "Påmeldt i samme påmelding:",
    "",
    ...group.others.flatMap((other) => [
      `${other.firstName} ${other.lastName}, ordrenummer ${other.orderId}`,
      ...other.lines.map((line) => `- ${line.label}: ${formatKroner(line.amount)}`),
      `Totalt: ${formatKroner(other.total)}`,
      ...(other.checkInCode ? checkInMailText(other.checkInCode) : []),
      "",
    ]),
    `Totalt for alle: ${formatKroner(group.total)}`,
    "",
  ];
}

function groupHtml(group: GroupConfirmation, cell: string): string {
  const e = escapeHtml;
  return `<h2 style="font-size:1.1rem">Påmeldt i samme påmelding</h2>
${group.others
  .map(
    (other) => `<h3 style="font-size:1rem">${e(other.firstName)} ${e(other.lastName)} (ordrenummer ${e(other.orderId)})</h3>
${
  other.checkInCode
    ? `${checkInMailHtml(other.checkInCode)}
`
    : ""
}<table style="border-collapse:collapse">
${other.lines.map((line) => `<tr><td style="${cell}">${e(line.label)}</td><td style="${cell};text-align:right">${e(formatKroner(line.amount))}</td></tr>`).join("\n")}
<tr><th style="${cell};text-align:left">Totalt</th><th style="${cell};text-align:right">${e(formatKroner(other.total))}</th></tr>
</table>`,
  )
  .join("\n")}
<p><strong>Totalt for alle: ${e(formatKroner(group.total))}</strong></p>
`;
}
