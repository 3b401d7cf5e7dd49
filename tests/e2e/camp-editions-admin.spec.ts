import { test, expect } from "./fixtures.ts";
import { adminToken, campAdmin, screenshot } from "./camp-helpers.ts";

/**
 * A volunteer opens next year's camp in the camp admin, on a phone and on a laptop: "Ny leir", a bad value
 * and its message, the fix, save, preview, publish, and the public API then follows the new edition.
 * Publishing changes the camp every other spec registers for, so playwright.config.ts runs this file last
 * (after all the others, phone after desktop). Alone: `npx playwright test --no-deps --workers=1 <this file>`.
 * With E2E_SCREENSHOTS=<folder> it also saves full-page screenshots of each screen for a look by eye.
 */

test("Ny leir, fix a bad value, save, preview and publish; the public camp follows", async ({ page }) => {
  test.setTimeout(60_000);
  const token = await adminToken(page.request);
  const editions = (await (await page.request.get(`/api/CampEdition/Get/${token}`)).json()) as { year: number }[];
  const year = editions[0]!.year + 1;
  const venue = `Testhallen ${year}`;

  await page.goto("/vinterleir/deltakere/admin");
  await page.getByLabel("Brukernavn").fill(campAdmin.username);
  await page.getByLabel("Passord").fill(campAdmin.password);
  await page.getByLabel("Passord").press("Enter");
  await page.getByRole("tab", { name: "Leirer" }).click();
  await expect(page.getByRole("heading", { name: "Leirer", level: 2 })).toBeVisible();
  await expect(page.getByText("Publisert – vises nå")).toBeVisible();
  await screenshot(page, "leirer-list");

  await page.getByRole("button", { name: `Ny leir (${year})` }).click();
  const heading = page.getByRole("heading", { level: 2, name: new RegExp(`Vinterleiren ${year}`) });
  await expect(heading).toContainText("Utkast");
  await expect(heading).toBeFocused();

  const childPrice = page.getByLabel("Barnepris", { exact: true });
  await childPrice.fill("mye");
  await page.getByRole("button", { name: "Lagre" }).click();
  await expect(page.getByText("Barneprisen må være et tall.")).toBeVisible();
  await expect(childPrice).toBeFocused();
  await expect(childPrice).toHaveAttribute("aria-invalid", "true");
  await expect(childPrice).toHaveValue("mye");
  await screenshot(page, "leirer-error");
  await screenshot(page, "leirer-error-viewport", false);

  await childPrice.fill("1111");
  await page.getByLabel("Sted", { exact: true }).fill(venue);
  await page.getByRole("button", { name: "Lagre" }).click();
  await expect(page.getByText("Lagret.")).toBeVisible();
  await expect(childPrice).not.toHaveAttribute("aria-invalid", "true");
  await screenshot(page, "leirer-form");

  await page.getByRole("button", { name: "Forhåndsvis" }).click();
  const preview = page.getByRole("region", { name: `Forhåndsvisning av vinterleiren ${year}` });
  await expect(preview).toContainText(venue);
  await preview.getByRole("tab", { name: "Priser" }).click();
  await expect(preview.getByRole("tabpanel")).toContainText("1\u00a0111\u00a0kr");
  await preview.getByRole("tab", { name: "Program" }).click();
  await expect(preview.getByRole("tabpanel")).toContainText("Treningsøkt 1");
  await preview.scrollIntoViewIfNeeded();
  await screenshot(page, "leirer-preview");

  // The public camp is still last year's until the edition is published.
  expect(((await (await page.request.get("/api/CampEdition/Current")).json()) as { year: number }).year).toBe(year - 1);

  await page.getByRole("button", { name: "Publiser" }).click();
  const confirm = page.getByRole("group", { name: new RegExp(`Publisere vinterleiren ${year}\\?`) });
  await expect(confirm).toContainText(`Den erstatter vinterleiren ${year - 1}`);
  await screenshot(page, "leirer-confirm");
  await confirm.getByRole("button", { name: "Ja, publiser" }).click();
  await expect(page.getByText(`Vinterleiren ${year} er publisert og vises nå på nettsiden.`)).toBeVisible();
  await expect(heading).toContainText("Publisert – vises nå");

  const current = (await (await page.request.get("/api/CampEdition/Current")).json()) as { year: number; venue: string; prices: { child: number } };
  expect(current).toMatchObject({ year, venue, prices: { child: 1111 } });

  const log = page.getByRole("region", { name: "Endringslogg" });
  await expect(log).toContainText("Publisert");
  await expect(log).toContainText(`Leiren publikum ser: ${year - 1} → ${year}`);
  await expect(log).toContainText(`→ «${venue}»`);
  await expect(log).toContainText(`av ${campAdmin.username}`);
  await screenshot(page, "leirer-published");

  await page.getByRole("button", { name: "Tilbake til leirene" }).click();
  await expect(page.getByRole("button", { name: `Vinterleiren ${year}`, exact: true })).toBeFocused();
  await expect(page.getByRole("listitem").filter({ hasText: `Vinterleiren ${year - 1}` })).toContainText("Tidligere publisert");
});
