import { defineConfig } from "vitest/config";

/**
 * `npm run test:reliability` (run by .ci/run after `npm test`): crash safety and scale-out against the real
 * server in child processes (tests/reliability/**). One file at a time: each one loads the whole machine.
 */
export default defineConfig({
  test: {
    include: ["tests/reliability/**/*.test.ts"],
    globalSetup: ["./tests/reliability/support/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
