import { asc } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedSiteContent } from "../../shared/site/site-content-seed.ts";
import type { Database } from "../db/database.ts";
import { siteChanges } from "../db/schema/site-content.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { pruneSiteChanges, siteChangeRetention } from "./site-change-retention.ts";
import { listSiteChanges, putSiteSection, siteSectionVersions, undoSiteChange } from "./site-content-store.ts";

const dayMs = 24 * 60 * 60_000;
const start = new Date("2024-01-10T10:00:00Z");

/** The notice section with a text of its own, so each save is a change. */
const notice = (text: string) => ({ ...seedSiteContent.forside, notice: { text, until: "2030-01-01" } });

describe.each(databaseKinds)("the site's change log is pruned on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.delete(siteChanges);
  });

  it("keeps each section's latest 50 and nothing older than two years but the section's latest change", async () => {
    // 55 changes to the home page's notice, one a day; one change to the contact page at the start.
    await putSiteSection(database.db, "kontakt", { ...seedSiteContent.kontakt, general: "styret@example.no" }, "redaktor", start);
    for (let i = 0; i < 55; i++)
      await putSiteSection(database.db, "forside", notice(`Melding ${i}`), "redaktor", new Date(start.getTime() + i * dayMs));
    const versions = await siteSectionVersions(database.db);

    expect(await pruneSiteChanges(database.db, new Date(start.getTime() + 100 * dayMs))).toBe(5);
    const left = await database.db.select().from(siteChanges).orderBy(asc(siteChanges.id));
    expect(left.filter((row) => row.section === "forside")).toHaveLength(siteChangeRetention.perSection);
    expect(left.filter((row) => row.section === "forside")[0]?.after).toEqual(notice("Melding 5"));
    // The pages are rendered for the same versions, and the latest change can still be undone.
    expect(await siteSectionVersions(database.db)).toEqual(versions);

    // Three years on: each section keeps only its latest change, which still undoes.
    const later = new Date(start.getTime() + 3 * 365 * dayMs);
    expect(await pruneSiteChanges(database.db, later)).toBe(siteChangeRetention.perSection - 1);
    expect((await listSiteChanges(database.db)).map((change) => [change.section, change.undoable])).toEqual([
      ["forside", true],
      ["kontakt", true],
    ]);
    await undoSiteChange(database.db, versions.forside, "redaktor", later);
    expect(await pruneSiteChanges(database.db, later)).toBe(1);
  });

  it("never deletes a section's latest change and never keeps more than the rule allows (any history)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ section: fc.constantFrom("forside" as const, "kontakt" as const), daysLater: fc.integer({ min: 0, max: 30 }) }), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 1, max: 4 }),
        async (saves, pruneAfterDays, perSection) => {
          await database.db.delete(siteChanges);
          let at = start.getTime();
          for (const [i, save] of saves.entries()) {
            at += save.daysLater * dayMs;
            const data = save.section === "forside" ? notice(`Melding ${i}`) : { ...seedSiteContent.kontakt, general: `post${i}@example.no` };
            await putSiteSection(database.db, save.section, data, "redaktor", new Date(at));
          }
          const before = await siteSectionVersions(database.db);
          const now = new Date(at + pruneAfterDays * dayMs);
          await pruneSiteChanges(database.db, now, { perSection, years: 2 });
          expect(await siteSectionVersions(database.db)).toEqual(before);
          const rows = await database.db.select().from(siteChanges);
          const cutoff = new Date(now);
          cutoff.setUTCFullYear(cutoff.getUTCFullYear() - 2);
          for (const section of ["forside", "kontakt"]) {
            const own = rows.filter((row) => row.section === section).sort((a, b) => b.id - a.id);
            expect(own.length).toBeLessThanOrEqual(perSection);
            expect(own.slice(1).every((row) => row.changedAt >= cutoff)).toBe(true);
          }
        },
      ),
      { numRuns: 15 },
    );
  });
});
