import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { validDraft } from "../../src/shared/camp/camp-draft.fixture.ts";
import { test, expect } from "./fixtures.ts";
import { axeViolations } from "./support/axe.ts";
import { mailText, openAtPayment, screenshot, signIn, uniqueSurname } from "./camp-helpers.ts";

async function logIn(page: Page) {
  await signIn(page);
}

test("«Send melding»: the leader picks a family, sees the exact mail, sends it, and the family gets its own link", async ({ page, request }) => {
  const surname = uniqueSurname("Melding");
  const address = `${surname.toLowerCase()}.foresatt@example.no`;
  const posted = await request.post("/api/Vinterleir/Post", {
    data: validDraft({ draftId: randomUUID(), firstName: "Emma", lastName: surname, age: 10, email: address, vipps: false }),
  });
  expect(await posted.text()).toBe("Done");

  await logIn(page);
  await page.getByRole("tab", { name: "Send melding" }).click();
  await expect(page.getByRole("heading", { name: "Send melding", level: 2 })).toBeVisible();
  await page.getByLabel("Til", { exact: true }).selectOption({ label: "Valgte fra listen" });
  await page.getByRole("checkbox", { name: new RegExp(`Emma ${surname}`) }).check();
  const subject = `Ta med liggeunderlag ${surname}`;
  await page.getByLabel("Emne", { exact: true }).fill(subject);
  await page.getByLabel("Melding", { exact: true }).fill("{deltakere} må ha med liggeunderlag. Dere har {beløp} igjen å betale.");
  await page.getByLabel("Legg ved programmet (PDF)").check();

  await page.getByRole("button", { name: "Forhåndsvis" }).click();
  const preview = page.locator(".message-preview");
  await expect(preview.getByText(address)).toBeVisible();
  await expect(preview.locator(".message-text")).toContainText("Emma må ha med liggeunderlag.");
  await expect(preview.locator(".message-text")).toContainText(`Denne meldingen gjelder Emma ${surname}.`);
  await expect(preview.locator(".message-text")).not.toContainText("Hei Emma");
  await expect(preview.getByText(/vinterleir-\d{4}-barn\.pdf/).first()).toBeVisible();
  expect(await axeViolations(page, { tags: null })).toEqual([]);
  await screenshot(page, "camp-admin-send-melding");

  await page.getByRole("button", { name: "Send melding" }).click();
  await page.getByRole("button", { name: "Ja, send" }).click();
  await expect(page.getByRole("status").filter({ hasText: "lagt i kø til 1 familie" })).toBeVisible();
  const entry = page.locator(".message-log > li").filter({ hasText: subject });
  await expect(entry).toBeVisible();

  const mail = await mailText(request, address, subject);
  expect(mail).toContain("Emma må ha med liggeunderlag.");
  expect(mail).toMatch(/\/min-side\/[A-Za-z0-9_-]{43}/);
  // The log follows the outbox: once sent, the family's state is «Sendt».
  await expect
    .poll(async () => {
      await page.getByRole("button", { name: "Oppdater" }).click();
      return entry.textContent();
    })
    .toContain("Sendt 1");
  await entry.getByText("Hvem fikk den").click();
  await expect(entry.getByText(address)).toBeVisible();
  await screenshot(page, "camp-admin-send-melding-logg");
});

test("a message set for later is cancelled («Avlys») and stays in the log as cancelled", async ({ page, request }) => {
  const surname = uniqueSurname("Avlys");
  const posted = await request.post("/api/Vinterleir/Post", {
    data: validDraft({
      draftId: randomUUID(),
      firstName: "Ola",
      lastName: surname,
      age: 11,
      email: `${surname.toLowerCase()}@example.no`,
      vipps: false,
    }),
  });
  expect(await posted.text()).toBe("Done");
  await logIn(page);
  await page.getByRole("tab", { name: "Send melding" }).click();
  const subject = `Senere ${surname}`;
  await page.getByLabel("Emne", { exact: true }).fill(subject);
  await page.getByLabel("Melding", { exact: true }).fill("Vi sees snart.");
  await page.getByLabel("Send senere").check();
  await page.getByLabel("Tidspunkt").fill("2030-01-01T12:00");
  await page.getByRole("button", { name: "Send melding" }).click();
  await page.getByRole("button", { name: "Ja, send" }).click();
  const entry = page.locator(".message-log > li").filter({ hasText: subject });
  // Another year than the clock's: the time carries its year.
  await expect(entry.getByText(/^Venter på tidspunktet \(.* 2030 kl\. 12\.00\); mottakerne velges da\.$/)).toBeVisible();
  await entry.getByRole("button", { name: `Avlys «${subject}»` }).click();
  await expect(page.getByRole("status").filter({ hasText: "er avlyst og blir ikke sendt" })).toBeVisible();
  await expect(entry.getByText("Avlyst", { exact: true })).toBeVisible();
  await expect(entry.getByRole("button", { name: /^Avlys/ })).toHaveCount(0);
  expect(await axeViolations(page, { tags: null })).toEqual([]);
  await screenshot(page, "camp-admin-send-melding-avlyst");
});

test("the wizard asks a child's contact person's name, and only for a child", { tag: "@phone" }, async ({ page, context, baseURL }) => {
  await openAtPayment(
    page,
    context,
    baseURL!,
    validDraft({ draftId: randomUUID(), firstName: "Emma", age: 10, email: "", telephone: "" }),
    "EmailTelephone",
  );
  const field = page.getByLabel("Navn på foresatt/kontaktperson (valgfritt)");
  await expect(field).toBeVisible();
  await field.fill("Kari Nordmann");
  expect(await axeViolations(page, { tags: null })).toEqual([]);
  await screenshot(page, "vinterleir-kontaktinformasjon-barn");
  await page.context().clearCookies();
  await openAtPayment(page, context, baseURL!, validDraft({ draftId: randomUUID(), firstName: "Voksen", age: 30 }), "EmailTelephone");
  await expect(page.getByLabel("E-post")).toBeVisible();
  await expect(page.getByLabel("Navn på foresatt/kontaktperson (valgfritt)")).toHaveCount(0);
});
