/**
 * After the early-bird deadline: full price, no early-bird offer on the pages, full refund still promised.
 * One day of the season (tests/e2e/support/season.ts); the other days have files of their own beside this one.
 */
import { adultTotalAtPayment } from "../camp-helpers.ts";
import { expect, test } from "../fixtures.ts";
import { season } from "../support/season.ts";

test.use({ clockStart: season.afterEarlyBird });

test.describe("after the early-bird deadline (10 November)", () => {
  test("full price, no early-bird offer left on the pages, full refund still promised", async ({ page, context, baseURL }) => {
    await page.goto("/arrangementer");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("early-bird-banner")).toHaveCount(0);
    await page.goto("/vinterleir/priser");
    await expect(page.getByTestId("early-bird-prices")).toHaveCount(0);
    await page.goto("/vinterleir");
    await expect(page.getByText(/innen midnatt 21\. november 2026/)).toBeVisible();
    await expect(await adultTotalAtPayment(page, context, baseURL!)).toHaveText("1\u00a0200\u00a0kr");
  });
});
