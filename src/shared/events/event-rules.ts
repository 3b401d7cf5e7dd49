import { TZDate } from "@date-fns/tz";
import { addWeeks, differenceInCalendarDays } from "date-fns";
import { addDays, CLUB_TIME_ZONE, startOfOsloDay } from "../time.ts";
import { campSettings } from "../camp/camp-edition.ts";
import type { EventDefinition, EventQuestion, EventState } from "./event-definition.ts";
import type { EventOrder, EventParticipant } from "./event-order.ts";
import { ageRangeText } from "./event-texts.ts";

/**
 * The rules every kind shares and each kind's own: when an event is open, what an order costs, who may take
 * part. Pure, so the form shows what the server will decide.
 */
export const eventStateLabels: Record<EventState, string> = {
  notyet: "Kommer",
  open: "Åpen",
  full: "Fullt",
  closed: "Stengt",
};

/** The instant after an event's last day (Oslo): from then it has ended and leaves the public list. */
export function eventEndsAt(lastDay: string): Date {
  const [year, month, day] = lastDay.split("-").map(Number) as [number, number, number];
  return startOfOsloDay(addDays({ year, month, day }, 1));
}

export function hasEnded(event: Pick<EventDefinition, "lastDay">, at: Date): boolean {
  return at.getTime() >= eventEndsAt(event.lastDay).getTime();
}

/** Places left, or null when the event has no capacity (a sale counts its stock instead). */
export function placesLeft(event: Pick<EventDefinition, "capacity" | "kind">, taken: number): number | null {
  if (event.kind === "salg" || event.capacity === null) return null;
  return Math.max(0, event.capacity - taken);
}

/**
 * kommer / åpen / fullt / stengt. A full grading or course still takes names for its waiting list while its
 * window is open; a sale with nothing left in stock is full.
 */
export function eventState(event: EventDefinition, at: Date, placesOpen: number | null, stockLeft = 0): EventState {
  const now = at.getTime();
  if (now < Date.parse(event.registrationOpensAt)) return "notyet";
  if (now >= Date.parse(event.registrationClosesAt) || hasEnded(event, at)) return "closed";
  if (event.kind === "salg") return stockLeft > 0 ? "open" : "full";
  return placesOpen !== null && placesOpen <= 0 ? "full" : "open";
}

/** What one participant pays: a grading's fee, or a course's price for the age's band. */
export function participantPrice(event: EventDefinition, age: number): number {
  if (event.kind === "gradering") return event.price;
  if (event.kind === "kurs") {
    const band = [...event.priceBands].sort((a, b) => a.maxAge - b.maxAge).find((candidate) => age <= candidate.maxAge);
    return band ? band.price : event.price;
  }
  return 0;
}

export interface PriceLine {
  /** "participant-0" or "item-<itemId>-<variant>": one ledger charge per line. */
  key: string;
  label: string;
  amount: number;
}

/** A sale's line as the receipt, the admin's list, the door and the person export read it: «2 × T-skjorte (M)». */
export function saleLineText(line: { quantity: number; name: string; variant: string }): string {
  return `${line.quantity} × ${line.name} (${line.variant})`;
}

/** The ledger's key for the charges of the participant at this position of an order (from 0). */
export function participantKey(position: number): string {
  return `participant-${position}`;
}

/** The receipt of an order as the server charges it. */
export function orderPriceLines(event: EventDefinition, order: Pick<EventOrder, "participants" | "items">): PriceLine[] {
  if (event.kind === "salg") {
    return order.items.map((line) => {
      const item = event.items.find((candidate) => candidate.id === line.itemId);
      const price = item?.price ?? 0;
      return {
        key: `item-${line.itemId}-${line.variant}`,
        label: saleLineText({ quantity: line.quantity, name: item?.name ?? line.itemId, variant: line.variant }),
        amount: price * line.quantity,
      };
    });
  }
  const what = event.kind === "gradering" ? "Gradering" : "Kurs";
  return order.participants.map((participant, index) => ({
    key: participantKey(index),
    label: `${what}: ${participant.firstName} ${participant.lastName}`,
    amount: participantPrice(event, participant.age),
  }));
}

export function orderTotal(event: EventDefinition, order: Pick<EventOrder, "participants" | "items">): number {
  return orderPriceLines(event, order).reduce((sum, line) => sum + line.amount, 0);
}

export interface RuleIssue {
  path: string;
  message: string;
}

/**
 * A participant's answer to a question, read from the answers' own keys only: a question whose id is also
 * the name of an object's method (`constructor`, `toString`) is unanswered, never a function.
 */
export function answerTo(answers: Readonly<Record<string, string | boolean>>, questionId: string): string | boolean | undefined {
  return Object.hasOwn(answers, questionId) ? answers[questionId] : undefined;
}

/** An answer as text: a yes/no question's «Ja» or «Nei», no answer empty. */
export function answerText(answer: string | boolean | undefined): string {
  return answer === undefined ? "" : typeof answer === "boolean" ? (answer ? "Ja" : "Nei") : answer;
}

