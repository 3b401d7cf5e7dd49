import { asc } from "drizzle-orm";
import type { Club, Grade } from "../../shared/camp/grades.ts";
import { compareNorwegian } from "../../shared/format.ts";
import type { Db } from "./database.ts";
import { clubs } from "./schema/clubs.ts";
import { grades } from "./schema/grades.ts";

/** Clubs and grades as the database holds them, for lookups without a query. */
export interface ReferenceData {
  /** In Norwegian order (Æ, Ø, Å last, whatever collations the database has): the registration's club picker. */
  clubs: readonly Club[];
  clubById: ReadonlyMap<number, Club>;
  /** By id: the grade picker. */
  grades: readonly Grade[];
  gradeById: ReadonlyMap<number, Grade>;
}

const cache = new WeakMap<Db, Promise<ReferenceData>>();

/**
 * The clubs and grades of `db`, read once and then kept in memory: they are static reference data, upserted
 * from src/shared/camp/seed-*.ts at start-up (seed.ts forgets the copy when it seeds). Every registration
 * checks its club and grade and prices its grade against them, so this saves two queries per registration.
 * Several processes on one PostgreSQL database each keep their own copy, read after their own seeding at
 * start; the lists change only with a deploy, which restarts every process.
 */
export function referenceData(db: Db): Promise<ReferenceData> {
  let loaded = cache.get(db);
  if (!loaded) {
    loaded = loadReferenceData(db);
    cache.set(db, loaded);
    // A failed read (database down) is not kept: the next request asks again.
    loaded.catch(() => {
      if (cache.get(db) === loaded) cache.delete(db);
    });
  }
  return loaded;
}

/** After the lists were written (seeding): the next `referenceData(db)` reads them again. */
export function forgetReferenceData(db: Db): void {
  cache.delete(db);
}

async function loadReferenceData(db: Db): Promise<ReferenceData> {
  const [clubRows, gradeRows] = [
    await db.select({ clubId: clubs.clubId, name: clubs.name }).from(clubs),
    await db
      .select({ gradeId: grades.gradeId, name: grades.name, grade: grades.grade, isDan: grades.isDan })
      .from(grades)
      .orderBy(asc(grades.gradeId)),
  ];
  const sortedClubs = Object.freeze(clubRows.map((club) => Object.freeze(club)).sort((a, b) => compareNorwegian(a.name, b.name)));
  const sortedGrades = Object.freeze(gradeRows.map((grade) => Object.freeze(grade)));
  return {
    clubs: sortedClubs,
    clubById: new Map(sortedClubs.map((club) => [club.clubId, club])),
    grades: sortedGrades,
    gradeById: new Map(sortedGrades.map((grade) => [grade.gradeId, grade])),
  };
}
