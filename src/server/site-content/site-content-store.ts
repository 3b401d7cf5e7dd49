import { isDeepStrictEqual } from "node:util";
import { desc, eq, max, sql } from "drizzle-orm";
import { describeSiteChange } from "../../shared/site/site-change-summary.ts";
import { seedSiteContent } from "../../shared/site/site-content-seed.ts";
import {
  siteMessages,
  siteSectionNames,
  siteSectionSchemas,
  type SiteChange,
  type SiteContent,
  type SiteSectionName,
} from "../../shared/site/site-content.ts";
import type { Db } from "../db/database.ts";
import { siteChanges, siteSections } from "../db/schema/site-content.ts";
import { HttpError } from "../errors.ts";

/** The site's facts and, per section, the id of its latest change (0 before any): pages depend on these. */
export interface SiteContentSnapshot {
  content: SiteContent;
  versions: Record<SiteSectionName, number>;
}

/**
 * A fresh database gets today's facts; a section added to the code later gets its seed on the next start.
 * Never overwrites what the club has stored. Safe when two processes start together.
 */
export async function seedSiteSections(db: Db, now: Date): Promise<void> {
  await db
    .insert(siteSections)
    .values(siteSectionNames.map((section) => ({ section, data: seedSiteContent[section], updatedAt: now, updatedBy: "system" })))
    .onConflictDoNothing();
}

/** The latest change id per section: one small indexed query, asked every couple of seconds by every process. */
export async function siteSectionVersions(db: Db): Promise<Record<SiteSectionName, number>> {
  const rows = await db
    .select({ section: siteChanges.section, id: max(siteChanges.id) })
    .from(siteChanges)
    .groupBy(siteChanges.section);
  const versions = Object.fromEntries(siteSectionNames.map((name) => [name, 0])) as Record<SiteSectionName, number>;
  for (const row of rows) if (row.section in versions) versions[row.section as SiteSectionName] = row.id ?? 0;
  return versions;
}

/**
 * Every section as stored. A stored section that the current schema no longer reads (a field added since)
 * is read with the seed's values under it, so a page never fails on old data.
 */
export async function loadSiteContent(db: Db): Promise<SiteContent> {
  const rows = await db.select({ section: siteSections.section, data: siteSections.data }).from(siteSections);
  const content = { ...seedSiteContent } as Record<SiteSectionName, unknown>;
  for (const row of rows) {
    if (!(siteSectionNames as string[]).includes(row.section)) continue;
    const name = row.section as SiteSectionName;
    const parsed = siteSectionSchemas[name].safeParse(row.data);
    content[name] = parsed.success
      ? parsed.data
      : (siteSectionSchemas[name].safeParse({ ...(seedSiteContent[name] as object), ...(row.data as object) }).data ?? seedSiteContent[name]);
  }
  return content as SiteContent;
}

export async function loadSiteSnapshot(db: Db): Promise<SiteContentSnapshot> {
  const [versions, content] = await Promise.all([siteSectionVersions(db), loadSiteContent(db)]);
  return { content, versions };
}

type ChangeRow = typeof siteChanges.$inferSelect;

function toView(row: ChangeRow, undoneBy: number | null, latestOfSection: boolean): SiteChange {
  return {
    id: row.id,
    section: row.section as SiteSectionName,
    changedAt: row.changedAt.toISOString(),
    changedBy: row.changedBy,
    summary: describeSiteChange(row.section as SiteSectionName, row.before, row.after),
    undoOf: row.undoOf,
    undoneBy,
    undoable: latestOfSection && undoneBy === null,
  };
}

/** Two editors saving the same section at once take turns, so "before" is always what the change replaced. */
async function lockSite(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('site_sections'))`);
}

async function replaceSection(
  tx: Db,
  section: SiteSectionName,
  data: unknown,
  by: string,
  now: Date,
  undoOf: number | null,
): Promise<ChangeRow | undefined> {
  const [current] = await tx.select({ data: siteSections.data }).from(siteSections).where(eq(siteSections.section, section));
  const before = current?.data ?? seedSiteContent[section];
  // jsonb keeps keys in its own order: compare values, not text.
  if (isDeepStrictEqual(before, data)) return undefined;
  await tx
    .insert(siteSections)
    .values({ section, data, updatedAt: now, updatedBy: by })
    .onConflictDoUpdate({ target: siteSections.section, set: { data, updatedAt: now, updatedBy: by } });
  const [row] = await tx.insert(siteChanges).values({ section, before, after: data, changedAt: now, changedBy: by, undoOf }).returning();
  return row;
}

/**
 * Stores a section sent whole (checked with the section's schema: a ZodError is a 400 and nothing is
 * stored) and logs the change. An unchanged section logs nothing (`change` is null).
 */
export async function putSiteSection(db: Db, section: SiteSectionName, body: unknown, by: string, now: Date) {
  const data = siteSectionSchemas[section].parse(body);
  const row = await db.transaction(async (tx) => {
    await lockSite(tx);
    return replaceSection(tx, section, data, by, now, null);
  });
  return { section, data, change: row ? toView(row, null, true) : null };
}

/** The change log, newest first (the latest 200). */
export async function listSiteChanges(db: Db): Promise<SiteChange[]> {
  const rows = await db.select().from(siteChanges).orderBy(desc(siteChanges.id)).limit(200);
  const undoneBy = new Map(rows.filter((row) => row.undoOf !== null).map((row) => [row.undoOf!, row.id]));
  const latest = new Set<string>();
  return rows.map((row) => {
    const first = !latest.has(row.section);
    latest.add(row.section);
    return toView(row, undoneBy.get(row.id) ?? null, first);
  });
}

/**
 * «Angre»: puts the section back as it was before the change, logged as a change of its own. Only the
 * latest change of a section can be undone (a later one was made on top of it); an undo can itself be undone.
 */
export async function undoSiteChange(db: Db, changeId: number, by: string, now: Date) {
  return db.transaction(async (tx) => {
    await lockSite(tx);
    const [change] = await tx.select().from(siteChanges).where(eq(siteChanges.id, changeId));
    if (!change) throw new HttpError(404, siteMessages.unknownChange);
    const [latest] = await tx
      .select({ id: siteChanges.id })
      .from(siteChanges)
      .where(eq(siteChanges.section, change.section))
      .orderBy(desc(siteChanges.id))
      .limit(1);
    const [undo] = await tx.select({ id: siteChanges.id }).from(siteChanges).where(eq(siteChanges.undoOf, changeId)).limit(1);
    if (undo) throw new HttpError(409, siteMessages.alreadyUndone);
    if (latest?.id !== change.id) throw new HttpError(409, siteMessages.laterChange);
    const section = change.section as SiteSectionName;
    const row = await replaceSection(tx, section, change.before, by, now, change.id);
    if (!row) throw new HttpError(409, siteMessages.alreadyUndone);
    return { section, data: change.before, change: toView(row, null, true) };
  });
}
