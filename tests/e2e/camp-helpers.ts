import { createHash, randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

export const campAdmin = { username: "e2e-admin", password: "e2e-camp-password" };

/** A surname no other test (or project) uses, so each test finds its own rows. */
export function uniqueSurname(prefix: string): string {
  return `${prefix}${randomUUID().replace(/[^a-z]/g, "").slice(0, 8)}`;
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
