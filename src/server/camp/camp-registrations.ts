import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { campEditionFromData, closedByCampStart, registrationClosesAt } from "../../shared/camp/camp-edition-data.ts";
import { editionPhase } from "../../shared/camp/camp-edition-phase.ts";
import type { CampEditionData } from "../../shared/camp/camp-edition-schema.ts";
import { calculateCampPrice } from "../../shared/camp/camp-pricing.ts";
import type { CampRegistration } from "../../shared/camp/camp-registration.ts";
import type { Db } from "../db/database.ts";
import { referenceData } from "../db/reference-data.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventPositions } from "../db/schema/events-orders.ts";
import { alreadyRegistered, campCompanionColumns } from "./camp-companion-rows.ts";
import { HttpError } from "../errors.ts";
import { EditionChangedError, registrationEdition, type RegistrationEdition } from "./camp-edition-cache.ts";
import { editionIsOver } from "./camp-edition-lookup.ts";
import { vippsUnavailableMessage, type CampPaymentGateway } from "./camp-payment-gateway.ts";
import { campPlaces, lockEditionPlaces } from "./camp-places.ts";
import { NoPlaceInBatch, type PlaceLimits } from "./camp-registration-within-limits.ts";
import { answerEarlier, answerFor, findByDraft, type StoredRegistration } from "./camp-registration-answers.ts";
import { CampInputError, campInputMessages, registrationWindowMessages, type SubmitAnswer } from "./camp-registration-errors.ts";
import { submitCampGroup } from "./camp-registration-group.ts";
import {
  firstPaymentReference,
  paymentMethodFor,
  writeRegistration,
  type NewRegistration,
  type WrittenRegistration,
} from "./camp-registration-write.ts";
import { nextWaitlistRank, queueWaitlistJoinedMail } from "./camp-waitlist.ts";
import { newOrderId } from "./order-id.ts";

/**
 * POST /api/Vinterleir/Post: a camp registration from the wizard. The parts, where a newcomer looks:
 * this file (validation, the registration window, one registration), camp-registration-group.ts (several
 * athletes in one submission), camp-registration-write.ts (the one writer of a new registration's rows),
 * camp-registration-answers.ts (the answer, and a retried draft's), camp-registration-errors.ts (messages).
 */

// Existing importers take these from here.
export { CampInputError, campInputMessages, registrationWindowMessages, type SubmitAnswer } from "./camp-registration-errors.ts";
export { answerFor, holdsDraftSecret, loadStoredRegistration } from "./camp-registration-answers.ts";

/**
 * Why a registration cannot be taken now, or undefined inside the window: before it opens, from when it
 * closes (when the camp starts, unless the edition keeps registration open while the camp is under way),
 * once the camp's last day is over, or when there is no current edition.
 */
function registrationWindowRefusal(data: CampEditionData | undefined, now: Date): string | undefined {
  if (!data) return registrationWindowMessages.closed;
  const opensAt = new Date(data.registrationOpensAt);
  if (now.getTime() < opensAt.getTime()) return registrationWindowMessages.notYet(opensAt, { now, year: data.year });
  if (editionIsOver(data, now)) return registrationWindowMessages.closed;
  if (closedByCampStart(data, now)) return registrationWindowMessages.campStarted(data.year);
  if (now.getTime() >= registrationClosesAt(data).getTime()) return registrationWindowMessages.closed;
  return undefined;
}

/** A registration taken while the camp is under way is paid at the door: Vipps is refused (400 on `vipps`). */
export function refuseVippsDuringCamp(data: CampEditionData, registration: CampRegistration, now: Date): void {
  if (registration.vipps && editionPhase(data, now) === "running") throw new CampInputError("vipps", campInputMessages.vippsDuringCamp);
}

/**
 * Takes the draft as the route's schema parsed it (the shared schema), refuses outside the current edition's registration window (409,
 * nothing stored), checks what only the database knows, charges the current edition's price (read from
 * the database) and stores the registration in one short transaction (storeRegistration).
 * A retried draft (same draftId in the edition) gets the first answer again and stores nothing.
 */
export async function submitCampRegistration(
  app: FastifyInstance,
  registration: CampRegistration,
  gateway: CampPaymentGateway,
): Promise<SubmitAnswer> {
  // The editions read may be a moment old (camp-edition-cache.ts): when they changed before the write, the
  // write stored nothing, and the registration is made again under what is published now.
  for (let attempt = 0; ; attempt++) {
    try {
      return await submitUnderEdition(app, registration, gateway, attempt > 0);
    } catch (error) {
      if (!(error instanceof EditionChangedError) || attempt >= 2) throw error;
    }
  }
}