function answerIssues(questions: readonly EventQuestion[], participant: EventParticipant, index: number): RuleIssue[] {
  const issues: RuleIssue[] = [];
  for (const key of Object.keys(participant.answers)) {
    if (!questions.some((question) => question.id === key))
      issues.push({ path: `participants.${index}.answers.${key}`, message: "Ukjent spørsmål." });
  }
  for (const question of questions) {
    const path = `participants.${index}.answers.${question.id}`;
    const answer = answerTo(participant.answers, question.id);
    const blank = answer === undefined || (typeof answer === "string" && answer.trim() === "");
    if (blank) {
      if (question.required) issues.push({ path, message: `Svar på «${question.label}».` });
      continue;
    }
    if (question.type === "yesno" && typeof answer !== "boolean") issues.push({ path, message: "Svar ja eller nei." });
    if (question.type === "text" && typeof answer !== "string") issues.push({ path, message: "Ugyldig svar." });
    if (question.type === "choice" && (typeof answer !== "string" || !question.choices.includes(answer)))
      issues.push({ path, message: "Velg ett av valgene." });
  }
  return issues;
}

/**
 * Whether the order fits the event: a grading's club, age and grade range, a course's questions, a sale's
 * items and variants. Stock and places are the server's to count.
 */
export function orderIssues(
  event: EventDefinition,
  order: Pick<EventOrder, "participants" | "items">,
  homeClubId: number = campSettings.homeClubId,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (event.kind === "salg") {
    if (order.items.length === 0) issues.push({ path: "items", message: "Velg minst én vare." });
    if (order.participants.length > 0) issues.push({ path: "participants", message: "En bestilling har ingen deltakere." });
    const seen = new Set<string>();
    order.items.forEach((line, index) => {
      const item = event.items.find((candidate) => candidate.id === line.itemId);
      if (!item) issues.push({ path: `items.${index}.itemId`, message: "Ukjent vare." });
      else if (!item.variants.some((variant) => variant.id === line.variant))
        issues.push({ path: `items.${index}.variant`, message: `«${item.name}» finnes ikke i ${line.variant}.` });
      const key = `${line.itemId}\u0000${line.variant}`;
      if (seen.has(key)) issues.push({ path: `items.${index}`, message: "Samme vare og variant står to ganger." });
      seen.add(key);
    });
    return issues;
  }
  if (order.participants.length === 0) issues.push({ path: "participants", message: "Legg inn minst én deltaker." });
  if (order.items.length > 0) issues.push({ path: "items", message: "En påmelding har ingen varer." });
  const names = new Set<string>();
  order.participants.forEach((participant, index) => {
    // The same person twice in one order would hold two places and be charged twice. Look-alikes of one
    // name count as one: a decomposed letter (NFC) and any run of spaces inside it (NBSP included).
    const name = `${participant.firstName} ${participant.lastName}`.normalize("NFC").trim().replace(/\s+/gu, " ").toLocaleLowerCase("nb");
    if (names.has(name)) issues.push({ path: `participants.${index}.firstName`, message: "Samme deltaker står to ganger." });
    names.add(name);
    if (event.kind === "gradering") {
      if (event.homeClubOnly && participant.clubId !== homeClubId)
        issues.push({ path: `participants.${index}.clubId`, message: "Graderingen er bare for utøvere i klubben." });
      // An empty limit is no limit that way.
      if ((event.minAge !== null && participant.age < event.minAge) || (event.maxAge !== null && participant.age > event.maxAge))
        issues.push({ path: `participants.${index}.age`, message: `Graderingen er for utøvere ${ageRangeText(event.minAge, event.maxAge)}.` });
      if (
        (event.minGradeId !== null && participant.gradeId < event.minGradeId) ||
        (event.maxGradeId !== null && participant.gradeId > event.maxGradeId)
      )
        issues.push({ path: `participants.${index}.gradeId`, message: "Graderingen er ikke for denne graden." });
    }
    if (event.kind === "kurs") issues.push(...answerIssues(event.questions, participant, index));
    else if (Object.keys(participant.answers).length > 0)
      issues.push({ path: `participants.${index}.answers`, message: "Dette arrangementet har ingen spørsmål." });
  });
  return issues;
}

/** Whole weeks from one day to another, rounded to the nearest: a copy keeps its weekdays. */
export function wholeWeeksBetween(from: string, to: string): number {
  return Math.round(differenceInCalendarDays(new Date(`${to}T12:00:00Z`), new Date(`${from}T12:00:00Z`)) / 7);
}

export function shiftDay(day: string, weeks: number): string {
  return addWeeks(new Date(`${day}T12:00:00Z`), weeks)
    .toISOString()
    .slice(0, 10);
}

/** An instant moved by whole weeks on Oslo's wall clock (so 18:00 stays 18:00 across summer time). */
export function shiftInstant(iso: string, weeks: number): string {
  return new Date(addWeeks(new TZDate(Date.parse(iso), CLUB_TIME_ZONE), weeks).getTime()).toISOString();
}

/**
 * «Kopier fra forrige gang»: the same event `weeks` whole weeks later (52 for next year's), so weekdays
 * stay; everything else is kept.
 */
export function copyEventDefinition<T extends EventDefinition>(event: T, weeks: number): T {
  return {
    ...event,
    firstDay: shiftDay(event.firstDay, weeks),
    lastDay: shiftDay(event.lastDay, weeks),
    registrationOpensAt: shiftInstant(event.registrationOpensAt, weeks),
    registrationClosesAt: shiftInstant(event.registrationClosesAt, weeks),
  };
}
