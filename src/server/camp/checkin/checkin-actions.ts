import { and, eq, isNull } from "drizzle-orm";
import { checkInMessages, type CheckInAction } from "../../../shared/camp/camp-checkin.ts";
import type { CampAccountView as CampAccount } from "../../admin-auth/camp-account.ts";
import type { Db } from "../../db/database.ts";
import { campRegistrations } from "../../db/schema/camp.ts";
import { eventPositions } from "../../db/schema/events-orders.ts";
import { applyDoorAction, DoorRefusal, type DoorActionKind } from "../../events/door-core.ts";
import { campCompanionColumns, campCompanionWithId } from "../camp-companion-rows.ts";
import { lockCampRegistration } from "../camp-registration-rows.ts";
import type { CheckInScope } from "./checkin-data.ts";
import { doorClosesAt } from "./door-list.ts";
import { takeDoorPayment, undoDoorPayment, type DoorMoneyContext } from "./door-payment.ts";

export type CheckInActionOutcome =
  | { kind: "ok"; duplicate: boolean; registrationId: number }
  | { kind: "not-found" }
  /** `registrationId` when the door's action was refused for what it is (kept for the leader's list). */
  | { kind: "conflict"; message: string; registrationId?: number };

/**
 * A door action with its camp day: the phone's own, or (an older phone that sends none, `dayImplied`) the
 * day the server took as today, which a later resend of the same action may not share.
 */
export type CampDoorAction = CheckInAction & { day: string; dayImplied?: boolean };

/**
 * Carries out one action from the camp's door through the one door every kind shares (`door-core.ts`: once
 * per action id, the registration locked, a refusal leaving no trace), and answers it as the camp's calls
 * do. `day` is already checked to be one of the camp's days.
 */
export async function runCheckInAction(
  db: Db,
  action: CampDoorAction,
  account: CampAccount,
  scope: CheckInScope,
  now: Date,
): Promise<CheckInActionOutcome> {
  try {
    const { order, duplicate } = await applyDoorAction(db, campDoorKind(action, account, scope, now));
    return { kind: "ok", duplicate, registrationId: order.registrationId };
  } catch (error) {
    if (!(error instanceof DoorRefusal)) throw error;
    if (error.statusCode === 404) return { kind: "not-found" };
    return { kind: "conflict", message: error.message, registrationId: error.orderId };
  }
}

/**
 * The camp's part of a door action: a person (`a{id}` the athlete, `c{id}` a companion) on a camp day, and
 * money at the door in the camp's ledger (`door-payment.ts`).
 */
function campDoorKind(action: CampDoorAction, account: CampAccount, scope: CheckInScope, now: Date): DoorActionKind<DoorMoneyContext> {
  return {
    actionId: action.actionId,
    lock: async (tx) => {
      const registrationId = await registrationOf(tx, action.personId);
      if (registrationId === undefined) throw new DoorRefusal(checkInMessages.unknownPerson, 404);
      await lockCampRegistration(tx, registrationId);
      // Read after the lock, in its own statement: what the lock waited for is seen.
      const [registration] = await tx
        .select({ status: campRegistrations.status, editionYear: campRegistrations.editionYear, orderId: campRegistrations.orderId })
        .from(campRegistrations)
        .where(and(eq(campRegistrations.id, registrationId), isNull(campRegistrations.anonymisedAt)));
      if (!registration || registration.editionYear !== scope.year || registration.status === "waiting")
        throw new DoorRefusal(checkInMessages.unknownPerson, 404);
      return { registrationId, registration, actor: account.username, now };
    },
    sameAs: (earlier) => {
      // An undo's row carries the amount the server took back (the door sends none), so only its kind and person count.
      const sameAmount = action.kind === "undo-payment" || (earlier.amount ?? undefined) === action.amount;
      // The same id on another day is another action (a phone's bug, or a forged body), never «done already».
      const sameDay = action.dayImplied === true || earlier.day === action.day;
      return earlier.ownerKind === "camp" && earlier.kind === action.kind && earlier.personId === action.personId && sameAmount && sameDay;
    },
    prepare: async (tx, { registrationId, registration }) => {
      // The phones dropped their lists: a new action now is not the door's (an action sent again is answered above).
      if (now.getTime() >= doorClosesAt(scope).getTime()) throw new DoorRefusal(checkInMessages.doorClosed, 409, registrationId);
      // An undo of a check-in is always taken: the log's last check-in or undo to arrive decides (camp-arrivals.ts).
      if (action.kind === "checkin") {
        if (registration.status === "cancelled") throw new DoorRefusal(checkInMessages.cancelled, 409, registrationId);
        if (await companionCancelled(tx, action.personId)) throw new DoorRefusal(checkInMessages.personCancelled, 409, registrationId);
      }
      const { kind, personId, day } = action;
      const amount = action.amount ?? null;
      return {
        kind,
        orderId: registrationId,
        ownerKind: "camp" as const,
        personId,
        day,
        amount,
        accountUsername: account.username,
        accountName: account.name,
        at: now,
      };
    },
    carryOut: async (tx, context) => {
      if (action.kind === "payment") await takeDoorPayment(tx, action, context);
      if (action.kind === "undo-payment") await undoDoorPayment(tx, action, context);
    },
  };
}

/** A companion cancelled alone (the athlete still comes) is not at the camp. */
async function companionCancelled(tx: Db, personId: string): Promise<boolean> {
  if (!personId.startsWith("c")) return false;
  const [row] = await tx
    .select({ cancelledAt: eventPositions.cancelledAt })
    .from(eventPositions)
    .where(campCompanionWithId(Number(personId.slice(1))));
  return row?.cancelledAt != null;
}

async function registrationOf(tx: Db, personId: string): Promise<number | undefined> {
  const id = Number(personId.slice(1));
  if (personId.startsWith("a")) {
    const [row] = await tx.select({ id: campRegistrations.id }).from(campRegistrations).where(eq(campRegistrations.id, id));
    return row?.id;
  }
  const [row] = await tx.select({ registrationId: campCompanionColumns.registrationId }).from(eventPositions).where(campCompanionWithId(id));
  return row?.registrationId;
}
