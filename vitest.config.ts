import { defineConfig } from "vitest/config";
import { EnvironmentGroupsSequencer } from "./vitest.sequencer.ts";

/**
 * The shared rules (src/shared) cannot reach a database: the import boundaries forbid it. Their tests, and the
 * scripts' own, form a project without the database set-up, so running one of them alone takes a moment.
 */
const withoutDatabase = ["src/shared/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"];

export default defineConfig({
  test: {
    setupFiles: ["./src/test-setup.ts"],
    restoreMocks: true,
    // Two files at a time on the 2-core machine, and each worker keeps the modules it has imported from one
    // file to the next: most of a file's time was importing the server again (473 → 263 s, docs/benchmarks.md).
    // Safe because no test mocks a module and every test file builds its own app and gets a database holding only
    // the template's rows; a test that needs a fresh module graph would say so in its own file.
    maxWorkers: 2,
    isolate: false,
    // A worker goes on to the next file only if it has the same environment: the files of one run together.
    sequence: { sequencer: EnvironmentGroupsSequencer },
    // A cheap scrypt cost for the tests' password hashes (production keeps 2^15; password-hash.ts).
    env: { TEST_PASSWORD_HASH_N: "1024" },
    // Each database test file starts its own PGlite (WebAssembly) or PostgreSQL database; on a busy 2-core
    // machine that can take over the default 10 s. These are limits against hangs, not speed checks.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    projects: [
      { extends: true, test: { name: "rules", include: withoutDatabase } },
      {
        extends: true,
        test: {
          name: "app",
          include: ["src/**/*.test.{ts,tsx}", "tests/upgrade/**/*.test.ts"],
          exclude: withoutDatabase,
          // Migrates a PGlite and a PostgreSQL database once, and only when a file of this project runs; each test
          // file copies them (test-support/database.ts), and a copy a file has closed is emptied and handed to the
          // worker's next file (kept-databases.ts).
          globalSetup: ["./src/server/test-support/database-templates.global.ts"],
        },
      },
    ],
  },
});
