import { test, expect } from "./fixtures.ts";
import { axeViolations } from "./support/axe.ts";
import { season } from "./support/season.ts";
import { adminToken, campAdmin, fillAthleteSteps, heading, mailText, next, screenshot, uniqueSurname } from "./camp-helpers.ts";

/**
 * Two camps take registrations at once (this year's, and a later one whose window is open already): the wizard
 * asks which, and a family registers for the later one at its own price. The registration is in that camp's
 * admin list and not in this year's.
 * Opening a second camp for registration changes the wizard for every other spec, so playwright.config.ts runs
 * this file after all the others. Alone: `npx playwright test --no-deps --project=year-choice-phone <this file>`.
 */
test("with two camps open, a family chooses the later one, pays its price and is listed under it only", { tag: "@phone" }, async ({ page }) => {
  test.setTimeout(90_000);
  const request = page.request;
  const token = await adminToken(request);
  const currentYear = ((await (await request.get("/api/CampEdition/Current")).json()) as { year: number }).year;
  const editions = (await (await request.get(`/api/CampEdition/Get/${token}`)).json()) as { year: number }[];
  const year = Math.max(...editions.map((edition) => edition.year)) + 1;

  // The later camp, copied from this year's, with its window open from an hour ago and a price of its own.
  expect((await request.post(`/api/CampEdition/Copy/${currentYear}/${year}/${token}`)).status()).toBe(201);
  const changed = await request.put(`/api/CampEdition/Put/${year}/${token}`, {
    data: {
      registrationOpensAt: new Date(Date.parse(season.beforeEarlyBird) - 60 * 60_000).toISOString(),
      prices: { adult: 1299 },
      earlyBird: { percent: 0 },
    },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  expect((await request.post(`/api/CampEdition/Publish/${year}/${token}`)).status()).toBe(200);
  const open = (await (await request.get("/api/CampEdition/Open")).json()) as { year: number }[];
  expect(open.map((edition) => edition.year)).toEqual(expect.arrayContaining([currentYear, year]));

  await page.goto("/vinterleir/registrering");
  const choice = page.getByRole("group", { name: "Hvilken vinterleir?" });
  await expect(choice).toBeVisible();
  await expect(choice.getByRole("radio", { name: new RegExp(`^Vinterleir ${currentYear} \\(`) })).not.toBeChecked();
  await screenshot(page, "year-choice");
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel(/Jeg samtykker i at/).check();
  await page.getByLabel(/Jeg har lest og godtar/).check();
  await expect(page.getByRole("button", { name: "Neste", exact: true })).toBeDisabled();
  await choice.getByRole("radio", { name: new RegExp(`^Vinterleir ${year} \\(`) }).check();
  await expect(page.getByRole("heading", { level: 1, name: `Påmelding til vinterleir ${year}` })).toBeVisible();
  await next(page);
  await heading(page, "Hvem melder du på?");
  await next(page);

  const lastName = uniqueSurname("Neste");
  const email = `${lastName.toLowerCase()}@example.no`;
  await fillAthleteSteps(page, { firstName: "Nora", lastName, age: 30, email, publicList: "Ikke vis meg på deltakerlisten" });
  await heading(page, "Se over påmeldingen");
  await page.getByRole("button", { name: "Gå til betaling" }).click();
  await heading(page, "Oppsummering og betaling");
  // The later camp's adult price, as its server edition says.
  await expect(page.getByRole("table").first()).toContainText(/1\s?299/);
  await page.getByRole("button", { name: "Kort eller kontant ved oppmøte" }).click();
  await page.getByRole("button", { name: "Fullfør registrering" }).click();
  await heading(page, `Du er påmeldt vinterleiren ${year}.`);
  await screenshot(page, "year-choice-done");
  expect(await mailText(request, email, "Du er registrert til")).toContain(String(year));

  const listed = async (listYear: number) =>
    ((await (await request.get(`/api/VinterleirAdmin/Get/${token}?year=${listYear}`)).json()) as { lastname: string }[]).some(
      (person) => person.lastname === lastName,
    );
  expect(await listed(year)).toBe(true);
  expect(await listed(currentYear)).toBe(false);

  // In the admin: under «Vis leir» the later camp lists the family, this year's does not.
  await page.goto("/vinterleir/deltakere/admin");
  await page.getByLabel("Brukernavn").fill(campAdmin.username);
  await page.getByLabel("Passord").fill(campAdmin.password);
  await page.getByLabel("Passord").press("Enter");
  const picker = page.getByLabel("Vis leir");
  await expect(picker).toBeVisible();
  await expect(page.getByText(lastName)).toHaveCount(0);
  await picker.selectOption(String(year));
  await expect(page.getByText(lastName).first()).toBeVisible();
});
