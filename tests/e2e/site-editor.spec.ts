import { createHash } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { test, expect } from "./fixtures.ts";
import { axeViolations } from "./support/axe.ts";
import { adminToken, screenshot, signIn, uniqueSurname } from "./camp-helpers.ts";

/**
 * A `redaktør` — the club's volunteer who keeps the site — signs in to «Nettsted», writes a news post with a
 * picture (uploaded raw, stored as WebP without metadata) and saves it; the public page shows the text and the
 * picture with its width and height. The same account is refused the camp admin (no camp data, no money).
 */

const password = "Redaktør-Fjellvann-2026";

/** A redaktør account of its own per test (the project's name keeps the two widths apart). */
async function redaktor(request: APIRequestContext, name: string): Promise<string> {
  const username = name.toLowerCase().slice(0, 30);
  const created = await request.post(`/api/VinterleirAdmin/Accounts/${await adminToken(request)}`, {
    data: { username, name: `Rita ${name}`, role: "redaktør", password },
  });
  expect(created.status(), await created.text()).toBe(201);
  return username;
}

const signInAs = (page: Page, path: string, username: string) => signIn(page, path, username, password);

// The news section is saved whole: once per run, at a desk, so two widths never save it at the same time.
test("a redaktør writes a news post with a picture, and the public page shows it", { tag: "@desktop" }, async ({ page, request }) => {
  const username = await redaktor(request, uniqueSurname("rita"));
  const title = `Sommertrening ${uniqueSurname("")}`;
  await signInAs(page, "/nettsted/admin", username);
  await page.getByRole("button", { name: "Nyheter" }).click();
  await page.getByRole("button", { name: "Legg til nyhet" }).click();
  const item = page.locator(".site-list-item").last();
  await item.getByLabel("Overskrift").fill(title);
  await item.getByLabel("Tekst").fill("Vi trener ute i parken hele juni. Ta med <b>vann</b>!");
  await item.getByLabel("Hva bildet viser (for dem som ikke ser det)").fill("Utøvere i dobok på gresset");
  // A photo as a phone would send it: large, JPEG, with EXIF the site must not keep.
  const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 194, g: 15, b: 69 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Artist: "Rita Redaktor" } } })
    .toBuffer();
  expect((await sharp(photo).metadata()).exif).toBeDefined();
  await item.getByLabel("Bilde (kan stå tomt)").setInputFiles({ name: "trening.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(item.getByText("Bildet er lastet opp. Husk å lagre.")).toBeVisible({ timeout: 15_000 });
  expect(await axeViolations(page, { tags: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] })).toEqual([]);
  await screenshot(page, "nettsted-redaktor-nyhet");
  await page.getByRole("button", { name: "Lagre" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Lagret." })).toBeVisible({ timeout: 15_000 });

  // The save marks the site's facts stale in this process, so the next page view shows the post: no retry.
  const visitor = await page.context().newPage();
  await visitor.goto("/arrangementer");
  await expect(visitor.getByRole("heading", { name: title })).toBeVisible({ timeout: 15_000 });
  // Text stays text: the markup the editor typed is shown, never run.
  await expect(visitor.getByText("Ta med <b>vann</b>!")).toBeVisible();
  const picture = visitor.getByRole("img", { name: "Utøvere i dobok på gresset" });
  await expect(picture).toBeVisible();
  const src = (await picture.getAttribute("src")) ?? "";
  expect(src).toMatch(/^\/bilder\/nettsted\/[A-Za-z0-9_-]+\.webp$/);
  const [width, height] = [Number(await picture.getAttribute("width")), Number(await picture.getAttribute("height"))];
  expect(width).toBeGreaterThan(0);
  expect(width / height).toBeCloseTo(1.5, 1);
  const served = await request.get(src);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(served.headers()["cache-control"]).toContain("max-age=31536000");
  const stored = await sharp(await served.body()).metadata();
  expect({ format: stored.format, width: stored.width, height: stored.height, exif: stored.exif }).toEqual({
    format: "webp",
    width,
    height,
    exif: undefined,
  });
  await screenshot(visitor, "arrangementer-nyhet");
});

test("a redaktør is refused the camp admin: no camp data, no money", { tag: "@desktop" }, async ({ page, request }) => {
  const username = await redaktor(request, uniqueSurname("rita"));
  await signInAs(page, "/vinterleir/deltakere/admin", username);
  await expect(page.getByText("Kontoen din er for nettstedet.")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Deltakere" })).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "Kasserer" })).toHaveCount(0);
  // The server, not only the screen: the camp's data calls answer 403 to the same account.
  const token = await (await request.get(`/api/VinterleirAdmin/GetToken/${username}/${createHash("sha256").update(password).digest("hex")}`)).text();
  expect((await request.get(`/api/VinterleirAdmin/Get/${token}`)).status()).toBe(403);
  expect((await request.post(`/api/Melding/Send/vinterleir-2026/${token}`, { data: { segment: "all", subject: "x", body: "y" } })).status()).toBe(
    403,
  );
  expect(await axeViolations(page, { tags: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] })).toEqual([]);
  await screenshot(page, "leir-admin-redaktor");
});
