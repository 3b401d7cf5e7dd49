/**
 * Vipps with the built-in simulator (no credentials in the e2e server): the wizard's "Betal med Vipps",
 * the simulator's landing page, the /vipps/:ordreId result page, and the server's own reconciliation.
 */
import { randomUUID } from "node:crypto";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { validDraft } from "../../src/shared/camp/camp-draft.fixture.ts";
import { encodeBase64 } from "../../src/web/components/wizard/cookie-draft.ts";
import { tabPartValue } from "../../src/web/components/wizard/tab-draft.ts";
import { DRAFT_COOKIE, TAB_ONLY_FIELDS } from "../../src/web/camp/registration/draft-storage.ts";
import { adminToken, uniqueSurname } from "./camp-helpers.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Opens the wizard at the Payment step with a complete draft (the other steps have their own tests): the
 * cookies, and the tab's copy of the tab-only fields, without which the wizard would ask for them again.
 */
async function openAtPayment(page: Page, context: BrowserContext, baseURL: string, lastName: string) {
  const draft = validDraft({ draftId: randomUUID(), lastName, email: `${lastName.toLowerCase()}@example.no` });
  const { hostname } = new URL(baseURL);
  const tabPart = tabPartValue(draft.draftId, { ...TAB_ONLY_FIELDS });
  await page.addInitScript(([key, value]) => sessionStorage.setItem(key!, value!), [DRAFT_COOKIE, tabPart]);
  await context.addCookies([
    { name: "vinterleir_registrering", value: encodeBase64(JSON.stringify(draft)), domain: hostname, path: "/vinterleir/registrering" },
    { name: "vinterleir_registrering_step", value: encodeBase64(JSON.stringify("Payment")), domain: hostname, path: "/vinterleir/registrering" },
  ]);
  await page.goto("/vinterleir/registrering");
  await expect(page.getByRole("button", { name: "Betal med Vipps" })).toBeEnabled();
}

async function payWithVipps(page: Page) {
  await page.getByRole("button", { name: "Betal med Vipps" }).click();
  await page.waitForURL(/\/vipps-sim\/landing\?reference=VL\d{2}-[A-Z2-9]{6}-\d+/);
  await expect(page.getByRole("heading", { name: "Vipps-simulator" })).toBeVisible();
  await expect(page.locator("#amount")).toContainText("kr");
  await expect(page.locator("#description")).toContainText("Vinterleir");
  return new URL(page.url()).searchParams.get("reference")!;
}

async function adminRow(request: APIRequestContext, lastName: string) {
  const token = await adminToken(request);
  const persons = (await (await request.get(`/api/VinterleirAdmin/Get/${token}`)).json()) as {
    lastname: string;
    status: string;
    paymentState: string | null;
    paid: number;
    amount: number;
    registrationId: number;
  }[];
  return persons.find((person) => person.lastname === lastName);
}

/** Mails to this test's own address in the development mail folder (/dev/mail lists one row per mail). */
async function confirmationMails(request: APIRequestContext, lastName: string) {
  const response = await request.get("/dev/mail");
  if (!response.ok()) return -1;
  const text = await response.text();
  return text.split(`<td>${lastName.toLowerCase()}@example.no</td>`).length - 1;
}

