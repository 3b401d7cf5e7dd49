import { eq } from "drizzle-orm";
import { campEditionFromData, parseCalendarDate, standardEditionData } from "../../shared/camp/camp-edition-data.ts";
import type { CampEditionData } from "../../shared/camp/camp-edition-schema.ts";
import { addDays, osloCalendarDate, startOfOsloDay } from "../../shared/time.ts";
import type { CampEdition } from "../../shared/camp/camp-edition.ts";
import type { Db } from "../db/database.ts";
import { campEditions } from "../db/schema/camp-editions.ts";

/**
 * The stored edition of `year`: what a registration of that year was made under and what its mails,
 * refunds and retention follow. A year without a row (registrations older than the editions table) has
 * the club's usual settings.
 */
export async function editionDataForYear(db: Pick<Db, "select">, year: number): Promise<CampEditionData> {
  const [row] = await db.select({ data: campEditions.data }).from(campEditions).where(eq(campEditions.year, year));
  return row?.data ?? standardEditionData(year);
}

/** The rule functions' edition (pricing, refund, texts) of a registration's year, from its stored row. */
export async function campEditionOfYear(db: Pick<Db, "select">, year: number): Promise<CampEdition> {
  return campEditionFromData(await editionDataForYear(db, year));
}

/** The year of the current edition (the admin's default), or undefined when there is none. */
export async function currentEditionYear(db: Pick<Db, "select">): Promise<number | undefined> {
  return (await currentEditionData(db))?.year;
}

/** An admin call's `?year=` (2000–2100), else the current edition's year (without one: this calendar year's). */
export async function requestedEditionYear(db: Pick<Db, "select">, now: Date, query: unknown): Promise<number> {
  const year = Number((query as { year?: unknown } | undefined)?.year);
  if (Number.isInteger(year) && year >= 2000 && year <= 2100) return year;
  return (await currentEditionYear(db)) ?? osloCalendarDate(now).year;
}

export async function currentEditionData(db: Pick<Db, "select">): Promise<CampEditionData | undefined> {
  const [row] = await db.select({ data: campEditions.data }).from(campEditions).where(eq(campEditions.isCurrent, true));
  return row?.data;
}

/** True once the edition's last day is over (midnight Oslo after it). */
export function editionIsOver(data: Pick<CampEditionData, "lastDay">, now: Date): boolean {
  const lastDay = parseCalendarDate(data.lastDay);
  return lastDay !== undefined && now.getTime() >= startOfOsloDay(addDays(lastDay, 1)).getTime();
}
