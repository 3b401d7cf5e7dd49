import { z } from "zod";
import { CampDaySchema, CheckInHitSchema, CheckInPersonSchema, type CheckInCounts } from "./camp-checkin.ts";

/**
 * The door list: what a signed-in door phone keeps so that search, QR codes and check-in work with no
 * network. One event (its key, days and how long the list may be kept) and its entries: one registration
 * each, with its persons. Only what the door needs: names, club, grade, companions, what is left to pay
 * (from the ledger), the sleepover and grading flags and whether there is an allergy note — never an
 * e-mail address, a phone number, an age or the allergy text. A QR code is matched by its hash, so the
 * codes themselves are not on the phone either.
 */

/**
 * An event's key in the door's calls: its slug, the kind then what tells its editions apart (`vinterleir-2026`,
 * `campEventSlug`).
 */
export const EventKeySchema = z.string().regex(/^[a-z][a-z0-9-]{0,40}-\d{4}$/, "Ukjent arrangement.");

export const DoorListQuerySchema = z.object({ event: EventKeySchema.optional() });

const DoorPersonSchema = CheckInPersonSchema.omit({ age: true });

export const DoorEntrySchema = CheckInHitSchema.omit({ persons: true }).extend({
  persons: z.array(DoorPersonSchema),
  /** Lower-case hex SHA-256 of `doorCodeHashInput(code)` for the entry's check-in code. */
  codeHash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type DoorEntry = z.infer<typeof DoorEntrySchema>;

export const DoorListSchema = z.object({
  event: z.object({
    key: EventKeySchema,
    name: z.string(),
    days: z.array(CampDaySchema),
    /** The event's day the door acts on by default (the first before the event, the last after it). */
    today: CampDaySchema,
    /** After this instant (ISO) the phone removes the list and whatever still waits: the event is over. */
    keepUntil: z.string(),
  }),
  /** When the server made the list (ISO): the page says how old it is. */
  fetchedAt: z.string(),
  entries: z.array(DoorEntrySchema),
});
export type DoorList = z.infer<typeof DoorListSchema>;

/** What is hashed for `codeHash`: the normalised code with a prefix of its own. */
export const doorCodeHashInput = (normalisedCode: string) => `door-code:v1:${normalisedCode}`;

/** Lower case without accents (ø and æ stay letters of their own), so "jose" finds "José". */
export function searchableText(text: string): string {
  return text.toLocaleLowerCase("nb-NO").normalize("NFD").replace(/\p{M}/gu, "").replace(/\s+/g, " ");
}

/** What a search looks in: the names, the club and the order id. */
export function doorSearchText(entry: { persons: { name: string }[]; club: string; orderId: string }): string {
  return searchableText([...entry.persons.map((person) => person.name), entry.club, entry.orderId].join(" "));
}

/** Every word of the query must appear in the entry's names, club or order id. */
export function matchesDoorQuery(searchText: string, query: string): boolean {
  const words = searchableText(query).split(" ").filter(Boolean);
  return words.length > 0 && words.every((word) => searchText.includes(word));
}

export const doorSearchLimit = 25;

/** The same search as the server's, on the list the phone keeps. */
export function searchDoorList<T extends DoorEntry>(entries: readonly T[], query: string): { hits: T[]; more: boolean } {
  const matching = entries.filter((entry) => matchesDoorQuery(doorSearchText(entry), query));
  return { hits: matching.slice(0, doorSearchLimit), more: matching.length > doorSearchLimit };
}

/** Arrived of expected per day: the persons of registrations that are not cancelled. */
export function doorCounts(entries: readonly Pick<DoorEntry, "status" | "persons">[], days: readonly string[]): CheckInCounts["days"] {
  const persons = entries.filter((entry) => entry.status !== "cancelled").flatMap((entry) => entry.persons);
  return days.map((day) => ({ day, expected: persons.length, arrived: persons.filter((person) => person.checkedIn.includes(day)).length }));
}

/** A door action the server refused for good, as the leader's list shows it. */
export const DoorRefusalSchema = z.object({
  actionId: z.string(),
  kind: z.enum(["checkin", "undo-checkin", "payment", "undo-payment"]),
  /** The person the action was for, and the registration's club and order id. */
  name: z.string(),
  club: z.string(),
  orderId: z.string(),
  day: CampDaySchema,
  amount: z.number().nullable(),
  method: z.enum(["card", "cash"]).nullable(),
  message: z.string(),
  /** The camp account that made the action, and when the server refused it (ISO). */
  by: z.string(),
  at: z.string(),
});
export type DoorRefusal = z.infer<typeof DoorRefusalSchema>;
export const DoorRefusalsSchema = z.object({ refusals: z.array(DoorRefusalSchema) });

/** The words for a refused door action's kind, in the leader's list. */
export const doorActionKindLabels = {
  checkin: "Innsjekking",
  "undo-checkin": "Angret innsjekking",
  payment: "Betaling",
  "undo-payment": "Angret betaling",
} as const;
