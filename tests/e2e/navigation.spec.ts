import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect } from "./fixtures.ts";
import { navigationItems, redirects } from "../../src/shared/site/site-pages.ts";

// What does not depend on the width runs at 360 px only: redirects, the 404 screen, plain HTML, printing, the
// camp button and the router's visits within the site. The header (logo, menu bar or hamburger, hidden when
// printing) and the home page's picks run at both.
for (const [from, to] of Object.entries(redirects)) {
  test(`${from} redirects to ${to}`, { tag: "@phone" }, async ({ page }) => {
    await page.goto(from);
    await expect(page).toHaveURL(new RegExp(`${to}$`));
    await expect(page.locator("h1")).toBeVisible();
  });
}

test("the logo leads home", async ({ page }) => {
  await page.goto("/kontakt");
  await page.getByRole("link", { name: "Ski Taekwondo Klubb" }).first().click();
  await expect(page).toHaveURL(/\/$/);
});

// The hamburger is for narrow screens, the menu bar for wide ones (at 1,248 px and up).
test("the hamburger toggles between the menu and the previous page", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/utstyr");
  await page.getByRole("link", { name: "Åpne menyen" }).click();
  await expect(page).toHaveURL(/\/menu$/);
  for (const item of navigationItems) {
    await expect(page.getByRole("navigation", { name: "Meny" }).getByRole("link", { name: item.name, exact: true })).toBeVisible();
  }
  await page.getByRole("link", { name: "Lukk menyen" }).click();
  await expect(page).toHaveURL(/\/utstyr$/);
});

test("the desktop bar lists the nine items and marks the active one", { tag: "@desktop" }, async ({ page }) => {
  await page.goto("/teori/mom");
  const nav = page.getByRole("navigation", { name: "Hovedmeny" });
  await expect(nav.getByRole("link")).toHaveText(navigationItems.map((item) => item.name));
  await expect(nav.getByRole("link", { name: "Teori" })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Kontakt" }).click();
  await expect(page).toHaveURL(/\/kontakt$/);
  await expect(nav.getByRole("link", { name: "Kontakt" })).toHaveAttribute("aria-current", "page");
});

test("the bar is hidden on print pages", async ({ page }) => {
  await page.goto("/vinterleir/print/program");
  await expect(page.locator("h1")).toBeVisible();
  await expect(page.locator("header.top-bar")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /menyen/ })).toHaveCount(0);
});

test("an unknown address shows the fallback screen with the status", { tag: "@phone" }, async ({ page }) => {
  const response = await page.goto("/finnes/ikke");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  await expect(page.locator("main")).toContainText("404");
});

test("the home page shows one background and one headline, drawn at random", async ({ page }) => {
  const headlines = new Set<string>();
  for (let visit = 0; visit < 12 && headlines.size < 2; visit++) {
    await page.goto("/");
    const visible = page.locator("[data-pick=headline] > *:visible");
    await expect(visible).toHaveCount(1);
    await expect(page.locator("[data-pick=bg] > *:visible")).toHaveCount(1);
    headlines.add((await visible.textContent()) ?? "");
  }
  expect(headlines.size).toBeGreaterThan(1);
});

test("the home page's camp button names the edition's year and leads to the events page", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: /^Vinterleir \d{4}$/ }).click();
  await expect(page).toHaveURL(/\/arrangementer$/);
});

test("information pages are plain HTML: no script file is loaded", { tag: "@phone" }, async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  for (const path of ["/", "/om/oss", "/arrangementer", "/vinterleir"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(scripts).toEqual([]);
});

test("the menu works without the React runtime and returns to where it was opened", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/kontakt");
  await page.getByRole("link", { name: "Åpne menyen" }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await page.getByRole("link", { name: "Lukk menyen" }).click();
  await expect(page).toHaveURL(/\/kontakt$/);
});

test("a menu opened directly closes to the home page", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/menu");
  await page.getByRole("link", { name: "Lukk menyen" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the print page's button prints without the React runtime", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/vinterleir/print/program");
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  await page.getByRole("button", { name: "Skriv ut" }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
});

async function currentYear(request: APIRequestContext): Promise<number> {
  return ((await (await request.get("/api/CampEdition/Current")).json()) as { year: number }).year;
}

/** A client-side navigation by the router, as a Link in the app does: no document, no data request. */
async function visitWithinSite(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

test(
  "from a hydrated working page, a link renders a camp page in the browser with the server's edition",
  { tag: "@phone" },
  async ({ page, request }) => {
    const year = await currentYear(request);
    const documents: string[] = [];
    await page.goto("/vinterleir/deltakere");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Deltakere på vinterleiren ${year}`);
    // The heading is in the server's HTML; the search fields are enabled once the page has hydrated.
    await expect(page.getByLabel("Søk på navn")).toBeEnabled();
    page.on("request", (r) => {
      if (r.resourceType() === "document" || r.url().endsWith(".data")) documents.push(r.url());
    });
    await visitWithinSite(page, "/vinterleir");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Vinterleir ${year}`);
    expect(documents).toEqual([]);
  },
);

test(
  "the wizard loads without the edition's schema; a visit within the site fetches it with the current edition",
  { tag: "@phone" },
  async ({ page, request }) => {
    const year = await currentYear(request);
    const schemaChunks: string[] = [];
    page.on("request", (r) => {
      if (/\/assets\/camp-edition-api-/.test(r.url())) schemaChunks.push(r.url());
    });
    await page.goto("/vinterleir/registrering");
    await expect(page.getByRole("checkbox").first()).toBeEnabled();
    expect(schemaChunks).toEqual([]);

    await page.goto("/vinterleir/deltakere");
    await expect(page.getByLabel("Søk på navn")).toBeEnabled();
    const edition = page.waitForResponse((r) => r.url().endsWith("/api/CampEdition/Current"));
    await visitWithinSite(page, "/vinterleir/registrering");
    expect((await edition).ok()).toBe(true);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Påmelding til vinterleir ${year}`);
    await expect(page.getByText(new RegExp(`^Vinterleiren ${year} er `))).toBeVisible();
    expect(schemaChunks).toHaveLength(1);
  },
);
