import type { CampEditionData } from "../camp/camp-edition-schema.ts";
import { eventKinds, type EventDefinition, type EventKind } from "./event-definition.ts";

/**
 * Every kind of event the `events` table holds: the kinds a leader makes in the event admin, and the winter
 * camp, whose editions are events of kind «vinterleir» (`vinterleir-YYYY`) edited in the camp's own admin.
 * A new kind is an entry here and its definition's schema, not new tables.
 */
export const campEventKind = "vinterleir" as const;
export const storedEventKinds = [...eventKinds, campEventKind] as const;
export type StoredEventKind = (typeof storedEventKinds)[number];

/** A camp edition as the events table stores it: the edition's data, marked with its kind. */
export type CampEventDefinition = CampEditionData & { kind: typeof campEventKind };
export type StoredEventDefinition = EventDefinition | CampEventDefinition;

/** The camp edition of `year` is the event at this address (its slug). */
export const campEventSlug = (year: number) => `vinterleir-${year}`;

/** The year of a winter camp edition's slug, or undefined for another event's. */
export function campYearOfSlug(slug: string): number | undefined {
  const match = /^vinterleir-(\d{4})$/.exec(slug);
  return match ? Number(match[1]) : undefined;
}

export function campEventDefinition(data: CampEditionData): CampEventDefinition {
  return { ...data, kind: campEventKind };
}

/** The edition's own data, without the kind the table adds. */
export function campEditionOfDefinition(definition: CampEventDefinition): CampEditionData {
  const { kind: _kind, ...data } = definition;
  return data;
}

export function isLeaderKind(kind: StoredEventKind): kind is EventKind {
  return kind !== campEventKind;
}
