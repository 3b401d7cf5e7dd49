import { test, expect } from "./fixtures.ts";
import { club, syllabusLinks } from "../../src/shared/club/club-facts.ts";
import { seedSiteContent } from "../../src/shared/site/site-content-seed.ts";
import { campEditionForYear } from "../../src/shared/camp/camp-edition.ts";
import { season, suiteCampYear } from "./support/season.ts";
import { campWhenSentence } from "../../src/shared/camp/camp-moment-texts.ts";
import { formatDateRange, formatKroner } from "../../src/shared/format.ts";
import { staticPaths } from "../../src/shared/site/site-pages.ts";

const edition = campEditionForYear(suiteCampYear);
// The facts a fresh database starts with (the club edits them in «Nettsted»).
const {
  kontakt: contactEmails,
  priser: { membership: membershipPrices, gym: gymRoom },
  utstyr: shops,
  samarbeidspartnere: { sponsors },
  treningstider: { sessions: trainingTimes },
} = seedSiteContent;
const kr = (amount: number) => formatKroner(amount);
// Text in the page may break "1 025 kr" with a normal or a non-breaking space.
const money = (amount: number) => new RegExp(kr(amount).replace(/\s/g, "\\s"));

/** Key facts per page: each must be in the HTML the server sends (static) and on the rendered page. */
const keyFacts: Record<string, (string | RegExp)[]> = {
  "/": ["Les mer", "Treningstider", `Vinterleir ${edition.year}`, "Meld interesse", "1978"],
  "/treningstider": [...trainingTimes.map((t) => t.time), "Tilbake"],
  "/om/oss": ["1978", "Tien Ton That", "Pablo Lopez", "Svein Andersstuen", "TTU", contactEmails.hall.street],
  "/om/taekwondo": ["taekwondo"],
  "/barnepartiet/informasjon": ["8–12"],
  "/barnepartiet/treningstider": trainingTimes.filter((t) => t.section === "barn").map((t) => t.time),
  "/barnepartiet/priser": [money(membershipPrices.children.perMonth), money(membershipPrices.federationFee), "10 %"],
  "/ungdomvoksenpartiet/informasjon": ["12"],
  "/ungdomvoksenpartiet/treningstider": trainingTimes.filter((t) => t.section === "ungdomvoksen").map((t) => t.time),
  "/ungdomvoksenpartiet/priser": [money(membershipPrices.youth.perMonth), money(membershipPrices.adult.perMonth)],
  "/trimrom/informasjon": [String(gymRoom.minAge)],
  "/trimrom/priser": [money(gymRoom.perMonth), money(gymRoom.yearlyFee), "AvtaleGiro"],
  "/teori/informasjon": [money(membershipPrices.theoryBook)],
  "/teori/taegeukgi": ["taegeuk"],
  "/teori/mom": ["mom"],
  "/teori/pensum": ["Pensum"],
  "/samarbeidspartnere": [...sponsors.map((s) => s.name), contactEmails.sponsors],
  "/utstyr": [shops.clubShop.discountCode, shops.kioskVippsNumber, "TTU Shop", "Fighter"],
  "/kontakt": [contactEmails.hall.street, contactEmails.general, contactEmails.leader],
  "/personvern": ["Datatilsynet", "Vipps", "behandlingsansvarlig"],
  "/salgsbetingelser": ["organisasjonsnummer", "Avbestilling", "Forbrukerrådet"],
  "/arrangementer": [formatDateRange(edition.start, edition.end), money(1025), money(1200)],
  "/vinterleir": [campWhenSentence(edition, "upcoming", new Date(season.beforeEarlyBird))],
  "/vinterleir/schedule": ["Program og flyer"],
  "/vinterleir/priser": [
    money(edition.settings.price.child),
    money(edition.settings.price.adult),
    money(edition.settings.gradingFee),
    money(edition.settings.companionFee),
  ],
  "/vinterleir/print/program": [String(edition.year)],
};

test("every static page has key facts", () => {
  expect(Object.keys(keyFacts).sort()).toEqual(staticPaths.filter((p) => p !== "/menu").sort());
});

