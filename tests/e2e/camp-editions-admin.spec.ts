import { test, expect } from "./fixtures.ts";
import { adminToken, campAdmin, screenshot } from "./camp-helpers.ts";

/**
 * A volunteer opens next year's camp in the camp admin, on a phone and on a laptop: "Ny leir" copied from the
 * latest camp, a bad value and its message, the fix, save, preview, publish. This year's camp stays the one
 * the public sees, with its participants; the new one is published beside it.
 * Publishing changes the camp every other spec registers for, so playwright.config.ts runs this file last
 * (after all the others, phone after desktop). Alone: `npx playwright test --no-deps --workers=1 <this file>`.
 * With E2E_SCREENSHOTS=<folder> it also saves full-page screenshots of each screen for a look by eye.
 */

test("Ny leir from the latest, fix a bad value, save, preview and publish; this year's camp and its list stay", async ({ page }) => {
  test.setTimeout(90_000);
  const token = await adminToken(page.request);
  const editions = (await (await page.request.get(`/api/CampEdition/Get/${token}`)).json()) as { year: number; firstDay: string }[];
  const latest = editions.reduce((a, b) => (b.year > a.year ? b : a));
  const year = latest.year + 1;
  const venue = `Testhallen ${year}`;
  const currentYear = ((await (await page.request.get("/api/CampEdition/Current")).json()) as { year: number }).year;
  const listBefore = (await (await page.request.get(`/api/VinterleirAdmin/Get/${token}`)).json()) as unknown[];

  await page.goto("/vinterleir/deltakere/admin");
  await page.getByLabel("Brukernavn").fill(campAdmin.username);
  await page.getByLabel("Passord").fill(campAdmin.password);
  await page.getByLabel("Passord").press("Enter");
  await page.getByRole("tab", { name: "Leirer" }).click();
  await expect(page.getByRole("heading", { name: "Leirer", level: 2 })).toBeVisible();
  await expect(page.getByText("Publisert – vises nå")).toBeVisible();
  await screenshot(page, "leirer-list");

  await expect(page.getByLabel("Kopier fra forrige gang")).toHaveValue(String(latest.year));
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

  // A draft is seen by nobody.
  expect(((await (await page.request.get("/api/CampEdition/Current")).json()) as { year: number }).year).toBe(currentYear);
  expect((await page.request.get(`/api/CampEdition/Current?year=${year}`)).status()).toBe(404);

  await page.getByRole("button", { name: "Publiser" }).click();
  const confirm = page.getByRole("group", { name: new RegExp(`Publisere vinterleiren ${year}\\?`) });
  await expect(confirm).not.toContainText("erstatter");
  await expect(confirm).toContainText(`Vinterleiren ${currentYear} er fortsatt leiren alle ser nå, og den blir ikke skjult.`);
  await screenshot(page, "leirer-confirm");
  await confirm.getByRole("button", { name: "Ja, publiser" }).click();
  await expect(page.getByText(`Vinterleiren ${year} er publisert og vises på nettsiden ved siden av årets leir.`)).toBeVisible();
  await expect(heading).toContainText("Publisert – neste leir");

  // This year's camp is still «the» camp, with the same participants; the new one is visible beside it.
  expect(((await (await page.request.get("/api/CampEdition/Current")).json()) as { year: number }).year).toBe(currentYear);
  expect(await (await page.request.get(`/api/CampEdition/Current?year=${year}`)).json()).toMatchObject({ year, venue, prices: { child: 1111 } });
  expect(((await (await page.request.get(`/api/VinterleirAdmin/Get/${token}`)).json()) as unknown[]).length).toBe(listBefore.length);

  const log = page.getByRole("region", { name: "Endringslogg" });
  await expect(log).toContainText("Publisert");
  await expect(log).toContainText(`→ «${venue}»`);
  await expect(log).toContainText(`av ${campAdmin.username}`);
  // In words, never the stored keys or JSON, and nothing runs off a phone's screen.
  await expect(log).toContainText(`Kopi av vinterleiren ${latest.year}`);
  expect(await log.textContent()).not.toMatch(/[{}]|prices|earlyBird|lateFee/);
  expect(await log.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await screenshot(page, "leirer-published");

  await page.getByRole("button", { name: "Tilbake til leirene" }).click();
  await expect(page.getByRole("button", { name: `Vinterleiren ${year}`, exact: true })).toBeFocused();
  await expect(page.getByRole("listitem").filter({ hasText: `Vinterleiren ${currentYear}` })).toContainText("Publisert – vises nå");
  await expect(page.getByRole("listitem").filter({ hasText: `Vinterleiren ${year}` })).toContainText("Publisert – neste leir");
  await screenshot(page, "leirer-list-after");

  // The participant list still shows this year's camp; «Vis leir» opens the new one, empty so far.
  await page.getByRole("tab", { name: "Deltakere" }).click();
  const picker = page.getByLabel("Vis leir");
  await picker.focus();
  await expect(picker.locator("option", { hasText: `Vinterleiren ${year} – kommende` })).toHaveCount(1);
  if (listBefore.length > 0) await expect(page.getByText("Ingen har meldt seg på ennå")).toHaveCount(0);
  await screenshot(page, "deltakere-this-year");
  await picker.selectOption(String(year));
  await expect(page.getByText("Ingen har meldt seg på ennå")).toBeVisible();
  await screenshot(page, "deltakere-next-year");
  await picker.selectOption(String(currentYear));
  if (listBefore.length > 0) await expect(page.getByText("Ingen har meldt seg på ennå")).toHaveCount(0);

  // The public camp page announces the new camp beside this year's.
  await page.goto("/vinterleir");
  await expect(page.getByRole("complementary", { name: "Neste vinterleir" })).toContainText(`Vinterleiren ${year} er kunngjort`);
  await screenshot(page, "vinterleir-next-camp");
});
