import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { validDraft } from "../../src/shared/camp/camp-draft.fixture.ts";
import { campMoneyLines } from "../../src/shared/camp/camp-ledger-labels.ts";
import { test, expect } from "./fixtures.ts";
import { season } from "./support/season.ts";

// Full price: the figures below are the camp's own prices, after the early-bird deadline.
test.use({ clockStart: season.afterEarlyBird });
import { screenshot, signIn, uniqueSurname } from "./camp-helpers.ts";

/** The camp's money lines, by label, as «Deltakere» and «Kasserer» show them. */
const moneyLabels = campMoneyLines({ charged: 0, paid: 0, refunded: 0, kept: 0, refundOwed: 0, outstanding: 0, net: 0 }).map((line) => line.label);

async function participantsFigures(page: Page): Promise<Record<string, string>> {
  await page.getByRole("tab", { name: "Deltakere" }).click();
  // The tab keeps the person's details open: back to the list, where the totals are.
  const back = page.getByRole("button", { name: "Tilbake" }).first();
  if (await back.isVisible()) await back.click();
  await expect(page.locator(".admin-totals")).toBeVisible();
  return page
    .locator(".admin-totals > div")
    .evaluateAll((rows) => Object.fromEntries(rows.map((row) => [row.querySelector("dt")!.textContent, row.querySelector("dd")!.textContent])));
}

async function treasurerFigures(page: Page): Promise<Record<string, string>> {
  await page.getByRole("tab", { name: "Kasserer" }).click();
  await expect(page.getByRole("heading", { name: "Oppsummering for kassereren" })).toBeVisible();
  return page
    .locator(".treasurer-figures")
    .first()
    .locator("tr")
    .evaluateAll((rows) => Object.fromEntries(rows.map((row) => [row.querySelector("th")!.textContent, row.querySelector("td")!.textContent])));
}

test("the leader adds a companion and removes it again; «Kasserer» and «Deltakere» show the same money", async ({ page }) => {
  const surname = uniqueSurname("Ledsager");
  const posted = await page.request.post("/api/Vinterleir/Post", {
    data: validDraft({ draftId: randomUUID(), firstName: "Siv", lastName: surname }),
  });
  expect(await posted.text()).toBe("Done");

  await signIn(page);
  await page.getByRole("button", { name: `Siv ${surname}`, exact: true }).click();
  // Paid at the door first: 1 200 kr in.
  await page.getByRole("button", { name: "Betalt med kort" }).click();
  await expect(page.getByText("Påmeldingen er markert som betalt med kort.")).toBeVisible();

  const companions = page.getByRole("region", { name: "Ledsagere", exact: true });
  await expect(companions.getByText("Ingen ledsagere.")).toBeVisible();
  const adding = page.getByRole("region", { name: "Legg til ledsager" });
  await adding.getByRole("button", { name: "Legg til ledsager" }).click();
  await adding.getByLabel("Fornavn").fill("Per");
  await adding.getByLabel("Etternavn").fill(surname);
  await adding.getByLabel("Ledsagerens telefon").fill("91234567");
  await adding.getByLabel("Ledsagerens e-post").fill(`per.${surname.toLowerCase()}@example.no`);
  await adding.getByRole("button", { name: "Legg til ledsageren" }).click();
  await expect(companions.getByRole("status")).toContainText(
    new RegExp(`Per ${surname} er lagt til som ledsager, og familien har fått e-post\\. Ny pris 1\\s750\\skr, utestående 550\\skr\\.`),
  );
  await expect(companions.getByText(new RegExp(`Per ${surname} \\(550\\skr, betalt 0\\skr\\)`))).toBeVisible();
  const history = page.getByRole("region", { name: "Historikk" });
  await expect(
    history.getByText(new RegExp(`Belastet: Ledsager \\(Per ${surname}\\), 550\\skr – Ledsager Per ${surname} lagt til av leirledelsen\\.`)),
  ).toBeVisible();
  await screenshot(page, "camp-admin-ledsager-lagt-til");

  // The companion paid at the door, then removed by the leader: the rule on the 550 kr paid — all of it before
  // the full-refund deadline, half after (the server's clock is the real one) — owed back outside Vipps.
  await page.getByRole("button", { name: "Betalt med kontant" }).click();
  await expect(companions.getByText(new RegExp(`Per ${surname} \\(550\\skr, betalt 550\\skr\\)`))).toBeVisible();
  await companions.getByRole("button", { name: `Fjern Per ${surname}` }).click();
  await expect(companions.getByRole("button", { name: "Nei" })).toBeFocused();
  await screenshot(page, "camp-admin-ledsager-fjern");
  await companions.getByRole("button", { name: "Ja, fjern" }).click();
  const removed = companions.getByRole("status");
  await expect(removed).toContainText(
    new RegExp(
      `Per ${surname} er fjernet som ledsager, og familien har fått e-post\\. Ny pris (1\\s200\\skr, utestående 0\\skr, 550|1\\s475\\skr, utestående 0\\skr, 275)\\skr tilbake\\.`,
    ),
  );
  const back = /(550|275)\skr tilbake/.exec((await removed.textContent()) ?? "")![1]!;
  await expect(companions.getByText("Ingen ledsagere.")).toBeVisible();
  await expect(
    history.getByText(new RegExp(`Belastet: Ledsager \\(Per ${surname}\\), −550\\skr – Ledsager Per ${surname} fjernet av leirledelsen\\.`)),
  ).toBeVisible();
  await expect(history.getByText(new RegExp(`Skal betales tilbake: Kontant, ${back}\\skr`))).toBeVisible();
  await screenshot(page, "camp-admin-ledsager-fjernet");

  // «Kasserer» lists what is owed back, and its money lines are «Deltakere»'s (other tests may write
  // between the two reads, so both are read again until they are taken at a quiet moment).
  await page.getByRole("tab", { name: "Kasserer" }).click();
  await expect(page.getByRole("list", { name: "Skal betales tilbake" }).getByText(new RegExp(`Siv ${surname} .*${back}\\skr`))).toBeVisible();
  await screenshot(page, "camp-admin-kasserer-skal-tilbake");
  await expect(async () => {
    const participants = await participantsFigures(page);
    const treasurer = await treasurerFigures(page);
    for (const label of moneyLabels) expect(treasurer[label], label).toBe(participants[label]);
  }).toPass({ timeout: 30_000 });
});
