import { weekendListTitles, type WeekendListId } from "./camp-weekend-lists.ts";

/**
 * The camp admin's lists and downloads say which camp they hold: the same titles and file names on the
 * screen, on paper and in the Excel and CSV files the server writes.
 */

/** "vinterleir-2027-deltakere.csv", "vinterleir-2027-kjokken.xlsx", "vinterleir-2027-kasserer.xlsx". */
export function campFileName(year: number, part: "deltakere" | "kasserer" | WeekendListId, extension: "csv" | "xlsx"): string {
  return `vinterleir-${year}-${part}.${extension}`;
}

/** The participant list and its totals. */
export function participantsTitle(year: number): string {
  return `Påmeldte til vinterleiren ${year}`;
}

/** One list of the weekend: "Kjøkken – vinterleiren 2027". */
export function weekendListTitle(list: WeekendListId, year: number): string {
  return `${weekendListTitles[list]} – vinterleiren ${year}`;
}

/** The treasurer's summary. */
export function treasurerTitle(year: number): string {
  return `Oppsummering for kassereren – vinterleiren ${year}`;
}
