/**
 * «Min påmelding» for an event: a family registers two utøvere for a grading, opens the personal link from
 * the confirmation mail (read on /dev/mail), cancels one of them, and gets the cancellation by mail; the
 * place is free again at once. At 360 px, where families read their mail.
 */
import { randomUUID } from "node:crypto";
import { adminToken, campAdmin, mailText, screenshot } from "./camp-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { axeViolations } from "./support/axe.ts";
import { grading, publishEvent, registerForEvent } from "./event-helpers.ts";

const linkPattern = /http:\/\/127\.0\.0\.1:\d+(\/min-side\/[A-Za-z0-9_-]{43})/;

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
  await expect(page.getByRole("heading", { level: 2, name: `Min påmelding – ${title}` })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Utøvere" })).toBeVisible();
  await expect(page.getByText("Per Familie")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
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

test(
  "the leader writes to a grading's unpaid families from the event admin and sees the message in the log",
  { tag: "@phone" },
  async ({ page, request }) => {
    const slug = `gradering-${randomUUID().slice(0, 8)}`;
    const title = `Melding ${slug.slice(-4)}`;
    const paid = { firstName: "Pia", lastName: "Betalt", email: `betalt.${slug.slice(-8)}@example.no` };
    const unpaid = { firstName: "Ulf", lastName: "Skylder", email: `skylder.${slug.slice(-8)}@example.no` };
    const token = await adminToken(request);
    await publishEvent(request, token, slug, grading(title, { capacity: 3 }));

    // One family pays with Vipps (approved in the simulator), the other is to pay at the door.
    const vipps = await request.post(`/api/Arrangement/Post/${slug}`, {
      data: {
        draftId: randomUUID(),
        dataConsent: true,
        termsAccepted: true,
        contact: { ...paid, telephone: "91234567" },
        participants: [{ firstName: paid.firstName, lastName: paid.lastName, age: 9, clubId: 29, gradeId: 4, answers: {} }],
        items: [],
        vipps: true,
      },
    });
    const landing = await (await request.get(await vipps.text())).text();
    const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(landing)?.[1] ?? "";
    const approved = await request.post("/vipps-sim/landing/approve", {
      form: { reference: hidden("reference"), token: hidden("token") },
      maxRedirects: 0,
    });
    expect(approved.status()).toBe(303);
    const paidSoFar = async () =>
      ((await (await request.get(`/api/ArrangementAdmin/Participants/${slug}/${token}`)).json()) as { email: string; paid: number }[]).find(
        (row) => row.email === paid.email,
      )?.paid;
    await expect.poll(paidSoFar, { timeout: 20_000 }).toBe(350);
    expect(await registerForEvent(request, slug, unpaid)).toBe("Done");

    await page.goto("/arrangementer/admin");
    await page.getByLabel("Brukernavn").fill(campAdmin.username);
    await page.getByLabel("Passord").fill(campAdmin.password);
    await page.getByRole("button", { name: "Logg inn" }).click();
    await page.getByRole("button", { name: new RegExp(`^Send melding.*${title}$`) }).click();
    const area = page.getByRole("region", { name: `Send melding – ${title}` });
    await expect(area).toBeVisible();
    // Only what a grading has: no sleepover or companions, which are the camp's.
    await expect(area.getByLabel("Til").locator("option", { hasText: "Overnatter" })).toHaveCount(0);
    await area.getByLabel("Til").selectOption({ label: "Har noe igjen å betale" });
    await area.getByLabel("Emne").fill(`Husk betaling ${slug.slice(-4)}`);
    await area.getByLabel("Melding", { exact: true }).fill("Hei {navn}! Det er {beløp} igjen å betale for {deltakere}.");
    await area.getByRole("button", { name: "Send melding" }).click();
    await area.getByRole("button", { name: "Ja, send" }).click();
    await expect(area.getByText("Meldingen er lagt i kø til 1 familie.")).toBeVisible();
    const logged = area.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 4, name: `Husk betaling ${slug.slice(-4)}` }) });
    await expect(logged).toContainText("Har noe igjen å betale");
    await logged.getByText("Hvem fikk den").click();
    await expect(logged).toContainText(`Ulf Skylder – ${unpaid.email}`);
    await expect(logged).not.toContainText(paid.email);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "arrangement-admin-send-melding");

    // The family's mail carries its own link to its order, which opens.
    const mail = await mailText(request, unpaid.email, `Husk betaling ${slug.slice(-4)}`);
    expect(mail).toContain("Hei Ulf!");
    const link = linkPattern.exec(mail)?.[1];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await expect(page.getByRole("heading", { level: 2, name: `Min påmelding – ${title}` })).toBeVisible();
  },
);
