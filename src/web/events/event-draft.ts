import {
  EventDefinitionSchema,
  eventMessages,
  type EventDefinition,
  type EventKind,
  type EventQuestion,
} from "../../shared/events/event-definition.ts";
import { instantFromOslo, osloDateTime, readNumber } from "../lib/form-values.ts";

/**
 * The event admin form's values: what the leader typed, kept as typed (text, so "12a" stays until it is
 * fixed), turned into a definition and checked with the shared schema only on save. Error keys are the
 * schema's dotted paths ("questions.1.label"), so the schema's and the server's messages land by the field.
 */

export interface ChoiceDraft {
  /** React's key for the row; not sent. */
  key: string;
  text: string;
}

export interface QuestionDraft {
  key: string;
  /** Kept for an existing question: the answers already given are stored under it. */
  id: string;
  label: string;
  type: EventQuestion["type"];
  required: boolean;
  choices: ChoiceDraft[];
}

export interface PriceBandDraft {
  key: string;
  maxAge: string;
  price: string;
}

export interface VariantDraft {
  key: string;
  /** The size as the buyer sees it; also the variant's id. */
  id: string;
  stock: string;
}

export interface ItemDraft {
  key: string;
  id: string;
  name: string;
  price: string;
  variants: VariantDraft[];
}

export const textFields = ["title", "firstDay", "lastDay", "venue", "description", "startTime", "pickUpPlace", "pickUpTime"] as const;
export const numberFields = ["capacity", "price", "minAge", "maxAge", "minGradeId", "maxGradeId"] as const;
export type DraftField = (typeof textFields)[number] | (typeof numberFields)[number];
export type InstantField = "registrationOpensAt" | "registrationClosesAt";

export interface EventDraft {
  kind: EventKind;
  fields: Record<DraftField, string>;
  /** Oslo calendar day and clock time. */
  window: Record<InstantField, { date: string; time: string }>;
  homeClubOnly: boolean;
  sleepover: boolean;
  questions: QuestionDraft[];
  priceBands: PriceBandDraft[];
  items: ItemDraft[];
}

let rowCount = 0;
export const newKey = () => `row-${++rowCount}`;

/** The first id of the form `{prefix}-{n}` not taken by a row already in the list. */
export function freeId(prefix: string, taken: readonly { id: string }[]): string {
  for (let n = 1; ; n++) if (!taken.some((row) => row.id === `${prefix}-${n}`)) return `${prefix}-${n}`;
}

