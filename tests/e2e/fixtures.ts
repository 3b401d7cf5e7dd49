import { test as base, expect, type BrowserContext, type ConsoleMessage } from "@playwright/test";
import { seasonServerFor } from "./support/season-servers.ts";
import { subclassableDate } from "./support/subclassable-date.ts";

interface TestFixtures {
  consoleErrors: string[];
  expectedConsoleErrors: RegExp[];
}

interface WorkerFixtures {
  /**
   * A day of the season (tests/e2e/support/season.ts) for a file whose journey lives on another day than the
   * suite's own server: with `test.use({ clockStart: season.campUnderWay })` every page and request of the
   * file goes to the run's server for that day, whose clock started then (one per day, shared by the files on
   * it: support/season-servers.ts).
   */
  clockStart: string | undefined;
  /**
   * With `clockStart`: the day the file's database was first opened on, by a server that then stops (a fresh
   * database takes the camp of the season it starts in, so a journey after the camp needs one from before).
   */
  dataFrom: string | undefined;
  seasonServer: { url: string } | undefined;
}

/**
 * Every page lives on the server's clock: the context's clock is installed at the instant the server says it
 * is (`/healthz`), and runs on from there. A page never reads the real date.
 */
export async function installServerClock(context: BrowserContext, baseURL: string): Promise<Date> {
  const health = (await (await fetch(new URL("/healthz", baseURL))).json()) as { now: string };
  const now = new Date(health.now);
  await context.clock.install({ time: now });
  await context.addInitScript({ content: subclassableDate });
  return now;
}

/**
 * Every page under test must load without a console error or an uncaught exception. A test that provokes
 * an error answer on purpose (a wrong password → 401) names the messages it expects with
 * `test.use({ expectedConsoleErrors: [/401/] })`.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  clockStart: [undefined, { option: true, scope: "worker" }],
  dataFrom: [undefined, { option: true, scope: "worker" }],
  seasonServer: [
    async ({ clockStart, dataFrom }, use) => {
      await use(clockStart ? await seasonServerFor(clockStart, dataFrom) : undefined);
    },
    // The first file on a day waits for its server to start (twice with `dataFrom`).
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ baseURL, seasonServer }, provide) => provide(seasonServer?.url ?? baseURL),
  context: async ({ context, baseURL }, provide) => {
    await installServerClock(context, baseURL!);
    await provide(context);
  },
  expectedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error" || sandboxedMailFrame(message)) return;
        errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      // A page answered with 404 on purpose logs the failed document load; nothing else may fail.
      const allowed = [/status of 404/, ...expectedConsoleErrors];
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, errors.join("\n")).toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * The development mail page shows a mail's HTML in a sandboxed frame that may run no script. Chromium now and
 * then reports a blocked script in that frame as it is created (the mail has none): the sandbox at work.
 */
function sandboxedMailFrame(message: ConsoleMessage): boolean {
  return message.location().url === "about:srcdoc" && message.text().startsWith("Blocked script execution in 'about:srcdoc'");
}

export { expect };
