/** Set by vite.config.ts from the shared camp edition rules. */
declare const __CAMP_YEAR__: number;
