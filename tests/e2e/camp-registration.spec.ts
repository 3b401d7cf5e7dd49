import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { validDraft } from "../../src/shared/camp/camp-draft.fixture.ts";
import { test, expect } from "./fixtures.ts";
import { adminToken, campAdmin, heading, next, pick, screenshot, uniqueSurname } from "./camp-helpers.ts";
import { readableCookieText } from "../../src/web/components/wizard/cookie-text.fixture.ts";
import { campEditionForYear, earlyBirdPrice } from "../../src/shared/camp/camp-edition.ts";
import { suiteCampYear } from "./support/season.ts";

const edition = campEditionForYear(suiteCampYear);
// The suite's server lives before the early-bird deadline (tests/e2e/support/season.ts).
const adultPrice = earlyBirdPrice(edition, 1200);

async function start(page: Page) {
  await page.goto("/vinterleir/registrering");
  await page.getByLabel(/Jeg samtykker i at/).check();
  await page.getByLabel(/Jeg har lest og godtar/).check();
  await next(page);
  // Asked at once: one athlete is the answer already chosen.
  await heading(page, "Hvem melder du på?");
  await expect(page.getByLabel("Én utøver")).toBeChecked();
  await next(page);
}

async function nameAndContact(page: Page, first: string, last: string, age: number) {
  await page.getByLabel("Fornavn").fill(first);
  await page.getByLabel("Etternavn").fill(last);
  await page.getByLabel("Alder").fill(String(age));
  await next(page);
  await page.getByLabel("E-post").fill(`${first.toLowerCase()}.${last}@example.no`);
  await page.getByLabel("Telefonnummer").fill("91234567");
  await next(page);
}

async function addCompanion(page: Page, first: string, last: string, alreadyRegistered = false) {
  await page.getByRole("button", { name: "Legg til ledsager" }).click();
  await page.getByLabel("Fornavn").fill(first);
  await page.getByLabel("Etternavn").fill(last);
  await page.getByLabel("Telefonnummer").fill("98765432");
  await page.getByLabel("E-post").fill(`${first.toLowerCase()}@example.no`);
  if (alreadyRegistered) await page.getByLabel("Er allerede påmeldt som ledsager for en annen utøver").check();
  await page.getByRole("button", { name: "Legg til", exact: true }).click();
}

/** Through the optional steps to the payment step, choosing public visibility. */
async function toPayment(page: Page, showPublicly: boolean) {
  await page.getByLabel("Allergier (valgfritt)").fill("Nøtter");
  await next(page);
  await next(page); // food preference
  await next(page); // other information
  // «min»/«meg» for an adult registering themselves, the athlete's name for a child.
  await page.getByLabel(showPublicly ? /^Vis .* på deltakerlisten$/ : /^Ikke vis .* på deltakerlisten$/).check();
  await next(page);
  await reviewThenPay(page);
}

/** The review before payment: the answers for a last look, then on to payment. */
async function reviewThenPay(page: Page) {
  await heading(page, "Se over påmeldingen");
  await expect(page.getByRole("table").first()).toBeVisible();
  await page.getByRole("button", { name: "Gå til betaling" }).click();
  await heading(page, "Oppsummering og betaling");
}

async function adminRows(page: Page, surname: string) {
  const token = await adminToken(page.request);
  const people = (await (await page.request.get(`/api/VinterleirAdmin/Get/${token}`)).json()) as {
    firstname: string;
    lastname: string;
    amount: number;
    isLedsager: boolean;
  }[];
  const csv = await (await page.request.get(`/api/VinterleirAdmin/GetCsv/${token}`)).text();
  return { people: people.filter((p) => p.lastname === surname || p.lastname.startsWith(surname)), csv };
}

async function publicNames(page: Page) {
  const list = (await (await page.request.get("/api/VinterleirUsers/Get")).json()) as { name: string; club: string }[];
  return list.map((p) => p.name);
}

