/**
 * The door of a grading at 360 px: a leder creates and publishes it through the admin API, two register, and
 * an innsjekk account signs in at /arrangementer/admin/dor, chooses the grading, finds one by name, sees what
 * is owed, checks the participant in (the count follows), undoes it and checks in again; axe on the door.
 */
import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { adminToken, screenshot } from "./camp-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { axeViolations } from "./support/axe.ts";
import { grading, publishEvent, registerForEvent } from "./event-helpers.ts";

const password = "Dør-på-gradering-2026";

async function register(request: APIRequestContext, slug: string, firstName: string, lastName: string) {
  expect(
    await registerForEvent(request, slug, { firstName: "Kari", lastName, email: `kari.${lastName.toLowerCase()}@example.no` }, [
      { firstName, lastName },
    ]),
  ).toBe("Done");
}

test("an innsjekk account checks a grading's participant in at the door, with undo and the count", { tag: "@phone" }, async ({ page, request }) => {
  const id = randomUUID().slice(0, 8);
  const slug = `gradering-dor-${id}`;
  const title = `Dørgradering ${id.slice(0, 4)}`;
  const leder = await adminToken(request);
  await publishEvent(request, leder, slug, grading(title, { capacity: 10, firstDayIn: 10 }));
  await register(request, slug, "Ola", `Dorsen${id}`);
  await register(request, slug, "Siri", `Portvik${id}`);

  const username = `dor${id}`;
  const created = await request.post(`/api/VinterleirAdmin/Accounts/${leder}`, {
    data: { username, name: `Dora ${id}`, role: "innsjekk", password },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto("/arrangementer/admin/dor");
  await page.getByLabel("Brukernavn").fill(username);
  await page.getByLabel("Passord").fill(password);
  await page.getByRole("button", { name: "Logg inn" }).click();
  await page.getByRole("link", { name: `Gradering: ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/arrangementer/admin/dor/${slug}$`));
  await expect(page.getByTestId("event-door-count")).toHaveText("0 av 2 sjekket inn");

  await page.getByLabel("Søk etter navn eller ordrenummer").fill("siri portvik");
  const card = page.getByRole("article", { name: `Siri Portvik${id}` });
  await expect(card).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(card).toContainText("Skylder 350");
  await screenshot(page, "arrangement-dor");
  expect(await axeViolations(page)).toEqual([]);

  await card.getByRole("button", { name: `Sjekk inn Siri Portvik${id}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sjekket inn" })).toHaveText(`Sjekket inn Siri Portvik${id}.`);
  await expect(page.getByTestId("event-door-count")).toHaveText("1 av 2 sjekket inn");
  await expect(card).toContainText(`av Dora ${id}`);
  // The same button now undoes it, and keeps the keyboard's focus.
  const undo = card.getByRole("button", { name: `Angre innsjekking av Siri Portvik${id}` });
  await expect(undo).toBeFocused();
  await undo.click();
  await expect(page.getByTestId("event-door-count")).toHaveText("0 av 2 sjekket inn");
  await card.getByRole("button", { name: `Sjekk inn Siri Portvik${id}` }).click();
  await expect(page.getByTestId("event-door-count")).toHaveText("1 av 2 sjekket inn");

  // What the door shows is what the server holds: a reload shows the same.
  await page.reload();
  await expect(page.getByTestId("event-door-count")).toHaveText("1 av 2 sjekket inn");
  const list = await request.get(`/api/ArrangementInnsjekk/Get/${slug}/${leder}`);
  expect((await list.json()).counts).toEqual({ done: 1, expected: 2 });
});
