import { randomUUID } from "node:crypto";
import ExcelJS from "exceljs";
import type { Page } from "@playwright/test";
import { validDraft } from "../../src/shared/camp/camp-draft.fixture.ts";
import { test, expect } from "./fixtures.ts";
import { axeViolations } from "./support/axe.ts";
import { season } from "./support/season.ts";

// Full price: the figures below are the camp's own prices, after the early-bird deadline.
test.use({ clockStart: season.afterEarlyBird });
import { campAdmin, screenshot, signIn, uniqueSurname } from "./camp-helpers.ts";

const logIn = (page: Page, username: string, password: string) => signIn(page, undefined, username, password);

test("a leder adds an innsjekk helper; the helper signs in and sees no allergy texts", { tag: "@desktop" }, async ({ page }) => {
  const surname = uniqueSurname("Allergi");
  const allergies = `Skalldyr og nøtter (${surname})`;
  const posted = await page.request.post("/api/Vinterleir/Post", {
    data: validDraft({ draftId: randomUUID(), firstName: "Siri", lastName: surname, allergies, otherInfo: `Kommer sent (${surname})` }),
  });
  expect(await posted.text()).toBe("Done");

  await logIn(page, campAdmin.username, campAdmin.password);
  // «Deltakere»: the camp's money from the ledgers, with «Kasserer»'s words.
  const totals = page.locator(".admin-totals");
  for (const label of [
    "Betalt",
    "Tilbakebetalt",
    "Beholdt etter avbestillingsreglene",
    "Skal betales tilbake",
    "Netto (betalt minus tilbakebetalt)",
  ]) {
    await expect(totals.getByText(label, { exact: true })).toBeVisible();
  }
  await screenshot(page, "camp-admin-deltakere-penger", false);
  // «Historikk»: the registration's ledger lines, by name, in Norwegian.
  await page.getByRole("button", { name: `Siri ${surname}`, exact: true }).click();
  const history = page.getByRole("region", { name: "Historikk" });
  await expect(history.getByText(new RegExp(`Belastet: Vinterleir \\(Siri ${surname}\\), 1\\s200\\skr`))).toBeVisible();
  await expect(history).not.toContainText(/charge|athlete|camp-admin/);
  // «Rett påmeldingen»: twelve, not thirty; the child's price, owed at the door, and a line in Historikk.
  const correction = page.getByRole("region", { name: "Rett påmeldingen" });
  await correction.getByLabel("Alder").fill("12");
  await correction.getByRole("button", { name: "Rett påmeldingen" }).click();
  await expect(correction.getByRole("status")).toContainText(
    /Påmeldingen er rettet og familien har fått e-post\. Ny pris 1\s025\skr, utestående 1\s025\skr\./,
  );
  await expect(history.getByText(/Belastet: Vinterleir \(Siri .+\), −175\skr – Rettet av leirledelsen \(alder\)/)).toBeVisible();
  await screenshot(page, "camp-admin-historikk");
  await page.getByRole("tab", { name: "Hjelpere" }).click();
  await expect(page.getByRole("heading", { name: "Hjelpere" })).toBeVisible();
  const username = surname.toLowerCase();
  const password = `Dør-og-kasse-${surname}`;
  await page.getByLabel("Navn", { exact: true }).fill(`Hjelper ${surname}`);
  await page.getByLabel("Brukernavn").fill(username);
  await page.getByLabel("Passord (minst 12 tegn)").fill("kort");
  await page.getByRole("button", { name: "Legg til" }).click();
  await expect(page.getByText("Passordet må ha minst 12 tegn.")).toBeVisible();
  await page.getByLabel("Passord (minst 12 tegn)").fill(password);
  await page.getByRole("radio", { name: /Innsjekk/ }).check();
  await page.getByRole("button", { name: "Legg til" }).click();
  await expect(page.getByText(`kan nå logge inn som «${username}»`)).toBeVisible();
  await expect(page.locator(".camp-helpers table").getByText(username, { exact: true })).toBeVisible();
  await screenshot(page, "camp-admin-hjelpere");
  await page.getByRole("tab", { name: "Lister" }).click();
  await expect(page.getByRole("button", { name: "Kjøkken" })).toBeVisible();
  await screenshot(page, "camp-admin-lister-kjokken");
  await page.getByRole("tab", { name: "Kasserer" }).click();
  await expect(page.getByRole("heading", { name: "Oppsummering for kassereren" })).toBeVisible();
  // The ledger's lines, with the family's words, and the list of money owed back outside Vipps.
  for (const label of ["Å betale", "Betalt", "Tilbakebetalt", "Beholdt etter avbestillingsreglene", "Skal betales tilbake", "Utestående"]) {
    await expect(page.locator(".treasurer-figures th[scope=row]", { hasText: new RegExp(`^${label}$`) }).first()).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Skal betales tilbake" })).toBeVisible();
  await screenshot(page, "camp-admin-kasserer");
  await page.getByRole("button", { name: "Logg ut", exact: true }).click();

  await logIn(page, username, password);
  await expect(page.getByText(`Logget inn som Hjelper ${surname} (innsjekk)`)).toBeVisible();
  await expect(page.getByRole("tab")).toHaveText(["Deltakere", "Lister"]);
  await expect(page.getByRole("link", { name: /Last ned CSV/ })).toHaveCount(0);
  await page.getByRole("button", { name: `Siri ${surname}`, exact: true }).click();
  await expect(page.getByText("Ja – bare ledere ser hva som står.").first()).toBeVisible();
  await expect(page.getByText(allergies)).toHaveCount(0);
  await screenshot(page, "camp-admin-innsjekk-person");
  // The server says no too: an innsjekk token gets 403 on the export with allergy texts.
  const token = (await page.context().cookies()).find((cookie) => cookie.name === "adminToken")!.value;
  const refused = await page.request.get(`/api/VinterleirAdmin/GetXlsx/${token}`);
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toMatch(/tilgang/);
  await page.getByRole("tab", { name: "Lister" }).click();
  await expect(page.getByRole("button", { name: "Kjøkken" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Overnatting" })).toHaveAttribute("aria-pressed", "true");
  await screenshot(page, "camp-admin-innsjekk-lister");
});

test("the leder downloads the participants as Excel: typed cells, phone numbers without an apostrophe", { tag: "@desktop" }, async ({ page }) => {
  const surname = uniqueSurname("Excel");
  const posted = await page.request.post("/api/Vinterleir/Post", {
    data: validDraft({ draftId: randomUUID(), firstName: "Eva", lastName: surname, telephone: "+4791234567" }),
  });
  expect(await posted.text()).toBe("Done");
  await logIn(page, campAdmin.username, campAdmin.password);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Last ned Excel" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^vinterleir-\d{4}-deltakere\.xlsx$/);
  const bytes = Buffer.concat((await (await file.createReadStream()).toArray()) as Buffer[]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet("Deltakere")!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push(Object.fromEntries(header.map((name, index) => [name, row.getCell(index + 1).value])));
  });
  const eva = rows.find((row) => row.Etternavn === surname)!;
  expect(eva).toMatchObject({ Telefon: "+4791234567", Status: "Bekreftet", Betalingsstatus: "ikke betalt" });
  expect(typeof eva["Å betale (kr)"]).toBe("number");
  expect(typeof eva.Alder).toBe("number");
});

test("axe finds no violations on Lister, Kasserer, Regnskap, Ledsagersaker and Hjelpere", async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, campAdmin.username, campAdmin.password);
  await page.getByRole("tab", { name: "Lister" }).click();
  await expect(page.getByRole("button", { name: "Kjøkken" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Ubetalt ved oppmøte" }).click();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("tab", { name: "Kasserer" }).click();
  await expect(page.getByRole("heading", { name: "Oppsummering for kassereren" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, "camp-admin-kasserer");
  await page.getByRole("tab", { name: "Regnskap" }).click();
  await expect(page.getByRole("heading", { name: "Kontoplan" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, "camp-admin-regnskap");
  await page.getByRole("tab", { name: "Ledsagersaker" }).click();
  await expect(page.getByRole("heading", { level: 2, name: /^Ledsagersaker/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, "camp-admin-ledsagersaker");
  await page.getByRole("tab", { name: "Hjelpere" }).click();
  await page.getByRole("button", { name: "Legg til" }).click();
  await expect(page.getByText("Skriv navnet til hjelperen.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test("the login page loads without the signed-in admin's code, which arrives when signing in starts", { tag: "@desktop" }, async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/vinterleir/deltakere/admin");
  await expect(page.getByRole("button", { name: "Logg inn" })).toBeEnabled();
  await page.waitForLoadState("networkidle");
  const areas = (path: string) => path.includes("/CampAdminAreas-");
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter(areas)).toEqual([]);

  await page.getByLabel("Brukernavn").focus();
  await expect.poll(() => scripts.filter(areas).length).toBe(1);
  await page.getByLabel("Brukernavn").fill(campAdmin.username);
  await page.getByLabel("Passord").fill(campAdmin.password);
  await page.getByLabel("Passord").press("Enter");
  await expect(page.getByRole("tab", { name: "Deltakere" })).toBeVisible();
});
