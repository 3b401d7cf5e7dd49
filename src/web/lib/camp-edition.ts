import { campEditionForYear } from "../../shared/camp/camp-edition.ts";

/** The edition this build was made for (see vite.config.ts). */
export const campEdition = campEditionForYear(__CAMP_YEAR__);
