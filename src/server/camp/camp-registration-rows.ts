import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventOrders, eventPositions } from "../db/schema/events-orders.ts";
import { events } from "../db/schema/events.ts";

/**
 * Where a camp registration's fields are stored. A registration is an order of its edition's event
 * (`vinterleir-YYYY`) and its athlete is the order's position 0 (docs/decisions/0039-one-engine-for-every-event.md):
 * the contact, the status and the way of paying are the order's; the person is the position's; the camp's own
 * questions are the position's answers. The camp reads all of it through the view `campRegistrations`; it writes
 * through the functions here, never the view.
 */

type Registration = typeof campRegistrations.$inferSelect;

const orderFields = [
  "status",
  "confirmedAt",
  "cancelledAt",
  "anonymisedAt",
  "waitlistRank",
  "email",
  "emailKey",
  "telephone",
  "contactName",
  "draftSecretHash",
  "groupId",
] as const satisfies readonly (keyof Registration)[];
const personFields = ["age", "clubId", "gradeId"] as const satisfies readonly (keyof Registration)[];
/** The camp's questions, kept as the athlete position's answers (the instructor's choice as its number in text). */
export const campAnswerFields = [
  "allergies",
  "gradering",
  "hasLedsager",
  "otherInfo",
  "sleepover",
  "vegan",
  "instructor",
  "public",
  "wantsToInstruct",
  "dataConsent",
  "termsAccepted",
] as const satisfies readonly (keyof Registration)[];

/** What may change on a stored registration. */
export type CampRegistrationChange = Partial<
  Pick<
    Registration,
    (typeof orderFields)[number] | (typeof personFields)[number] | (typeof campAnswerFields)[number] | "firstName" | "lastName" | "vipps"
  >
>;

type Answers = Record<string, string | boolean>;

/** The athlete position's answers for these fields. */
export function campAnswers(values: Partial<Pick<Registration, (typeof campAnswerFields)[number]>>): Answers {
  const answers: Answers = {};
  for (const field of campAnswerFields) {
    const value = values[field];
    if (value !== undefined) answers[field] = typeof value === "number" ? String(value) : value;
  }
  return answers;
}

function pick<Keys extends readonly string[]>(change: Record<string, unknown>, keys: Keys): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => change[key] !== undefined).map((key) => [key, change[key]]));
}

/**
 * Changes the registrations `ids` (those `guard` still holds for, a condition on `eventOrders`); answers the ids
 * changed. The order's row is written first, so its guard decides, under the order's row lock, who changes.
 */
export async function updateCampRegistrations(
  tx: Pick<Db, "update">,
  ids: number | readonly number[],
  change: CampRegistrationChange,
  guard?: SQL,
): Promise<number[]> {
  const list = typeof ids === "number" ? [ids] : [...ids];
  if (list.length === 0) return [];
  const record = change as Record<string, unknown>;
  const names = pick(record, ["firstName", "lastName"] as const);
  const order = {
    ...pick(record, orderFields),
    ...names,
    ...(change.vipps === undefined ? {} : { method: change.vipps ? ("vipps" as const) : ("card_cash" as const) }),
  };
  const changed = await tx
    .update(eventOrders)
    // An empty change still answers who the guard holds for.
    .set(Object.keys(order).length > 0 ? order : { status: sql`${eventOrders.status}` })
    // Only the camp's own orders: an event's order of the same table is never a registration, whatever id is handed in.
    .where(and(inArray(eventOrders.id, list), eq(eventOrders.ownerKind, "camp"), guard))
    .returning({ id: eventOrders.id });
  const person = { ...pick(record, personFields), ...names };
  const answers = campAnswers(change);
  if (changed.length > 0 && (Object.keys(person).length > 0 || Object.keys(answers).length > 0)) {
    await tx
      .update(eventPositions)
      .set({
        ...person,
        ...(Object.keys(answers).length > 0 ? { answers: sql`${eventPositions.answers} || ${JSON.stringify(answers)}::jsonb` } : {}),
      })
      .where(
        and(
          inArray(
            eventPositions.orderId,
            changed.map((row) => row.id),
          ),
          eq(eventPositions.position, 0),
        ),
      );
  }
  return changed.map((row) => row.id);
}

/**
 * The draft id as stored and looked up: in small letters. The browser sends a uuid, which the registrations'
 * former uuid column compared whatever its letters' case; the order's draft id is text, where a retry spelled
 * in other letters would be a second registration (and a second payment).
 */
export const campDraftKey = (draftId: string): string => draftId.toLowerCase();

/** The edition's event, by which a new registration's order names it. */
export const campEventIdSql = (editionYear: SQL | number) =>
  sql`(select ${events.id} from ${events} where ${events.slug} = 'vinterleir-' || ${editionYear})`;

/** Takes the registration's row lock (its order's): the camp's changes to one registration wait for each other. */
export async function lockCampRegistration(tx: Pick<Db, "execute">, registrationId: number): Promise<void> {
  await tx.execute(
    sql`select ${eventOrders.id} from ${eventOrders} where ${eventOrders.id} = ${registrationId} and ${eventOrders.ownerKind} = 'camp' for update`,
  );
}