test("a home-club child: grading allowed, sleepover not, free except grading, then in the lists", async ({ page }) => {
  const surname = uniqueSurname("Barn");
  await start(page);
  await nameAndContact(page, "Ola", surname, 10);
  await pick(page, "Klubb", "ski taek", "Ski Taekwondo Klubb");
  await pick(page, "Beltegrad", "grønn stripe", /Gult med grønn stripe/);
  await next(page);
  const grading = page.getByLabel("Ola ønsker å gradere på leiren");
  await expect(grading).toBeEnabled();
  await grading.check();
  await next(page);
  await expect(page.getByLabel("Ola ønsker å overnatte i hallen")).toBeDisabled();
  await next(page);
  await next(page); // no companion
  await page.getByLabel("Allergier (valgfritt)").fill("Nøtter");
  await next(page);
  await next(page); // food preference
  await next(page); // other information
  await page.getByLabel("Vis Olas navn og grad på deltakerlisten").check();
  await next(page);
  // The last look: every answer with «Endre» beside it, and the price lines.
  await heading(page, "Se over påmeldingen");
  await expect(page.getByRole("heading", { level: 3, name: `Ola ${surname}` })).toBeVisible();
  await expect(page.locator(".review-summary div").filter({ hasText: "På deltakerlisten" })).toContainText("Ja, med navn og grad");
  await expect(page.locator(".review-summary div").filter({ hasText: "Gradering" })).toContainText("Ja");
  await expect(page.locator("table.receipt tfoot")).toContainText(/350\s*kr/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, "vinterleir-se-over");
  await page.getByRole("button", { name: "Endre allergier" }).click();
  await heading(page, "Allergier");
  await page.getByRole("button", { name: "Tilbake til oppsummeringen" }).click();
  await reviewThenPay(page);
  await expect(page.locator("table.receipt tfoot")).toContainText(/350\s*kr/);
  await page.getByRole("button", { name: "Kort eller kontant ved oppmøte" }).click();
  await page.getByRole("button", { name: "Fullfør registrering" }).click();
  await heading(page, `Takk! Ola er påmeldt vinterleiren ${edition.year}.`);

  const { people, csv } = await adminRows(page, surname);
  expect(people).toHaveLength(1);
  expect(people[0]).toMatchObject({ firstname: "Ola", amount: 350, isLedsager: false });
  expect(csv).toContain(surname);
  expect(await publicNames(page)).toContain(`Ola ${surname}`);
});

test("an adult from another club with two companions, one already registered, paying card/cash", async ({ page }) => {
  // The already-registered companion must exist: register her first with another athlete.
  const first = uniqueSurname("Forste");
  await start(page);
  await nameAndContact(page, "Per", first, 30);
  await pick(page, "Klubb", "nitte", "Nittedal");
  await pick(page, "Beltegrad", "blått", /^6\. Cup \(Blått\)/);
  await next(page);
  await next(page); // grading
  await next(page); // sleepover
  await page.getByLabel("Jeg har egen ledsager").check();
  await next(page);
  await addCompanion(page, "Kari", first);
  await next(page);
  await toPayment(page, false);
  await page.getByRole("button", { name: "Kort eller kontant ved oppmøte" }).click();
  await page.getByRole("button", { name: "Fullfør registrering" }).click();
  await heading(page, /er påmeldt vinterleiren/);

  const surname = uniqueSurname("Voksen");
  await start(page);
  await nameAndContact(page, "Anne", surname, 35);
  await pick(page, "Klubb", "nitte", "Nittedal");
  await pick(page, "Beltegrad", "2. dan", /^2\. Dan/);
  await next(page);
  await next(page);
  await next(page);
  await page.getByLabel("Jeg har egen ledsager").check();
  await next(page);
  await addCompanion(page, "Kari", first, true);
  await addCompanion(page, "Jon", surname);
  await expect(page.getByRole("list", { name: "Ledsagere du har lagt til" }).getByRole("listitem")).toHaveCount(2);
  await next(page);
  // Back from Allergies goes to the companion list when there are companions.
  await page.getByRole("button", { name: "Tilbake" }).click();
  await heading(page, /ledsager/i);
  await next(page);
  await toPayment(page, true);
  const total = adultPrice + 550;
  await expect(page.locator("table.receipt tfoot")).toContainText(new RegExp(`${total.toLocaleString("nb-NO").replace(/\s/g, "\\s")}\\s*kr`));
  await page.getByRole("button", { name: "Kort eller kontant ved oppmøte" }).click();
  await page.getByRole("button", { name: "Fullfør registrering" }).click();
  await heading(page, /er påmeldt vinterleiren/);

  const { people, csv } = await adminRows(page, surname);
  const athlete = people.find((p) => !p.isLedsager)!;
  const jon = people.find((p) => p.firstname === "Jon")!;
  expect(athlete.amount + jon.amount).toBe(total);
  expect(jon.amount).toBe(550);
  expect(csv).toContain(`Anne;${surname}`);
  // The first athlete chose not to be shown by name; the second did.
  const names = await publicNames(page);
  expect(names).toContain(`Anne ${surname}`);
  expect(names).not.toContain(`Per ${first}`);
});

