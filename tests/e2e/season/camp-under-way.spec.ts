/**
 * The camp under way (day 2): the pages say «pågår», registration has closed; kept open by the leader, a late registration is paid at the door.
 * One day of the season (tests/e2e/support/season.ts); the other days have files of their own beside this one.
 */
import { randomUUID } from "node:crypto";
import { validDraft } from "../../../src/shared/camp/camp-draft.fixture.ts";
import { campAdmin, openAtPayment, screenshot, uniqueSurname } from "../camp-helpers.ts";
import { expect, test } from "../fixtures.ts";
import { season } from "../support/season.ts";

test.use({ clockStart: season.campUnderWay });

test.describe("the camp under way (29 November, day 2)", () => {
  // The second test changes the camp's setting the first one relies on.
  test.describe.configure({ mode: "serial" });

  test("the pages say «pågår», registration has closed and the server refuses one", async ({ page, request }) => {
    for (const path of ["/vinterleir", "/arrangementer"]) {
      await page.goto(path);
      await expect(page.getByTestId("camp-running").first()).toContainText("Vinterleiren 2026 pågår nå");
      await expect(page.getByRole("link", { name: "Meld deg på", exact: true })).toHaveCount(0);
      await expect(page.getByText(/fram til leiren starter|innen midnatt/)).toHaveCount(0);
    }
    await screenshot(page, "season-under-way");
    const current = (await (await request.get("/api/CampEdition/Current")).json()) as { year: number };
    expect(current.year).toBe(2026);
    const refused = await request.post("/api/Vinterleir/Post", { data: validDraft({ draftId: randomUUID(), lastName: uniqueSurname("Sen") }) });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain("Vinterleiren 2026 har startet, og påmeldingen stengte da leiren begynte.");
    await page.goto("/vinterleir/registrering");
    await expect(page.getByText("Vinterleiren 2026 pågår, og påmeldingen stengte da leiren startet.")).toBeVisible();
  });

  test("the leader keeps registration open during the camp: a late one is paid at the door and says so", async ({ page, context, baseURL }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/vinterleir/deltakere/admin");
    await page.getByLabel("Brukernavn").fill(campAdmin.username);
    await page.getByLabel("Passord").fill(campAdmin.password);
    await page.getByLabel("Passord").press("Enter");
    await page.getByRole("tab", { name: "Leirer" }).click();
    await page.getByRole("button", { name: "Vinterleiren 2026", exact: true }).click();
    await page.getByLabel("Påmeldingen er åpen mens leiren pågår").check();
    await page.getByRole("button", { name: "Lagre" }).click();
    await expect(page.getByText("Lagret.")).toBeVisible();

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/vinterleir");
    await expect(page.getByTestId("camp-running").first()).toContainText("betaler du med kort eller kontant når du kommer til leiren");
    const lastName = uniqueSurname("Sen");
    await openAtPayment(
      page,
      context,
      baseURL!,
      validDraft({ draftId: randomUUID(), lastName, email: `${lastName.toLowerCase()}@example.no`, vipps: false }),
    );
    await expect(page.getByText("Vinterleiren pågår, så påmeldinger nå betales ved oppmøte, ikke med Vipps.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Betal med Vipps" })).toHaveCount(0);
    await page.getByRole("button", { name: "Fullfør registrering" }).click();
    await expect(page.getByText(/påmeldinger mens leiren pågår, betales ikke med Vipps/)).toBeVisible();
    await screenshot(page, "season-late-registration");
  });
});
