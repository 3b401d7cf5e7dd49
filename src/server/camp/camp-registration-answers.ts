import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { createHash, timingSafeEqual } from "node:crypto";
import type { CampRegistration } from "../../shared/camp/camp-registration.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { eventPayments } from "../db/schema/events-money.ts";
import { campPaymentsOf, selectCampPayments } from "../payments/camp-payment-rows.ts";
import { HttpError } from "../errors.ts";
import { queueConfirmation } from "./camp-confirmation-queue.ts";
import { editionDataForYear } from "./camp-edition-lookup.ts";
import type { CampPaymentGateway } from "./camp-payment-gateway.ts";
import { deadPaymentStates, fitAgain, lockEditionPlaces, type FitAgain } from "./camp-places.ts";
import { campInputMessages, registrationWindowMessages, type SubmitAnswer } from "./camp-registration-errors.ts";
import { editionPhase } from "../../shared/camp/camp-edition-phase.ts";
import { paymentMethodFor, startingPaymentState, type RegistrationStatus } from "./camp-registration-write.ts";
import { moveToWaitlist } from "./camp-waitlist.ts";
import { askGroupOwed, groupPaymentAthletes } from "../payments/group-payments.ts";
import { campRegistrationCharged } from "./camp-receipt.ts";
import { campDraftKey, updateCampRegistrations } from "./camp-registration-rows.ts";
import type { AppServices } from "../services.ts";

/** What answering a registration (again) uses: it may confirm one, queue its mail and change the public lists. */
export type CampAnswerDeps = Pick<AppServices, "db" | "now" | "outbox" | "campListsChanged">;

/**
 * The answer to a stored registration: the first submission's, a retried draft's (the same answer again),
 * an accepted offer's; and what a retry may change (an unpaid online attempt switched to card/cash, a
 * lost payment taken up again).
 */

export interface StoredRegistration {
  id: number;
  orderId: string;
  editionYear: number;
  status: RegistrationStatus;
  total: number;
  telephone: string;
}

const storedColumns = {
  id: campRegistrations.id,
  orderId: campRegistrations.orderId,
  editionYear: campRegistrations.editionYear,
  status: campRegistrations.status,
  total: campRegistrationCharged,
  telephone: campRegistrations.telephone,
};

/** A registration as `answerFor` takes it; undefined when there is none. */
export async function loadStoredRegistration(db: Db, registrationId: number): Promise<StoredRegistration | undefined> {
  const [row] = await db.select(storedColumns).from(campRegistrations).where(eq(campRegistrations.id, registrationId));
  return row;
}

/** A draft submitted again (a retry, or a concurrent twin): nothing new is stored. */
export async function answerEarlier(
  deps: CampAnswerDeps,
  earlier: StoredRegistration,
  registration: CampRegistration,
  gateway: CampPaymentGateway,
): Promise<SubmitAnswer> {
  // A draft id is no key: only the browser holding the draft's own secret gets the first answer again.
  if (!(await holdsDraftSecret(deps.db, earlier.id, registration.draftSecret))) throw new HttpError(409, campInputMessages.draftAlreadySent);
  const answer = await earlierAnswer(deps, earlier, registration, gateway);
  return { ...answer, registrationId: earlier.id };
}

async function earlierAnswer(
  deps: CampAnswerDeps,
  earlier: StoredRegistration,
  registration: CampRegistration,
  gateway: CampPaymentGateway,
): Promise<SubmitAnswer> {
  if (earlier.status === "pending_payment" && !registration.vipps && gateway.releasePendingPayment) {
    // An unpaid online attempt, and now card/cash: switch the registration once no attempt can be paid.
    if ((await gateway.releasePendingPayment(earlier.id)) === "released") return switchToCardCash(deps, earlier.id, earlier.editionYear);
    return { kind: "done" };
  }
  return answerFor(deps, earlier, gateway);
}

/**
 * Confirms a pending registration with card/cash at the camp (after its online attempts were ended). In an
 * edition with a capacity its place went with the ended attempts: it takes a free place again under the
 * edition's lock, or goes onto the waiting list when there is none.
 */
