import { defineConfig } from "vitest/config";
import { resolveCampEdition } from "./src/shared/camp/camp-edition.ts";

export default defineConfig({
  define: {
    __CAMP_YEAR__: JSON.stringify(resolveCampEdition(new Date()).year),
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  test: {
    include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    setupFiles: ["./src/test-setup.ts"],
    restoreMocks: true,
    // Each database test file starts its own PGlite (WebAssembly) or PostgreSQL database; on a busy 2-core
    // machine that can take well over the default 10 s. These are limits against hangs, not speed checks.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
