import { createContext, useContext, type ReactNode } from "react";
import { seedSiteContent } from "../../shared/site/site-content-seed.ts";
import type { SiteContent } from "../../shared/site/site-content.ts";
import { defaultPrivacyFacts, type PrivacyFacts } from "../../shared/site/privacy-facts.ts";

const SiteContentContext = createContext<SiteContent>(seedSiteContent);
const PrivacyFactsContext = createContext<PrivacyFacts>(defaultPrivacyFacts);

/**
 * The facts the club edits in «Nettsted» for the pages below it: the root gives what the server rendered
 * with, the admin's preview a draft.
 */
export function SiteContentProvider({ content, privacy, children }: { content: SiteContent; privacy?: PrivacyFacts; children: ReactNode }) {
  const inner = <SiteContentContext.Provider value={content}>{children}</SiteContentContext.Provider>;
  return privacy ? <PrivacyFactsContext.Provider value={privacy}>{inner}</PrivacyFactsContext.Provider> : inner;
}

/** The server's retention periods and processors, for /personvern. */
export function usePrivacyFacts(): PrivacyFacts {
  return useContext(PrivacyFactsContext);
}

export function useSiteContent(): SiteContent {
  return useContext(SiteContentContext);
}

/** The club's contact details (the footer, the forms' "write to us", the contact page). */
export function useClubContact(): SiteContent["kontakt"] {
  return useContext(SiteContentContext).kontakt;
}
