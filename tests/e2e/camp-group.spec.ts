/**
 * Families and groups: two siblings in one submission from the wizard's summary, one confirmation mail with
 * both receipts and a personal link per athlete, one "Min påmelding" page showing the whole group, and one
 * sibling cancelled alone while the other stays on the public list: with card/cash, and with one Vipps
 * payment for the group where the cancelled sibling gets the refund rule on its own share.
 */
import { randomUUID } from "node:crypto";
import { validDraft } from "../../src/shared/camp/camp-draft.fixture.ts";
import { campEditionFromData } from "../../src/shared/camp/camp-edition-data.ts";
import type { CampEditionData } from "../../src/shared/camp/camp-edition-schema.ts";
import type { MyRegistrationView } from "../../src/shared/camp/camp-my-registration.ts";
import { campRefund } from "../../src/shared/camp/camp-pricing.ts";
import { formatKroner } from "../../src/shared/format.ts";
import { fillAthleteSteps, heading, mailText, next, openAtPayment, pick, screenshot, serverNow, uniqueSurname } from "./camp-helpers.ts";
import { newSibling } from "../../src/shared/camp/camp-siblings.ts";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { axeViolations } from "./support/axe.ts";

/** Adds a further athlete on the wizard's «Flere utøvere» step; the club is the first athlete's unless given. */
async function addSibling(
  page: Page,
  athlete: { firstName: string; age: number; club?: [string, string]; grade?: [string, RegExp]; publicly: boolean; companion?: string },
) {
  await page.getByRole("button", { name: /^Legg til (en )?utøver/ }).click();
  await heading(page, "Legg til utøver");
  await page.getByLabel("Fornavn").fill(athlete.firstName);
  await page.getByLabel("Alder").fill(String(athlete.age));
  if (athlete.club) await pick(page, "Klubb", ...athlete.club);
  await pick(page, "Beltegrad", ...(athlete.grade ?? ["blått", /^6\. Cup \(Blått\)/]));
  if (athlete.companion) {
    await page.getByRole("button", { name: "Legg til ledsager" }).click();
    await page.getByLabel("Fornavn").fill(athlete.companion);
    await page.getByLabel("Etternavn").fill("Ledsager");
    await page.getByLabel("Telefonnummer").fill("98765432");
    await page.getByLabel("E-post").fill(`${athlete.companion.toLowerCase()}@example.no`);
    await page.getByRole("button", { name: "Legg til", exact: true }).click();
    await heading(page, "Legg til utøver");
  }
  // Not added without an answer to the public-list question.
  await expect(page.getByRole("button", { name: "Legg til utøveren" })).toBeDisabled();
  await page.getByLabel(athlete.publicly ? /^Ja, vis navnet/ : /^Nei, vis bare klubben/).check();
  if (athlete.companion) await screenshot(page, "vinterleir-legg-til-utover");
  await page.getByRole("button", { name: "Legg til utøveren" }).click();
  await heading(page, "Flere utøvere");
}

