import { thanksSentence, registersSelf } from "../person-voice.ts";
import type { EventKind } from "./event-definition.ts";

/**
 * What a person is registered for, in a sentence: «graderingen «Vårgradering» 2027», ««Sommerkurs» 2027»
 * (the year left out when the title has it already).
 */
export function eventWhat(event: { kind: EventKind; title: string; firstDay: string }): string {
  const year = event.firstDay.slice(0, 4);
  const named = `«${event.title}»${/^\d{4}$/.test(year) && !event.title.includes(year) ? ` ${year}` : ""}`;
  return event.kind === "gradering" ? `graderingen ${named}` : named;
}

/**
 * The event form's thanks once registered: to the contact person by name, each participant named — «du»
 * only for an adult participant who is the contact person (person-voice.ts).
 */
export function eventThanks(
  event: { kind: EventKind; title: string; firstDay: string },
  contact: { firstName: string; lastName: string },
  participants: readonly { firstName: string; lastName: string; age: number }[],
  waitlisted = false,
): string {
  const people = participants.map((person) => ({ firstName: person.firstName.trim(), self: registersSelf(person, { contact }) }));
  return thanksSentence(people, eventWhat(event), { registrant: contact.firstName, waitlisted });
}
