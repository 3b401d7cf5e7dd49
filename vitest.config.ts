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
  },
});
