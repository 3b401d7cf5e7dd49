import { defineConfig, devices } from "@playwright/test";
import { testBrowserLaunchOptions } from "./scripts/browser.mjs";
import { season } from "./tests/e2e/support/season.ts";
import { e2eServerEnv, newDataDir } from "./tests/e2e/support/server.ts";

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };
const phone = { ...devices["Desktop Chrome"], viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };
/** Specs that publish a camp edition (tests/e2e/camp-editions-admin.spec.ts). */
const changesCurrentCamp = /camp-editions-admin\.spec\.ts$/;
/** A spec that opens a second camp for registration: the wizard then asks every visitor which camp. */
const opensSecondCamp = /camp-year-choice\.spec\.ts$/;
/**
 * Each test runs at the width it is about. At both widths: tests whose assertions depend on the width
 * (navigation: menu bar or hamburger) and tests that run axe on screens whose layout differs by width (the
 * admin areas: axe at 360 px and at desktop). At one width: flows whose every assertion is the same at both
 * — the public flows and the door at phone width (most visitors, the helper's phone), the admin's own work at
 * desktop width (done at a desk). Whole files by name below; single tests by the tag `@phone` or `@desktop`.
 */
const phoneOnly = /(camp-registration|vipps|info-pages|camp-checkin-offline|camp-checkin|camp-group|my-registration|season\/[a-z-]+)\.spec\.ts$/;
const desktopOnly = /(camp-edition-wizard|camp-leader-companions)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [["list"]],
  // One server per day of the season for the journeys on other days than the suite's, shared by their files.
  globalSetup: "./tests/e2e/support/season-servers.ts",
  // Whole flows (two registrations, the admin, mails) take 20 s on a quiet 2-core machine; leave room for a busy one.
  timeout: 60_000,
  use: {
    baseURL,
    launchOptions: testBrowserLaunchOptions(),
    // Recording a trace of every test costs about a tenth of the run; ask for one when a test fails and you want
    // to step through it: `npx playwright test <spec> --trace retain-on-failure`. The list shows every failure.
    trace: "off",
    // The site honours reduced motion (app.css): axe then never measures a colour halfway through a fade.
    reducedMotion: "reduce",
  },
  projects: [
    { name: "desktop", use: desktop, testIgnore: [changesCurrentCamp, opensSecondCamp, phoneOnly], grepInvert: /@phone/ },
    { name: "phone", use: phone, testIgnore: [changesCurrentCamp, opensSecondCamp, desktopOnly], grepInvert: /@desktop/ },
    // Publishing a camp edition changes the camp every other test registers for, so these run last, at the
    // admin's desktop width.
    { name: "editions-desktop", use: desktop, testMatch: changesCurrentCamp, dependencies: ["desktop", "phone"] },
    // The same at 360 px, after the desktop run (it copies the camp that run made).
    { name: "editions-phone", use: phone, testMatch: changesCurrentCamp, dependencies: ["editions-desktop"] },
    // Opening a second camp for registration, last of all, at 360 px (a family on a phone).
    { name: "year-choice-phone", use: phone, testMatch: opensSecondCamp, dependencies: ["editions-phone"] },
  ],
  // The real production server over the real build, with its own empty data folder, living on a pinned day
  // (before the 2026 camp's early-bird deadline). A journey on another day uses the run's server for that day
  // (`test.use({ clockStart })`, tests/e2e/fixtures.ts, started by the global setup above when first needed).
  webServer: {
    command: `node build/node/main.js`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: e2eServerEnv({ port, dataDir: newDataDir(), clockStart: season.beforeEarlyBird }),
  },
});