test.describe("Vipps (simulator)", () => {
  test("pay and approve → success page, participant confirmed, paid and captured", async ({ page, context, baseURL, request }) => {
    const lastName = uniqueSurname("Vipps");
    await openAtPayment(page, context, baseURL!, lastName);
    const reference = await payWithVipps(page);
    const orderId = reference.replace(/-\d+$/, "");
    await page.getByRole("button", { name: "Godkjenn betalingen" }).click();
    await page.waitForURL(`**/vipps/${orderId}`);
    await expect(page.getByRole("heading", { level: 1, name: /er påmeldt vinterleiren \d{4}\./ })).toBeVisible();
    await expect(page.getByText(orderId)).toBeVisible();
    // The wizard cookies are gone once the page has taken over (the heading above comes in the server's HTML).
    const wizardCookies = async () => (await context.cookies()).filter((cookie) => cookie.name.startsWith("vinterleir_registrering"));
    await expect.poll(wizardCookies).toEqual([]);
    await expect.poll(async () => (await adminRow(request, lastName))?.paymentState, { timeout: 15_000 }).toBe("captured");
    const row = await adminRow(request, lastName);
    expect(row).toMatchObject({ status: "confirmed" });
    expect(row!.paid).toBe(row!.amount);
  });

  test("abort → cancelled page → Prøv igjen → pay again → success", async ({ page, context, baseURL, request }) => {
    const lastName = uniqueSurname("Avbrutt");
    await openAtPayment(page, context, baseURL!, lastName);
    const first = await payWithVipps(page);
    const orderId = first.replace(/-\d+$/, "");
    await page.getByRole("button", { name: "Avbryt" }).click();
    await page.waitForURL(`**/vipps/${orderId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Betalingen ble avbrutt" })).toBeVisible();
    await page.getByRole("button", { name: "Prøv igjen" }).click();
    await page.waitForURL("**/vinterleir/registrering");
    const second = await payWithVipps(page);
    expect(second).toBe(`${orderId}-2`);
    await page.getByRole("button", { name: "Godkjenn betalingen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /er påmeldt vinterleiren \d{4}\./ })).toBeVisible();
    await expect.poll(async () => (await adminRow(request, lastName))?.paymentState, { timeout: 15_000 }).toBe("captured");
  });

  test("an expired payment → rejected page with Avbryt and Prøv igjen; never a participant", async ({ page, context, baseURL, request }) => {
    const lastName = uniqueSurname("Utlopt");
    await openAtPayment(page, context, baseURL!, lastName);
    const reference = await payWithVipps(page);
    await page.getByRole("button", { name: /gå ut på tid/ }).click();
    await page.waitForURL(`**/vipps/${reference.replace(/-\d+$/, "")}`);
    await expect(page.getByRole("heading", { level: 1, name: "Betalingen ble avvist" })).toBeVisible();
    await expect(page.getByText("Ingen penger er reservert eller trukket.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Prøv igjen" })).toBeVisible();
    const row = await adminRow(request, lastName);
    expect(row).toMatchObject({ status: "pending_payment", paymentState: "expired" });
    const list = (await (await request.get("/api/VinterleirUsers/Get")).json()) as { name: string }[];
    expect(list.some((person) => person.name.includes(lastName))).toBe(false);
    await page.getByRole("button", { name: "Avbryt" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });

  test("the browser closed after approving: the server still confirms, captures and sends one e-mail", async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const lastName = uniqueSurname("Lukket");
    await openAtPayment(page, context, baseURL!, lastName);
    await payWithVipps(page);
    // The landing page's own approve form (reference and the payment's token), submitted without the
    // browser ever coming back.
    const approveForm = page.locator('form[action="/vipps-sim/landing/approve"]');
    const form = {
      reference: await approveForm.locator('input[name="reference"]').inputValue(),
      token: await approveForm.locator('input[name="token"]').inputValue(),
    };
    await page.close();
    const approved = await request.post(`/vipps-sim/landing/approve`, { form, maxRedirects: 0 });
    expect(approved.status()).toBe(303);
    await expect.poll(async () => (await adminRow(request, lastName))?.paymentState, { timeout: 20_000 }).toBe("captured");
    expect(await adminRow(request, lastName)).toMatchObject({ status: "confirmed" });
    await expect.poll(() => confirmationMails(request, lastName), { timeout: 15_000 }).toBe(1);
    // Later reconciliation rounds send nothing more.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await confirmationMails(request, lastName)).toBe(1);
  });
});

test("the payment result page without an order id says so", async ({ page }) => {
  await page.goto("/vipps");
  await expect(page.getByText("Ingen ordreid???")).toBeVisible();
});
