import { addDays, startOfOsloDay } from "../time.ts";
import type { SiteContent } from "./site-content.ts";

/** "2026-12-24" as a calendar day. */
function calendarDate(iso: string) {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return { year, month, day };
}

/** The home page's notice while it is shown: until midnight (Oslo) at the end of its last day, then null. */
export function noticeShownAt(frontPage: SiteContent["forside"], at: Date): SiteContent["forside"]["notice"] {
  const notice = frontPage.notice;
  if (!notice) return null;
  return at.getTime() < startOfOsloDay(addDays(calendarDate(notice.until), 1)).getTime() ? notice : null;
}