test("a reload in the middle restores the draft and the step", async ({ page }) => {
  const surname = uniqueSurname("Reload");
  await start(page);
  await nameAndContact(page, "Siri", surname, 14);
  await pick(page, "Klubb", "moss", "Moss");
  await pick(page, "Beltegrad", "hvitt", /^10\. Cup \(Hvitt\)/);
  await next(page);
  await page.reload();
  // Back on the grading step, with everything typed so far.
  await expect(page.getByLabel("Siri ønsker å gradere på leiren")).toBeVisible();
  await page.getByRole("button", { name: "Tilbake" }).click();
  await expect(page.getByRole("combobox", { name: "Klubb" })).toHaveValue("Moss");
  await page.getByRole("button", { name: "Tilbake" }).click();
  await expect(page.getByLabel("E-post")).toHaveValue(`siri.${surname}@example.no`);
  await next(page);
  await next(page);
  await next(page); // grading
  await next(page); // sleepover
  await next(page); // companion
  await toPayment(page, true);
  await page.getByRole("button", { name: "Kort eller kontant ved oppmøte" }).click();
  await page.getByRole("button", { name: "Fullfør registrering" }).click();
  await heading(page, /er påmeldt vinterleiren/);
  // Done clears the draft: a new visit starts from the beginning.
  await page.goto("/vinterleir/registrering");
  await expect(page.getByLabel(/Jeg samtykker i at/)).not.toBeChecked();

  const { people } = await adminRows(page, surname);
  expect(people).toHaveLength(1);
  expect(people[0]!.amount).toBe(adultPrice);
});

