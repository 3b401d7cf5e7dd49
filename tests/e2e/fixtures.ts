import { test as base, expect, type ConsoleMessage } from "@playwright/test";

/**
 * Every page under test must load without a console error or an uncaught exception. A test that provokes
 * an error answer on purpose (a wrong password → 401) names the messages it expects with
 * `test.use({ expectedConsoleErrors: [/401/] })`.
 */
export const test = base.extend<{ consoleErrors: string[]; expectedConsoleErrors: RegExp[] }>({
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
