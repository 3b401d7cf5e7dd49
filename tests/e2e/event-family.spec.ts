/**
 * «Min påmelding» for an event: a family registers two utøvere for a grading, opens the personal link from
 * the confirmation mail (read on /dev/mail), cancels one of them, and gets the cancellation by mail; the
 * place is free again at once. At 360 px, where families read their mail.
 */
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { adminToken, mailText, screenshot } from "./camp-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { grading, publishEvent } from "./event-helpers.ts";

const linkPattern = /http:\/\/127\.0\.0\.1:\d+(\/arrangementer\/min-pamelding\/[A-Za-z0-9_-]{43})/;

test("a family opens the link from the mail and cancels one utøver of a grading", { tag: "@phone" }, async ({ page, request }) => {
  const slug = `gradering-${randomUUID().slice(0, 8)}`;
  const title = `Cupgradering ${slug.slice(-4)}`;
  const email = `familie.${slug.slice(-8)}@example.no`;
  const token = await adminToken(request);
  await publishEvent(request, token, slug, grading(title));
  const post = await request.post(`/api/Arrangement/Post/${slug}`, {
    data: {
      draftId: randomUUID(),
      dataConsent: true,
      termsAccepted: true,
      contact: { firstName: "Kari", lastName: "Familie", email, telephone: "91234567" },
      participants: [
        { firstName: "Ola", lastName: "Familie", age: 10, clubId: 29, gradeId: 4, answers: {} },
        { firstName: "Per", lastName: "Familie", age: 8, clubId: 29, gradeId: 3, answers: {} },
      ],
      items: [],
      vipps: false,
    },
  });
  expect(await post.text()).toBe("Done");
  expect((await (await request.get(`/api/Arrangement/Get/${slug}`)).json()).placesLeft).toBe(0);

  const mail = await mailText(request, email, "Gradering:");
  const link = linkPattern.exec(mail)?.[1];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1, name: `Min påmelding – ${title}` })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Utøvere" })).toBeVisible();
  await expect(page.getByText("Per Familie")).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await screenshot(page, "arrangement-min-pamelding");

  await page.getByRole("button", { name: "Avbestill Per Familie" }).click();
  await expect(page.getByRole("group", { name: "Bekreft avbestilling av Per Familie" })).toContainText("det koster ingenting å avbestille");
  await expect(page.getByRole("button", { name: "Nei, behold" })).toBeFocused();
  await page.getByRole("button", { name: "Ja, avbestill" }).click();
  const notice = page.getByText("Per Familie er avbestilt. Du får en e-post om det.");
  await expect(notice).toBeVisible();
  await expect(notice).toBeFocused();
  await expect(page.getByRole("button", { name: "Avbestill Per Familie" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Avbestill hele påmeldingen" })).toBeVisible();
  await screenshot(page, "arrangement-min-pamelding-avbestilt");

  expect((await (await request.get(`/api/Arrangement/Get/${slug}`)).json()).placesLeft).toBe(1);
  expect(await mailText(request, email, "Avbestilt:")).toContain("Per Familie er avbestilt fra");

  // An unknown link: the page says so in Norwegian (404).
  const unknown = await page.goto(`/arrangementer/min-pamelding/${"x".repeat(43)}`);
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Fant ikke påmeldingen" })).toBeVisible();
});
