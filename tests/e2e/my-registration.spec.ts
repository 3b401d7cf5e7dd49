/**
 * "Min påmelding": the personal link from the confirmation mail (read on /dev/mail), the page behind it at
 * phone and desktop width, cancelling after the full-refund deadline (half back, through the Vipps simulator),
 * free changes, "Finn påmeldingen min", and the 404 for an unknown link. It lives on the run's server for the
 * day three days after the 2026 camp's full-refund deadline (full price, half back).
 */
import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { validCompanion, validDraft } from "../../src/shared/camp/camp-draft.fixture.ts";
import type { CampRegistrationDraft } from "../../src/shared/camp/camp-registration.ts";
import { mailId, openAtPayment, screenshot, uniqueSurname } from "./camp-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { axeViolations } from "./support/axe.ts";
import { season } from "./support/season.ts";

test.use({ clockStart: season.afterRefundDeadline });

const linkPattern = /http:\/\/127\.0\.0\.1:\d+(\/min-side\/[A-Za-z0-9_-]{43})/;

/** A card/cash registration through the API; answers the Done page's personal link (a path). */
async function registerCardCash(request: APIRequestContext, overrides: Partial<CampRegistrationDraft>) {
  const response = await request.post("/api/Vinterleir/Post", { data: validDraft({ draftId: randomUUID(), ...overrides }) });
  expect(await response.text()).toBe("Done");
  const link = response.headers()["x-min-pamelding"];
  expect(link).toMatch(/^\/min-side\/[A-Za-z0-9_-]{43}$/);
  return link!;
}

