import { test, expect } from "./fixtures.ts";
import { axeViolations } from "./support/axe.ts";
import { staticPaths } from "../../src/shared/site/site-pages.ts";
import { adminToken, screenshot } from "./camp-helpers.ts";

const appPaths = [
  "/vinterleir/registrering",
  "/vinterleir/deltakere",
  "/vinterleir/deltakere/admin",
  "/nyttmedlem",
  "/nyttmedlem/sjekk",
  "/invoices",
  "/vinterleir/venteliste/ukjent-lenke",
  "/arrangementer/admin",
  "/arrangementer/admin/dor",
  // An event order's personal link that opens nothing (the page with an order: tests/e2e/event-family.spec.ts).
  "/arrangementer/min-pamelding/ukjent-lenke",
];

/**
 * axe runs on every page at 360 px. At desktop width it runs where the page's layout is not the phone's: the
 * header's menu bar (the same on every page, checked on the home page), one page per information-page
 * layout that has its own wide-screen rules (home, times table, section with side menu, price list, theory,
 * contact, equipment, events, camp section, print program), and every working page. Text is the same at
 * both widths, so the rest would only repeat the phone's check.
 */
const desktopLayouts = new Set([
  "/",
  "/treningstider",
  "/om/oss",
  "/barnepartiet/priser",
  "/teori/mom",
  "/kontakt",
  "/utstyr",
  "/arrangementer",
  "/vinterleir",
  "/vinterleir/print/program",
  ...appPaths,
]);

for (const path of [...staticPaths, ...appPaths, "/finnes/ikke"]) {
  // Not at desktop width where the layout is the phone's (checked there): `@phone` keeps the run from starting.
  test(`axe finds no violations on ${path}`, { tag: desktopLayouts.has(path) ? [] : ["@phone"] }, async ({ page }) => {
    await page.goto(path);
    // An information page is plain HTML (its two inline scripts fetch nothing), whole once loaded. A working
    // page renders in the browser and fetches its data: wait for the network to go quiet.
    if (!staticPaths.includes(path)) await page.waitForLoadState("networkidle");
    // A page rendered in the browser shows the root's «Laster...» until its module has run; on a slow host
    // that can outlast the network's quiet, and axe would check the placeholder instead of the page.
    await expect(page.locator("p.loading")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });
}

/** The camp admin's screens behind the login: its tabs, an edition's form with a message, the preview, the waiting list. */
test.describe("axe on the camp admin's Leirer and Venteliste", () => {
  // axe over the whole edition form takes a while on a busy machine.
  test.setTimeout(90_000);

  test.beforeEach(async ({ page, context, baseURL }) => {
    const token = await adminToken(page.request);
    await context.addCookies([{ name: "adminToken", value: encodeURIComponent(token), url: baseURL! }]);
  });

  test("axe finds no violations on Leirer: the list, an edition's form with a message, and its preview", async ({ page }) => {
    await page.goto("/vinterleir/deltakere/admin");
    await page.getByRole("tab", { name: "Leirer" }).click();
    const open = page.locator(".edition-card.is-current").getByRole("button");
    await expect(open).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await open.click();
    await page.getByLabel("Barnepris", { exact: true }).fill("mye");
    await page.getByRole("button", { name: "Lagre" }).click();
    await expect(page.getByText("Barneprisen må være et tall.")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel("Barnepris", { exact: true }).fill("1025");
    await page.getByRole("button", { name: "Forhåndsvis" }).click();
    await expect(page.getByRole("region", { name: /Forhåndsvisning/ })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("axe finds no violations on Venteliste", async ({ page }) => {
    // The list as the server gives it (answered here, so the screen has every offer state to show).
    const offer = (state: string) => ({ state, offeredAt: "2026-11-20T09:15:00.000Z", expiresAt: "2026-11-22T09:15:00.000Z" });
    const entries = ["offered", "expired", null, "accepted"].map((state, index) => ({
      registrationId: index + 1,
      position: index + 1,
      orderId: `VL26-TEST0${index}`,
      name: `Person ${index + 1}`,
      club: "Oslo Taekwondo Klubb",
      email: `person${index + 1}@example.no`,
      createdAt: "2026-11-02T17:05:00.000Z",
      offer: state ? offer(state) : null,
    }));
    await page.route("**/api/VinterleirAdmin/Waitlist/**", (route) => route.fulfill({ json: entries }));
    await page.goto("/vinterleir/deltakere/admin");
    await page.getByRole("tab", { name: "Venteliste" }).click();
    await expect(page.getByRole("heading", { name: "Plass 1: Person 1" })).toBeVisible();
    await screenshot(page, "venteliste");
    await page.getByRole("button", { name: "Fjern: Person 2" }).click();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "venteliste-confirm");
  });
});
