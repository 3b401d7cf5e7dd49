import { formatLongDate } from "../format.ts";
import { osloCalendarDate } from "../time.ts";

/**
 * What cancelling gives back, for every kind of event, in the one shape the sentence below reads. Each kind
 * derives its rule from the function its server applies (the camp's campRefund and fullRefundEndsAt, the
 * events' keep-nothing rule until the event has ended), so a changed rule changes every text: the event's
 * page, the checkout, the family's page, the terms and the mails.
 */
export interface RefundRule {
  /** Everything paid comes back when cancelled before this instant; null: never all of it. */
  fullRefundEndsAt: Date | null;
  /** What comes back after that (or always, without a full-refund time), in percent of what was paid. */
  laterPercent: number;
  /** Cancelling is possible until this instant (an event's end). */
  closesAt: Date;
  /** Nothing costs anything: nothing is paid, so nothing is paid back. */
  free: boolean;
}

/** «halvparten» for 50, otherwise the percentage. */
function shareWords(percent: number): string {
  return percent === 50 ? "halvparten" : `${percent}\u00a0%`;
}

/** «får du ingenting tilbake» / «får du tilbake halvparten av det du har betalt». */
function laterWords(percent: number): string {
  if (percent >= 100) return "får du alt du har betalt tilbake";
  return percent <= 0 ? "får du ingenting tilbake" : `får du tilbake ${shareWords(percent)} av det du har betalt`;
}

/** The last Oslo day of a period that ends at `instant` (an instant at midnight ends the day before). */
function lastDayBefore(instant: Date): string {
  return formatLongDate(osloCalendarDate(new Date(instant.getTime() - 1)));
}

/**
 * The refund rule in one sentence a family reads once: «Avbestiller du innen midnatt 21. november 2026, får du
 * alt du har betalt tilbake; etter det får du tilbake halvparten av det du har betalt.» With `at` (a page or a
 * mail written at that moment), a deadline that has passed is told as passed, never as one to come.
 */
export function refundRuleSentence(rule: RefundRule, at?: Date): string {
  if (rule.free) return "Det koster ingenting å være med, så det koster heller ingenting å avbestille.";
  const now = at?.getTime();
  if (rule.fullRefundEndsAt === null) {
    return `Avbestiller du, ${laterWords(rule.laterPercent)}.`;
  }
  const fullUntil = lastDayBefore(rule.fullRefundEndsAt);
  // Everything comes back for as long as one may cancel (the events): the only deadline is the last day.
  if (rule.closesAt.getTime() <= rule.fullRefundEndsAt.getTime()) {
    if (now !== undefined && now >= rule.closesAt.getTime()) return `Fristen for å avbestille gikk ut ved midnatt ${lastDayBefore(rule.closesAt)}.`;
    return `Avbestiller du innen midnatt ${fullUntil}, får du alt du har betalt tilbake; etter det kan det ikke avbestilles.`;
  }
  if (rule.laterPercent >= 100) return "Avbestiller du, får du alt du har betalt tilbake.";
  if (now !== undefined && now >= rule.fullRefundEndsAt.getTime())
    return `Fristen for å få alt tilbake gikk ut ved midnatt ${fullUntil}. Avbestiller du nå, ${laterWords(rule.laterPercent)}.`;
  return `Avbestiller du innen midnatt ${fullUntil}, får du alt du har betalt tilbake; etter det ${laterWords(rule.laterPercent)}.`;
}
