import { z } from "zod";
import { eventKinds } from "./event-definition.ts";
import { checkInMessages } from "../camp/camp-checkin.ts";
import { matchesDoorQuery, searchableText } from "../camp/door-list.ts";

/**
 * The door of a grading, a course or a sale (docs/decisions/0030-event-door.md): the list the door phone
 * shows, and the one action it takes. Participants of a grading or a course are checked in one by one; a
 * sale's order is picked up whole. The door takes no money: it shows what is owed, from the event ledger.
 * It works with no network as the camp's door does (docs/decisions/0040-one-offline-door.md): the phone
 * keeps the list and queues each action with its own id, so a resent action is carried out once.
 */

export const eventDoorMessages = {
  notFound: "Fant ikke arrangementet.",
  unknownOrder: "Fant ikke ordren på dette arrangementet.",
  unknownParticipant: "Fant ikke deltakeren i ordren.",
  past: "Arrangementet er over. Døra er stengt.",
  camp: "Vinterleiren har sin egen innsjekking: /vinterleir/deltakere/innsjekk.",
  cancelled: "Ordren er avbestilt og kan ikke sjekkes inn.",
  waiting: "Ordren står på venteliste og kan ikke sjekkes inn.",
  cancelledParticipant: "Deltakeren er avbestilt og kan ikke sjekkes inn.",
  cancelledSale: "Ordren er avbestilt og kan ikke hentes.",
  waitingSale: "Ordren står på venteliste og kan ikke hentes.",
  positionNeeded: "Velg hvem i ordren som skal sjekkes inn.",
  noPositionForSale: "En ordre i et salg hentes i sin helhet, uten deltaker.",
  reusedActionId: checkInMessages.reusedActionId,
} as const;

export const EventDoorActionSchema = z
  .object({
    /**
     * Made by the phone once per action (a version 4 UUID), so the same action sent again (the offline queue
     * after a lost answer) has one effect, also after a later undo. Without it the action is idempotent by
     * what stands only.
     */
    actionId: z.uuid().optional(),
    orderId: z.string("Skriv ordrenummeret.").trim().min(1, "Skriv ordrenummeret.").max(40, "Ukjent ordrenummer."),
    /** The participant's position in the order (from 0); absent for a sale's order. */
    position: z
      .number()
      .int(eventDoorMessages.unknownParticipant)
      .min(0, eventDoorMessages.unknownParticipant)
      .max(99, eventDoorMessages.unknownParticipant)
      .optional(),
    /** True takes the check-in (or the pick-up) back. */
    undo: z.boolean().optional(),
  })
  .strict();
export type EventDoorAction = z.infer<typeof EventDoorActionSchema>;

/** Who checked in (or handed out) and when. */
const DoneSchema = z.object({ at: z.string(), by: z.string() }).nullable();

export const EventDoorPersonSchema = z.object({
  position: z.number().int(),
  name: z.string(),
  club: z.string().nullable(),
  grade: z.string().nullable(),
  checkedIn: DoneSchema,
  /** True when the participant was cancelled alone (the order stands): not expected, not checked in. */
  cancelled: z.boolean().optional(),
});

export const EventDoorEntrySchema = z.object({
  orderId: z.string(),
  status: z.enum(["confirmed", "pending_payment", "waiting", "cancelled"]),
  contactName: z.string(),
  /** Whole kroner from the event ledger: charged, paid, and what is owed. */
  charged: z.number().int(),
  paid: z.number().int(),
  outstanding: z.number().int(),
  /** A grading's or course's participants (empty for a sale). */
  persons: z.array(EventDoorPersonSchema),
  /** A sale's lines («2 × T-skjorte (M)»; empty otherwise). */
  items: z.array(z.string()),
  /** A sale's order: picked up, by whom and when (null otherwise, and for a grading or a course). */
  pickedUp: DoneSchema,
});
export type EventDoorEntry = z.infer<typeof EventDoorEntrySchema>;

export const EventDoorCountsSchema = z.object({ done: z.number().int(), expected: z.number().int() });
export type EventDoorCounts = z.infer<typeof EventDoorCountsSchema>;

export const EventDoorListSchema = z.object({
  event: z.object({ slug: z.string(), kind: z.enum(eventKinds), title: z.string(), firstDay: z.string(), lastDay: z.string() }),
  /** When the server made the list (ISO). */
  fetchedAt: z.string(),
  /** When the door closes (the end of the event's last day): the phone keeps the list and what waits until then. */
  keepUntil: z.string(),
  counts: EventDoorCountsSchema,
  entries: z.array(EventDoorEntrySchema),
});
export type EventDoorList = z.infer<typeof EventDoorListSchema>;

export const EventDoorAnswerSchema = z.object({
  /** True when the door already stood so: nothing was written now. */
  duplicate: z.boolean(),
  entry: EventDoorEntrySchema,
  counts: EventDoorCountsSchema,
});
export type EventDoorAnswer = z.infer<typeof EventDoorAnswerSchema>;

/** A door action in words: a participant «Sjekket inn», a sale's order «Hentet», either taken back «Angret …». */
export function eventDoorActionLabel(kind: "checkin" | "undo", sale: boolean): string {
  if (sale) return kind === "checkin" ? "Hentet" : "Angret henting";
  return kind === "checkin" ? "Sjekket inn" : "Angret innsjekking";
}

/** Orders the door may act on: not cancelled, not on the waiting list. */
export const atTheDoor = (entry: Pick<EventDoorEntry, "status">) => entry.status === "confirmed" || entry.status === "pending_payment";

/** Participants checked in (or sale orders picked up) of those expected. */
export function eventDoorCounts(kind: EventDoorList["event"]["kind"], entries: readonly EventDoorEntry[]): EventDoorCounts {
  const expected = entries.filter(atTheDoor);
  if (kind === "salg") return { expected: expected.length, done: expected.filter((entry) => entry.pickedUp !== null).length };
  const persons = expected.flatMap((entry) => entry.persons).filter((person) => person.cancelled !== true);
  return { expected: persons.length, done: persons.filter((person) => person.checkedIn !== null).length };
}

/** «12 av 30 sjekket inn», «3 av 8 hentet». */
export function eventDoorCountText(kind: EventDoorList["event"]["kind"], counts: EventDoorCounts): string {
  return `${counts.done} av ${counts.expected} ${kind === "salg" ? "hentet" : "sjekket inn"}`;
}

/** Search by the participants' and the contact's names and by the order id: every word must occur. */
export function searchEventDoor<E extends EventDoorEntry>(entries: readonly E[], query: string): E[] {
  if (searchableText(query).trim() === "") return [...entries];
  return entries.filter((entry) =>
    matchesDoorQuery(searchableText([entry.contactName, entry.orderId, ...entry.persons.map((person) => person.name)].join(" ")), query),
  );
}
