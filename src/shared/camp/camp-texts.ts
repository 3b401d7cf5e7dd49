import { capitalise, formatDayMonth, weekdayName } from "../format.ts";
import type { CalendarDate } from "../time.ts";
import { campDays, earlyBirdPrice, type CampEdition } from "./camp-edition.ts";
import type { ProgramItem } from "./camp-program.ts";

/**
 * The edition's numbers and dates as the pages and PDFs show them, worked out once so a page and a
 * flyer cannot disagree.
 */
export function campKeyFacts(edition: CampEdition) {
  const { settings, year } = edition;
  const on = (md: { month: number; day: number }): CalendarDate => ({ year, ...md });
  const days = campDays(edition);
  return {
    firstDay: days[0]!,
    lastDay: days[days.length - 1]!,
    price: {
      child: settings.price.child,
      adult: settings.price.adult,
      childEarly: earlyBirdPrice(edition, settings.price.child),
      adultEarly: earlyBirdPrice(edition, settings.price.adult),
    },
    /** Registrations before this day get the early-bird price. */
    earlyBirdBefore: on(settings.earlyBird.before),
    lateFeeAfter: on(settings.lateFee.after),
  };
}

const numberWords = ["null", "én", "to", "tre", "fire", "fem", "seks", "sju"];

/** "tre" for a three-day edition: the count follows the dates. */
export function campDayCountWord(edition: CampEdition): string {
  const count = campDays(edition).length;
  return numberWords[count] ?? String(count);
}

/** "Fredag 28. november" — the weekday always comes from the date. */
export function dayHeading(date: CalendarDate): string {
  return `${capitalise(weekdayName(date))} ${formatDayMonth(date)}`;
}

/** "18:00–19:00", or just "19:15" for an item without an end. */
export function programTime(item: ProgramItem): string {
  return item.to ? `${item.from}–${item.to}` : item.from;
}
