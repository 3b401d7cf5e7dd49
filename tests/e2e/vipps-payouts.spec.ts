import { expect, test } from "./fixtures.ts";
import { axeViolations } from "./support/axe.ts";
import { campAdmin } from "./camp-helpers.ts";

test("«Utbetalinger fra Vipps» at 360 px: the period, a read from Vipps, the lists, no violations", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/vinterleir/deltakere/admin");
  await page.getByLabel("Brukernavn").fill(campAdmin.username);
  await page.getByLabel("Passord").fill(campAdmin.password);
  await page.getByLabel("Passord").press("Enter");
  await page.getByRole("tab", { name: "Utbetalinger fra Vipps" }).click();
  await expect(page.getByRole("heading", { name: "Utbetalinger fra Vipps" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ikke utbetalt ennå" })).toBeVisible();
  await page.getByRole("button", { name: "Hent fra Vipps nå" }).click();
  await expect(page.getByRole("status").filter({ hasText: /fra Vipps\.$/ })).toBeVisible();
  await page.getByLabel("Fra", { exact: true }).fill("2026-01-01");
  await page.getByLabel("Fra", { exact: true }).press("Enter");
  await expect(page.getByText(/Viser 1\. januar 2026 til/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
});