test("allergies and other information stay out of the cookies, survive a reload and reach the admin", async ({ page, context }) => {
  const surname = uniqueSurname("Helse");
  const allergies = `Peanøttallergi – EpiPen i sekken (${surname})`;
  const otherInfo = `Ingen bilder på nett (${surname})`;
  await start(page);
  await nameAndContact(page, "Live", surname, 15);
  await pick(page, "Klubb", "moss", "Moss");
  await pick(page, "Beltegrad", "hvitt", /^10\. Cup \(Hvitt\)/);
  await next(page);
  await next(page); // grading
  await next(page); // sleepover
  await next(page); // companion
  await heading(page, "Allergier");
  await page.getByLabel("Allergier (valgfritt)").fill(allergies);
  await next(page);
  await next(page); // food preference
  await page.getByLabel("Annen informasjon (valgfritt)").fill(otherInfo);
  const tabCopy = () => page.evaluate(() => sessionStorage.getItem("vinterleir_registrering"));
  await expect.poll(tabCopy).toContain(otherInfo);

  // Every cookie the browser holds, decoded as the wizard encodes its draft: the plain fields, no health data.
  const cookies = await context.cookies();
  expect(cookies.map((cookie) => cookie.name)).toContain("vinterleir_registrering");
  const cookieText = readableCookieText(cookies);
  expect(cookieText).toContain(surname);
  for (const secret of ["Peanøtt", "EpiPen", "Ingen bilder"]) expect(cookieText).not.toContain(secret);

  await page.reload();
  await heading(page, "Annen informasjon");
  await expect(page.getByLabel("Annen informasjon (valgfritt)")).toHaveValue(otherInfo);
  await page.getByRole("button", { name: "Tilbake" }).click();
  await page.getByRole("button", { name: "Tilbake" }).click();
  await expect(page.getByLabel("Allergier (valgfritt)")).toHaveValue(allergies);
  await next(page);
  await next(page);
  await next(page); // other information
  await page.getByLabel("Ikke vis Live på deltakerlisten").check();
  await next(page);
  // The review shows the allergies to the one who typed them, and nothing of them is in a cookie.
  await heading(page, "Se over påmeldingen");
  await expect(page.getByText(allergies)).toBeVisible();
  await reviewThenPay(page);
  await page.getByRole("button", { name: "Kort eller kontant ved oppmøte" }).click();
  await page.getByRole("button", { name: "Fullfør registrering" }).click();
  await heading(page, /er påmeldt vinterleiren/);
  // Done clears the tab's copy with the cookies.
  await expect.poll(tabCopy).toBeNull();

  await page.goto("/vinterleir/deltakere/admin");
  await page.getByLabel("Brukernavn").fill(campAdmin.username);
  await page.getByLabel("Passord").fill(campAdmin.password);
  await page.getByLabel("Passord").press("Enter");
  await page.getByRole("button", { name: `Live ${surname}`, exact: true }).click();
  await expect(page.getByText(allergies)).toBeVisible();
  await expect(page.getByText(otherInfo)).toBeVisible();
});

test.describe("camp admin", () => {
  test.use({ expectedConsoleErrors: [/status of 401/] });

  test("logs in after a wrong password, sees totals and downloads CSV", async ({ page }) => {
    await page.goto("/vinterleir/deltakere/admin");
    await page.getByLabel("Brukernavn").fill(campAdmin.username);
    await page.getByLabel("Passord").fill("feil-passord");
    await page.getByLabel("Passord").press("Enter");
    await expect(page.getByText("Feil brukernavn/passord.")).toBeVisible();
    await page.getByLabel("Passord").fill(campAdmin.password);
    await page.getByLabel("Passord").press("Enter");
    await expect(page.locator(".admin-totals dt", { hasText: /^Å betale$/ })).toBeVisible();
    const csv = page.getByRole("link", { name: /Last ned CSV/ });
    const download = page.waitForEvent("download");
    await csv.click();
    const file = await download;
    const body = await (await file.createReadStream()).toArray();
    const text = Buffer.concat(body as Buffer[]).toString("utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain(";");
  });
});

test("the public list searches by name and club and shows belt statistics", async ({ page }) => {
  const surname = uniqueSurname("Liste");
  const posted = await page.request.post("/api/Vinterleir/Post", {
    data: validDraft({ draftId: randomUUID(), firstName: "Liv", lastName: surname, clubId: 19, gradeId: 8, public: true }),
  });
  expect(await posted.text()).toBe("Done");

  await page.goto("/vinterleir/deltakere");
  await expect(page.getByRole("tab", { name: "Søk" })).toHaveAttribute("aria-selected", "true");
  await page.getByLabel("Søk på navn").fill(surname.toUpperCase());
  await expect(page.getByRole("rowheader", { name: `Liv ${surname}` })).toBeVisible();
  await page.getByLabel("Søk på klubb").fill("mos");
  await expect(page.getByRole("rowheader", { name: `Liv ${surname}` })).toBeVisible();
  await page.getByLabel("Søk på klubb").fill("finnes ikke");
  await expect(page.getByText("Ingen deltakere funnet.")).toBeVisible();

  await page.getByRole("tab", { name: "Beltegrader" }).click();
  await expect(page.getByRole("tabpanel")).toContainText("Blått");
});
