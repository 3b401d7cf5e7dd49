import { and, asc, count, desc, eq, isNotNull } from "drizzle-orm";
import {
  comingSeasonYear,
  copyEditionData,
  registrationStateAt,
  standardEditionData,
  withEditionDefaults,
} from "../../shared/camp/camp-edition-data.ts";
import { chooseTheCamp, editionHasEnded, editionPhase } from "../../shared/camp/camp-edition-phase.ts";
import { CampEditionDataSchema, type CampEditionData } from "../../shared/camp/camp-edition-schema.ts";
import { fieldChanges } from "../../shared/change-log.ts";
import type { Db } from "../db/database.ts";
import { referenceData } from "../db/reference-data.ts";
import {
  campEditionOfDefinition,
  campEventDefinition,
  campEventKind,
  campEventSlug,
  type CampEventDefinition,
} from "../../shared/events/event-kinds.ts";
import { eventChanges, events } from "../db/schema/events.ts";
import { HttpError } from "../errors.ts";
import { campEventOfYear, campEvents } from "./camp-events.ts";
import { campPlaces, campPlacesTaken } from "./camp-places.ts";

export interface StoredEdition {
  data: CampEditionData;
  publishedAt: Date | null;
  version: number;
  updatedAt: Date;
}

/**
 * A fresh install gets the coming season's edition with the club's usual settings, published (so it is «the» camp),
 * so the site has an open camp at once. Once any edition exists nothing is added by itself: opening the
 * next camp is the club's decision. Safe when two processes start together (the second insert is a no-op).
 */
export async function ensureCampEdition(db: Db, now: Date, pinnedYear?: number): Promise<void> {
  const [{ editions }] = (await db.select({ editions: count() }).from(events).where(campEvents)) as [{ editions: number }];
  if (editions > 0) return;
  const data = standardEditionData(pinnedYear ?? comingSeasonYear(now));
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(events)
      .values({ ...campEventValues(data), publishedAt: now, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: events.id });
    if (inserted.length > 0) {
      await tx
        .insert(eventChanges)
        .values({ eventId: inserted[0]!.id, changedAt: now, account: "system", action: "created", changes: fieldChanges(undefined, data) });
    }
  });
}

/** An edition's columns in the events table. */
export function campEventValues(data: CampEditionData) {
  return { slug: campEventSlug(data.year), kind: campEventKind, definition: campEventDefinition(data), lastDay: data.lastDay };
}

/** The stored edition of a row of kind «vinterleir». */
export function storedEdition(row: typeof events.$inferSelect): StoredEdition {
  return {
    data: withEditionDefaults(campEditionOfDefinition(row.definition as CampEventDefinition)),
    publishedAt: row.publishedAt,
    version: row.version,
    updatedAt: row.updatedAt,
  };
}

/** Every published edition (the table holds one row per year, so this stays small). */
export async function loadPublishedEditions(db: Pick<Db, "select">): Promise<StoredEdition[]> {
  return (
    await db
      .select()
      .from(events)
      .where(and(campEvents, isNotNull(events.publishedAt)))
      .orderBy(asc(events.slug))
  ).map(storedEdition);
}

/** «The» winter camp at `now` (camp-edition-phase.ts: the earliest published edition not yet ended). */
export async function loadCurrentEdition(db: Pick<Db, "select">, now: Date): Promise<StoredEdition | undefined> {
  return chooseTheCamp(await loadPublishedEditions(db), now);
}

/** The edition of `year`, published or not. */
export async function loadEdition(db: Pick<Db, "select">, year: number): Promise<StoredEdition | undefined> {
  const [row] = await db.select().from(events).where(campEventOfYear(year));
  return row ? storedEdition(row) : undefined;
}

export async function listEditions(db: Db): Promise<StoredEdition[]> {
  return (await db.select().from(events).where(campEvents).orderBy(desc(events.slug))).map(storedEdition);
}

export async function listEditionChanges(db: Db, year: number) {
  return db
    .select({
      changedAt: eventChanges.changedAt,
      account: eventChanges.account,
      action: eventChanges.action,
      changes: eventChanges.changes,
    })
    .from(eventChanges)
    .innerJoin(events, eq(events.id, eventChanges.eventId))
    .where(campEventOfYear(year))
    .orderBy(asc(eventChanges.id));
}

/**
 * A published edition as visitors see it, with its registration state, places left and where the camp stands
 * (before, under way, over): «the» camp, or the
 * published edition of `year` (undefined for a draft or a year without an edition).
 */
export async function currentEditionView(db: Db, now: Date, year?: number) {
  const current = year === undefined ? await loadCurrentEdition(db, now) : await loadEdition(db, year);
  if (!current?.publishedAt) return undefined;
  const { capacity, sleepoverCapacity } = current.data;
  // The database's count, the one every registration is decided by: those in line for an offer take a freed place first.
  const places = await campPlaces(db, current.data.year, current.data, now);
  const { state, placesLeft } = registrationStateAt(current.data, now, campPlacesTaken(places, capacity));
  const sleepoverPlacesLeft = sleepoverCapacity === null ? null : Math.max(0, places.sleepoversOpen ?? 0);
  return { ...current.data, state, placesLeft, sleepoverPlacesLeft, phase: editionPhase(current.data, now) };
}

