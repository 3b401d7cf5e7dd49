import { randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { validDraft } from "../../src/shared/camp/camp-draft.fixture.ts";
import { DoorListSchema } from "../../src/shared/camp/door-list.ts";
import { test, expect, installServerClock } from "./fixtures.ts";
import { axeViolations } from "./support/axe.ts";
import { adminToken, campAdmin, screenshot, uniqueSurname } from "./camp-helpers.ts";
import { keptOnPhone } from "./support/door.ts";

test.describe("the door with no network at all", () => {
  // Offline on purpose: the list refresh and the queue's sends fail until the network is back.
  test.use({ expectedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch/] });

  test("signed in once online, the page reloads offline, finds by name, checks in and takes «Kort»; back online the server has each once; «Logg ut» empties the phone", async ({
    page,
    context,
    request,
  }) => {
    const lastName = uniqueSurname("Kjeller");
    const registered = await request.post("/api/Vinterleir/Post", {
      data: validDraft({ draftId: randomUUID(), firstName: "Signe", lastName, email: `${lastName.toLowerCase()}@example.no` }),
    });
    expect(await registered.text()).toBe("Done");

    await page.goto("/vinterleir/deltakere/innsjekk");
    await page.getByLabel("Brukernavn").fill(campAdmin.username);
    await page.getByLabel("Passord").fill(campAdmin.password);
    await page.getByLabel("Passord").press("Enter");
    await expect(page.getByText(/^Lista er hentet kl\. \d{2}\.\d{2}\.$/)).toBeVisible();
    // The page's own manifest, not the site's.
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/innsjekk.webmanifest");
    // The service worker has kept the page and its code, and answers for this page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
    });
    expect((await keptOnPhone(page, "stk-innsjekk")).lists).toBe(1);

    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker(), "the page came from the service worker").toBe(true);
    expect(
      await page.evaluate(() =>
        fetch("/healthz").then(
          () => "network",
          () => "no network",
        ),
      ),
    ).toBe("no network");
    await expect(page.getByRole("heading", { level: 1, name: /Innsjekking/ })).toBeVisible();
    await expect(page.getByText(/^Lista er hentet kl\. \d{2}\.\d{2}\.$/)).toBeVisible();
    const arrived = async () => Number((await page.getByText(/Kommet: \d+ av \d+/).textContent())!.match(/Kommet: (\d+)/)![1]);
    const before = await arrived();

    await page.getByLabel("Søk etter navn eller klubb").fill(`signe ${lastName}`);
    await page.getByRole("button", { name: "Søk", exact: true }).click();
    await expect(page.getByText(/Uten nett: søkt i lista på telefonen/)).toBeVisible();
    const card = page.getByRole("article", { name: `Signe ${lastName}` });
    await expect(card).toBeVisible();
    await card.getByRole("button", { name: `Sjekk inn Signe ${lastName}` }).click();
    await expect(page.getByText("1 handling venter på nett")).toBeVisible();
    await expect(page.getByText(/Kommet: \d+ av \d+ \(1 venter på nett\)/)).toBeVisible();
    expect(await arrived()).toBe(before + 1);
    const outstanding = Number((await card.locator(".checkin-money .owing dd").textContent())!.replace(/\D/g, ""));
    expect(outstanding).toBeGreaterThan(0);
    await card.getByRole("button", { name: `Kort – betalt for Signe ${lastName}` }).click();
    await expect(page.getByText("2 handlinger venter på nett")).toBeVisible();
    await screenshot(page, "checkin-offline-list");
    expect(await axeViolations(page)).toEqual([]);

    // The phone locks and the tab is thrown away: what waits is still there.
    await page.reload();
    await expect(page.getByText("2 handlinger venter på nett")).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText("Alt er sendt.")).toBeVisible({ timeout: 20_000 });

    // The server has each action once: one door payment of what was owed, one check-in.
    const token = await adminToken(request);
    const list = DoorListSchema.parse(await (await request.get(`/api/VinterleirAdmin/CheckIn/DoorList/${token}`)).json());
    const entry = list.entries.find((candidate) => candidate.persons[0]!.name === `Signe ${lastName}`)!;
    expect(entry.persons[0]!.checkedIn).toEqual([list.event.today]);
    expect(entry.doorPayments.map((payment) => payment.amount)).toEqual([outstanding]);
    expect(entry.outstanding).toBe(0);
    const details = (await (await request.get(`/api/VinterleirAdmin/Payments/${entry.registrationId}/${token}`)).json()) as {
      actions: { action: string }[];
    };
    expect(details.actions.filter((action) => action.action === "checkin-payment")).toHaveLength(1);

    await page.getByRole("button", { name: "Logg ut", exact: true }).click();
    await expect(page.getByLabel("Brukernavn")).toBeVisible();
    await expect.poll(() => keptOnPhone(page, "stk-innsjekk")).toEqual({ lists: 0, localKeys: [] });

    // Every other page is left alone: not controlled by the door's worker, and with the site's own manifest.
    await page.goto("/vinterleir");
    expect(await page.evaluate(() => navigator.serviceWorker.controller === null)).toBe(true);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  });

  test("two doors offline take the same payment: both keep their actions, the counts agree, the second payment is refused and shown to the helper and the leader", async ({
    page,
    context,
    browser,
    request,
    baseURL,
  }) => {
    const lastName = uniqueSurname("Todor");
    const registered = await request.post("/api/Vinterleir/Post", {
      data: validDraft({ draftId: randomUUID(), firstName: "Tora", lastName, email: `${lastName.toLowerCase()}@example.no` }),
    });
    expect(await registered.text()).toBe("Done");

    const other = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await installServerClock(other, baseURL!);
    const doors: [BrowserContext, Page][] = [
      [context, page],
      [other, await other.newPage()],
    ];
    for (const [door, phone] of doors) {
      await phone.goto("/vinterleir/deltakere/innsjekk");
      await phone.getByLabel("Brukernavn").fill(campAdmin.username);
      await phone.getByLabel("Passord").fill(campAdmin.password);
      await phone.getByLabel("Passord").press("Enter");
      await expect(phone.getByText(/^Lista er hentet kl\. \d{2}\.\d{2}\.$/)).toBeVisible();
      await door.setOffline(true);
    }
    for (const [, phone] of doors) {
      await phone.getByLabel("Søk etter navn eller klubb").fill(lastName);
      await phone.getByRole("button", { name: "Søk", exact: true }).click();
      const card = phone.getByRole("article", { name: `Tora ${lastName}` });
      await card.getByRole("button", { name: `Sjekk inn Tora ${lastName}` }).click();
      await card.getByRole("button", { name: `Kort – betalt for Tora ${lastName}` }).click();
      await expect(phone.getByText("2 handlinger venter på nett")).toBeVisible();
    }
    for (const [door, phone] of doors) {
      await door.setOffline(false);
      await expect(phone.getByText("Alt er sendt.")).toBeVisible({ timeout: 20_000 });
    }
    // The second door's payment was more than was left: refused, listed on that phone, never doubled.
    const refused = doors[1]![1].getByRole("region", { name: "Ikke registrert" });
    await expect(refused).toContainText(`Tora ${lastName}: Det er ingenting igjen å betale på denne påmeldingen.`);
    await expect(doors[0]![1].getByRole("region", { name: "Ikke registrert" })).toHaveCount(0);
    await screenshot(doors[1]![1], "checkin-refused");
    expect(await axeViolations(doors[1]![1])).toEqual([]);
    // Both doors count the same (reloaded together, since other tests may check people in meanwhile). One
    // round of two reloads can itself take over the default 5 s on a busy machine.
    await expect
      .poll(
        async () => {
          await Promise.all(doors.map(([, phone]) => phone.reload()));
          const counts = await Promise.all(
            doors.map(async ([, phone]) => (await phone.getByText(/^Lista er hentet/).waitFor(), phone.locator(".checkin-count").textContent())),
          );
          return counts[0] === counts[1];
        },
        { timeout: 30_000 },
      )
      .toBe(true);

    const token = await adminToken(request);
    const list = DoorListSchema.parse(await (await request.get(`/api/VinterleirAdmin/CheckIn/DoorList/${token}`)).json());
    const entry = list.entries.find((candidate) => candidate.persons[0]!.name === `Tora ${lastName}`)!;
    expect(entry.doorPayments).toHaveLength(1);
    expect(entry.persons[0]!.checkedIn).toEqual([list.event.today]);

    // The leader sees it in the admin.
    await page.goto("/vinterleir/deltakere/admin");
    await page.getByRole("tab", { name: "Avvist i døra" }).click();
    const row = page.getByRole("listitem").filter({ hasText: `Tora ${lastName}` });
    await expect(row).toContainText("Det er ingenting igjen å betale på denne påmeldingen.");
    await expect(row).toContainText(/Betaling \d/);
    await screenshot(page, "admin-door-refusals");
    expect(await axeViolations(page)).toEqual([]);
    await other.close();
  });
});
