import { sql } from "drizzle-orm";
import { SEED_CLUBS } from "../../shared/camp/seed-clubs.ts";
import { SEED_GRADES } from "../../shared/camp/seed-grades.ts";
import type { Db } from "./database.ts";
import { forgetReferenceData } from "./reference-data.ts";
import { clubs } from "./schema/clubs.ts";
import { grades } from "./schema/grades.ts";

/**
 * Upserts the reference lists on every start, so a corrected name in the seed files reaches the database.
 * Rows that left the lists stay: registrations may still point at them.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insert(clubs)
    .values([...SEED_CLUBS])
    .onConflictDoUpdate({ target: clubs.clubId, set: { name: sql`excluded.name` } });
  await db
    .insert(grades)
    .values([...SEED_GRADES])
    .onConflictDoUpdate({
      target: grades.gradeId,
      set: { name: sql`excluded.name`, grade: sql`excluded.grade`, isDan: sql`excluded.is_dan` },
    });
  forgetReferenceData(db);
}
