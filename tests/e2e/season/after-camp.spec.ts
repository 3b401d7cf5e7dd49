/**
 * After the camp: spoken of in the past, the next camp not announced, no registration.
 * One day of the season (tests/e2e/support/season.ts); the other days have files of their own beside this one.
 */
import { randomUUID } from "node:crypto";
import { validDraft } from "../../../src/shared/camp/camp-draft.fixture.ts";
import { screenshot, uniqueSurname } from "../camp-helpers.ts";
import { expect, test } from "../fixtures.ts";
import { season } from "../support/season.ts";

test.use({ clockStart: season.afterCamp });

test.describe("after the camp (5 December)", () => {
  test("the pages speak of the camp in the past, say the next is not announced, and take no registration", async ({ page, request }) => {
    await page.goto("/vinterleir");
    await expect(page.getByTestId("camp-past")).toContainText("Vinterleiren 2026 var 28.–30. november på Follo Stil Arena.");
    await expect(page.getByText("Neste vinterleir er ikke kunngjort ennå.")).toBeVisible();
    await expect(page.getByRole("link", { name: /^Meld deg på/ })).toHaveCount(0);
    await expect(page.getByText("pågår")).toHaveCount(0);
    await screenshot(page, "season-after-camp");
    const refused = await request.post("/api/Vinterleir/Post", { data: validDraft({ draftId: randomUUID(), lastName: uniqueSurname("Etter") }) });
    expect(refused.ok()).toBe(false);
  });
});
