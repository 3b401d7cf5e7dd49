import { formatDateAsRead, formatKroner, formatLongDate } from "../format.ts";
import { parseCalendarDate, type EditionChange } from "./camp-edition-data.ts";
import { campEditionFieldLabel, formatCampEditionValue, type CampEditionValueNames } from "./camp-edition-labels.ts";

/**
 * The camp editions' change log in the leader's words: one line per changed field, figures as a person
 * reads them («Voksenpris: 1 200 kr → 1 250 kr», «Tidligrabatt: 10 % til 9. november → 15 % til 9.
 * november»). The log is stored as dotted-path differences (`editionChanges`); the words are made here,
 * when it is shown, so older entries read as well as new ones.
 */

/** One changed field: its label and what it was and became, or only «endret» when the two read the same. */
export interface ChangeLine {
  label: string;
  change: string;
}

/** «Voksenpris: 1 200 kr → 1 250 kr». */
export function changeLineText(line: ChangeLine): string {
  return `${line.label}: ${line.change}`;
}

type Values = Record<string, unknown>;
type Reading = CampEditionValueNames;

/**
 * Settings that are one thing to the leader although stored as several fields: said in one phrase, with
 * the unchanged parts too («15 % til 9. november»), when the whole setting is known before and after.
 */
const settings: Record<string, { label: string; parts: readonly string[]; text: (values: Values, reading: Reading) => string }> = {
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

function isPlainObject(value: unknown): value is Values {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Changes down to single fields: an older entry may hold a whole group at once (`prices: null → { … }`
 * from a copy); it is read as its fields, and a field that did not change is left out.
 */
export function leafChanges(changes: readonly EditionChange[]): EditionChange[] {
  const leaves: EditionChange[] = [];
  const walk = (field: string, from: unknown, to: unknown) => {
    if (isPlainObject(from) || isPlainObject(to)) {
      const before = isPlainObject(from) ? from : {};
      const after = isPlainObject(to) ? to : {};
      for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) walk(`${field}.${key}`, before[key] ?? null, after[key] ?? null);
      return;
    }
    if (JSON.stringify(from) !== JSON.stringify(to)) leaves.push({ field, from, to });
  };
  for (const change of changes) walk(change.field, change.from ?? null, change.to ?? null);
  return leaves;
}

function valueAt(data: unknown, path: string): unknown {
  let value = data;
  for (const key of path.split(".")) value = isPlainObject(value) ? value[key] : undefined;
  return value;
}

function withValueAt(data: unknown, path: string, value: unknown): Values {
  const copy: Values = isPlainObject(data) ? { ...data } : {};
  const [key, ...rest] = path.split(".") as [string, ...string[]];
  copy[key] = rest.length === 0 ? value : withValueAt(copy[key], rest.join("."), value);
  return copy;
}

/**
 * The edition as it stood after each entry, oldest first, worked back from the edition as it is now (each
 * entry's `from` values undo it). The change log reads a setting's unchanged parts from these.
 */
export function editionStatesAfter(current: unknown, entries: readonly { changes: readonly EditionChange[] }[]): unknown[] {
  const states: unknown[] = new Array(entries.length);
  let state = current;
  for (let index = entries.length - 1; index >= 0; index--) {
    states[index] = state;
    for (const change of leafChanges(entries[index]!.changes)) state = withValueAt(state, change.field, change.from);
  }
  return states;
}

/**
 * The lines for one entry's changes. `after` is the edition as it stood after the entry
 * (`editionStatesAfter`); without it a setting is said whole only when all of it changed, else field by field.
 */
export function editionChangeLines(changes: readonly EditionChange[], reading: Reading = {}, after?: unknown): ChangeLine[] {
  const leaves = leafChanges(changes);
  // Without the edition as it stood, only what the entry holds is known: a setting is whole when all of it changed.
  let known: unknown = after ?? {};
  if (after === undefined) for (const change of leaves) known = withValueAt(known, change.field, change.to);
  let before = known;
  for (const change of leaves) before = withValueAt(before, change.field, change.from);
  const lines: ChangeLine[] = [];
  const said = new Set<string>();
  const line = (label: string, from: string, to: string) => lines.push({ label, change: from === to ? "endret" : `${from} → ${to}` });

  for (const change of leaves) {
    const [group] = change.field.split(".") as [string];
    const setting = settings[group];
    if (setting && change.field !== group) {
      if (said.has(group)) continue;
      const whole = (state: unknown) => {
        const values = valueAt(state, group);
        return isPlainObject(values) && setting.parts.every((part) => values[part] !== undefined && values[part] !== null) ? values : undefined;
      };
      const [from, to] = [whole(before), whole(known)];
      if (from && to && setting.text(from, reading) !== setting.text(to, reading)) {
        said.add(group);
        line(setting.label, setting.text(from, reading), setting.text(to, reading));
        continue;
      }
    }
    line(
      campEditionFieldLabel(change.field),
      formatCampEditionValue(change.field, change.from, reading),
      formatCampEditionValue(change.field, change.to, reading),
    );
  }
  return lines;
}
