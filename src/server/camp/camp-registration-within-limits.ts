import type { Db } from "../db/database.ts";
import { WriteBatcher } from "../db/write-batcher.ts";
import type { PlaceLimits } from "../events/event-places.ts";
import { campPlaces, campPlacesTaken, lockEditionPlaces } from "./camp-places.ts";
import { idOf, writeAll, type StatementResult, type StatementValues } from "./camp-registration-statement.ts";

/**
 * Registrations for an edition with a capacity (or a sleepover capacity and a sleeper), when several arrive
 * at once: one transaction per batch takes the edition's lock, asks the database's count once, and writes in one
 * statement those that fit, oldest first, each counting the places of those before it. One that does not fit
 * is not decided here: `NoPlaceInBatch` sends it to the exact path of one registration per transaction
 * (camp-registrations.ts), which puts it on the waiting list or refuses its sleepover. Counting the places is
 * a query over the edition's rows under a lock, so paying for it once per batch instead of once per
 * registration is what keeps a camp with a capacity close to one without.
 */
export type { PlaceLimits };

/** Thrown for a registration that found no free place in its batch: decide it alone. */
export class NoPlaceInBatch extends Error {
  constructor() {
    super("No free place in this batch: decide alone");
  }
}

interface Limited {
  values: StatementValues;
  limits: PlaceLimits;
  now: Date;
}

type LimitedResult = StatementResult | "no-place";

/** Writes one registration within its edition's limits, with those that arrive with it. */
export async function writeWithinLimits(db: Db, values: StatementValues, limits: PlaceLimits, now: Date): Promise<number | undefined> {
  const result = await placesBatcher(db, Number(values.registration.editionYear)).write({ values, limits, now });
  if (result === "no-place") throw new NoPlaceInBatch();
  return idOf(result);
}

async function writeBatch(db: Db, editionYear: number, batch: readonly Limited[]): Promise<LimitedResult[]> {
  return db.transaction(async (tx) => {
    await lockEditionPlaces(tx, editionYear);
    const now = batch[0]!.now;
    // The largest capacities of the batch (they are one edition's; an edit may land between two): what is taken up
    // to them is what each one's own capacities are compared with.
    const largest = (of: (limits: PlaceLimits) => number | null) => {
      const all = batch.flatMap((item) => (of(item.limits) === null ? [] : [of(item.limits)!]));
      return all.length > 0 ? Math.max(...all) : null;
    };
    const capacity = largest((limits) => limits.capacity);
    const sleepoverCapacity = largest((limits) => limits.sleepoverCapacity);
    // Those already in line for an offer come first: a place (and a sleepover place) freed a moment ago is theirs
    // (the count leaves it to them).
    const places = await campPlaces(tx, editionYear, { capacity, sleepoverCapacity }, now);
    let taken = campPlacesTaken(places, capacity);
    let sleepersTaken = sleepoverCapacity === null || places.sleepoversOpen === null ? 0 : sleepoverCapacity - places.sleepoversOpen;
    const fits = batch.map(({ values, limits }) => {
      const sleeps = values.registration.sleepover === true;
      if (limits.capacity !== null && taken >= limits.capacity) return false;
      if (sleeps && limits.sleepoverCapacity !== null && sleepersTaken >= limits.sleepoverCapacity) return false;
      taken++;
      if (sleeps) sleepersTaken++;
      return true;
    });
    const fitting = batch.filter((_, index) => fits[index]).map((item) => item.values);
    const written = fitting.length > 0 ? await writeAll(tx, fitting) : [];
    return fits.map((fit) => (fit ? written.shift()! : "no-place"));
  });
}

/** One batcher per database and edition: a batch shares one lock and one count. */
const batchers = new WeakMap<Db, Map<number, WriteBatcher<Limited, LimitedResult>>>();

export function placesBatcher(db: Db, editionYear: number): WriteBatcher<Limited, LimitedResult> {
  let byEdition = batchers.get(db);
  if (!byEdition) batchers.set(db, (byEdition = new Map()));
  let batcher = byEdition.get(editionYear);
  if (!batcher) {
    batcher = new WriteBatcher<Limited, LimitedResult>({
      write: (batch) => writeBatch(db, editionYear, batch),
      maxBatch: 32,
      // The edition's lock lets one batch count at a time anyway; another in flight would hold a connection waiting.
      concurrency: 1,
      key: ({ values }) => String(values.registration.draftId),
    });
    byEdition.set(editionYear, batcher);
  }
  return batcher;
}
