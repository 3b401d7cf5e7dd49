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
import AxeBuilder from "@axe-core/playwright";
import { mailText, openAtPayment, screenshot, uniqueSurname } from "./camp-helpers.ts";
import { expect, test } from "./fixtures.ts";

test.describe("Families and groups", () => {
  test("two siblings in one submission; one cancelled alone from its own link, the other stays listed", async ({ page, context, baseURL, request }) => {
    const lastName = uniqueSurname("Gruppe");
    const email = `${lastName.toLowerCase()}@example.no`;
    await openAtPayment(page, context, baseURL!, validDraft({ draftId: randomUUID(), lastName, email, vipps: false }));

    await page.getByRole("button", { name: "Meld på søsken/flere utøvere" }).click();
    await page.getByLabel("Fornavn").fill("Kari");
    await page.getByLabel("Alder").fill("30");
    await page.getByLabel("Beltegrad").selectOption("5");
    await page.getByRole("button", { name: "Legg til utøver" }).click();
    await expect(page.getByText(`Kari ${lastName}, 30 år`)).toBeVisible();
    await expect(page.getByText(/Totalt for alle/)).toBeVisible();
    // Phone-first: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByRole("button", { name: "Kort eller kontant ved oppmøte" }).click();
    await page.getByRole("button", { name: "Fullfør registrering" }).click();
    await expect(page.getByRole("heading", { level: 2, name: /Du er påmeldt vinterleiren/ })).toBeVisible();

    const mail = await mailText(request, email, "Du er registrert");
    expect(mail).toContain("Totalt for alle");
    const links = [...mail.matchAll(/http:\/\/127\.0\.0\.1:\d+(\/vinterleir\/min-pamelding\/[A-Za-z0-9_-]{43})/g)].map((match) => match[1]!);
    const kariLink = /Min påmelding for Kari[^/]*?(\/vinterleir\/min-pamelding\/[A-Za-z0-9_-]{43})|(\/vinterleir\/min-pamelding\/[A-Za-z0-9_-]{43})[^<]*?">Min påmelding for Kari/.exec(mail);
    const link = kariLink?.[1] ?? kariLink?.[2] ?? links[0]!;

    const listed = async () =>
      ((await (await request.get("/api/VinterleirUsers/Get")).json()) as unknown[]).map((entry) => JSON.stringify(entry)).filter((entry) => entry.includes(lastName));
    expect(await listed()).toHaveLength(2);

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

  test("two siblings pay once with Vipps; one is cancelled from the group's page and gets the rule on its own share back", async ({ page, context, baseURL, request }) => {
    const lastName = uniqueSurname("Vippsgruppe");
    const email = `${lastName.toLowerCase()}@example.no`;
    await openAtPayment(page, context, baseURL!, validDraft({ draftId: randomUUID(), lastName, email, vipps: true }));

    await page.getByRole("button", { name: "Meld på søsken/flere utøvere" }).click();
    await page.getByLabel("Fornavn").fill("Kari");
    await page.getByLabel("Alder").fill("30");
    await page.getByLabel("Beltegrad").selectOption("5");
    await page.getByRole("button", { name: "Legg til utøver" }).click();
    await expect(page.getByText(/Totalt for alle/)).toBeVisible();
    await expect(page.getByText(/Én Vipps-betaling for alle/)).toBeVisible();
    await page.getByRole("button", { name: "Betal med Vipps" }).click();
    await page.waitForURL(/\/vipps-sim\/landing\?reference=/);
    const landing = page.url().replace(/^https?:\/\/[^/]+/, "");
    await page.getByRole("button", { name: "Godkjenn betalingen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /Takk! Du er registrert/ })).toBeVisible();
    // The result page names everyone the payment was for.
    await expect(page.getByRole("listitem").filter({ hasText: `Ola ${lastName}` })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: `Kari ${lastName}` })).toBeVisible();

    const mail = await mailText(request, email, "Du er registrert");
    expect(mail).toContain("Totalt for alle");
    const link = /http:\/\/127\.0\.0\.1:\d+(\/vinterleir\/min-pamelding\/[A-Za-z0-9_-]{43})/.exec(mail)![1]!;
    const token = link.split("/").pop()!;
    const view = (await (await request.get(`/api/MinPamelding/Get/${token}`)).json()) as MyRegistrationView;
    expect(view.group?.members).toHaveLength(2);
    const kari = view.group!.members.find((member) => member.persons[0]!.firstName === "Kari")!;
    const current = (await (await request.get("/api/CampEdition/Current")).json()) as CampEditionData;
    // Today (after the full-refund deadline) the shared rule gives a share of Kari's own price back.
    const refund = campRefund(kari.total, campEditionFromData(current), new Date());
    const kroner = (amount: number) => amount.toLocaleString("nb-NO", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const landingText = async () => (await (await request.get(landing)).text()).replace(/\u00a0/g, " ");
    // Captured right after approval: the whole group total, one payment.
    await expect.poll(async () => (await landingText()).includes(`id="captured">kr ${kroner(view.group!.total).replace(/\u00a0/g, " ")}`), { timeout: 15_000 }).toBe(true);

    const listed = async () =>
      ((await (await request.get("/api/VinterleirUsers/Get")).json()) as unknown[]).map((entry) => JSON.stringify(entry)).filter((entry) => entry.includes(lastName));
    // Both on the public list once confirmed (the list is refreshed shortly after a change).
    await expect.poll(async () => (await listed()).length, { timeout: 15_000 }).toBe(2);

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 2, name: "Påmeldingen" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: `Ola ${lastName}` })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: `Kari ${lastName}` })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, "min-pamelding-gruppe");
    // One page, several athletes: every form field and heading still has a unique id and a name.
    const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await page.getByRole("button", { name: `Avbestill Kari ${lastName}` }).click();
    const refundText = `Du får ${formatKroner(refund)} tilbake med Vipps.`;
    await expect(page.getByText(refundText)).toBeVisible();
    await page.getByRole("button", { name: "Ja, avbestill" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Kari ${lastName} er avbestilt` })).toBeVisible();
    await expect.poll(async () => (await listed()).length).toBe(1);
    expect((await listed())[0]).toContain("Ola");
    // The simulator (standing in for Vipps) shows the refund: the rule on Kari's share only.
    await expect.poll(async () => (await landingText()).includes(`id="refunded">kr ${kroner(refund).replace(/\u00a0/g, " ")}`), { timeout: 15_000 }).toBe(true);
    // Ola is still coming, and can still cancel.
    await expect(page.getByRole("button", { name: `Avbestill Ola ${lastName}` })).toBeVisible();
  });
});
