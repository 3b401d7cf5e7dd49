/**
 * Terms and prices before paying: a grading's page and its checkout say its cancellation rule and link to the
 * terms of sale; /vinterleir and the camp's card on /arrangementer say that the home club's athletes pay nothing.
 */
import { randomUUID } from "node:crypto";
import { adminToken, screenshot } from "./camp-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { axeViolations } from "./support/axe.ts";
import { grading, publishEvent } from "./event-helpers.ts";

// The suite's day is 15 October 2026 (support/season.ts); the grading is 20 days later, on 4 November.
const rule = "Avbestiller du innen midnatt 4. november 2026, får du alt du har betalt tilbake; etter det kan det ikke avbestilles.";

test("a grading's page and checkout show its cancellation rule and link to the terms", { tag: "@phone" }, async ({ page, request }) => {
  const slug = `gradering-${randomUUID().slice(0, 8)}`;
  const title = `Vilkårsgradering ${slug.slice(-4)}`;
  await publishEvent(request, await adminToken(request), slug, grading(title));

  await page.goto(`/arrangementer/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/^Pris: 350\s+kr per utøver\.$/)).toBeVisible();
  await expect(page.getByTestId("event-refund-rule")).toHaveText(`Avbestilling: ${rule} Les salgsbetingelsene.`);
  await expect(page.getByRole("link", { name: "Les salgsbetingelsene" })).toHaveAttribute("href", "/salgsbetingelser");

  await page.getByLabel("Fornavn").fill("Ola");
  await page.getByLabel("Etternavn").fill("Vilkår");
  await page.getByLabel("Alder").fill("10");
  await page.getByLabel("Klubb").selectOption({ label: "Ski Taekwondo Klubb" });
  await page.getByLabel("Grad").selectOption({ index: 3 });
  await page.getByRole("button", { name: "Neste" }).click();
  await expect(page.getByText("Steg 2 av 3")).toBeVisible();
  await page.getByLabel("Fornavn").fill("Kari");
  await expect(page.getByTestId("checkout-refund-rule")).toHaveText(`Avbestilling: ${rule}`);
  const termsLink = page.getByRole("link", { name: "salgsbetingelsene (åpnes i ny fane)" });
  await expect(termsLink).toHaveAttribute("href", "/salgsbetingelser");
  await expect(page.getByLabel(/Jeg godtar salgsbetingelsene/)).not.toBeChecked();
  expect(await axeViolations(page, { include: "form.event-form" })).toEqual([]);
  await screenshot(page, "gradering-kasse-vilkar");

  // The link opens the terms in a tab of their own; the form keeps what is filled in.
  const [terms] = await Promise.all([page.context().waitForEvent("page"), termsLink.click()]);
  await expect(terms.getByRole("heading", { level: 1, name: "Salgsbetingelser" })).toBeVisible();
  await expect(terms.getByText(/til og med arrangementets siste dag, og du får da alt du har betalt/)).toBeVisible();
  await terms.close();
  await expect(page.getByLabel("Fornavn")).toHaveValue("Kari");
});

test("/vinterleir and the camp's card on /arrangementer say the home club's athletes pay nothing", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/vinterleir");
  const box = page.getByTestId("camp-price-box");
  await expect(box.getByTestId("camp-price-home-club")).toHaveText(/Utøvere fra Ski Taekwondo Klubb\s*Gratis/);
  await expect(box).toContainText("Utøvere fra Ski Taekwondo Klubb betaler ingenting for leiren");
  await expect(box.getByTestId("camp-price-early-bird-child")).toContainText(/påmeldt før \d+\. \w+ 2026/);
  await expect(box.getByTestId("camp-price-companion")).toContainText(/\+\d+\s+kr/);
  await screenshot(page, "vinterleir-prisboks");

  await page.goto("/arrangementer");
  const card = page.locator("section.camp-announcement").first();
  await expect(card.getByTestId("camp-price-home-club")).toHaveText(/Utøvere fra Ski Taekwondo Klubb\s*Gratis/);
  await expect(card).toContainText("Utøvere fra Ski Taekwondo Klubb betaler ingenting for leiren");

  // A page left open past the early-bird deadline hides that price by the visitor's clock.
  await page.clock.setFixedTime(new Date("2026-11-01T00:00:01+01:00"));
  await page.goto("/vinterleir");
  await expect(page.getByTestId("camp-price-home-club")).toBeVisible();
  await expect(page.getByTestId("camp-price-early-bird-child")).toBeHidden();
});
