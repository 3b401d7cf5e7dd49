/**
 * An event's waiting list that moves: a capacity-1 grading is filled, two more wait, the leader raises the
 * capacity through the admin API, the first in line declines from the offer mail's link and the place passes
 * on at once to the next, who accepts. At 360 px, where the mail's link is opened.
 */
import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { adminToken, mailText, screenshot } from "./camp-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { axeViolations } from "./support/axe.ts";
import { grading, registerForEvent } from "./event-helpers.ts";

function register(request: APIRequestContext, slug: string, firstName: string, email: string): Promise<string> {
  return registerForEvent(request, slug, { firstName, lastName: "Venteliste", email });
}

const offerLink = (mail: string) => /http:\/\/127\.0\.0\.1:\d+(\/arrangementer\/venteliste\/[A-Za-z0-9_-]{43})(?!\?)/.exec(mail)?.[1];

test(
  "a full grading's waiting list: a raised capacity is offered by mail, «Nei takk» passes it on, «Ja takk» takes it",
  { tag: "@phone" },
  async ({ page, request }) => {
    const id = randomUUID().slice(0, 8);
    const slug = `gradering-${id}`;
    const title = `Ventelistegradering ${id.slice(-4)}`;
    const kari = `kari.${id}@example.no`;
    const siri = `siri.${id}@example.no`;
    const token = await adminToken(request);
    expect((await request.put(`/api/ArrangementAdmin/Put/${slug}/${token}`, { data: grading(title, { capacity: 1 }) })).status()).toBe(201);
    expect((await request.post(`/api/ArrangementAdmin/Publish/${slug}/${token}`)).status()).toBe(200);

    expect(await register(request, slug, "Ola", `ola.${id}@example.no`)).toBe("Done");
    expect(await register(request, slug, "Kari", kari)).toBe("Venteliste");
    expect(await register(request, slug, "Siri", siri)).toBe("Venteliste");
    await page.goto(`/arrangementer/${slug}`);
    await expect(page.getByText("Fullt – ventelisten er åpen.", { exact: false })).toBeVisible();

    // The leader raises the capacity: the first in line gets the place offered by mail at once.
    expect((await request.put(`/api/ArrangementAdmin/Put/${slug}/${token}`, { data: grading(title, { capacity: 2 }) })).status()).toBe(200);
    const kariMail = await mailText(request, kari, `Ledig plass på ${title}`);
    expect(kariMail).toContain("Ja takk");
    expect(kariMail).toContain("Nei takk");
    await page.goto(offerLink(kariMail)!);
    await expect(page.getByRole("heading", { level: 1, name: `Ledig plass: ${title}` })).toBeVisible();
    await expect(page.getByRole("table")).toContainText("350");
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "arrangement-venteliste-tilbud");

    // «Nei takk»: asked once more, then the place passes on.
    await page.getByRole("button", { name: "Nei takk" }).click();
    await page.getByRole("button", { name: "Ja, gi plassen videre" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Du har takket nei" })).toBeFocused();

    // Siri, next in line, has her offer by mail and takes the place.
    const siriMail = await mailText(request, siri, `Ledig plass på ${title}`);
    await page.goto(offerLink(siriMail)!);
    await page.getByRole("button", { name: "Ja takk, vi kommer" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Plassen er bekreftet" })).toBeFocused();
    await expect(page.getByText(/Du betaler 350\s*kr med kort eller kontant ved oppmøte/)).toBeVisible();
    await screenshot(page, "arrangement-venteliste-bekreftet");
    // The same link again shows the place as confirmed; the confirmation mail is sent.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Plassen er bekreftet" })).toBeVisible();
    expect(await mailText(request, siri, "Gradering:")).toContain("Takk for påmeldingen");
  },
);
