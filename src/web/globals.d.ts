/** Set by vite.config.ts from the shared camp edition rules. */
declare const __CAMP_YEAR__: number;
/** When this build was made (ISO 8601). */
declare const __BUILD_TIME__: string;
