import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";

/**
 * How much of the site's change log is kept (docs/decisions/0027): per section the latest 50 changes, and
 * none older than two years — except each section's latest change, which always stays (it is what «Angre»
 * undoes and the version the pages are rendered for).
 */
export const siteChangeRetention = { perSection: 50, years: 2 } as const;

/** Deletes the changes past the retention in one statement (idempotent: a second process finds nothing). Answers how many. */
export async function pruneSiteChanges(
  db: Pick<Db, "execute">,
  now: Date,
  rule: { perSection: number; years: number } = siteChangeRetention,
): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - rule.years);
  const gone = await db.execute<{ id: number }>(sql`
    delete from site_changes c
     using (select id, row_number() over (partition by section order by id desc) as rank from site_changes) r
     where c.id = r.id
       and r.rank > 1
       and (r.rank > ${rule.perSection} or c.changed_at < ${cutoff.toISOString()}::timestamptz)
    returning c.id`);
  return gone.rows.length;
}
