import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures.ts";
import { axeViolations } from "./support/axe.ts";
import { screenshot, signIn } from "./camp-helpers.ts";

/**
 * «Nettsted»: a leder signs in, adds a training session, previews it through the page's own component,
 * saves it, sees it on /treningstider, finds it in the change log and undoes it (at a desk: desktop width).
 * At both widths (the layout differs: the section picker wraps at 360 px) the area and /personvern stay
 * within the screen and pass axe.
 */

const signInToSite = (page: Page) => signIn(page, "/nettsted/admin");

test.describe("«Nettsted» and /personvern at this width", () => {
  test("the sections and a form fit the screen and pass axe, and so does /personvern", async ({ page }) => {
    await signInToSite(page);
    await expect(page.getByRole("heading", { name: "Treningstider", level: 2 })).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "nettsted-treningstider");
    await page.getByRole("button", { name: "Kontakt" }).click();
    await expect(page.getByLabel("E-post, generelle spørsmål")).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.goto("/personvern");
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "personvern");
  });
});

// Done at a desk; once per run, as it changes the training times every visitor sees.
test.describe("«Nettsted» at a desk", { tag: "@desktop" }, () => {
  test("a training session added, previewed, saved, shown on /treningstider and undone", async ({ page }) => {
    const group = "Familietrening e2e";
    await signInToSite(page);
    await page.getByRole("button", { name: "Legg til trening" }).click();
    const item = page.locator(".site-list-item").last();
    await item.getByLabel("Gruppe").fill(group);
    await item.getByLabel("Dager").fill("Søndag");
    await item.getByLabel("Tid").fill("11:00–12:00");
    await item.getByLabel("Parti").selectOption("barn");

    await page.getByRole("button", { name: "Forhåndsvis" }).click();
    const preview = page.getByRole("region", { name: "Forhåndsvisning" });
    await expect(preview.getByRole("row", { name: new RegExp(group) })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "nettsted-forhandsvisning");

    await page.getByRole("button", { name: "Lagre" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Lagret." })).toBeVisible({ timeout: 15_000 });

    const visitor = await page.context().newPage();
    await expect(async () => {
      await visitor.goto("/barnepartiet/treningstider");
      await expect(visitor.getByRole("row", { name: new RegExp(group) })).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 5_000 });
    // Still a static page: no script file.
    const scripts = await visitor.locator("script[src]").count();
    expect(scripts).toBe(0);

    await page.getByRole("button", { name: "Endringer" }).click();
    await expect(page.getByText(`La til «${group} (Søndag 11:00–12:00)».`)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "nettsted-endringer");
    await page.getByRole("button", { name: /^Angre endringen i treningstider/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "er angret" })).toBeVisible();

    await expect(async () => {
      await visitor.goto("/treningstider");
      await expect(visitor.getByRole("heading", { name: "Treningstider", level: 1 })).toBeVisible({ timeout: 500 });
      await expect(visitor.getByText(group)).toHaveCount(0, { timeout: 500 });
    }).toPass({ timeout: 5_000 });
  });
});
