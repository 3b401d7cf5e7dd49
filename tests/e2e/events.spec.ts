/**
 * The club's other events: a grading created and published in the admin API appears on /arrangementer
 * (static HTML) within 5 s, a family registers on its page and pays with Vipps (the simulator), and the
 * result page speaks of the grading.
 */
import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { adminToken, campAdmin, screenshot } from "./camp-helpers.ts";
import { expect, test } from "./fixtures.ts";

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 24 * 3600_000).toISOString().slice(0, 10);

async function publishGrading(request: APIRequestContext, slug: string, title: string) {
  const token = await adminToken(request);
  const put = await request.put(`/api/ArrangementAdmin/Put/${slug}/${token}`, {
    data: {
      kind: "gradering",
      title,
      firstDay: day(20),
      lastDay: day(20),
      venue: "Ski Taekwondo Klubb",
      registrationOpensAt: new Date(Date.now() - 3600_000).toISOString(),
      registrationClosesAt: new Date(Date.now() + 10 * 24 * 3600_000).toISOString(),
      capacity: 2,
      price: 350,
      startTime: "10:00",
      homeClubOnly: true,
      minAge: 7,
      maxAge: 12,
      minGradeId: 1,
      maxGradeId: 13,
    },
  });
  expect(put.status()).toBe(201);
  expect((await request.post(`/api/ArrangementAdmin/Publish/${slug}/${token}`)).status()).toBe(200);
}

test(
  "a published grading is on /arrangementer within 5 s; a Vipps registration ends on a result page about the grading",
  { tag: "@phone" },
  async ({ page, request }) => {
    const slug = `gradering-${randomUUID().slice(0, 8)}`;
    const title = `Cupgradering ${slug.slice(-4)}`;
    await publishGrading(request, slug, title);
    const published = Date.now();
    await expect(async () => {
      await page.goto("/arrangementer");
      await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 5_000 });
    expect(Date.now() - published).toBeLessThan(5_000);
    await expect(page.getByTestId(`event-${slug}`)).toContainText("2 plasser igjen");
    await screenshot(page, "arrangementer");

    await page
      .getByTestId(`event-${slug}`)
      .getByRole("link", { name: /^Meld på/ })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Steg 1 av 3")).toBeVisible();
    await screenshot(page, "arrangement-steg-1");
    await page.getByLabel("Fornavn").fill("Ola");
    await page.getByLabel("Etternavn").fill("Gradering");
    await page.getByLabel("Alder").fill("10");
    await page.getByLabel("Klubb").selectOption({ label: "Ski Taekwondo Klubb" });
    await page.getByLabel("Grad").selectOption({ index: 3 });
    await page.getByRole("button", { name: "Neste" }).click();
    await expect(page.getByText("Steg 2 av 3")).toBeVisible();
    await page.getByLabel("Fornavn").fill("Kari");
    await page.getByLabel("Etternavn").fill("Gradering");
    await page.getByLabel("E-post").fill("kari.gradering@example.no");
    await page.getByLabel("Telefon").fill("91234567");
    await page.getByLabel(/samtykker/).check();
    await page.getByLabel(/salgsbetingelsene/).check();
    await page.getByRole("button", { name: "Neste" }).click();
    await expect(page.getByText("Totalt: 350")).toBeVisible();
    await screenshot(page, "arrangement-betaling");
    await page.getByRole("button", { name: "Betal med Vipps" }).click();
    await page.waitForURL(/\/vipps-sim\/landing\?reference=GR\d{2}-[A-Z2-9]{6}-\d+/);
    await page.getByRole("button", { name: "Godkjenn betalingen" }).click();
    await page.waitForURL(/\/vipps\/GR\d{2}-/);
    await expect(page.getByRole("heading", { name: `Takk! Du er påmeldt graderingen «${title}»` })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/Gradering, ordrenummer/)).toBeVisible();
    await screenshot(page, "arrangement-vipps-resultat");
  },
);

test("the event admin: the camps and the grading in one list, the participants and the examiner's list, no axe violations", async ({
  page,
  request,
}) => {
  const slug = `gradering-${randomUUID().slice(0, 8)}`;
  const title = `Sensorliste ${slug.slice(-4)}`;
  await publishGrading(request, slug, title);
  const post = await request.post(`/api/Arrangement/Post/${slug}`, {
    data: {
      draftId: randomUUID(),
      dataConsent: true,
      termsAccepted: true,
      contact: { firstName: "Kari", lastName: "Sensor", email: "kari.sensor@example.no", telephone: "91234567" },
      participants: [{ firstName: "Per", lastName: "Sensor", age: 9, clubId: 29, gradeId: 4, answers: {} }],
      items: [],
      vipps: false,
    },
  });
  expect(await post.text()).toBe("Done");

  await page.goto(`/arrangementer/${slug}`);
  await expect(page.getByRole("button", { name: "Neste" })).toBeEnabled();
  const form = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  expect(form.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  await page.goto("/arrangementer/admin");
  await page.getByLabel("Brukernavn").fill(campAdmin.username);
  await page.getByLabel("Passord").fill(campAdmin.password);
  await page.getByRole("button", { name: "Logg inn" }).click();
  await expect(page.getByRole("cell", { name: /Vinterleir: Vinterleir 2026/ })).toBeVisible();
  await screenshot(page, "arrangement-admin-liste");
  await page.getByRole("button", { name: new RegExp(`^Deltakere.*${title}$`) }).click();
  await expect(page.getByRole("heading", { name: "Sensorliste", exact: true })).toBeVisible();
  await expect(page.locator(".examiner-grade").filter({ hasText: "Gult (1)" })).toContainText("Per Sensor, 9 år, Ski Taekwondo Klubb");
  await screenshot(page, "arrangement-admin");
  const admin = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  expect(admin.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});
