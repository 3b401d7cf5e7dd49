import { gradeLabel } from "../camp/grades.ts";
import { SEED_GRADES } from "../camp/seed-grades.ts";
import { changeLines, sameValue, type ChangeLine, type ChangeWords, type FieldChange } from "../change-log.ts";
import { formatDateAsRead, formatKroner, formatLongDate, formatOsloDateTime, type DateReading } from "../format.ts";
import { parseCalendarDate } from "../camp/camp-edition-data.ts";
import { eventKindLabels, questionTypes, type EventKind } from "./event-definition.ts";

/**
 * The change log of the leader's events (gradings, courses, sales) in the leader's words: one line per
 * changed field, figures as a person reads them («Pris: 300 kr → 350 kr», «Siste dag: 12. desember → 13.
 * desember»). The log is stored as dotted-path differences of the event's definition; the lines are made
 * by the shared machinery (src/shared/change-log.ts) with the words below, when the log is shown.
 */

/**
 * What the values are read against: today and the event's year (a date near today in the event's year
 * leaves its year out), and the event's kind (a sale «opens», a course's registration does).
 */
export interface EventChangeReading extends DateReading {
  kind?: EventKind;
}

const labels: Record<string, string> = {
  kind: "Type",
  title: "Tittel",
  firstDay: "Første dag",
  lastDay: "Siste dag",
  venue: "Sted",
  description: "Beskrivelse",
  registrationOpensAt: "Påmeldingen åpner",
  registrationClosesAt: "Påmeldingen stenger",
  capacity: "Antall plasser",
  price: "Pris",
  priceBands: "Priser etter alder",
  startTime: "Starttid",
  homeClubOnly: "Bare egen klubb",
  minAge: "Laveste alder",
  maxAge: "Høyeste alder",
  minGradeId: "Laveste grad",
  maxGradeId: "Høyeste grad",
  sleepover: "Overnatting",
  questions: "Spørsmål",
  items: "Varer",
  pickUpPlace: "Hentested",
  pickUpTime: "Hentetid",
  publishedAt: "Publisert",
  copiedFrom: "Kopiert fra",
};

/** A sale is bought, not joined: its window is the sale's own. */
const saleLabels: Record<string, string> = {
  registrationOpensAt: "Salget åpner",
  registrationClosesAt: "Salget stenger",
};

/** The label of a field of the event's definition; a path the list does not know is shown as it is. */
export function eventChangeLabel(field: string, kind?: EventKind): string {
  return (kind === "salg" ? saleLabels[field] : undefined) ?? labels[field] ?? field;
}

/** Fields where nothing (null) is no limit that way. */
const limits = new Set(["capacity", "minAge", "maxAge", "minGradeId", "maxGradeId"]);
const instants = new Set(["registrationOpensAt", "registrationClosesAt", "publishedAt"]);
/** A description may be long: the log shows its beginning (two that begin alike read «endret»). */
const shownTextLength = 100;

const questionTypeWords: Record<(typeof questionTypes)[number], string> = { text: "fritekst", choice: "valg", yesno: "ja/nei" };

type Item = { id?: unknown; name?: unknown; price?: unknown; variants?: unknown };
type Variant = { id?: unknown; stock?: unknown };
type Question = { label?: unknown; type?: unknown; required?: unknown; choices?: unknown };
type Band = { maxAge?: unknown; price?: unknown };

const asList = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((entry): entry is Record<string, unknown> => typeof entry === "object" && entry !== null) : [];

function kroner(value: unknown): string {
  return typeof value === "number" ? formatKroner(value) : "–";
}

/** «T-skjorte, 200 kr (S: 5 stk, M: 1 stk)». */
function itemText(item: Item): string {
  const sizes = asList(item.variants).map((variant: Variant) => `${String(variant.id)}: ${String(variant.stock)} stk`);
  return `${String(item.name)}, ${kroner(item.price)}${sizes.length > 0 ? ` (${sizes.join(", ")})` : ""}`;
}

