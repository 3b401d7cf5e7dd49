/**
 * After the full-refund deadline: the terms say it has passed and what cancelling gives back now.
 * One day of the season (tests/e2e/support/season.ts); the other days have files of their own beside this one.
 */
import { expect, test } from "../fixtures.ts";
import { season } from "../support/season.ts";

test.use({ clockStart: season.afterRefundDeadline });

test.describe("after the full-refund deadline (24 November)", () => {
  // Cancelling with half back is «Min påmelding»'s own journey (my-registration.spec.ts, on this day too).
  test("the terms say the deadline has passed and what cancelling now gives back", async ({ page }) => {
    await page.goto("/vinterleir");
    await expect(page.getByText(/Fristen for å få alt tilbake gikk ut ved midnatt 21\. november 2026/)).toBeVisible();
    await expect(page.getByText(/innen midnatt 21\. november/)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Meld deg på", exact: true })).toBeVisible();
  });
});
