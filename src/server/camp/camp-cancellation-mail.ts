import { moneyFigureWords } from "../../shared/payments/money-words.ts";
/**
 * The mail after a camp cancellation (through «Min påmelding», or by the camp's leader): whom it greets,
 * who was cancelled (the athlete and the companions with them, or one companion), who stays — or that
 * nobody does — and what comes back, person by person as the ledger wrote it, with the total.
 */
import { athletePerson, companionPerson } from "../../shared/camp/camp-ledger.ts";
import { nothingPaidCancelledSentence } from "../../shared/camp/cancellation-terms.ts";
import { personLine, personName, refundLinesOf, type FamilyPerson } from "../../shared/camp/family-people.ts";
import { formatKroner } from "../../shared/format.ts";
import { renderMailContent, type MailBlock } from "../mail/mail-content.ts";
import type { OutgoingMail } from "../mail/outbox.ts";
import { namesList } from "../../shared/person-voice.ts";
import type { CancellationOutcome } from "./camp-ledger-cancel.ts";

type MailContent = Pick<OutgoingMail, "subject" | "text" | "html">;

export interface CancellationMailData {
  orderId: string;
  year: number;
  /** Whom the mail greets (shared/camp/contact-greeting.ts): the person who registered, never the child. */
  greetingName: string | undefined;
  /** Who was cancelled now, by their ledger key: the athlete and the companions with them, or one companion. */
  cancelled: { key: string; person: FamilyPerson }[];
  /** Who still comes: the rest of the registration and a group's other athletes; empty when nobody does. */
  staying: FamilyPerson[];
  method: "vipps" | "card_cash" | "free";
  /** The cancellation as written in the ledger (cancelInLedger): back in all and per person, of it outside Vipps, kept. */
  settled: Pick<CancellationOutcome, "refund" | "owed" | "kept" | "byPerson">;
  /** What is still to pay after the cancellation (for those who stay). */
  stillToPay: number;
  link: string;
  /** Cancelled by the camp's leader rather than through «Min påmelding». */
  byLeader?: boolean;
}

/**
 * Who a cancellation takes off and who stays: `cancelledKey` null cancels the whole registration (the athlete
 * and every companion still coming, while the group's other athletes `groupStaying` stay); a companion's key
 * cancels that companion (the athlete and the other companions stay). `companions` as read before the cancel.
 */
export function cancellationPeople(
  registration: { firstName: string; lastName: string },
  companions: readonly { id: number; firstName: string; lastName: string; cancelledAt: Date | null }[],
  cancelledKey: string | null,
  groupStaying: readonly string[] = [],
): Pick<CancellationMailData, "cancelled" | "staying"> {
  const athlete: FamilyPerson = { kind: "athlete", name: `${registration.firstName} ${registration.lastName}` };
  const coming = companions
    .filter((companion) => !companion.cancelledAt)
    .map((companion) => ({
      key: companionPerson(companion.id),
      person: { kind: "companion", name: `${companion.firstName} ${companion.lastName}` } satisfies FamilyPerson,
    }));
  if (cancelledKey === null)
    return {
      cancelled: [{ key: athletePerson, person: athlete }, ...coming],
      staying: groupStaying.map((name) => ({ kind: "athlete", name })),
    };
  return {
    cancelled: coming.filter((companion) => companion.key === cancelledKey),
    staying: [athlete, ...coming.filter((companion) => companion.key !== cancelledKey).map((companion) => companion.person)],
  };
}

/** How the money comes back, what is kept and what is left to pay, from the ledger's figures. */
export function cancellationMoneyLines(data: Pick<CancellationMailData, "settled" | "stillToPay" | "staying" | "cancelled">): string[] {
  const { refund, owed, kept } = data.settled;
  const viaVipps = refund - owed;
  const lines: string[] = [];
  if (viaVipps > 0) lines.push(`Du får ${formatKroner(viaVipps)} tilbake med Vipps. Det kan ta noen dager før pengene er på kontoen.`);
  if (owed > 0) lines.push(`Klubben betaler deg ${formatKroner(owed)} tilbake; kassereren tar kontakt om hvordan.`);
  if (kept > 0) lines.push(`${formatKroner(kept)} av det som var betalt, beholdes etter avbestillingsreglene.`);
  if (refund === 0 && kept === 0) lines.push(nothingPaidCancelledSentence);
  const stillToPay = data.staying.length > 0 ? data.stillToPay : 0;
  // The athlete gone, the others of the family are left; a companion gone, the rest of the registration is.
  const rest = data.cancelled.some(({ key }) => key === athletePerson) ? "de andre i påmeldingen" : "resten av påmeldingen";
  lines.push(stillToPay > 0 ? `${moneyFigureWords.outstanding} for ${rest}: ${formatKroner(stillToPay)}.` : "Du skal ikke betale noe mer.");
  return lines;
}

/** The mail's parts in order, after the greeting. */
function blocksOf(data: CancellationMailData): MailBlock[] {
  const who = data.byLeader
    ? `Leirledelsen har avbestilt fra påmeldingen med ordrenummer ${data.orderId}:`
    : `Avbestilt fra påmeldingen med ordrenummer ${data.orderId}:`;
  const refunds = refundLinesOf(data.cancelled, data.settled.byPerson);
  const refunded = refunds.reduce((sum, line) => sum + line.amount, 0);
  return [
    { lead: who, list: data.cancelled.map(({ person }) => personName(person)) },
    ...(data.staying.length > 0
      ? [{ lead: "Disse står som før:", list: data.staying.map(personLine) }]
      : [{ paragraph: `Ingen fra påmeldingen er nå meldt på vinterleir ${data.year}.` }]),
    ...(data.settled.refund > 0
      ? [{ lead: "Tilbake etter avbestillingsreglene:", receipt: { lines: refunds, total: refunded, totalLabel: "Totalt tilbake" } }]
      : []),
    ...cancellationMoneyLines(data).map((paragraph) => ({ paragraph })),
  ];
}

/**
 * The cancellation mail. `contactEmail`: the club's general address as kept in «Nettsted» (loadClubContact).
 * The link to «Min påmelding» only while someone of the registration still comes.
 */
export function renderCancellationMail(data: CancellationMailData, contactEmail: string): MailContent {
  const nobodyStays = data.staying.length === 0;
  const names = namesList(data.cancelled.map(({ person }) => personName(person)));
  const title = nobodyStays ? `Påmeldingen til vinterleir ${data.year} er avbestilt` : `${names} er avbestilt fra vinterleir ${data.year}`;
  const blocks = blocksOf(data);
  return {
    subject: title,
    ...renderMailContent({
      title,
      greet: data.greetingName,
      blocks: [...blocks, ...(nobodyStays ? [] : [{ paragraph: [{ href: data.link, text: "Min påmelding" }] }])],
      contact: { email: contactEmail },
    }),
  };
}
