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
