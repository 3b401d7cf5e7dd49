import { campEditionFromData, standardEditionData } from "../../shared/camp/camp-edition-data.ts";
import type { CampEditionData } from "../../shared/camp/camp-edition-schema.ts";
import { editionHasEnded } from "../../shared/camp/camp-edition-phase.ts";
import { osloCalendarDate } from "../../shared/time.ts";
import type { CampEdition } from "../../shared/camp/camp-edition.ts";
import type { Db } from "../db/database.ts";
import { loadCurrentEdition, loadEdition } from "./camp-editions.ts";

/**
 * The stored edition of `year`: what a registration of that year was made under and what its mails,
 * refunds and retention follow. A year without a row (registrations older than the editions table) has
 * the club's usual settings.
 */
export async function editionDataForYear(db: Pick<Db, "select">, year: number): Promise<CampEditionData> {
  return (await loadEdition(db, year))?.data ?? standardEditionData(year);
}

/** The rule functions' edition (pricing, refund, texts) of a registration's year, from its stored row. */
export async function campEditionOfYear(db: Pick<Db, "select">, year: number): Promise<CampEdition> {
  return campEditionFromData(await editionDataForYear(db, year));
}

/** The year of «the» camp at `now` (the admin's default), or undefined when no edition is published. */
export async function currentEditionYear(db: Pick<Db, "select">, now: Date): Promise<number | undefined> {
  return (await loadCurrentEdition(db, now))?.data.year;
}

/** An admin call's `?year=` (2000–2100), else «the» camp's year (without one: this calendar year's). */
export async function requestedEditionYear(db: Pick<Db, "select">, now: Date, query: unknown): Promise<number> {
  return yearOfQuery(query) ?? (await currentEditionYear(db, now)) ?? osloCalendarDate(now).year;
}

/** A request's `?year=` when it is a year 2000–2100, else undefined (the caller's default applies). */
export function yearOfQuery(query: unknown): number | undefined {
  const year = Number((query as { year?: unknown } | undefined)?.year);
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : undefined;
}

/** «The» camp's edition at `now` (camp-edition-phase.ts), or undefined when no edition is published. */
export async function currentEditionData(db: Pick<Db, "select">, now: Date): Promise<CampEditionData | undefined> {
  return (await loadCurrentEdition(db, now))?.data;
}

/** True once the edition's last day is over (midnight Oslo after it). */
export const editionIsOver = editionHasEnded;
