/**
 * The season day by day: each phase of the 2026 camp's year has its journey, on a server whose clock starts
 * that day (tests/e2e/support/season.ts) and pages on the same clock. What a family reads and may do, and
 * what the server takes, must be true on that day: prices, deadlines, «pågår», the camp in the past, next
 * year's camp, and the day the camp's personal data is anonymised.
 */
import { randomUUID } from "node:crypto";
import { request as playwrightRequest, type BrowserContext, type Page } from "@playwright/test";
import { validDraft } from "../../src/shared/camp/camp-draft.fixture.ts";
import { adminToken, campAdmin, openAtPayment, screenshot, uniqueSurname } from "./camp-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { season } from "./support/season.ts";
import { startSeasonServer, type SeasonServer } from "./support/server.ts";

/** The receipt's total for one adult from another club (Bergen Vest), at the Payment step. */
async function adultTotal(page: Page, context: BrowserContext, baseURL: string) {
  await openAtPayment(page, context, baseURL, validDraft({ draftId: randomUUID(), lastName: uniqueSurname("Sesong") }));
  return page.locator(".receipt .total");
}

test.describe("before the early-bird deadline (15 October)", () => {
  test("10 % off, full refund promised, and registration open", async ({ page, context, baseURL }) => {
    await page.goto("/arrangementer");
    await expect(page.getByTestId("early-bird-banner")).toContainText("Meld deg på før 1. november 2026");
    await page.goto("/vinterleir");
    await expect(page.getByRole("link", { name: "Meld deg på", exact: true })).toBeVisible();
    await expect(page.getByText(/innen midnatt 21\. november 2026/)).toBeVisible();
    await expect(page.getByText("pågår")).toHaveCount(0);
    await expect(await adultTotal(page, context, baseURL!)).toHaveText("1\u00a0080\u00a0kr");
  });
});

test.describe("after the early-bird deadline (10 November)", () => {
  test.use({ clockStart: season.afterEarlyBird });

  test("full price, no early-bird offer left on the pages, full refund still promised", async ({ page, context, baseURL }) => {
    await page.goto("/arrangementer");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("early-bird-banner")).toHaveCount(0);
    await page.goto("/vinterleir/priser");
    await expect(page.getByTestId("early-bird-prices")).toHaveCount(0);
    await page.goto("/vinterleir");
    await expect(page.getByText(/innen midnatt 21\. november 2026/)).toBeVisible();
    await expect(await adultTotal(page, context, baseURL!)).toHaveText("1\u00a0200\u00a0kr");
  });
});

test.describe("after the full-refund deadline (24 November)", () => {
  test.use({ clockStart: season.afterRefundDeadline });

  // Cancelling with half back is «Min påmelding»'s own journey (my-registration.spec.ts, on this day too).
  test("the terms say the deadline has passed and what cancelling now gives back", async ({ page }) => {
    await page.goto("/vinterleir");
    await expect(page.getByText(/Fristen for å få alt tilbake gikk ut ved midnatt 21\. november 2026/)).toBeVisible();
    await expect(page.getByText(/innen midnatt 21\. november/)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Meld deg på", exact: true })).toBeVisible();
  });
});

test.describe("the camp under way (29 November, day 2)", () => {
  test.use({ clockStart: season.campUnderWay });
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

test.describe("after the camp (5 December)", () => {
  test.use({ clockStart: season.afterCamp });

  test("the pages speak of the camp in the past, say the next is not announced, and take no registration", async ({ page, request }) => {
    await page.goto("/vinterleir");
    await expect(page.getByTestId("camp-past")).toContainText("Vinterleiren 2026 var 28.–30. november på Follo Stil Arena.");
    await expect(page.getByText("Neste vinterleir er ikke kunngjort ennå.")).toBeVisible();
    await expect(page.getByRole("link", { name: /^Meld deg på/ })).toHaveCount(0);
    await expect(page.getByText("pågår")).toHaveCount(0);
    await screenshot(page, "season-after-camp");
    const refused = await request.post("/api/Vinterleir/Post", { data: validDraft({ draftId: randomUUID(), lastName: uniqueSurname("Etter") }) });
    expect(refused.ok()).toBe(false);
  });
});

test.describe("next year's camp published while this year's is to come (20 November)", () => {
  test.use({ clockStart: season.nextYearPublished });

  test("2027 has its own place with its opening date and year, and /vinterleir links to its registration", async ({ page, request }) => {
    const token = await adminToken(request);
    expect((await request.post(`/api/CampEdition/Copy/2026/2027/${token}`)).status()).toBe(201);
    expect((await request.post(`/api/CampEdition/Publish/2027/${token}`)).status()).toBe(200);

    await page.goto("/arrangementer");
    const section = page.getByTestId("camp-section-2027");
    await expect(section.getByRole("heading", { name: "Vinterleir 2027" })).toBeVisible();
    await expect(section).toContainText("Påmeldingen åpner mandag 30. november 2026 kl. 00.00.");
    await expect(page.getByRole("region", { name: "Graderinger, kurs og klubbtøy" }).getByText("2027")).toHaveCount(0);
    await screenshot(page, "season-next-year-events");

    await page.goto("/vinterleir");
    await expect(page.getByTestId("later-camp-2027")).toContainText("Påmeldingen åpner mandag 30. november 2026 kl. 00.00.");
    const link = page.getByRole("link", { name: "Påmeldingen til vinterleiren 2027" });
    await expect(link).toHaveAttribute("href", "/vinterleir/registrering?year=2027");
    // This year's camp is still the one registering now.
    await expect(page.getByRole("link", { name: "Meld deg på", exact: true })).toBeVisible();
    await link.click();
    await expect(page.getByText("Påmeldingen til vinterleiren 2027 åpner mandag 30. november 2026 kl. 00.00.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Påmelding til vinterleir 2026");
  });
});

test.describe("the day the camp's personal data is anonymised (31 December)", () => {
  const servers: SeasonServer[] = [];
  test.afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop();
  });

  /** A server started at `day` over `dataDir`, and the leader's list of the 2026 camp on it, as text. */
  async function leaderListOn(day: string, dataDir?: string) {
    const server = await startSeasonServer(day, dataDir);
    servers.push(server);
    const request = await playwrightRequest.newContext({ baseURL: server.url });
    const token = await adminToken(request);
    const list = async () => (await request.get(`/api/VinterleirAdmin/Get/${token}?year=2026`)).text();
    return { server, request, list };
  }

  test("a registration made before the camp is kept until its day and anonymised on it", async () => {
    test.setTimeout(120_000);
    const lastName = uniqueSurname("Glemt");
    const autumn = await leaderListOn(season.afterEarlyBird);
    const registered = await autumn.request.post("/api/Vinterleir/Post", {
      data: validDraft({ draftId: randomUUID(), lastName, email: `${lastName.toLowerCase()}@example.no` }),
    });
    expect(await registered.text()).toBe("Done");
    expect(await autumn.list()).toContain(lastName);
    await autumn.request.dispose();
    await autumn.server.stop();

    // The retention job runs as the server starts: the day before, the family is still there.
    const dayBefore = await leaderListOn(season.beforeAnonymised, autumn.server.dataDir);
    await expect.poll(() => dayBefore.list()).toContain(lastName);
    await dayBefore.request.dispose();
    await dayBefore.server.stop();

    const onTheDay = await leaderListOn(season.anonymised, autumn.server.dataDir);
    await expect.poll(() => onTheDay.list(), { timeout: 15_000 }).not.toContain(lastName);
    expect(await onTheDay.list()).toContain("Anonymisert");
    await onTheDay.request.dispose();
  });
});