/** «Matallergier (fritekst, må besvares)», «Gruppe (valg: Barn, Ungdom)». */
function questionText(question: Question): string {
  const type = questionTypeWords[question.type as keyof typeof questionTypeWords] ?? String(question.type);
  const choices = question.type === "choice" && Array.isArray(question.choices) ? `: ${question.choices.join(", ")}` : "";
  return `«${String(question.label)}» (${type}${choices}${question.required === true ? ", må besvares" : ""})`;
}

/** «til og med 12 år: 300 kr». */
function bandText(band: Band): string {
  return `til og med ${String(band.maxAge)} år: ${kroner(band.price)}`;
}

function listText(value: unknown[], text: (entry: Record<string, unknown>) => string): string {
  const entries = asList(value);
  return entries.length === 0 ? "ingen" : entries.map(text).join("; ");
}

/**
 * A value of the field at `field` as the change log shows it: kroner, dates as read, Oslo times, belts by
 * name, yes/no, «ingen grense» for a limit left open, a sale's items with their sizes and stock.
 */
export function formatEventValue(field: string, value: unknown, reading: EventChangeReading = {}): string {
  if (value === null || value === undefined) return limits.has(field) ? "ingen grense" : "–";
  if (typeof value === "boolean") return value ? "ja" : "nei";
  if (typeof value === "number") {
    if (field === "price") return formatKroner(value);
    if (field === "minAge" || field === "maxAge") return `${value} år`;
    if (field === "minGradeId" || field === "maxGradeId") {
      const grade = SEED_GRADES.find((candidate) => candidate.gradeId === value);
      return grade ? gradeLabel(grade) : `grad ${value}`;
    }
    return String(value);
  }
  if (Array.isArray(value)) {
    if (field === "priceBands") return listText(value, bandText);
    if (field === "questions") return listText(value, questionText);
    if (field === "items") return listText(value, itemText);
    return JSON.stringify(value);
  }
  if (typeof value === "object") return field === "items" ? itemText(value as Item) : JSON.stringify(value);
  const text = String(value);
  if (field === "kind") return eventKindLabels[text as EventKind] ?? text;
  if (field === "firstDay" || field === "lastDay") {
    const date = parseCalendarDate(text);
    if (date) return reading.now === undefined ? formatLongDate(date) : formatDateAsRead(date, { now: reading.now, year: reading.year });
  }
  if (instants.has(field)) {
    const instant = new Date(text);
    // The window is read against the event's year; a publish is not.
    if (!Number.isNaN(instant.getTime()))
      return formatOsloDateTime(instant, { now: reading.now, year: field === "publishedAt" ? undefined : reading.year });
  }
  if (field === "startTime" && /^\d{2}:\d{2}$/.test(text)) return `kl. ${text.replace(":", ".")}`;
  if (text === "") return "–";
  if (field === "description" && text.length > shownTextLength) return `«${text.slice(0, shownTextLength - 10).trimEnd()} …»`;
  return `«${text}»`;
}

/**
 * A sale's items one by one: only those that changed, each with its sizes and stock («Varer: T-skjorte,
 * 200 kr (S: 5 stk, M: 1 stk) → T-skjorte, 200 kr (S: 5 stk, M: 3 stk)»); an item added or taken out
 * reads from or to «–». Items only moved in the list are said whole.
 */
function itemsOneByOne(change: FieldChange): FieldChange[] {
  if (change.field !== "items") return [];
  const [before, after] = [asList(change.from), asList(change.to)];
  const byId = (list: Record<string, unknown>[], id: unknown) => list.find((item) => item.id === id);
  const ids = [...new Set([...after, ...before].map((item) => item.id))];
  return ids
    .map((id) => ({ field: "items", from: byId(before, id) ?? null, to: byId(after, id) ?? null }))
    .filter((part) => !sameValue(part.from, part.to));
}

const eventWords: ChangeWords<EventChangeReading> = {
  label: (field, reading) => eventChangeLabel(field, reading.kind),
  value: formatEventValue,
  split: itemsOneByOne,
};

/** The lines for one entry of an event's change log. */
export function eventChangeLines(changes: readonly FieldChange[], reading: EventChangeReading = {}): ChangeLine[] {
  return changeLines(eventWords, changes, reading);
}
