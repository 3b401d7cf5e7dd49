import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures.ts";
import { axeViolations } from "./support/axe.ts";

/** Must match INVOICE_ADMIN_PASSWORD in playwright.config.ts. */
const invoiceAdminPassword = "e2e-invoice-password";

// Due dates long past, so they are overdue whatever day the test runs. Both projects (desktop and phone)
// share the server's one list and upload this same file, so their runs cannot disturb each other.
const goodCsv = [
  "Navn;Epost;Beløp;Forfallsdato;AvtaleGiro;Fakturanummer;KID",
  "Kari Nordmann;kari@example.no;1 234,50;01.02.2020;Ja;E2E-1;12345678903",
  "Kari Nordmann;kari@example.no;520;2020-03-01;Ja;E2E-2;",
  "Per Dahl;per@example.no;480,00;15.01.2020;Nei;E2E-3;",
].join("\r\n");
const badCsv = [
  "Navn;Epost;Beløp;Forfallsdato;AvtaleGiro",
  "Ola Feil;ola@example.no;ti kroner;01.02.2020;Ja",
  ";ingen@example.no;100;31.02.2020;Kanskje",
].join("\n");

async function upload(page: Page, name: string, content: string) {
  await page.getByLabel("Fil fra regnskapssystemet (CSV eller Excel)").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(content) });
  await page.getByRole("button", { name: "Last opp og les inn" }).click();
}

test.describe("invoice reminders", () => {
  test.use({ expectedConsoleErrors: [/status of 401/] });

  test("log in, upload an export, see the reminders, refuse a bad file, download CSV", async ({ page }) => {
    await page.goto("/invoices");
    await expect(page.getByRole("heading", { level: 1, name: "Purringer" })).toBeVisible();
    await page.getByLabel("Passord").fill("feil-passord");
    await page.getByLabel("Passord").press("Enter");
    await expect(page.getByText("Feil passord.")).toBeVisible();
    await page.getByLabel("Passord").fill(invoiceAdminPassword);
    await page.getByLabel("Passord").press("Enter");
    await expect(page.getByRole("heading", { name: "Oppdater listen" })).toBeVisible();

    await upload(page, "ubetalte.csv", goodCsv);
    await expect(page.getByText("Filen er lastet opp og lest inn: 3 fakturaer.")).toBeVisible();
    const totals = page.locator("dl.invoice-totals");
    await expect(totals).toContainText(/Personer\s*2/);
    await expect(totals).toContainText(/Forfalte fakturaer\s*3/);
    await expect(totals).toContainText(/2\s234,50\skr/);
    const kari = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Kari Nordmann" }) });
    await expect(kari).toContainText(/1\s234,50\skr, forfalt 01\.02\.2020, AvtaleGiro: Ja/);
    await expect(kari).toContainText(/1\s754,50\skr/);
    await expect(kari.getByRole("link", { name: "kari@example.no" })).toHaveAttribute("href", "mailto:kari@example.no");

    expect(await axeViolations(page)).toEqual([]);

    await upload(page, "feil.csv", badCsv);
    await expect(page.getByText(/Filen ble ikke lest inn, og listen er som før/)).toBeVisible();
    await expect(page.getByText("Rad 2: Beløpet «ti kroner» er ikke et gyldig kronebeløp.")).toBeVisible();
    await expect(page.getByText(/^Rad 3: Navn mangler; forfallsdatoen «31\.02\.2020» finnes ikke/)).toBeVisible();
    await expect(page.getByRole("rowheader", { name: "Kari Nordmann" })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: "Per Dahl" })).toBeVisible();
    await expect(totals).toContainText(/Forfalte fakturaer\s*3/);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Last ned CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("purringer.csv");
    const text = Buffer.concat((await (await file.createReadStream()).toArray()) as Buffer[]).toString("utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe("Navn;E-post;Fakturanummer;KID;Beløp (kr);Forfallsdato;Dager over forfall;AvtaleGiro;Sum for personen (kr)");
    expect(lines).toHaveLength(4);
    expect(lines.find((line) => line.includes("E2E-1"))).toMatch(
      /^Kari Nordmann;kari@example\.no;E2E-1;12345678903;"1234,50";01\.02\.2020;\d+;Ja;"1754,50"$/,
    );
  });
});
