import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { resolveCampEdition } from "./src/shared/camp/camp-edition.ts";

// The camp year is fixed at build time so prerendered HTML and the browser agree;
// `npm start` rebuilds when the coming season changes (scripts/start.mjs).
const campYear = resolveCampEdition(new Date(), Number(process.env.CAMP_YEAR) || undefined).year;

export default defineConfig({
  plugins: [reactRouter()],
  publicDir: "content/public",
  define: {
    __CAMP_YEAR__: JSON.stringify(campYear),
    // Time-dependent text (the early-bird banner) is prerendered as of the build, then rechecked in the browser.
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  build: {
    assetsInlineLimit: 2048,
  },
});