export const newChoice = (text = ""): ChoiceDraft => ({ key: newKey(), text });
export const newQuestion = (taken: readonly QuestionDraft[]): QuestionDraft => ({
  key: newKey(),
  id: freeId("sporsmal", taken),
  label: "",
  type: "text",
  required: false,
  choices: [],
});
export const newPriceBand = (): PriceBandDraft => ({ key: newKey(), maxAge: "", price: "" });
export const newVariant = (): VariantDraft => ({ key: newKey(), id: "", stock: "" });
export const newItem = (taken: readonly ItemDraft[]): ItemDraft => ({
  key: newKey(),
  id: freeId("vare", taken),
  name: "",
  price: "",
  variants: [newVariant()],
});

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** A definition (or a kind's starting point) as the form's values. */
export function draftFrom(definition: Record<string, unknown> & { kind: EventKind }): EventDraft {
  const fields = {} as Record<DraftField, string>;
  for (const name of [...textFields, ...numberFields]) fields[name] = text(definition[name]);
  const list = <T>(name: string) => (Array.isArray(definition[name]) ? (definition[name] as T[]) : []);
  return {
    kind: definition.kind,
    fields,
    window: {
      registrationOpensAt: osloDateTime(text(definition.registrationOpensAt)),
      registrationClosesAt: osloDateTime(text(definition.registrationClosesAt)),
    },
    homeClubOnly: definition.homeClubOnly === true,
    sleepover: definition.sleepover === true,
    questions: list<EventQuestion>("questions").map((question) => ({
      key: newKey(),
      id: question.id,
      label: question.label,
      type: question.type,
      required: question.required,
      choices: (question.choices ?? []).map((choice) => newChoice(choice)),
    })),
    priceBands: list<{ maxAge: number; price: number }>("priceBands").map((band) => ({
      key: newKey(),
      maxAge: text(band.maxAge),
      price: text(band.price),
    })),
    items: list<{ id: string; name: string; price: number; variants: { id: string; stock: number }[] }>("items").map((item) => ({
      key: newKey(),
      id: item.id,
      name: item.name,
      price: text(item.price),
      variants: item.variants.map((variant) => ({ key: newKey(), id: variant.id, stock: text(variant.stock) })),
    })),
  };
}

/** The values as a definition for the schema (and the server): only the kind's own fields, not checked here. */
export function definitionFrom(draft: EventDraft): Record<string, unknown> {
  const { fields } = draft;
  const common = {
    kind: draft.kind,
    title: fields.title,
    firstDay: fields.firstDay.trim(),
    lastDay: fields.lastDay.trim(),
    venue: fields.venue,
    description: fields.description,
    registrationOpensAt: instantFromOslo(draft.window.registrationOpensAt),
    registrationClosesAt: instantFromOslo(draft.window.registrationClosesAt),
    capacity: readNumber(fields.capacity) ?? null,
    price: readNumber(fields.price),
  };
  if (draft.kind === "gradering")
    return {
      ...common,
      startTime: fields.startTime.trim(),
      homeClubOnly: draft.homeClubOnly,
      minAge: readNumber(fields.minAge),
      maxAge: readNumber(fields.maxAge),
      minGradeId: readNumber(fields.minGradeId),
      maxGradeId: readNumber(fields.maxGradeId),
    };
  if (draft.kind === "kurs")
    return {
      ...common,
      priceBands: draft.priceBands.map((band) => ({ maxAge: readNumber(band.maxAge), price: readNumber(band.price) })),
      sleepover: draft.sleepover,
      questions: draft.questions.map((question) => ({
        id: question.id,
        label: question.label,
        type: question.type,
        required: question.required,
        choices: question.type === "choice" ? question.choices.map((choice) => choice.text) : [],
      })),
    };
  const { price: _price, ...saleCommon } = common;
  return {
    ...saleCommon,
    items: draft.items.map((item) => ({
      id: item.id,
      name: item.name,
      price: readNumber(item.price),
      variants: item.variants.map((variant) => ({ id: variant.id.trim(), stock: readNumber(variant.stock) })),
    })),
    pickUpPlace: fields.pickUpPlace,
    pickUpTime: fields.pickUpTime,
  };
}

export type FieldErrors = Record<string, string>;

/**
 * A size is typed by the leader: the schema's words about ids are said about sizes here; a sale's window is
 * the sale's, not a registration's.
 */
function formMessage(path: string, message: string, kind?: EventKind): string {
  if (/^items\.\d+\.variants\.\d+\.id$/.test(path)) return "Skriv størrelsen med bokstavene A–Z, tall og bindestrek (for eksempel S, XL eller 140).";
  if (/^items\.\d+\.variants$/.test(path) && message === eventMessages.uniqueIds) return "To størrelser har samme navn.";
  if (kind === "salg" && message === eventMessages.closes) return "Salget må stenge etter at det åpner.";
  return message;
}

/** The first message per field path. */
export function errorsFrom(issues: readonly { path: string; message: string }[], kind?: EventKind): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[issue.path] ??= formMessage(issue.path, issue.message, kind);
  return errors;
}

export type Checked = { ok: true; definition: EventDefinition } | { ok: false; errors: FieldErrors };

/** The same schema the server uses, with its Norwegian messages by field. */
export function checkDraft(draft: EventDraft): Checked {
  const parsed = EventDefinitionSchema.safeParse(definitionFrom(draft));
  if (parsed.success) return { ok: true, definition: parsed.data };
  return {
    ok: false,
    errors: errorsFrom(
      parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message })),
      draft.kind,
    ),
  };
}
