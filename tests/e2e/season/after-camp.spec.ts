/**
 * After the camp: spoken of in the past, the next camp not announced, no registration; once next year's camp
 * is published, the pages offer it.
 * One day of the season (tests/e2e/support/season.ts); the other days have files of their own beside this one.
 */
import { randomUUID } from "node:crypto";
import { validDraft } from "../../../src/shared/camp/camp-draft.fixture.ts";
import { adminToken, screenshot, uniqueSurname } from "../camp-helpers.ts";
import { expect, test } from "../fixtures.ts";
import { season } from "../support/season.ts";

// The database was opened before the camp: a fresh one after it would start with next year's camp.
test.use({ clockStart: season.afterCamp, dataFrom: season.beforeEarlyBird });
// The second journey publishes next year's camp, which the first must not see.
test.describe.configure({ mode: "serial" });

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

test.describe("after the camp, once next year's camp is published", () => {
  test("the pages offer next year's camp, and registration is for it, not for the camp that is over", async ({ page, request }) => {
    const token = await adminToken(request);
    expect((await request.post(`/api/CampEdition/Copy/2026/2027/${token}`)).status()).toBe(201);
    expect((await request.post(`/api/CampEdition/Publish/2027/${token}`)).status()).toBe(200);
    await expect(async () => {
      await page.goto("/vinterleir");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vinterleir 2027", { timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await page.getByRole("link", { name: "Meld deg på", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Påmelding til vinterleir 2027");
    const current = (await (await request.get("/api/CampEdition/Current")).json()) as { year: number };
    expect(current.year).toBe(2027);
  });
});
