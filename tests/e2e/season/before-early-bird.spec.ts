/**
 * Before the early-bird deadline (the suite's own day): 10 % off, full refund promised, registration open.
 * One day of the season (tests/e2e/support/season.ts); the other days have files of their own beside this one.
 */
import { adultTotalAtPayment } from "../camp-helpers.ts";
import { expect, test } from "../fixtures.ts";

test.describe("before the early-bird deadline (15 October)", () => {
  test("10 % off, full refund promised, and registration open", async ({ page, context, baseURL }) => {
    await page.goto("/arrangementer");
    await expect(page.getByTestId("early-bird-banner")).toContainText("Meld deg på før 1. november 2026");
    await page.goto("/vinterleir");
    await expect(page.getByRole("link", { name: "Meld deg på", exact: true })).toBeVisible();
    await expect(page.getByText(/innen midnatt 21\. november 2026/)).toBeVisible();
    await expect(page.getByText("pågår")).toHaveCount(0);
    await expect(await adultTotalAtPayment(page, context, baseURL!)).toHaveText("1\u00a0080\u00a0kr");
  });
});