const normalise = (text: string) => text.replace(/&nbsp;|&#160;|\u00a0/g, " ").replace(/&amp;/g, "&");

for (const [path, facts] of Object.entries(keyFacts)) {
  test(`${path} shows its key facts in the HTML the server sends`, async ({ page, request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = normalise(await response.text());
    expect(html).toContain('<html lang="nb"');
    expect(html).toMatch(/<title>[^<]{5,}<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{30,}"/);

    await page.goto(path);
    await expect(page.locator("h1")).toHaveCount(1);
    for (const fact of facts) {
      if (typeof fact === "string") {
        expect(html, `${fact} in the HTML`).toContain(fact);
        await expect(page.locator("main")).toContainText(fact);
      } else {
        expect(html, `${fact} in the HTML`).toMatch(fact);
        await expect(page.locator("main")).toContainText(fact);
      }
    }
  });
}

test("the pensum page links the club syllabus and both TTU syllabi in new tabs", async ({ page, request }) => {
  await page.goto("/teori/pensum");
  await expect(page.locator(`a[href="${syllabusLinks.clubPdf}"]`)).toBeVisible();
  for (const url of [syllabusLinks.cup, syllabusLinks.dan]) {
    await expect(page.locator(`a[href="${url}"]`)).toHaveAttribute("target", "_blank");
  }
  const pdf = await request.get(syllabusLinks.clubPdf);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
});

test("sponsors open their own sites in a new tab", async ({ page }) => {
  await page.goto("/samarbeidspartnere");
  for (const sponsor of sponsors) {
    const link = page.locator(`a[href^="${sponsor.url}"]`);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
  }
  await expect(page.locator(`a[href^="mailto:${contactEmails.sponsors}"]`).first()).toBeVisible();
});

test("the body picture opens in a new tab", async ({ page }) => {
  await page.goto("/teori/mom");
  const link = page.locator("main a[target=_blank]:has(img)");
  await expect(link).toHaveCount(1);
  await expect(link.locator("img")).toHaveAttribute("alt", /.{10,}/);
});

test("the contact page has a whistle-blowing mail to the leader and the general address", async ({ page }) => {
  await page.goto("/kontakt");
  const hrefs = await page.locator("main a[href^='mailto:']").evaluateAll((links) => links.map((l) => l.getAttribute("href")!));
  const whistle = hrefs.find((href) => contactEmails.whistleblowing.every((address) => href.includes(address)));
  expect(whistle, hrefs.join(", ")).toBeTruthy();
  await expect(page.locator(`main a[href="${club.facebook}"]`)).toHaveAttribute("target", "_blank");
});

test("the schedule page offers the three flyers as real PDFs", async ({ page, request }) => {
  await page.goto("/vinterleir/schedule");
  const pdfLinks = await page.locator("main a[href$='.pdf']").evaluateAll((links) => links.map((l) => l.getAttribute("href")!));
  expect(pdfLinks.filter((href) => href.includes(String(edition.year)))).toHaveLength(3);
  for (const href of pdfLinks) {
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
    expect((await response.body()).subarray(0, 5).toString(), href).toBe("%PDF-");
  }
});

test.describe("early-registration banner", () => {
  test("shows before 1 November of the camp year", async ({ page }) => {
    await page.clock.setFixedTime(new Date(`${edition.year}-10-15T12:00:00+02:00`));
    await page.goto("/arrangementer");
    await expect(page.getByTestId("early-bird-banner")).toBeVisible();
  });

  test("is gone from 1 November", async ({ page }) => {
    await page.clock.setFixedTime(new Date(`${edition.year}-11-01T00:00:01+01:00`));
    await page.goto("/arrangementer");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("early-bird-banner")).toBeHidden();
  });
});

test("the camp year on the pages follows the edition", async ({ page }) => {
  // Guard against a stale hard-coded year: the edition of the coming season is shown.
  expect(campEditionForYear(edition.year).start.day).toBe(28);
  await page.goto("/vinterleir");
  await expect(page.locator("h1")).toContainText(String(edition.year));
});
