import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { eventPositions } from "../db/schema/events-orders.ts";

/**
 * A camp athlete's companion as the camp reads it. It is stored as a position of kind «companion» of its
 * registration's order (`owner_kind` «camp»); what the events' positions have no column for is in its answers.
 */
export type CampCompanionAnswers = {
  /** The browser's id for the companion within the draft. */
  clientId: string;
  telephone: string;
  email: string;
  sleepover: boolean;
  /** Verified against another confirmed registration of the edition; then not charged again. */
  alreadyRegistered: boolean;
};

const answer = (key: keyof CampCompanionAnswers) => sql`${eventPositions.answers} ->> ${sql.raw(`'${key}'`)}`;

/** The columns of a companion, for `db.select(campCompanionColumns).from(eventPositions)`. */
export const campCompanionColumns = {
  id: eventPositions.id,
  registrationId: eventPositions.orderId,
  position: eventPositions.position,
  clientId: sql<string>`${answer("clientId")}`,
  firstName: sql<string>`${eventPositions.firstName}`,
  lastName: sql<string>`${eventPositions.lastName}`,
  age: sql<number>`${eventPositions.age}`.mapWith(Number),
  telephone: sql<string>`${answer("telephone")}`,
  email: sql<string>`${answer("email")}`,
  sleepover: sql<boolean>`(${answer("sleepover")})::boolean`,
  alreadyRegistered: sql<boolean>`(${answer("alreadyRegistered")})::boolean`,
  cancelledAt: eventPositions.cancelledAt,
};

export type CampCompanion = CampCompanionAnswers & {
  id: number;
  registrationId: number;
  position: number;
  firstName: string;
  lastName: string;
  age: number;
  cancelledAt: Date | null;
};

/** Companions marked «already registered» (or not). */
export const alreadyRegistered = (value: boolean): SQL => sql`(${answer("alreadyRegistered")})::boolean = ${value}`;

/** A camp companion's row (never an event's position of the same table). */
const isCampCompanion = and(eq(eventPositions.kind, "companion"), eq(eventPositions.ownerKind, "camp"))!;

/** The companions of the registrations given. */
export function companionsOf(registrationIds: number | readonly number[]): SQL {
  const owner =
    typeof registrationIds === "number" ? eq(eventPositions.orderId, registrationIds) : inArray(eventPositions.orderId, [...registrationIds]);
  return and(owner, isCampCompanion)!;
}

/** A new companion's position row. */
export function companionPosition(
  registrationId: number,
  position: number,
  person: Omit<CampCompanion, "id" | "registrationId" | "position" | "cancelledAt">,
) {
  return {
    orderId: registrationId,
    ownerKind: "camp" as const,
    position,
    kind: "companion" as const,
    firstName: person.firstName,
    lastName: person.lastName,
    age: person.age,
    answers: companionAnswers(person),
  };
}

/** A companion's answers as stored: exactly these keys. */
export function companionAnswers(person: CampCompanionAnswers): Record<string, string | boolean> {
  const { clientId, telephone, email, sleepover, alreadyRegistered } = person;
  return { clientId, telephone, email, sleepover, alreadyRegistered } satisfies CampCompanionAnswers;
}

/** The camp companion with this id (never an event's position of the same table). */
export function campCompanionWithId(id: number): SQL {
  return and(eq(eventPositions.id, id), isCampCompanion)!;
}

/**
 * The companions of the registrations given (every camp companion without), in their registration's order,
 * narrowed by `also` where given.
 */
export function readCampCompanions(db: Pick<Db, "select">, registrationIds?: number | readonly number[], also?: SQL): Promise<CampCompanion[]> {
  return db
    .select(campCompanionColumns)
    .from(eventPositions)
    .where(and(registrationIds === undefined ? isCampCompanion : companionsOf(registrationIds), also))
    .orderBy(asc(eventPositions.orderId), asc(eventPositions.position));
}