async function submitUnderEdition(
  app: FastifyInstance,
  registration: CampRegistration,
  gateway: CampPaymentGateway,
  fresh: boolean,
): Promise<SubmitAnswer> {
  const now = app.now();
  let current: RegistrationEdition | undefined = await registrationEdition(app.db, registration.year, now, { fresh });
  // A refusal is never given on a remembered read: the editions are read again first.
  if (!fresh && registrationWindowRefusal(current?.data, now)) current = await registrationEdition(app.db, registration.year, now, { fresh: true });
  const refusal = registrationWindowRefusal(current?.data, now);
  if (refusal) {
    // A retry of a draft stored before the window closed still gets its first answer.
    const earlier = current ? await findByDraft(app.db, current.data.year, registration.draftId) : undefined;
    if (earlier) return answerEarlier(app, earlier, registration, gateway);
    throw new HttpError(409, refusal);
  }
  const { data, fingerprint } = current!;
  const edition = campEditionFromData(data);

  if (registration.siblings && registration.siblings.length > 0) return submitCampGroup(app, registration, current!, gateway);

  // Idempotency per draft: a plain card/cash registration tries its insert first (the unique draft key
  // makes a retry or a concurrent twin insert nothing, and then the earlier registration answers). It
  // checks nothing first that a retry could newly fail (club and grade are static, the price is
  // computed). A Vipps registration or one that claims already-registered companions asks first, as those checks could.
  const plain = !registration.vipps && !registration.ledsagere.some((companion) => companion.alreadyRegistered);
  if (!plain) {
    const earlier = await findByDraft(app.db, edition.year, registration.draftId);
    if (earlier) return answerEarlier(app, earlier, registration, gateway);
  }
  refuseVippsDuringCamp(data, registration, now);

  // Clubs and grades are static reference data, kept in memory (db/reference-data.ts).
  const { clubById, gradeById, grades } = await referenceData(app.db);
  if (!clubById.has(registration.clubId)) throw new CampInputError("clubId", campInputMessages.unknownClub);
  if (!gradeById.has(registration.gradeId)) throw new CampInputError("gradeId", campInputMessages.unknownGrade);
  await verifyAlreadyRegisteredCompanions(app.db, edition.year, registration);

  const price = calculateCampPrice(registration, { edition, at: now, grades });
  const method = paymentMethodFor(price.total, registration.vipps);
  if (method === "vipps" && !gateway.available) throw new CampInputError("vipps", vippsUnavailableMessage);
  const status = method === "vipps" ? "pending_payment" : "confirmed";
  const limits = { capacity: data.capacity, sleepoverCapacity: data.sleepoverCapacity };
  return storeRegistration(
    app,
    { registration, editionYear: edition.year, editionFingerprint: fingerprint, price, method, status, now },
    limits,
    gateway,
  );
}

/**
 * One registration in one transaction. Where the edition has a capacity (or a sleepover capacity and the
 * athlete sleeps over) the transaction first takes the edition's lock and asks the database's count of its places:
 * a free place gives a normal registration, a full camp a waiting one (no payment; its price lines as
 * calculated, so an offer can show them; a mail saying its place in line). A sleepover asked for when no
 * sleepover place is open is refused (409) rather than put in line: the athlete may well come without it.
 */
