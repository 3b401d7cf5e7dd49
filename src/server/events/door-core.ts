import { eq } from "drizzle-orm";
import { checkInMessages } from "../../shared/camp/camp-checkin.ts";
import type { Db } from "../db/database.ts";
import { eventCheckinActions } from "../db/schema/events-checkin.ts";
import { HttpError } from "../errors.ts";
import type { DoorLogRow } from "./door-log.ts";

/**
 * Carrying out one action from a door phone, written once for every kind of event
 * (docs/decisions/0040-one-offline-door.md). The phone makes an id per action and may send it again (its
 * offline queue after a lost answer), so an action is carried out once per id: its row in
 * event_checkin_actions (the id is unique) is written in the same transaction as its effect, after the
 * order is locked; the same id arriving again, also at the same moment, waits for the lock, finds the row
 * and changes nothing. What differs between kinds (which order and person, what may be refused, a payment
 * in the camp's ledger) is the kind's `DoorActionKind`.
 */

/**
 * A door's refusal, in Norwegian: thrown inside the action's transaction it leaves no trace (the action's
 * row neither), so the same action may be sent again later. `orderId` names the order when the action was
 * refused for what it is (the camp's leader sees those), not for an id or a person the server does not know.
 */
export class DoorRefusal extends HttpError {
  constructor(
    message: string,
    statusCode = 409,
    readonly orderId?: number,
  ) {
    super(statusCode, message);
  }
}

export type DoorActionValues = Omit<typeof eventCheckinActions.$inferInsert, "actionId">;

/** One kind's part of an action. `Order` is what `lock` read of the order after locking it. */
export interface DoorActionKind<Order> {
  /** The phone's id for the action (an event's older door may send none: then what stands decides). */
  actionId: string | undefined;
  /** Locks the order the action is about and reads it after the lock; a `DoorRefusal` (404) when there is none. */
  lock(tx: Db): Promise<Order>;
  /** Whether the row already written with this id is this same action (sent again), not another one. */
  sameAs(earlier: DoorLogRow, order: Order): boolean;
  /**
   * Checks the action (a `DoorRefusal` says no) and answers the row to write; `undefined` writes nothing (an
   * action without an id that finds its state already standing). A row with `changed: false` is kept only so
   * its id is known when it comes again.
   */
  prepare(tx: Db, order: Order): Promise<DoorActionValues | undefined>;
  /** What the action does beyond its row (the camp's payment at the door), with the row written; may still refuse. */
  carryOut?(tx: Db, order: Order): Promise<void>;
}

export interface DoorActionResult<Order> {
  order: Order;
  /** True when nothing new happened now: the id was carried out before, or what the action asks already stood. */
  duplicate: boolean;
}

export async function applyDoorAction<Order>(db: Db, kind: DoorActionKind<Order>): Promise<DoorActionResult<Order>> {
  return db.transaction(async (tx) => {
    const order = await kind.lock(tx);
    const { actionId } = kind;
    if (actionId !== undefined) {
      // Read after the lock: an action with the same id that held it is seen.
      const [earlier] = await tx.select().from(eventCheckinActions).where(eq(eventCheckinActions.actionId, actionId));
      if (earlier) {
        if (!kind.sameAs(earlier, order)) throw new DoorRefusal(checkInMessages.reusedActionId);
        return { order, duplicate: true };
      }
    }
    const values = await kind.prepare(tx, order);
    if (values === undefined) return { order, duplicate: true };
    const inserted = await tx
      .insert(eventCheckinActions)
      .values({ ...values, actionId: actionId ?? null })
      .onConflictDoNothing({ target: eventCheckinActions.actionId })
      .returning({ id: eventCheckinActions.id });
    // The id was taken meanwhile by an action on another order, whose lock this one does not hold.
    if (inserted.length === 0) throw new DoorRefusal(checkInMessages.reusedActionId);
    await kind.carryOut?.(tx, order);
    return { order, duplicate: values.changed === false };
  });
}
