import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures.ts";
import { axeViolations } from "./support/axe.ts";
import { uniqueSurname } from "./camp-helpers.ts";

/** Must match NEWMEMBER_ADMIN_PASSWORD in playwright.config.ts. */
const newMemberAdminPassword = "e2e-newmember-password";

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

async function next(page: Page) {
  await page.getByRole("button", { name: "Neste" }).click();
}

async function registerChild(page: Page, surname: string, guardianEmail: string) {
  await page.goto("/nyttmedlem?referer=qr");
  await page.getByRole("button", { name: "Start" }).click();
  await page.getByLabel("Fornavn").fill("Sara");
  await page.getByLabel("Etternavn").fill(surname);
  await page.getByLabel("Alder").fill("9");
  await next(page);
  await expect(page.getByRole("heading", { name: "Foresatt" })).toBeVisible();
  await page.getByLabel("Fornavn til den foresatte").fill("Lise");
  await page.getByLabel("Etternavn til den foresatte").fill(surname);
  await page.getByLabel("E-post til den foresatte").fill(guardianEmail);
  await page.getByLabel("Telefonnummer til den foresatte").fill("912 34 567");
  await next(page);
  await expect(page.getByRole("heading", { name: "Se over og send" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Send inn" }).click();
  await expect(page.getByRole("heading", { name: "Takk for interessen!" })).toBeVisible();
}

async function registerAdult(page: Page, surname: string, email: string) {
  await page.goto("/nyttmedlem?referer=qr");
  await page.getByRole("button", { name: "Start" }).click();
  await page.getByLabel("Fornavn").fill("Per");
  await page.getByLabel("Etternavn").fill(surname);
  await page.getByLabel("Alder").fill("41");
  await page.getByLabel("E-post").fill(email);
  await page.getByLabel("Telefonnummer").fill("+47 987 65 432");
  await next(page);
  // Adults are their own contact: no guardian step.
  await expect(page.getByRole("heading", { name: "Se over og send" })).toBeVisible();
  await page.getByRole("button", { name: "Send inn" }).click();
  await expect(page.getByRole("heading", { name: "Takk for interessen!" })).toBeVisible();
}

async function downloadCsv(page: Page): Promise<string> {
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /Last ned CSV/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("nye-medlemmer.csv");
  const chunks = (await (await file.createReadStream()).toArray()) as Buffer[];
  return Buffer.concat(chunks).toString("utf8");
}

test.describe("new members", () => {
  test.use({ expectedConsoleErrors: [/status of 401/] });

  test("a child with a guardian and an adult register via QR; the admin sees, deletes after Ja and downloads CSV; mails are sent", async ({
    page,
  }) => {
    const surname = uniqueSurname("Nytt");
    const guardianEmail = `lise.${surname.toLowerCase()}@example.no`;
    const adultEmail = `per.${surname.toLowerCase()}@example.no`;
    await registerChild(page, surname, guardianEmail);
    await registerAdult(page, surname, adultEmail);

    await page.goto("/nyttmedlem/sjekk");
    await page.getByLabel("Passord").fill("feil-passord");
    await page.getByLabel("Passord").press("Enter");
    await expect(page.getByText("Feil passord.")).toBeVisible();
    await page.getByLabel("Passord").fill(newMemberAdminPassword);
    await page.getByLabel("Passord").press("Enter");
    await expect(page.getByRole("heading", { name: "Har meldt interesse" })).toBeVisible();

    const childRow = page.getByRole("row").filter({ has: page.getByRole("button", { name: `Sara ${surname}`, exact: true }) });
    const adultRow = page.getByRole("row").filter({ has: page.getByRole("button", { name: `Per ${surname}`, exact: true }) });
    await expect(childRow).toContainText("QR-kode");
    await expect(childRow).toContainText(`Lise ${surname}`);
    await expect(childRow).toContainText(guardianEmail);
    await expect(adultRow).toContainText("QR-kode");
    await expect(adultRow).toContainText("41 år");
    await expect(adultRow.getByRole("link", { name: /Send e-post/ })).toHaveAttribute("href", new RegExp(`^mailto:${adultEmail}`));
    await expectNoAxeViolations(page);

    const before = await downloadCsv(page);
    expect(before.charCodeAt(0)).toBe(0xfeff);
    expect(before).toContain(`;Sara;${surname};9;Lise;${surname};${guardianEmail};91234567;QR-kode;`);
    expect(before).toContain(`;Per;${surname};41;;;${adultEmail};'+4798765432;QR-kode;`);

    // Nei keeps the registration.
    await adultRow.getByRole("button", { name: `Slett Per ${surname}` }).click();
    await expectNoAxeViolations(page);
    await adultRow.getByRole("button", { name: "Nei" }).click();
    await expect(page.getByRole("button", { name: `Per ${surname}`, exact: true })).toBeVisible();
    // «Ja, slett» removes it, and the refreshed list no longer has it.
    await adultRow.getByRole("button", { name: `Slett Per ${surname}` }).click();
    await adultRow.getByRole("button", { name: "Ja, slett" }).click();
    await expect(page.getByText(`Per ${surname} er slettet.`)).toBeVisible();
    await expect(page.getByRole("button", { name: `Per ${surname}`, exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: `Sara ${surname}`, exact: true })).toBeVisible();

    const after = await downloadCsv(page);
    expect(after).toContain(`;Sara;${surname};`);
    expect(after).not.toContain(`;Per;${surname};`);

    // Both confirmations went through the outbox to the local mail folder (development mail page).
    await expect.poll(async () => (await page.request.get("/dev/mail")).text(), { timeout: 10_000 }).toContain(guardianEmail);
    const mailPage = await (await page.request.get("/dev/mail")).text();
    expect(mailPage).toContain(adultEmail);
    expect(mailPage).toContain("Takk for interessen");
  });

  test("the details view has a back button, and a reload keeps the admin signed in", { tag: "@desktop" }, async ({ page }) => {
    const surname = uniqueSurname("Detalj");
    await registerAdult(page, surname, `${surname.toLowerCase()}@example.no`);
    await page.goto("/nyttmedlem/sjekk");
    await page.getByLabel("Passord").fill(newMemberAdminPassword);
    await page.getByLabel("Passord").press("Enter");
    await page.getByRole("button", { name: `Per ${surname}`, exact: true }).click();
    await expect(page.getByRole("heading", { level: 2, name: `Per ${surname}` })).toBeVisible();
    await expect(page.getByText("Ingen (voksen, er selv kontakt)")).toBeVisible();
    await page.getByRole("button", { name: "Tilbake til listen" }).click();
    await expect(page.getByRole("button", { name: `Per ${surname}`, exact: true })).toBeFocused();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Har meldt interesse" })).toBeVisible();

    // Logg ut ends the token on the server: a copy of it no longer opens the list. (Not "Logg ut overalt":
    // the other browser project shares this server and would be signed out mid-test.)
    const token = (await page.context().cookies()).find((cookie) => cookie.name === "newMemberAdminToken")?.value;
    expect(token).toBeTruthy();
    expect((await page.request.get(`/api/NewMemberAdmin/Get/${token}`)).status()).toBe(200);
    await expect(page.getByRole("button", { name: "Logg ut overalt" })).toBeVisible();
    await page.getByRole("button", { name: "Logg ut", exact: true }).click();
    await expect(page.getByText("Du er logget ut.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Logg inn" })).toBeFocused();
    expect((await page.request.get(`/api/NewMemberAdmin/Get/${token}`)).status()).toBe(401);
  });
});
