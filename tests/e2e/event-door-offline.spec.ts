/**
 * The door of a grading with no network, at 360 px, in the style of the camp's (camp-checkin-offline.spec.ts):
 * an innsjekk account opens the grading's door once with a network, the network drops, the page reloads from
 * its own service worker and the list on the phone, checks two in and takes one back; the actions wait on
 * the phone through a reload, and back online the server has each once. «Logg ut» empties the phone.
 */
import { randomUUID } from "node:crypto";
import { EventDoorListSchema } from "../../src/shared/events/event-door.ts";
import { adminToken, screenshot } from "./camp-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { axeViolations } from "./support/axe.ts";
import { keptOnPhone } from "./support/door.ts";
import { grading, publishEvent, registerForEvent } from "./event-helpers.ts";

const password = "Dør-uten-nett-2026";

test.describe("the events' door with no network", () => {
  // Offline on purpose: the list refresh and the queue's sends fail until the network is back.
  test.use({ expectedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch/] });

  test(
    "opened once online, the grading's door reloads offline, checks in and undoes; back online the server has each once",
    { tag: "@phone" },
    async ({ page, context, request }) => {
      const id = randomUUID().slice(0, 8);
      const slug = `gradering-uten-nett-${id}`;
      const leder = await adminToken(request);
      await publishEvent(request, leder, slug, grading(`Kjellergradering ${id.slice(0, 4)}`, { capacity: 10, firstDayIn: 10 }));
      for (const [firstName, lastName] of [
        ["Ola", `Kjeller${id}`],
        ["Siri", `Bunker${id}`],
      ] as const) {
        const contact = { firstName: "Kari", lastName, email: `kari.${lastName.toLowerCase()}@example.no` };
        expect(await registerForEvent(request, slug, contact, [{ firstName, lastName }])).toBe("Done");
      }
      const username = `udor${id}`;
      const created = await request.post(`/api/VinterleirAdmin/Accounts/${leder}`, {
        data: { username, name: `Dora ${id}`, role: "innsjekk", password },
      });
      expect(created.status(), await created.text()).toBe(201);

      await page.goto(`/arrangementer/admin/dor/${slug}`);
      await page.getByLabel("Brukernavn").fill(username);
      await page.getByLabel("Passord").fill(password);
      await page.getByLabel("Passord").press("Enter");
      await expect(page.getByText(/^Lista er hentet kl\. \d{2}\.\d{2}\./)).toBeVisible();
      await expect(page.getByTestId("event-door-count")).toHaveText("0 av 2 sjekket inn");
      // The door's own service worker has kept the page and its code, and answers for it.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller)
          await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
      });
      await expect.poll(async () => (await keptOnPhone(page, "stk-dor")).lists).toBe(1);

      await context.setOffline(true);
      const reloaded = await page.reload();
      expect(reloaded?.fromServiceWorker(), "the page came from the service worker").toBe(true);
      await expect(page.getByText("Uten nett: det du gjør, lagres på telefonen")).toBeVisible();
      await expect(page.getByTestId("event-door-count")).toHaveText("0 av 2 sjekket inn");

      const ola = page.getByRole("article", { name: `Ola Kjeller${id}` });
      const siri = page.getByRole("article", { name: `Siri Bunker${id}` });
      await ola.getByRole("button", { name: `Sjekk inn Ola Kjeller${id}` }).click();
      await siri.getByRole("button", { name: `Sjekk inn Siri Bunker${id}` }).click();
      // The same button now takes it back, and keeps the keyboard's focus.
      const undo = siri.getByRole("button", { name: `Angre innsjekking av Siri Bunker${id}` });
      await expect(undo).toBeFocused();
      await undo.click();
      await expect(page.getByText("3 handlinger venter på nett")).toBeVisible();
      await expect(page.getByTestId("event-door-count")).toHaveText("1 av 2 sjekket inn");
      await expect(ola).toContainText("Sjekket inn (venter på nett)");
      await expect(siri).toContainText("Angret (venter på nett)");
      await screenshot(page, "arrangement-dor-uten-nett");
      expect(await axeViolations(page)).toEqual([]);

      // The phone locks and the tab is thrown away: what waits is still there.
      await page.reload();
      await expect(page.getByText("3 handlinger venter på nett")).toBeVisible();
      await expect(page.getByTestId("event-door-count")).toHaveText("1 av 2 sjekket inn");

      await context.setOffline(false);
      await expect(page.getByText("Alt er sendt.")).toBeVisible({ timeout: 20_000 });
      await expect(ola).toContainText(`av Dora ${id}`);

      // The server has what the phone did, once: Ola checked in, Siri checked in and taken back.
      const list = EventDoorListSchema.parse(await (await request.get(`/api/ArrangementInnsjekk/Get/${slug}/${leder}`)).json());
      expect(list.counts).toEqual({ done: 1, expected: 2 });
      expect(list.entries.map((entry) => [entry.persons[0]!.name, entry.persons[0]!.checkedIn?.by ?? null])).toEqual([
        [`Ola Kjeller${id}`, `Dora ${id}`],
        [`Siri Bunker${id}`, null],
      ]);

      await page.getByRole("button", { name: "Logg ut", exact: true }).click();
      await expect(page.getByLabel("Brukernavn")).toBeVisible();
      await expect.poll(() => keptOnPhone(page, "stk-dor")).toEqual({ lists: 0, localKeys: [] });

      // Every other page is left alone by the door's worker.
      await page.goto("/arrangementer");
      expect(await page.evaluate(() => navigator.serviceWorker.controller === null)).toBe(true);
    },
  );
});
