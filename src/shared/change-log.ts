import { z } from "zod";

/**
 * The change log the club's edited things keep (the camp's editions, the leader's gradings, courses and
 * sales): each change is stored as dotted-path differences (`fieldChanges`), and the leader's words are made
 * from them when the log is shown, so older entries read as well as new ones. The words of each kind of
 * thing (labels, how a value reads) are its own; the machinery that turns differences into lines is here.
 */

export interface FieldChange {
  /** Dotted path of the field, e.g. "prices.child" or "program". */
  field: string;
  from: unknown;
  to: unknown;
}

/** One entry of a change log as the admin API sends it, oldest first. */
export const ChangeLogEntrySchema = z.object({
  changedAt: z.string(),
  account: z.string(),
  action: z.string(),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
});
export type ChangeLogEntry = z.infer<typeof ChangeLogEntrySchema>;

/** What an entry did, in words. */
export const changeActionLabels: Record<string, string> = {
  created: "Opprettet",
  updated: "Endret",
  published: "Publisert",
  copied: "Kopiert",
  "made-current": "Gjort gjeldende",
};

type Values = Record<string, unknown>;

function isPlainObject(value: unknown): value is Values {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** JSON with object keys sorted: the database (jsonb) does not keep the order they were written in. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    isPlainObject(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b))) : inner,
  );
}

/** What changed between two versions of a thing, field by field (nested objects by their fields, arrays compared whole). */
export function fieldChanges(before: object | undefined, after: object): FieldChange[] {
  const changes: FieldChange[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (isPlainObject(a) && isPlainObject(b)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) walk(a[key], b[key], path ? `${path}.${key}` : key);
      return;
    }
    if (canonicalJson(a) !== canonicalJson(b)) changes.push({ field: path, from: a ?? null, to: b ?? null });
  };
  walk(before ?? {}, after, "");
  return changes;
}

/** Whether two stored values are the same, whatever order their keys were written in. */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** One changed field: its label and what it was and became, or only «endret» when the two read the same. */
export interface ChangeLine {
  label: string;
  change: string;
}

/** «Voksenpris: 1 200 kr → 1 250 kr». */
export function changeLineText(line: ChangeLine): string {
  return `${line.label}: ${line.change}`;
}

/**
 * Changes down to single fields: an older entry may hold a whole group at once (`prices: null → { … }`
 * from a copy); it is read as its fields, and a field that did not change is left out.
 */
export function leafChanges(changes: readonly FieldChange[]): FieldChange[] {
  const leaves: FieldChange[] = [];
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
 * The thing as it stood after each entry, oldest first, worked back from how it is now (each entry's
 * `from` values undo it). The log reads a setting's unchanged parts from these.
 */
export function statesAfter(current: unknown, entries: readonly { changes: readonly FieldChange[] }[]): unknown[] {
  const states: unknown[] = new Array(entries.length);
  let state = current;
  for (let index = entries.length - 1; index >= 0; index--) {
    states[index] = state;
    for (const change of leafChanges(entries[index]!.changes)) state = withValueAt(state, change.field, change.from);
  }
  return states;
}

/**
 * A setting that is one thing to the leader although stored as several fields (the camp's early-bird
 * discount: a percent and a last day): said in one phrase, with the unchanged parts too («15 % til 9.
 * november»), when the whole setting is known before and after.
 */
export interface ChangeSetting<Reading> {
  label: string;
  parts: readonly string[];
  text: (values: Values, reading: Reading) => string;
}

/** The words of one kind of thing: its fields' labels and how a value of each reads. */
export interface ChangeWords<Reading> {
  label: (field: string, reading: Reading) => string;
  value: (field: string, value: unknown, reading: Reading) => string;
  /** By the group's name (the first part of the path). */
  settings?: Record<string, ChangeSetting<Reading>>;
  /** A change said as several lines (a sale's items one by one); none keeps it as one line. */
  split?: (change: FieldChange) => FieldChange[];
}

/**
 * The lines for one entry's changes, in the words of its kind. `after` is the thing as it stood after the
 * entry (`statesAfter`); without it a setting is said whole only when all of it changed, else field by field.
 */
export function changeLines<Reading>(words: ChangeWords<Reading>, changes: readonly FieldChange[], reading: Reading, after?: unknown): ChangeLine[] {
  const leaves = leafChanges(changes);
  // Without the thing as it stood, only what the entry holds is known: a setting is whole when all of it changed.
  let known: unknown = after ?? {};
  if (after === undefined) for (const change of leaves) known = withValueAt(known, change.field, change.to);
  let before = known;
  for (const change of leaves) before = withValueAt(before, change.field, change.from);
  const lines: ChangeLine[] = [];
  const said = new Set<string>();
  const line = (label: string, from: string, to: string) => lines.push({ label, change: from === to ? "endret" : `${from} → ${to}` });

  for (const change of leaves) {
    const [group] = change.field.split(".") as [string];
    const setting = words.settings?.[group];
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
    const parts = words.split?.(change) ?? [];
    for (const part of parts.length > 0 ? parts : [change]) {
      line(words.label(part.field, reading), words.value(part.field, part.from, reading), words.value(part.field, part.to, reading));
    }
  }
  return lines;
}
