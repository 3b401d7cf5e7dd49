import { eq } from "drizzle-orm";
import { seedSiteContent } from "../../shared/site/site-content-seed.ts";
import { ContactSchema, type SiteContent } from "../../shared/site/site-content.ts";
import type { Db } from "../db/database.ts";
import { siteSections } from "../db/schema/site-content.ts";

export type ClubContact = SiteContent["kontakt"];

/**
 * The club's contact details as the club keeps them in «Nettsted», for a mail written now (one small query:
 * mails are rare, and a mail must name the address the site names). A stored row the schema cannot read
 * (never written by the server) falls back to the details a fresh database starts with.
 */
export async function loadClubContact(db: Db): Promise<ClubContact> {
  const [row] = await db.select({ data: siteSections.data }).from(siteSections).where(eq(siteSections.section, "kontakt"));
  const parsed = ContactSchema.safeParse(row?.data);
  return parsed.success ? parsed.data : seedSiteContent.kontakt;
}

/**
 * The address for a mail the club wants answers to or notices at: the configured one when set (a person who
 * is not the general contact), else the general address the club keeps in «Nettsted» now — so a volunteer
 * who changes the contact address there moves the answers too.
 */
export async function clubAddress(db: Db, configured: string | undefined): Promise<string> {
  return configured ?? (await loadClubContact(db)).general;
}