/**
 * The published editions a family can register for now, oldest first: not ended, and their registration
 * window open (`open`, or `full` with a waiting list). Usually one; two when next year's camp opens while
 * this year's still takes registrations. The wizard asks which camp when there is more than one.
 */
export async function openEditionViews(db: Db, now: Date) {
  const views = [];
  for (const edition of await loadPublishedEditions(db)) {
    if (editionHasEnded(edition.data, now)) continue;
    const view = await currentEditionView(db, now, edition.data.year);
    if (view && (view.state === "open" || view.state === "full")) views.push(view);
  }
  return views;
}

type Patch = { [key: string]: unknown };

/** A field left out keeps its value; nested objects merge field by field; arrays are replaced whole. */
function mergePatch(base: unknown, patch: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(patch)) return patch === undefined ? base : patch;
  const merged: Patch = { ...base };
  for (const [key, value] of Object.entries(patch)) merged[key] = mergePatch(base[key], value);
  return merged;
}

function isPlainObject(value: unknown): value is Patch {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What a new year starts from: the latest edition moved on by whole weeks (copyEditionData), or the usual settings. */
function startingPoint(latest: CampEditionData | undefined, year: number): CampEditionData {
  const data = latest && copyEditionData(latest, year);
  return data?.year === year ? data : standardEditionData(year);
}

/**
 * Creates or replaces the edition of `year` with `patch` merged over what is stored (or over a new year's
 * starting point), validates the result with the shared schema (400 with Norwegian messages, nothing
 * stored; fields the schema does not know, such as `state`, are dropped), and logs field by field what changed. Registrations are never re-priced: they keep their lines.
 */
export async function putEdition(db: Db, year: number, patch: unknown, account: string, now: Date): Promise<StoredEdition> {
  if (!isPlainObject(patch)) throw new HttpError(400, "Leiren må sendes som et JSON-objekt.");
  if (patch.year !== undefined && patch.year !== year) throw new HttpError(400, "Året i adressen og i leiren er ikke det samme.");
  const [existingRow] = await db.select().from(events).where(campEventOfYear(year));
  const existing = existingRow && storedEdition(existingRow);
  const base = existing?.data ?? startingPoint((await listEditions(db))[0]?.data, year);
  const data = CampEditionDataSchema.parse(mergePatch(base, { ...patch, year }));
  if (!(await referenceData(db)).clubById.has(data.homeClubId)) throw new HttpError(400, "Vertsklubben finnes ikke i klubblisten.");
  const changes = fieldChanges(existing?.data, data);
  if (existing && changes.length === 0) return existing;

  return db.transaction(async (tx) => {
    const [row] = existingRow
      ? await tx
          .update(events)
          .set({ ...campEventValues(data), version: existingRow.version + 1, updatedAt: now })
          .where(eq(events.id, existingRow.id))
          .returning()
      : await tx
          .insert(events)
          .values({ ...campEventValues(data), createdAt: now, updatedAt: now })
          .returning();
    await tx.insert(eventChanges).values({ eventId: row!.id, changedAt: now, account, action: existing ? "updated" : "created", changes });
    return storedEdition(row!);
  });
}

/**
 * «Kopier fra forrige gang»: a new draft edition of `toYear` from the stored edition of `fromYear`, every
 * date moved by whole weeks (52 for the next year) so weekdays stay, everything else kept. 404 without the
 * source, 409 when `toYear` already has an edition (a copy never overwrites), 400 when the moved dates do not
 * fall in `toYear` or fail the shared schema.
 */
export async function copyCampEdition(
  db: Db,
  fromYear: number,
  toYear: number,
  { account = "system", now = new Date() }: { account?: string; now?: Date } = {},
): Promise<StoredEdition> {
  const source = await loadEdition(db, fromYear);
  if (!source) throw new HttpError(404, `Det finnes ingen vinterleir for ${fromYear} å kopiere fra.`);
  if (await loadEdition(db, toYear)) throw new HttpError(409, `Vinterleiren ${toYear} finnes allerede. Åpne den under «Leirer» for å endre den.`);
  const data = CampEditionDataSchema.parse(copyEditionData(source.data, toYear));
  if (data.year !== toYear) throw new HttpError(400, `Datoene fra ${fromYear} flyttet med hele uker havner ikke i ${toYear}.`);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(events)
      .values({ ...campEventValues(data), createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new HttpError(409, `Vinterleiren ${toYear} finnes allerede. Åpne den under «Leirer» for å endre den.`);
    await tx.insert(eventChanges).values({
      eventId: row.id,
      changedAt: now,
      account,
      action: "copied",
      changes: [{ field: "copiedFrom", from: null, to: fromYear }, ...fieldChanges(undefined, data)],
    });
    return storedEdition(row);
  });
}
