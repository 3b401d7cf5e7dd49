import { parseCalendarDate } from "../../../../shared/camp/camp-edition-data.ts";
import { CampEditionDataSchema, type CampEditionData } from "../../../../shared/camp/camp-edition-schema.ts";
import { addDays, compareCalendarDates } from "../../../../shared/time.ts";
import { instantFromOslo, osloDateTime, readNumber } from "../../../lib/form-values.ts";

export { instantFromOslo, osloDateTime };

/**
 * The "Leirer" form's values: what the volunteer typed, kept as typed (text, so "12a" stays until it is
 * fixed), turned into an edition and checked with the shared schema only on save or preview. Field keys
 * are the schema's dotted paths, so the schema's and the server's messages land under the right field.
 */

const numberFields = [
  "prices.child",
  "prices.adult",
  "prices.childMaxAge",
  "earlyBird.percent",
  "lateFee.amount",
  "gradingFee",
  "companionFee",
  "refund.laterPercent",
  "homeClubId",
  "rules.cupGradingBelowAge",
  "rules.homeClubSleepoverMinAge",
  "rules.minAge",
  "rules.masterFromGradeId",
  "rules.cupGradeIdsBelow",
  "rules.companionMinAge",
  "rules.companionDefaultAge",
] as const;
/** Empty means "no limit". */
const optionalNumberFields = ["capacity", "sleepoverCapacity"] as const;
const dateFields = ["firstDay", "lastDay", "earlyBird.lastDay", "lateFee.firstDay", "refund.fullUntil"] as const;
const textFields = ["venue", "flyerTexts.children", "flyerTexts.adults", "flyerTexts.clubs"] as const;
const instantFields = ["registrationOpensAt", "registrationClosesAt"] as const;

export type ScalarField =
  (typeof numberFields)[number] | (typeof optionalNumberFields)[number] | (typeof dateFields)[number] | (typeof textFields)[number];
export type InstantField = (typeof instantFields)[number];

export interface ProgramRow {
  /** React's key for the row; not sent. */
  key: string;
  from: string;
  to: string;
  what: string;
  where: string;
  audience: string;
}

export interface EditionFormValues {
  year: number;
  fields: Record<ScalarField, string>;
  lateFeeEnabled: boolean;
  /** Registration stays open while the camp is under way (paid at the door). */
  registrationDuringCamp: boolean;
  /** Oslo calendar day and clock time. */
  window: Record<InstantField, { date: string; time: string }>;
  program: ProgramRow[][];
}

let rowCount = 0;
export const newProgramRow = (item: Partial<Omit<ProgramRow, "key">> = {}): ProgramRow => ({
  key: `row-${++rowCount}`,
  from: "",
  to: "",
  what: "",
  where: "",
  audience: "alle",
  ...item,
});

function valueAt(data: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((inner, key) => (inner && typeof inner === "object" ? (inner as Record<string, unknown>)[key] : undefined), data);
}

function setAt(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split(".");
  let inner = target;
  for (const key of keys.slice(0, -1)) inner = (inner[key] ??= {}) as Record<string, unknown>;
  inner[keys.at(-1)!] = value;
}

export function formValuesFrom(data: CampEditionData): EditionFormValues {
  const fields = {} as Record<ScalarField, string>;
  for (const path of [...numberFields, ...optionalNumberFields, ...dateFields, ...textFields]) {
    const value = valueAt(data, path);
    fields[path] = value === null || value === undefined ? "" : String(value);
  }
  return {
    year: data.year,
    fields,
    lateFeeEnabled: data.lateFee.enabled,
    registrationDuringCamp: data.registrationDuringCamp === true,
    window: { registrationOpensAt: osloDateTime(data.registrationOpensAt), registrationClosesAt: osloDateTime(data.registrationClosesAt) },
    program: data.program.map((day) =>
      day.map((item) => newProgramRow({ from: item.from, to: item.to ?? "", what: item.what, where: item.where ?? "", audience: item.audience })),
    ),
  };
}

/** How many days the camp has by its dates as typed; undefined while they do not make sense. */
export function campDayCount(values: EditionFormValues): number | undefined {
  const first = parseCalendarDate(values.fields.firstDay);
  const last = parseCalendarDate(values.fields.lastDay);
  if (!first || !last || compareCalendarDates(last, first) < 0) return undefined;
  let count = 1;
  for (let day = first; compareCalendarDates(day, last) < 0 && count <= 14; day = addDays(day, 1)) count++;
  return count;
}

/** The values as an edition for the schema (and the server): not checked here. */
export function editionFromValues(values: EditionFormValues): unknown {
  const data: Record<string, unknown> = { year: values.year };
  for (const path of numberFields) setAt(data, path, readNumber(values.fields[path]));
  for (const path of optionalNumberFields) setAt(data, path, readNumber(values.fields[path]) ?? null);
  for (const path of [...dateFields, ...textFields]) setAt(data, path, values.fields[path]);
  setAt(data, "lateFee.enabled", values.lateFeeEnabled);
  setAt(data, "registrationDuringCamp", values.registrationDuringCamp);
  for (const path of instantFields) setAt(data, path, instantFromOslo(values.window[path]));
  // Empty days after the camp's last day are not kept; days with items are, so the schema can say so.
  const days = values.program.map((day) =>
    day.map((row) => ({
      from: row.from.trim(),
      ...(row.to.trim() ? { to: row.to.trim() } : {}),
      what: row.what,
      ...(row.where.trim() ? { where: row.where } : {}),
      audience: row.audience,
    })),
  );
  const dayCount = campDayCount(values) ?? days.length;
  while (days.length > dayCount && days.at(-1)!.length === 0) days.pop();
  data.program = days;
  return data;
}

export type FieldErrors = Record<string, string>;

/** The first message per field path ("prices.child", "program.0.2.what"). */
export function errorsFrom(issues: readonly { path: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[issue.path] ??= issue.message;
  return errors;
}

export type Checked = { ok: true; data: CampEditionData } | { ok: false; errors: FieldErrors };

/** The same schema the server uses, with its Norwegian messages by field. */
export function checkValues(values: EditionFormValues): Checked {
  const parsed = CampEditionDataSchema.safeParse(editionFromValues(values));
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, errors: errorsFrom(parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }))) };
}
