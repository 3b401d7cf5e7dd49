import { test, expect } from "./fixtures.ts";
import { adminToken, fillAthleteSteps, heading, next, uniqueSurname } from "./camp-helpers.ts";

/** The number in a receipt total such as "1 080 kr". */
const kroner = (text: string) => Number(text.replace(/[^\d]/g, ""));

test("the wizard shows the server's current edition, and the price shown is the price charged", async ({ page }) => {
  const current = (await (await page.request.get("/api/CampEdition/Current")).json()) as { year: number; venue: string; state: string };
  expect(current.state).toBe("open");

  // The Welcome step arrives in the HTML, rendered by the server with its current edition: the browser
  // does not ask for the edition again.
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/CampEdition/Current")) asked.push(request.url());
  });
  const response = await page.goto("/vinterleir/registrering");
  const html = (await response!.text()).replaceAll("<!-- -->", "");
  expect(html).toContain(`Påmelding til vinterleir ${current.year}`);
  expect(html).toContain(current.venue);
  await expect(page.getByRole("heading", { level: 1, name: `Påmelding til vinterleir ${current.year}` })).toBeVisible();
  await expect(page.getByText(current.venue, { exact: false }).first()).toBeVisible();
  expect(asked).toEqual([]);

  const surname = uniqueSurname("Utgave");
  await page.getByLabel(/Jeg samtykker i at/).check();
  await page.getByLabel(/Jeg har lest og godtar/).check();
  await next(page);
  await next(page); // one athlete
  await fillAthleteSteps(page, {
    firstName: "Eva",
    lastName: surname,
    age: 34,
    email: `eva.${surname}@example.no`,
    publicList: "Ikke vis meg på deltakerlisten",
  });
  await heading(page, "Se over påmeldingen");
  await page.getByRole("button", { name: "Gå til betaling" }).click();
  await heading(page, "Oppsummering og betaling");
  await expect(page.getByRole("table")).toContainText(`Dette betaler du for vinterleir ${current.year}`);
  const shown = kroner(await page.locator("table.receipt tfoot td.total").innerText());
  expect(shown).toBeGreaterThan(0);

  await page.getByRole("button", { name: "Kort eller kontant ved oppmøte" }).click();
  await page.getByRole("button", { name: "Fullfør registrering" }).click();
  await heading(page, `Du er påmeldt vinterleiren ${current.year}.`);

  const token = await adminToken(page.request);
  const people = (await (await page.request.get(`/api/VinterleirAdmin/Get/${token}`)).json()) as { lastname: string; amount: number }[];
  const mine = people.filter((person) => person.lastname === surname);
  expect(mine).toHaveLength(1);
  expect(mine[0]!.amount).toBe(shown);
});
