import { createContext, useContext, type ReactNode } from "react";
import { campEditionForYear, type CampEdition } from "../../shared/camp/camp-edition.ts";

/** The edition this build was made for (see vite.config.ts). */
export const campEdition = campEditionForYear(__CAMP_YEAR__);

const CampEditionContext = createContext<CampEdition>(campEdition);

/**
 * Gives the pages below it another edition than the build's: the camp admin previews an edition this way,
 * and the server renders the pages for the current edition in the database.
 */
export function CampEditionProvider({ edition, children }: { edition: CampEdition; children: ReactNode }) {
  return <CampEditionContext.Provider value={edition}>{children}</CampEditionContext.Provider>;
}

/** The edition a camp page shows. */
export function useCampEdition(): CampEdition {
  return useContext(CampEditionContext);
}
