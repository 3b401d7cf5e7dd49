/**
 * Next year's camp published while this year's is still to come: its own place, its opening date with its year, a link to its registration.
 * One day of the season (tests/e2e/support/season.ts); the other days have files of their own beside this one.
 */
import { adminToken, screenshot } from "../camp-helpers.ts";
import { expect, test } from "../fixtures.ts";
import { season } from "../support/season.ts";

test.use({ clockStart: season.nextYearPublished });

test.describe("next year's camp published while this year's is to come (20 November)", () => {
  test("2027 has its own place with its opening date and year, and /vinterleir links to its registration", async ({ page, request }) => {
    const token = await adminToken(request);
    expect((await request.post(`/api/CampEdition/Copy/2026/2027/${token}`)).status()).toBe(201);
    expect((await request.post(`/api/CampEdition/Publish/2027/${token}`)).status()).toBe(200);

    await page.goto("/arrangementer");
    const section = page.getByTestId("camp-section-2027");
    await expect(section.getByRole("heading", { name: "Vinterleir 2027" })).toBeVisible();
    await expect(section).toContainText("Påmeldingen åpner mandag 30. november 2026 kl. 00.00.");
    await expect(page.getByRole("region", { name: "Graderinger, kurs og klubbtøy" }).getByText("2027")).toHaveCount(0);
    await screenshot(page, "season-next-year-events");

    await page.goto("/vinterleir");
    await expect(page.getByTestId("later-camp-2027")).toContainText("Påmeldingen åpner mandag 30. november 2026 kl. 00.00.");
    const link = page.getByRole("link", { name: "Påmeldingen til vinterleiren 2027" });
    await expect(link).toHaveAttribute("href", "/vinterleir/registrering?year=2027");
    // This year's camp is still the one registering now.
    await expect(page.getByRole("link", { name: "Meld deg på", exact: true })).toBeVisible();
    await link.click();
    await expect(page.getByText("Påmeldingen til vinterleiren 2027 åpner mandag 30. november 2026 kl. 00.00.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Påmelding til vinterleir 2026");
  });
});