test.describe("Families and groups", () => {
  test("a family through the wizard: asked at the start, each child its own club, grade and answer to the public list; one cancelled alone from its own link", async ({
    page,
    request,
  }) => {
    const lastName = uniqueSurname("Gruppe");
    const email = `${lastName.toLowerCase()}@example.no`;
    await page.goto("/vinterleir/registrering");
    await page.getByLabel(/Jeg samtykker i at/).check();
    await page.getByLabel(/Jeg har lest og godtar/).check();
    await next(page);
    await heading(page, "Hvem melder du på?");
    await page.getByLabel(/Flere utøvere fra samme familie/).check();
    await expect(page.getByText("Steg 2 av 15")).toBeVisible();
    await screenshot(page, "vinterleir-hvem");
    await next(page);

    await heading(page, "Første utøver: navn og alder");
    await fillAthleteSteps(page, { firstName: "Ola", lastName, age: 30, email, publicList: "Vis navnet og graden min på deltakerlisten" });

    await heading(page, "Flere utøvere");
    await expect(page.getByRole("button", { name: "Neste", exact: true })).toBeDisabled();
    // Kari, 30: shown by name. Per, 14, from another club, with his own companion: not shown by name.
    await addSibling(page, { firstName: "Kari", age: 30, publicly: true });
    await addSibling(page, {
      firstName: "Per",
      age: 14,
      club: ["ski t", "Ski Taekwondo Klubb"],
      grade: ["hvitt", /^10\. Cup \(Hvitt\)/],
      publicly: false,
      companion: "Mor",
    });
    await expect(page.getByRole("list", { name: "Utøvere du har lagt til" }).getByRole("listitem")).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, "vinterleir-flere-utovere");
    await next(page);

    await heading(page, "Se over påmeldingen");
    const section = (name: string) => page.locator("section").filter({ has: page.getByRole("heading", { level: 3, name }) });
    const row = (name: string, label: string) =>
      section(name)
        .locator(".review-summary > div")
        .filter({ has: page.getByText(label, { exact: true }) });
    await expect(row(`Per ${lastName}`, "På deltakerlisten")).toContainText("Nei, bare klubben, uten navn");
    await expect(row(`Per ${lastName}`, "Klubb")).toContainText("Ski Taekwondo Klubb");
    await expect(row(`Per ${lastName}`, "Ledsagere")).toContainText("Mor Ledsager, 18 år");
    await expect(row(`Kari ${lastName}`, "På deltakerlisten")).toContainText("Ja, med navn og grad");
    await expect(page.getByRole("table")).toHaveCount(3);
    await expect(page.getByText(/Totalt for alle/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, "vinterleir-se-over-familie");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Gå til betaling" }).click();

    await page.getByRole("button", { name: "Kort eller kontant ved oppmøte" }).click();
    await page.getByRole("button", { name: "Fullfør registrering" }).click();
    await expect(page.getByRole("heading", { level: 2, name: /Du, Kari og Per er påmeldt vinterleiren/ })).toBeVisible();

    const mail = await mailText(request, email, "Du er registrert");
    expect(mail).toContain("Totalt for alle");
    // The family's one link, given once (the text and the HTML part each carry it).
    const links = [...mail.matchAll(/http:\/\/127\.0\.0\.1:\d+(\/min-side\/[A-Za-z0-9_-]{43})/g)].map((match) => match[1]!);
    expect(new Set(links).size).toBe(1);
    const link = links[0]!;

    const listed = async () =>
      ((await (await request.get("/api/VinterleirUsers/Get")).json()) as unknown[])
        .map((entry) => JSON.stringify(entry))
        .filter((entry) => entry.includes(lastName));
    // Per said no: the list shows Ola and Kari by name, never Per.
    await expect.poll(async () => (await listed()).length).toBe(2);
    expect((await listed()).join()).not.toContain("Per");

    await page.goto(link);
    // Any athlete's link shows the whole group.
    await expect(page.getByRole("heading", { level: 2, name: `Kari ${lastName}` })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: `Ola ${lastName}` })).toBeVisible();
    await page.getByRole("button", { name: `Avbestill Kari ${lastName}` }).click();
    await page.getByRole("button", { name: "Ja, avbestill" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Kari ${lastName} er avbestilt` })).toBeVisible();
    await expect.poll(async () => (await listed()).length).toBe(1);
    expect((await listed())[0]).toContain("Ola");
  });

  test("two siblings pay once with Vipps; one is cancelled from the group's page and gets the rule on its own share back", async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const lastName = uniqueSurname("Vippsgruppe");
    const email = `${lastName.toLowerCase()}@example.no`;
    const sister = { ...newSibling(lastName, 1), firstName: "Kari", age: 30, gradeId: 5, public: true };
    await openAtPayment(page, context, baseURL!, validDraft({ draftId: randomUUID(), lastName, email, vipps: true, siblings: [sister] }), "Review");
    await heading(page, "Se over påmeldingen");
    await expect(page.getByRole("heading", { level: 3, name: `Kari ${lastName}` })).toBeVisible();
    await page.getByRole("button", { name: "Gå til betaling" }).click();
    await expect(page.getByText(/Totalt for alle/)).toBeVisible();
    await expect(page.getByText(/Én Vipps-betaling for alle/)).toBeVisible();
    await page.getByRole("button", { name: "Betal med Vipps" }).click();
    await page.waitForURL(/\/vipps-sim\/landing\?reference=/);
    const landing = page.url().replace(/^https?:\/\/[^/]+/, "");
    await page.getByRole("button", { name: "Godkjenn betalingen" }).click();
    // The result page names everyone the payment was for (by first name: it is opened by the order id alone), and the amount.
    await expect(page.getByRole("heading", { level: 1, name: /Ola.* og Kari er påmeldt vinterleiren \d{4}\./ })).toBeVisible();
    await expect(page.getByText(/Betalt med Vipps:/)).toBeVisible();

    const mail = await mailText(request, email, "Du er registrert");
    expect(mail).toContain("Totalt for alle");
    const link = /http:\/\/127\.0\.0\.1:\d+(\/min-side\/[A-Za-z0-9_-]{43})/.exec(mail)![1]!;
    const token = link.split("/").pop()!;
    const view = (await (await request.get(`/api/MinPamelding/Get/${token}`)).json()) as MyRegistrationView;
    expect(view.group?.members).toHaveLength(2);
    const kari = view.group!.members.find((member) => member.persons[0]!.firstName === "Kari")!;
    const current = (await (await request.get("/api/CampEdition/Current")).json()) as CampEditionData;
    // The shared rule on the server's day (before the full-refund deadline: all of Kari's own price back).
    const refund = campRefund(kari.total, campEditionFromData(current), await serverNow(request));
    const kroner = (amount: number) => amount.toLocaleString("nb-NO", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const landingText = async () => (await (await request.get(landing)).text()).replace(/\u00a0/g, " ");
    // Captured right after approval: the whole group total, one payment.
    await expect
      .poll(async () => (await landingText()).includes(`id="captured">kr ${kroner(view.group!.total).replace(/\u00a0/g, " ")}`), { timeout: 15_000 })
      .toBe(true);

    const listed = async () =>
      ((await (await request.get("/api/VinterleirUsers/Get")).json()) as unknown[])
        .map((entry) => JSON.stringify(entry))
        .filter((entry) => entry.includes(lastName));
    // Both on the public list once confirmed (the list is refreshed shortly after a change).
    await expect.poll(async () => (await listed()).length, { timeout: 15_000 }).toBe(2);

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 2, name: "Påmeldingen" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: `Ola ${lastName}` })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: `Kari ${lastName}` })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, "min-pamelding-gruppe");
    // One page, several athletes: every form field and heading still has a unique id and a name.
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: `Avbestill Kari ${lastName}` }).click();
    const refundText = `Du får ${formatKroner(refund)} tilbake med Vipps.`;
    await expect(page.getByText(refundText)).toBeVisible();
    await page.getByRole("button", { name: "Ja, avbestill" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Kari ${lastName} er avbestilt` })).toBeVisible();
    await expect.poll(async () => (await listed()).length).toBe(1);
    expect((await listed())[0]).toContain("Ola");
    // The simulator (standing in for Vipps) shows the refund: the rule on Kari's share only.
    await expect
      .poll(async () => (await landingText()).includes(`id="refunded">kr ${kroner(refund).replace(/\u00a0/g, " ")}`), { timeout: 15_000 })
      .toBe(true);
    // Ola is still coming, and can still cancel.
    await expect(page.getByRole("button", { name: `Avbestill Ola ${lastName}` })).toBeVisible();
  });
});