async function switchToCardCash(deps: CampAnswerDeps, registrationId: number, editionYear: number): Promise<SubmitAnswer> {
  const now = deps.now();
  const limits = await editionDataForYear(deps.db, editionYear);
  const limited = limits.capacity !== null || limits.sleepoverCapacity !== null;
  const outcome = await deps.db.transaction(async (tx) => {
    if (limited) await lockEditionPlaces(tx, editionYear);
    // A group paying once switches together: every athlete its payment is for.
    const group = await groupOfPayer(tx, registrationId);
    const members = group.length > 0 ? group : [registrationId];
    // Locked as their orders' rows (the view cannot be locked), in id order.
    const pending = await tx
      .select({ id: eventOrders.id })
      .from(eventOrders)
      .where(and(inArray(eventOrders.id, members), eq(eventOrders.status, "pending_payment")))
      .orderBy(asc(eventOrders.id))
      .for("no key update");
    if (pending.length === 0) return "unchanged" as const;
    if (limited) {
      // The registration's attempts are all ended, so it holds no place of its own in the count.
      const again = await fitAgain(
        tx,
        editionYear,
        limits,
        now,
        pending.map(({ id }) => id),
      );
      if (group.length > 0 && !again.fits) throw groupDoesNotFitAgain(again, pending.length);
      if (!again.fits) {
        await updateCampRegistrations(tx, registrationId, { vipps: false });
        await moveToWaitlist(tx, registrationId, editionYear, now);
        return "waiting" as const;
      }
    }
    for (const { id } of pending) {
      await updateCampRegistrations(tx, id, { vipps: false, status: "confirmed", confirmedAt: now });
      const [row] = await tx
        .select({ orderId: campRegistrations.orderId, total: campRegistrationCharged })
        .from(campRegistrations)
        .where(eq(campRegistrations.id, id));
      const total = row!.total;
      const method = paymentMethodFor(total, false);
      await tx
        .insert(eventPayments)
        .values({
          orderId: id,
          ownerKind: "camp",
          reference: row!.orderId,
          method,
          amount: total,
          state: startingPaymentState(method),
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
    }
    await queueConfirmation(tx, group.length > 0 ? group : [registrationId], now);
    return "confirmed" as const;
  });
  if (outcome === "unchanged") return { kind: "done" };
  deps.outbox.kick();
  if (outcome === "confirmed") deps.campListsChanged();
  return outcome === "waiting" ? { kind: "waitlist" } : { kind: "done" };
}

/** The athletes the registration's group payment is for (it holds the group's one payment), first athlete first; empty for one on its own. */
async function groupOfPayer(tx: Db, registrationId: number): Promise<number[]> {
  const [payment] = await selectCampPayments(tx, and(campPaymentsOf(registrationId, "vipps"), eq(eventPayments.kind, "registration"))).limit(1);
  return payment ? groupPaymentAthletes(tx, payment.id) : [];
}

/**
 * The same answer for the first submission and every retry of the draft (and for an accepted offer).
 * `latestReference`: the reference of the registration's latest payment when the caller has just written
 * it (saves looking it up).
 */
export async function answerFor(
  deps: CampAnswerDeps,
  registration: StoredRegistration,
  gateway: CampPaymentGateway,
  latestReference?: string,
): Promise<SubmitAnswer> {
  if (registration.status === "waiting") return { kind: "waitlist" };
  if (registration.status !== "pending_payment") return { kind: "done" };
  // The latest attempt: the gateway decides whether it can be reused or needs a successor.
  let paymentReference = latestReference;
  if (paymentReference === undefined) {
    const [payment] = await deps.db
      .select({ reference: eventPayments.reference, state: eventPayments.state })
      .from(eventPayments)
      .where(and(eq(eventPayments.orderId, registration.id), eq(eventPayments.ownerKind, "camp")))
      .orderBy(desc(eventPayments.id))
      .limit(1);
    if (!payment) throw new Error(`Camp registration ${registration.id} awaits payment but has no payment row`);
    paymentReference = payment.reference;
    if ((deadPaymentStates as readonly string[]).includes(payment.state)) {
      // A new payment attempt is a new registration in all but name: none once the camp has begun (a draft
      // sent again from the family's browser during or after the camp is refused as a new one would be).
      if (editionPhase(await editionDataForYear(deps.db, registration.editionYear), deps.now()) !== "upcoming")
        throw new HttpError(409, registrationWindowMessages.campStarted(registration.editionYear));
      const resumed = await retakePlace(deps, registration);
      if (resumed.kind !== "reference")
        return resumed.kind === "waitlist" ? { kind: "waitlist" } : answerFor(deps, { ...registration, status: resumed.status }, gateway);
      paymentReference = resumed.reference ?? paymentReference;
    }
  }
  const url = await gateway.createPaymentRedirect({
    registrationId: registration.id,
    orderId: registration.orderId,
    editionYear: registration.editionYear,
    amount: registration.total,
    paymentReference,
    telephone: registration.telephone,
  });
  return { kind: "redirect", url };
}

type Retaken = { kind: "reference"; reference?: string } | { kind: "waitlist" } | { kind: "changed"; status: StoredRegistration["status"] };

/**
 * A pending registration whose every payment attempt ended unpaid tries again. Without a capacity the
 * gateway simply makes a new attempt. With one, the ended attempts gave the place up: under the edition's
 * lock the next attempt's row is written only when a place is free (so the attempt holds it); otherwise
 * the registration goes onto the waiting list.
 */
async function retakePlace(deps: CampAnswerDeps, registration: StoredRegistration): Promise<Retaken> {
  const limits = await editionDataForYear(deps.db, registration.editionYear);
  if (limits.capacity === null && limits.sleepoverCapacity === null) return { kind: "reference" };
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx): Promise<Retaken> => {
    await lockEditionPlaces(tx, registration.editionYear);
    // The registration's row lock is its order's (the view cannot be locked).
    const [row] = await tx.select({ status: eventOrders.status }).from(eventOrders).where(eq(eventOrders.id, registration.id)).for("no key update");
    if (!row || row.status !== "pending_payment") return { kind: "changed", status: row?.status ?? "cancelled" };
    const attempts = await tx
      .select({
        id: eventPayments.id,
        reference: eventPayments.reference,
        method: eventPayments.method,
        state: eventPayments.state,
        amount: eventPayments.amount,
      })
      .from(eventPayments)
      .where(and(eq(eventPayments.orderId, registration.id), eq(eventPayments.ownerKind, "camp")))
      .orderBy(desc(eventPayments.id));
    const live = attempts.find((attempt) => !(deadPaymentStates as readonly string[]).includes(attempt.state));
    if (live) return { kind: "reference", reference: live.reference };
    // A group's payment takes a place for every athlete again, or none: a group is never put in line.
    const group = await groupOfPayer(tx, registration.id);
    // No attempt of its own can still be paid (above), so it holds no place in the count.
    const again = await fitAgain(tx, registration.editionYear, limits, now, group.length > 0 ? group : [registration.id]);
    if (group.length > 0 && !again.fits) throw groupDoesNotFitAgain(again, group.length);
    if (!again.fits) {
      await moveToWaitlist(tx, registration.id, registration.editionYear, now);
      return { kind: "waitlist" };
    }
    const reference = `${registration.orderId}-${attempts.filter((attempt) => attempt.method === "vipps").length + 1}`;
    // A group's payment: the next attempt asks for what the athletes still waiting for it owe (askGroupOwed).
    const previous = attempts.find((attempt) => attempt.method === "vipps");
    const [inserted] = await tx
      .insert(eventPayments)
      .values({
        orderId: registration.id,
        ownerKind: "camp",
        reference,
        method: "vipps",
        amount: previous?.amount ?? registration.total,
        state: "created",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: eventPayments.id });
    if (inserted && previous) await askGroupOwed(tx, inserted.id);
    return { kind: "reference", reference };
  });
  if (outcome.kind === "waitlist") deps.outbox.kick();
  return outcome;
}

