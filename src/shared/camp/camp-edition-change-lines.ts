import { changeLines, type ChangeLine, type ChangeSetting, type ChangeWords, type FieldChange } from "../change-log.ts";
import { formatDateAsRead, formatKroner, formatLongDate } from "../format.ts";
import { parseCalendarDate } from "./camp-edition-data.ts";
import { campEditionFieldLabel, formatCampEditionValue, type CampEditionValueNames } from "./camp-edition-labels.ts";

/**
 * The camp editions' change log in the leader's words: one line per changed field, figures as a person
 * reads them («Voksenpris: 1 200 kr → 1 250 kr», «Tidligrabatt: 10 % til 9. november → 15 % til 9.
 * november»). The lines are made by the shared change-log machinery (src/shared/change-log.ts); the
 * edition's labels, values and settings are here.
 */

type Reading = CampEditionValueNames;

/**
 * Settings that are one thing to the leader although stored as several fields: said in one phrase, with
 * the unchanged parts too («15 % til 9. november»), when the whole setting is known before and after.
 */
const settings: Record<string, ChangeSetting<Reading>> = {
  earlyBird: {
    label: "Tidligrabatt",
    parts: ["percent", "lastDay"],
    text: (values, reading) => (values.percent === 0 ? "ingen" : `${values.percent}\u00a0% til ${day(values.lastDay, reading)}`),
  },
  lateFee: {
    label: "Etteranmeldingsgebyr",
    parts: ["enabled", "amount", "firstDay"],
    text: (values, reading) => (values.enabled === true ? `${kroner(values.amount)} fra ${day(values.firstDay, reading)}` : "av"),
  },
  refund: {
    label: "Refusjon ved avbestilling",
    parts: ["fullUntil", "laterPercent"],
    text: (values, reading) => `alt til og med ${day(values.fullUntil, reading)}, deretter ${values.laterPercent}\u00a0%`,
  },
};

function day(value: unknown, reading: Reading): string {
  const date = typeof value === "string" ? parseCalendarDate(value) : undefined;
  if (!date) return "–";
  return reading.now === undefined ? formatLongDate(date) : formatDateAsRead(date, { now: reading.now, year: reading.year });
}

function kroner(value: unknown): string {
  return typeof value === "number" ? formatKroner(value) : "–";
}

const campEditionWords: ChangeWords<Reading> = {
  label: (field) => campEditionFieldLabel(field),
  value: (field, value, reading) => formatCampEditionValue(field, value, reading),
  settings,
};

/**
 * The lines for one entry's changes. `after` is the edition as it stood after the entry (`statesAfter`);
 * without it a setting is said whole only when all of it changed, else field by field.
 */
export function editionChangeLines(changes: readonly FieldChange[], reading: Reading = {}, after?: unknown): ChangeLine[] {
  return changeLines(campEditionWords, changes, reading, after);
}
