import { createHash, randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import type { CampRegistrationDraft } from "../../src/shared/camp/camp-registration.ts";
import { validDraft } from "../../src/shared/camp/camp-draft.fixture.ts";
import type { CampStep } from "../../src/shared/camp/camp-steps.ts";
import { encodeBase64 } from "../../src/web/components/wizard/cookie-draft.ts";
import { tabPartValue } from "../../src/web/components/wizard/tab-draft.ts";
import { DRAFT_COOKIE, TAB_ONLY_FIELDS } from "../../src/web/camp/registration/draft-storage.ts";
import { expect } from "./fixtures.ts";
import { e2eCredentials } from "./support/server.ts";

export const campAdmin = { username: e2eCredentials.CAMP_ADMIN_USERNAME, password: e2eCredentials.CAMP_ADMIN_PASSWORD };

/** The server's clock (CLOCK_START and on): what a test computes a deadline or a refund against. */
export async function serverNow(request: APIRequestContext): Promise<Date> {
  return new Date(((await (await request.get("/healthz")).json()) as { now: string }).now);
}

/** A surname no other test (or project) uses, so each test finds its own rows. */
export function uniqueSurname(prefix: string): string {
  return `${prefix}${randomUUID()
    .replace(/[^a-z]/g, "")
    .slice(0, 8)}`;
}

export async function next(page: Page) {
  await page.getByRole("button", { name: "Neste", exact: true }).click();
}

export async function heading(page: Page, text: string | RegExp) {
  await expect(page.getByRole("heading", { level: 2, name: text })).toBeVisible();
}

export async function pick(page: Page, label: string, query: string, option: string | RegExp) {
  const box = page.getByRole("combobox", { name: label });
  await box.fill(query);
  await page.getByRole("option", { name: option }).first().click();
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const digest = createHash("sha256").update(campAdmin.password).digest("hex");
  const response = await request.get(`/api/VinterleirAdmin/GetToken/${campAdmin.username}/${digest}`);
  expect(response.status()).toBe(200);
  return response.text();
}

/** With E2E_SCREENSHOTS=<folder>: a full-page screenshot named by screen and viewport width, for a look by eye. */
export async function screenshot(page: Page, name: string, fullPage = true) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage });
}

/** The wizard at its Payment step (or `step`) with a complete draft (the other steps have their own tests). */
export async function openAtPayment(page: Page, context: BrowserContext, baseURL: string, draft: CampRegistrationDraft, step: CampStep = "Payment") {
  const { hostname } = new URL(baseURL);
  const tabPart = tabPartValue(draft.draftId, { ...TAB_ONLY_FIELDS });
  await page.addInitScript(([key, value]) => sessionStorage.setItem(key!, value!), [DRAFT_COOKIE, tabPart]);
  await context.addCookies([
    { name: "vinterleir_registrering", value: encodeBase64(JSON.stringify(draft)), domain: hostname, path: "/vinterleir/registrering" },
    { name: "vinterleir_registrering_step", value: encodeBase64(JSON.stringify(step)), domain: hostname, path: "/vinterleir/registrering" },
  ]);
  await page.goto("/vinterleir/registrering");
}

/** The receipt's total at the Payment step for one adult from another club (Bergen Vest), the family's price on the server's day. */
export async function adultTotalAtPayment(page: Page, context: BrowserContext, baseURL: string) {
  await openAtPayment(page, context, baseURL, validDraft({ draftId: randomUUID(), lastName: uniqueSurname("Sesong") }));
  return page.locator(".receipt .total");
}

/** The id of the newest mail to `address` whose subject starts with `subject`, once the outbox has sent it (/dev/mail). */
export async function mailId(request: APIRequestContext, address: string, subject: string): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const html = await (await request.get("/dev/mail")).text();
        const row = html.split("<tr>").find((part) => part.includes(`<td>${address}</td>`) && part.includes(`>${subject}`));
        id = row ? /href="\/dev\/mail\/([A-Za-z0-9-]+)"/.exec(row)?.[1] : undefined;
        return id;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return id!;
}

/** The text of that mail. */
export async function mailText(request: APIRequestContext, address: string, subject: string): Promise<string> {
  return (await request.get(`/dev/mail/${await mailId(request, address, subject)}`)).text();
}

/**
 * The wizard's athlete steps, from name and age to the public-list question, for an adult from Nittedal with
 * a blue belt and no grading, sleepover, companion, allergies or notes; ends by going on past the question.
 */
export async function fillAthleteSteps(
  page: Page,
  athlete: { firstName: string; lastName: string; age: number; email: string; publicList: RegExp | string },
) {
  await page.getByLabel("Fornavn").fill(athlete.firstName);
  await page.getByLabel("Etternavn").fill(athlete.lastName);
  await page.getByLabel("Alder").fill(String(athlete.age));
  await next(page);
  await page.getByLabel("E-post").fill(athlete.email);
  await page.getByLabel("Telefonnummer").fill("91234567");
  await next(page);
  await pick(page, "Klubb", "nitte", "Nittedal");
  await pick(page, "Beltegrad", "blått", /^6\. Cup \(Blått\)/);
  await next(page);
  await next(page); // grading
  await next(page); // sleepover
  await next(page); // no companion
  await next(page); // allergies
  await next(page); // food
  await next(page); // other information
  await page.getByLabel(athlete.publicList).check();
  await next(page);
}

/**
 * Signs in on an admin page and waits for «Logget inn som». The server checks the password at production cost
 * (scrypt, 2^15), which on a busy 2-core machine can take several seconds: the wait allows for it.
 */
export async function signIn(
  page: Page,
  path = "/vinterleir/deltakere/admin",
  username: string = campAdmin.username,
  password: string = campAdmin.password,
) {
  await page.goto(path);
  await page.getByLabel("Brukernavn").fill(username);
  await page.getByLabel("Passord").fill(password);
  await page.getByLabel("Passord").press("Enter");
  await expect(page.getByText(/Logget inn som/)).toBeVisible({ timeout: 20_000 });
}