async function storeRegistration(
  app: FastifyInstance,
  input: Omit<NewRegistration, "orderId">,
  placeLimits: PlaceLimits,
  gateway: CampPaymentGateway,
): Promise<SubmitAnswer> {
  const { registration, editionYear, now } = input;
  const limited = placeLimits.capacity !== null || (registration.sleepover && placeLimits.sleepoverCapacity !== null);
  type Outcome = { earlier: StoredRegistration } | { stored: StoredRegistration; written: WrittenRegistration };
  const write = async (db: Db, status: NewRegistration["status"], waitlistRank: number | null, limits?: PlaceLimits): Promise<Outcome> => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const orderId = newOrderId(editionYear);
      const written = await writeRegistration(db, { ...input, orderId, status, waitlistRank, ...(limits ? { limits } : {}) });
      if (written) {
        if (status === "waiting") await queueWaitlistJoinedMail(db, written.id, now);
        return { stored: { id: written.id, orderId, editionYear, status, total: input.price.total, telephone: registration.telephone }, written };
      }
      // Nothing stored: this draft is already registered (a retry, or a concurrent twin that committed
      // first), or (rarely) the order id was taken: draw another.
      const earlier = await findByDraft(db, editionYear, registration.draftId);
      if (earlier) return { earlier };
    }
    throw new Error("No free order id after 5 draws");
  };
  // Without a limit the one statement is the whole transaction (prepared, no connection held between statements).
  // Within limits, those that arrive together share one count of the places; one that finds no free place
  // there is decided alone, in a transaction of its own.
  const withOthers = async (): Promise<Outcome | undefined> => {
    try {
      return await write(app.db, input.status, null, placeLimits);
    } catch (error) {
      if (error instanceof NoPlaceInBatch) return undefined;
      throw error;
    }
  };
  const outcome: Outcome = !limited
    ? await write(app.db, input.status, null)
    : ((await withOthers()) ??
      (await app.db.transaction(async (tx): Promise<Outcome> => {
        await lockEditionPlaces(tx, editionYear);
        const earlier = await findByDraft(tx, editionYear, registration.draftId);
        if (earlier) return { earlier };
        // Those already in line for an offer come first: a place freed a moment ago is theirs (the count leaves it to them).
        const places = await campPlaces(tx, editionYear, placeLimits, now);
        const waiting = places.open !== null && places.open <= 0;
        if (!waiting && registration.sleepover && places.sleepoversOpen !== null && places.sleepoversOpen <= 0) {
          throw new HttpError(409, campInputMessages.sleepoverFull);
        }
        return waiting ? write(tx, "waiting", await nextWaitlistRank(tx, editionYear)) : write(tx, input.status, null);
      })));
  if ("earlier" in outcome) return answerEarlier(app, outcome.earlier, registration, gateway);
  const { stored, written } = outcome;
  if (stored.status !== "pending_payment") app.outbox.kick();
  if (stored.status === "confirmed") app.campListsChanged();
  if (stored.status === "waiting") {
    // Behind others in line while a place is free: the job offers it to the first of them.
    app.waitlist.kick();
    return { kind: "waitlist" };
  }
  const answer = await answerFor(app, stored, gateway, firstPaymentReference(input.method, stored.orderId));
  return { ...answer, registrationId: written.id, ...(written.submissionToken ? { submissionToken: written.submissionToken } : {}) };
}

/** Case- and space-insensitive: "Kari  Nordmann" and "kari nordmann" are the same person here. */
export function personKey(firstName: string, lastName: string, telephone: string): string {
  const squash = (value: string) => value.toLocaleLowerCase("nb-NO").replace(/\s+/g, "");
  return `${squash(firstName)}|${squash(lastName)}|${squash(telephone)}`;
}

/**
 * The people (personKey) the edition's confirmed registrations pay for as companions: paying companions, not
 * themselves "already registered", still coming (a companion cancelled alone no longer covers anyone).
 */
export async function payingCompanionKeys(db: Pick<Db, "select">, editionYear: number): Promise<Set<string>> {
  const rows = await db
    .select({ firstName: campCompanionColumns.firstName, lastName: campCompanionColumns.lastName, telephone: campCompanionColumns.telephone })
    .from(eventPositions)
    .innerJoin(campRegistrations, eq(campRegistrations.id, eventPositions.orderId))
    .where(
      and(
        eq(campRegistrations.editionYear, editionYear),
        eq(campRegistrations.status, "confirmed"),
        eq(eventPositions.kind, "companion"),
        alreadyRegistered(false),
        isNull(eventPositions.cancelledAt),
      ),
    );
  return new Set(rows.map((row) => personKey(row.firstName, row.lastName, row.telephone)));
}

/**
 * A companion ticked "allerede påmeldt" is not charged, so it must be a paying companion (not itself
 * "already registered") of a confirmed registration of this edition, found by name and telephone.
 */
export async function verifyAlreadyRegisteredCompanions(db: Db, editionYear: number, registration: CampRegistration, path = ""): Promise<void> {
  const claimed = registration.ledsagere.map((companion, index) => ({ companion, index })).filter(({ companion }) => companion.alreadyRegistered);
  if (claimed.length === 0) return;
  const keys = await payingCompanionKeys(db, editionYear);
  for (const { companion, index } of claimed) {
    if (!keys.has(personKey(companion.firstName, companion.lastName, companion.telephone))) {
      throw new CampInputError(
        `${path}ledsagere.${index}.alreadyRegistered`,
        campInputMessages.companionNotFound(`${companion.firstName} ${companion.lastName}`),
      );
    }
  }
}
