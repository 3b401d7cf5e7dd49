import { formatKroner, formatLongDate } from "../format.ts";
import { osloCalendarDate, startOfOsloDay, type CalendarDate } from "../time.ts";
import type { CampEdition } from "./camp-edition.ts";
import { campRefund } from "./camp-pricing.ts";
import { refundRuleSentence, type RefundRule } from "../terms/refund-rule.ts";

/**
 * The cancellation and refund terms in words, read off the rule the server applies (campRefund and the
 * end of self-service), never restated: the camp pages, the wizard's Welcome step, the terms PDF and the
 * mails all say them with these sentences, so a changed rule changes every text.
 */

/** Cancelling (and changing) online ends when the camp's first day begins (Oslo). */
export function selfServiceClosesAt(edition: CampEdition): Date {
  return startOfOsloDay(edition.start);
}

export interface CancellationRule {
  /** The last day (Oslo) on which everything paid comes back. */
  lastFullRefundDay: CalendarDate;
  /** What comes back after that, in percent of what was paid, as the rule computes it. */
  laterPercent: number;
  /** The first day of the camp: cancelling online is possible until it begins. */
  closesOn: CalendarDate;
}

/** The rule's figures, found by asking the rule itself just before and at its deadline. */
export function cancellationRule(edition: CampEdition): CancellationRule {
  const deadline = edition.fullRefundEndsAt;
  const probe = 100_000;
  return {
    lastFullRefundDay: osloCalendarDate(new Date(deadline.getTime() - 1)),
    laterPercent: Math.round((campRefund(probe, edition, deadline) / probe) * 100),
    closesOn: osloCalendarDate(selfServiceClosesAt(edition)),
  };
}

/** The camp's rule in the shape every kind's refund sentence reads (terms/refund-rule.ts). */
export function campRefundRule(edition: CampEdition): RefundRule {
  return {
    fullRefundEndsAt: edition.fullRefundEndsAt,
    laterPercent: cancellationRule(edition).laterPercent,
    closesAt: selfServiceClosesAt(edition),
    free: false,
  };
}

/** One sentence: what comes back when. */
export function refundSentence(edition: CampEdition): string {
  return refundRuleSentence(campRefundRule(edition));
}

/** The same as of a moment (a mail written now): after the deadline, what cancelling now gives back. */
export function refundSentenceAt(edition: CampEdition, at: Date): string {
  return refundRuleSentence(campRefundRule(edition), at);
}

/** One sentence: where and until when one cancels. */
export function whereToCancelSentence(edition: CampEdition): string {
  const { closesOn } = cancellationRule(edition);
  return `Du avbestiller selv på «Min påmelding» (lenken står i bekreftelsen du fikk) fram til leiren starter ${formatLongDate(closesOn)}; hver utøver og ledsager kan avbestilles for seg.`;
}

/** The same as of a moment: once the camp has started, cancelling on «Min påmelding» is over. */
export function whereToCancelSentenceAt(edition: CampEdition, at: Date): string {
  if (at.getTime() < selfServiceClosesAt(edition).getTime()) return whereToCancelSentence(edition);
  return "Leiren har startet, så du kan ikke lenger avbestille eller endre på «Min påmelding». Kan du likevel ikke komme, si fra til klubben.";
}

/** One sentence: how the money goes back. */
export const moneyBackSentence =
  "Er det betalt med Vipps, går pengene automatisk tilbake til Vipps-kontoen det ble betalt fra; er det betalt på en annen måte, betaler kassereren pengene tilbake.";

/**
 * One sentence: the rule applies to what was paid, whatever the payment method. What is not paid (a card or
 * cash registration before the door, an addition not paid yet) costs nothing to cancel, after the deadline too.
 */
export const nothingPaidSentence =
  "Reglene gjelder det som er betalt: er ingenting betalt ennå, for eksempel når du skal betale med kort eller kontant ved oppmøte, koster det ingenting å avbestille – det er ikke noe avbestillingsgebyr.";

/** The whole terms, as the camp pages, the Welcome step and the terms PDF state them. */
export function cancellationTerms(edition: CampEdition): string[] {
  return [whereToCancelSentence(edition), refundSentence(edition), nothingPaidSentence, moneyBackSentence];
}

/**
 * The terms as of a moment (the camp pages, the wizard): after the full-refund deadline, what cancelling now
 * gives back; after the camp's start, that cancelling online is over. No passed deadline is told as one to come.
 */
export function cancellationTermsAt(edition: CampEdition, at: Date): string[] {
  return [whereToCancelSentenceAt(edition, at), refundSentenceAt(edition, at), nothingPaidSentence, moneyBackSentence];
}

/** After a cancellation of something nobody had paid for: nothing back, nothing kept, nothing owed. */
export const nothingPaidCancelledSentence =
  "Ingenting var betalt for dette, så avbestillingen koster ingenting: ingenting skal betales tilbake, og det er ikke noe avbestillingsgebyr.";

/**
 * What cancelling a person would mean today, as Min påmelding asks before it cancels: the rule on what was
 * paid for the person (`paidFor`), of which `refund` comes back and the rest is kept. Nothing paid: it costs nothing.
 */
export function cancellationPreview(figures: { paidFor: number; refund: number }, method: "vipps" | "card_cash" | "free" | null): string {
  if (figures.paidFor === 0)
    return "Det er ikke betalt noe for dette ennå, så det koster ingenting å avbestille: du får ingenting tilbake og skal ikke betale noe for det du avbestiller.";
  const kept = figures.paidFor - figures.refund;
  const keptText = kept > 0 ? `${formatKroner(kept)} av det som er betalt, beholdes etter avbestillingsreglene.` : "";
  if (figures.refund === 0) return `Du får ingenting tilbake; ${keptText}`;
  const how = method === "vipps" ? " med Vipps" : "; klubben betaler det tilbake";
  return `Du får ${formatKroner(figures.refund)} tilbake${how}.${keptText ? ` ${keptText}` : ""}`;
}
