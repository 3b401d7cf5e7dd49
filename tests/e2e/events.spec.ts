/**
 * The club's other events: a grading created and published in the admin API appears on /arrangementer
 * (static HTML) within 5 s, a family registers on its page and pays with Vipps (the simulator), and the
 * result page speaks of the grading.
 * A leader makes a course with its questions in the admin's form, and a participant's answers reach the list.
 */
import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { adminToken, campAdmin, screenshot } from "./camp-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { axeViolations } from "./support/axe.ts";
import { day, grading, publishEvent } from "./event-helpers.ts";

async function publishGrading(request: APIRequestContext, slug: string, title: string) {
  await publishEvent(request, await adminToken(request), slug, grading(title));
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
    await expect(page.getByRole("heading", { name: `Takk, Kari! Ola er påmeldt graderingen «${title}»` })).toBeVisible({ timeout: 20_000 });
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
  expect(await axeViolations(page)).toEqual([]);

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
  expect(await axeViolations(page)).toEqual([]);
});

test(
  "the leader makes a course with two questions in the form, no JSON; a participant answers them and the answers are in the list",
  { tag: "@desktop" },
  async ({ page }) => {
    // Two people's whole flows in one test.
    test.slow();
    const id = randomUUID().slice(0, 8);
    const title = `Sommerkurs på Ås ${id}`;
    // The address is made from the title and the year of the first day, æøå spelt out.
    const slug = `sommerkurs-pa-as-${id}-${day(30).slice(0, 4)}`;
    await page.goto("/arrangementer/admin");
    await page.getByLabel("Brukernavn").fill(campAdmin.username);
    await page.getByLabel("Passord").fill(campAdmin.password);
    await page.getByRole("button", { name: "Logg inn" }).click();
    await page.getByRole("button", { name: "Nytt kurs" }).click();
    await expect(page.locator("textarea#event-definition")).toHaveCount(0);

    await page.getByLabel("Navn på arrangementet").fill(title);
    await page.getByLabel("Første dag").fill(day(30));
    await expect(page.getByLabel("Adresse (/arrangementer/…)")).toHaveValue(slug);
    await page.getByLabel("Siste dag").fill(day(31));
    await page.getByLabel("Sted", { exact: true }).fill("Ski idrettshall");
    const opens = page.getByRole("group", { name: "Påmeldingen åpner" });
    await opens.getByLabel("Dato").fill(day(-1));
    await opens.getByLabel("Klokkeslett").fill("08:00");
    const closes = page.getByRole("group", { name: "Påmeldingen stenger" });
    await closes.getByLabel("Dato").fill(day(20));
    await closes.getByLabel("Klokkeslett").fill("23:00");
    await page.getByLabel("Pris (kr)").fill("300");

    await page.getByRole("button", { name: "Legg til spørsmål" }).click();
    // A new question's text field has the keyboard at once.
    await expect(page.getByRole("group", { name: "Spørsmål 1" }).getByLabel("Spørsmålet")).toBeFocused();
    await page.keyboard.type("Matallergier");
    await page.getByRole("group", { name: "Spørsmål 1" }).getByLabel("Må besvares").check();
    await page.getByRole("button", { name: "Legg til spørsmål" }).click();
    const second = page.getByRole("group", { name: "Spørsmål 2" });
    await second.getByLabel("Spørsmålet").fill("Gruppe");
    await second.getByLabel("Type svar").selectOption({ label: "Valg" });
    await second.getByLabel("Valg 1", { exact: true }).fill("Barn");
    await second.getByLabel("Valg 2", { exact: true }).fill("Ungdom");
    await screenshot(page, "arrangement-admin-kurs-skjema");
    // The same form on a phone: nothing sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "arrangement-admin-kurs-skjema-mobil");
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await axeViolations(page, { include: "form.event-editor" })).toEqual([]);
    await page.getByRole("button", { name: "Lagre" }).click();
    await expect(page.getByRole("status")).toHaveText(`«${title}» er lagret.`);
    await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Utkast (ikke publisert)");
    await page.getByRole("button", { name: new RegExp(`^Publiser.*${title}$`) }).click();
    await expect(page.getByRole("status")).toHaveText(`«${title}» er publisert.`);

    // The participant signs up in a tab of their own; the leader's tab stays signed in.
    const participant = await page.context().newPage();
    await participant.goto(`/arrangementer/${slug}`);
    await expect(participant.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await participant.getByLabel("Fornavn").fill("Ola");
    await participant.getByLabel("Etternavn").fill("Kurs");
    await participant.getByLabel("Alder").fill("10");
    await participant.getByLabel("Klubb").selectOption({ label: "Ski Taekwondo Klubb" });
    await participant.getByLabel("Grad").selectOption({ index: 3 });
    await participant.getByLabel("Matallergier").fill("Nøtter");
    await participant.getByLabel("Gruppe (valgfritt)").selectOption("Ungdom");
    await participant.getByRole("button", { name: "Neste" }).click();
    await participant.getByLabel("Fornavn").fill("Kari");
    await participant.getByLabel("Etternavn").fill("Kurs");
    await participant.getByLabel("E-post").fill("kari.kurs@example.no");
    await participant.getByLabel("Telefon").fill("91234567");
    await participant.getByLabel(/samtykker/).check();
    await participant.getByLabel(/salgsbetingelsene/).check();
    await participant.getByRole("button", { name: "Neste" }).click();
    await expect(participant.getByText("Totalt: 300")).toBeVisible();
    await participant.getByLabel(/Betal ved oppmøte/).check();
    await participant.getByRole("button", { name: "Fullfør" }).click();
    // Kari registered her 10-year-old: thanked by name, Ola named in the third person.
    await expect(participant.getByRole("heading", { name: /^Takk, Kari! Ola er påmeldt «/ })).toBeVisible();

    await participant.close();
    await page.getByRole("button", { name: new RegExp(`^Deltakere.*${title}$`) }).click();
    const list = page.getByRole("region", { name: `${title}: deltakere` });
    await expect(list.getByRole("columnheader", { name: "Matallergier" })).toBeVisible();
    await expect(list.getByRole("columnheader", { name: "Gruppe" })).toBeVisible();
    const row = list.getByRole("row", { name: /Ola Kurs/ });
    await expect(row.getByRole("cell", { name: "Nøtter", exact: true })).toBeVisible();
    await expect(row.getByRole("cell", { name: "Ungdom", exact: true })).toBeVisible();

    // The leader raises the price; the form's change log says what changed, also on a phone.
    const edit = page.getByRole("button", { name: new RegExp(`^Endre.*${title}$`) });
    await edit.click();
    await page.getByLabel("Pris (kr)").fill("350");
    await page.getByRole("button", { name: "Lagre" }).click();
    await expect(page.getByText(`«${title}» er lagret.`)).toBeVisible();
    await edit.click();
    const changes = page.getByRole("region", { name: "Endringslogg" });
    await expect(changes.getByRole("listitem").filter({ hasText: /^Pris: 300\s*kr → 350\s*kr$/ })).toBeVisible();
    expect(await axeViolations(page, { include: "section.change-log" })).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await changes.scrollIntoViewIfNeeded();
    await screenshot(page, "arrangement-admin-endringslogg-mobil");
  },
);
