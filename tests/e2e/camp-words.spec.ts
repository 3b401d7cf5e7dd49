import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures.ts";
import { heading, next, pick, uniqueSurname } from "./camp-helpers.ts";
import { campEditionForYear } from "../../src/shared/camp/camp-edition.ts";
import { suiteCampYear } from "./support/season.ts";

const edition = campEditionForYear(suiteCampYear);

/** A PNG of the screen for the report, when E2E_SCREENSHOTS names a folder (the words at 360 px). */
async function shot(page: Page, name: string) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}-360.png`, fullPage: true });
}

// A parent on a phone registers a 10-year-old and pays by card or cash: the words name the child, and the
// done page thanks the parent, never the child.
test("a parent registering a 10-year-old is spoken to, the child is named @phone", async ({ page }) => {
  const surname = uniqueSurname("Ord");
  await page.goto("/vinterleir/registrering");
  await page.getByLabel(/Jeg samtykker i at/).check();
  await page.getByLabel(/Jeg har lest og godtar/).check();
  await next(page);
  await next(page); // one athlete
  await page.getByLabel("Fornavn").fill("Sofie");
  await page.getByLabel("Etternavn").fill(surname);
  await page.getByLabel("Alder").fill("10");
  await next(page);
  await page.getByLabel("E-post").fill(`per.${surname}@example.no`);
  await page.getByLabel("Telefonnummer").fill("91234567");
  await page.getByLabel(/Navn på foresatt/).fill(`Per ${surname}`);
  await next(page);
  await expect(page.getByText("Søk etter Sofies klubb og beltegrad, og velg fra listen.")).toBeVisible();
  await pick(page, "Klubb", "nitte", "Nittedal");
  await pick(page, "Beltegrad", "blått", /^6\. Cup \(Blått\)/);
  await next(page);
  await next(page); // grading
  await expect(page.getByLabel("Sofie ønsker å overnatte i hallen")).toBeVisible();
  await next(page);
  await next(page); // no companion
  await next(page); // no allergies
  await expect(page.getByLabel("Sofie er vegetarianer eller veganer")).toBeVisible();
  await next(page);
  await next(page); // other information

  await heading(page, "Deltakerlisten");
  await expect(page.getByRole("group", { name: "Skal Sofie stå med navn på deltakerlisten?" })).toBeVisible();
  await expect(page.getByText(/graden min|graden din|Vil du stå/)).toHaveCount(0);
  await page.getByLabel("Vis Sofies navn og grad på deltakerlisten").check();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shot(page, "ord-deltakerlisten");
  await next(page);

  // «Endre» and back to the summary in one tap.
  await heading(page, "Se over påmeldingen");
  await page.getByRole("button", { name: /^Endre vegetar eller vegansk mat/ }).click();
  await heading(page, "Mat");
  await page.getByRole("button", { name: "Tilbake til oppsummeringen" }).click();
  await heading(page, "Se over påmeldingen");
  await expect(page.getByRole("heading", { level: 2, name: "Se over påmeldingen" })).toBeFocused();

  await page.getByRole("button", { name: "Gå til betaling" }).click();
  await page.getByRole("button", { name: "Kort eller kontant ved oppmøte" }).click();
  await page.getByRole("button", { name: "Fullfør registrering" }).click();
  await heading(page, `Takk! Sofie er påmeldt vinterleiren ${edition.year}.`);
  await expect(page.getByText(/Takk, Sofie/)).toHaveCount(0);
  await expect(page.getByText(/se deg\b/)).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shot(page, "ord-ferdig");
});