test.describe("Min påmelding", () => {
  test("Vipps: the mail has the link and a calendar file; Avbestill refunds half at Vipps and leaves the public list", async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const lastName = uniqueSurname("Minside");
    const email = `${lastName.toLowerCase()}@example.no`;
    await openAtPayment(page, context, baseURL!, validDraft({ draftId: randomUUID(), lastName, email, vipps: true }));
    await page.getByRole("button", { name: "Betal med Vipps" }).click();
    await page.waitForURL(/\/vipps-sim\/landing\?reference=/);
    const landing = page.url();
    await page.getByRole("button", { name: "Godkjenn betalingen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /er påmeldt vinterleiren \d{4}\./ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Min påmelding" })).toBeVisible();

    const id = await mailId(request, email, "Du er registrert");
    const mailPage = await (await request.get(`/dev/mail/${id}`)).text();
    const link = linkPattern.exec(mailPage)![1]!;
    expect(mailPage).toContain("Fristen for å få alt tilbake gikk ut");
    expect(mailPage).toContain("vinterleir-");
    const calendar = await request.get(`/dev/mail/${id}/vedlegg/0`);
    expect(calendar.headers()["content-type"]).toContain("text/calendar");
    const ics = await calendar.text();
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain("TZID:Europe/Oslo");

    // Captured first (the server does it right after approval), so the refund is on money that came in.
    await expect
      .poll(async () => (await (await request.get(landing.replace(/^https?:\/\/[^/]+/, ""))).text()).includes('id="captured">kr 1\u00a0200,00'), {
        timeout: 15_000,
      })
      .toBe(true);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 2, name: /Vinterleir \d{4}/ })).toBeVisible();
    await expect(page.getByText(`Ola ${lastName}`, { exact: true })).toBeVisible();
    await expect(page.getByText("Fristen for å få alt tilbake gikk ut")).toBeVisible();
    await screenshot(page, "min-pamelding-vipps");
    const publicList = async () => JSON.stringify(await (await request.get("/api/VinterleirUsers/Get")).json());
    expect(await publicList()).toContain(lastName);

    await page.getByRole("button", { name: `Avbestill Ola ${lastName}` }).click();
    await expect(page.getByText("Du får 600\u00a0kr tilbake med Vipps.")).toBeVisible();
    await screenshot(page, "min-pamelding-avbestill");
    await page.getByRole("button", { name: "Ja, avbestill" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Påmeldingen er avbestilt" })).toBeVisible();
    await expect(page.getByText("Avbestilt", { exact: true }).first()).toBeVisible();
    expect(await publicList()).not.toContain(lastName);
    // The simulator (standing in for Vipps) shows the refund: half of 1 200 kr.
    await expect
      .poll(async () => (await (await request.get(landing.replace(/^https?:\/\/[^/]+/, ""))).text()).includes('id="refunded">kr 600,00'), {
        timeout: 15_000,
      })
      .toBe(true);
    const cancelMail = await (await request.get(`/dev/mail/${await mailId(request, email, "Påmeldingen til vinterleir")}`)).text();
    expect(cancelMail).toContain("Du får 600");
  });

  test("an unknown link answers 404 with a Norwegian page", async ({ page }) => {
    const response = await page.goto(`/vinterleir/min-pamelding/${"A".repeat(43)}`);
    expect(response!.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Fant ikke påmeldingen" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Finn påmeldingen min" })).toBeVisible();
    expect((await page.goto("/vinterleir/min-pamelding/kort"))!.status()).toBe(404);
    await screenshot(page, "min-pamelding-404");
  });

  test("change allergies and food; cancel one companion, card/cash", async ({ page, request }) => {
    const lastName = uniqueSurname("Endre");
    const link = await registerCardCash(request, {
      lastName,
      email: `${lastName.toLowerCase()}@example.no`,
      hasLedsager: true,
      ledsagere: [validCompanion({ id: "a", firstName: "Kari", lastName }), validCompanion({ id: "b", firstName: "Per", lastName })],
    });
    await page.goto(link);
    await expect(page.getByText(`Per ${lastName}`, { exact: true })).toBeVisible();
    await page.getByLabel("Allergier").fill("Nøtter og skalldyr");
    await page.getByLabel("Vegetarmat").check();
    await page.getByRole("button", { name: "Lagre endringene" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Endringene er lagret." })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Allergier")).toHaveValue("Nøtter og skalldyr");
    await expect(page.getByLabel("Vegetarmat")).toBeChecked();

    await page.getByRole("button", { name: `Avbestill Per ${lastName}` }).click();
    await expect(
      page.getByText(
        "Det er ikke betalt noe for dette ennå, så det koster ingenting å avbestille: du får ingenting tilbake og skal ikke betale noe for det du avbestiller.",
      ),
    ).toBeVisible();
    await page.getByRole("button", { name: "Ja, avbestill" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Per ${lastName} er avbestilt` })).toBeVisible();
    await expect(page.getByRole("cell", { name: `Avbestilt ledsager: Per ${lastName}` })).toBeVisible();
    await expect(page.locator(".receipt .total")).toHaveText("1\u00a0750\u00a0kr");
    // Every krone explained by its lines, from the ledger: nothing paid yet, the rest left to pay at the door.
    const lines = page.locator(".my-facts").first();
    await expect(lines.locator("dt:has-text('Betalt') + dd")).toHaveText("0\u00a0kr");
    await expect(lines.locator("dt:has-text('Utestående') + dd")).toHaveText("1\u00a0750\u00a0kr");
    await screenshot(page, "min-pamelding-endret");
    await page.getByRole("button", { name: "Legg til ledsager" }).click();
    await expect(await axeViolations(page)).toEqual([]);
  });

  test("add a companion and pay the difference with Vipps", async ({ page, request }) => {
    const lastName = uniqueSurname("Tillegg");
    const response = await request.post("/api/Vinterleir/Post", {
      data: validDraft({ draftId: randomUUID(), lastName, email: `${lastName.toLowerCase()}@example.no`, vipps: true }),
    });
    const landing = (await response.text()).trim();
    const link = response.headers()["x-min-pamelding"]!;
    await page.goto(landing);
    await page.getByRole("button", { name: "Godkjenn betalingen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /er påmeldt vinterleiren \d{4}\./ })).toBeVisible();

    await page.goto(link);
    await page.getByRole("button", { name: "Legg til ledsager" }).click();
    await page.getByLabel("Fornavn").fill("Kari");
    await page.getByLabel("Etternavn").fill(lastName);
    await page.getByLabel("Ledsagerens telefon").fill("98765432");
    await page.getByLabel("Ledsagerens e-post").fill("kari@example.no");
    await screenshot(page, "min-pamelding-ledsager");
    await page.getByRole("button", { name: "Legg til ledsageren" }).click();
    await page.waitForURL(/\/vipps-sim\/landing\?reference=VL\d{2}-[A-Z2-9]{6}-2/);
    await expect(page.locator("#amount")).toHaveText("kr 550,00");
    await page.getByRole("button", { name: "Godkjenn betalingen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /er påmeldt vinterleiren \d{4}\./ })).toBeVisible();
    await page.getByRole("link", { name: "Min påmelding" }).click();
    await expect(page.getByText(`Kari ${lastName}`, { exact: true })).toBeVisible();
    await expect(page.locator(".receipt .total")).toHaveText("1\u00a0750\u00a0kr");
    // Every krone explained by its lines, from the ledger: both payments in (once Vipps has captured the second), nothing left to pay.
    const lines = page.locator(".my-facts").first();
    await expect
      .poll(
        async () => {
          await page.reload();
          return lines.locator("dt:has-text('Betalt') + dd").textContent();
        },
        { timeout: 15_000 },
      )
      .toBe("1\u00a0750\u00a0kr");
    await expect(page.getByRole("button", { name: /Betal .* med Vipps/ })).toHaveCount(0);
    await expect(lines.locator("dt:has-text('Utestående') + dd")).toHaveText("0\u00a0kr");
  });

  test("one link for the family: two children registered with one address, each with its own Avbestill", async ({ page, request }) => {
    const lastName = uniqueSurname("Familie");
    const email = `${lastName.toLowerCase()}@example.no`;
    await registerCardCash(request, { firstName: "Sofie", lastName, email });
    // The same address typed in capitals is the same family.
    await registerCardCash(request, { firstName: "Jonas", lastName, email: email.toUpperCase() });
    await page.goto("/vinterleir/min-pamelding");
    await page.getByLabel("E-post").fill(email);
    await page.getByRole("button", { name: "Send meg lenken" }).click();
    await expect(page.getByRole("status")).toContainText("Finnes det en påmelding med den e-postadressen");
    const mail = await (await request.get(`/dev/mail/${await mailId(request, email, "Lenken til påmeldingene dine")}`)).text();
    // One link for both children.
    expect(new Set(mail.match(/\/min-side\/[A-Za-z0-9_-]{43}/g)).size).toBe(1);
    await page.goto(linkPattern.exec(mail)![1]!);
    await expect(page.getByText(`Sofie ${lastName}`, { exact: true })).toBeVisible();
    await expect(page.getByText(`Jonas ${lastName}`, { exact: true }).first()).toBeVisible();
    await page.getByRole("button", { name: `Avbestill Jonas ${lastName}` }).click();
    await page.getByRole("button", { name: "Ja, avbestill" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Jonas ${lastName} er avbestilt` })).toBeVisible();
    // Sofie's registration is as it was.
    await expect(page.getByRole("button", { name: `Avbestill Sofie ${lastName}` })).toBeVisible();
    await expect(page.getByRole("button", { name: `Avbestill Jonas ${lastName}` })).toHaveCount(0);
    await screenshot(page, "min-pamelding-familie");
    await expect(await axeViolations(page)).toEqual([]);
  });

  test("Finn påmeldingen min gives the same answer and mails the link", async ({ page, request }) => {
    const lastName = uniqueSurname("Finn");
    const email = `${lastName.toLowerCase()}@example.no`;
    await registerCardCash(request, { lastName, email });
    await page.goto("/vinterleir/min-pamelding");
    await page.getByLabel("E-post").fill(email);
    await page.getByRole("button", { name: "Send meg lenken" }).click();
    await expect(page.getByRole("status")).toContainText("Finnes det en påmelding med den e-postadressen");
    await screenshot(page, "finn-pamelding");
    await expect(await axeViolations(page)).toEqual([]);
    const mail = await (await request.get(`/dev/mail/${await mailId(request, email, "Lenken til påmeldingene dine")}`)).text();
    await page.goto(linkPattern.exec(mail)![1]!);
    await expect(page.getByText(`Ola ${lastName}`, { exact: true })).toBeVisible();
  });
});