/** True when `secret` is the draft's own (compared by hash, in constant time); a registration stored without one never matches. */
export async function holdsDraftSecret(db: Pick<Db, "select">, registrationId: number, secret: string | undefined): Promise<boolean> {
  if (!secret) return false;
  const [row] = await db.select({ hash: campRegistrations.draftSecretHash }).from(campRegistrations).where(eq(campRegistrations.id, registrationId));
  if (!row?.hash) return false;
  const expected = Buffer.from(row.hash, "hex");
  const actual = createHash("sha256").update(secret).digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export async function findByDraft(db: Pick<Db, "select">, editionYear: number, draftId: string): Promise<StoredRegistration | undefined> {
  const [row] = await db
    .select(storedColumns)
    .from(campRegistrations)
    .where(and(eq(campRegistrations.editionYear, editionYear), eq(campRegistrations.draftId, campDraftKey(draftId))));
  return row;
}

/** A group that no longer fits as a whole: short of places, or of sleepover places. */
function groupDoesNotFitAgain(again: FitAgain, athletes: number): HttpError {
  return again.sleepoversFit
    ? new HttpError(409, campInputMessages.groupDoesNotFit(Math.max(0, again.free ?? 0), athletes))
    : new HttpError(409, campInputMessages.sleepoverFull);
}
