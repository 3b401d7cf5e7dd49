/**
 * «Min side»: a family with a child at the winter camp and at a grading, both with one address, asks «Finn
 * påmeldingen min» for its link, gets one mail with one link (read on /dev/mail), and sees both on one page; the
 * grading's confirmation link opens the same page, and the camp's older link address leads there. At 360 px,
 * where families read their mail (and the page once at desktop width for the screenshot).
 */
import { randomUUID } from "node:crypto";
import { validDraft } from "../../src/shared/camp/camp-draft.fixture.ts";
import { adminToken, mailText, screenshot, uniqueSurname } from "./camp-helpers.ts";
import { grading, publishEvent, registerForEvent } from "./event-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { axeViolations } from "./support/axe.ts";

const linkPattern = /http:\/\/127\.0\.0\.1:\d+(\/min-side\/[A-Za-z0-9_-]{43})/g;
const linksIn = (mail: string) => [...new Set([...mail.matchAll(linkPattern)].map((match) => match[1]!))];

test(
  "a family with a camp registration and a grading opens «Min side» from the mailed link and sees both",
  { tag: "@phone" },
  async ({ page, request }) => {
    const lastName = uniqueSurname("Sesong");
    const email = `${lastName.toLowerCase()}@example.no`;
    const slug = `gradering-${randomUUID().slice(0, 8)}`;
    const title = `Cupgradering ${slug.slice(-4)}`;
    await publishEvent(request, await adminToken(request), slug, grading(title, { capacity: 5 }));

    const camp = await request.post("/api/Vinterleir/Post", { data: validDraft({ draftId: randomUUID(), firstName: "Ola", lastName, email }) });
    expect(await camp.text()).toBe("Done");
    expect(await registerForEvent(request, slug, { firstName: "Kari", lastName, email }, [{ firstName: "Ola", lastName }])).toBe("Done");

    // «Finn påmeldingen min»: one mail, one link, for the camp and the grading alike.
    expect((await request.post("/api/MinPamelding/Find", { data: { email } })).status()).toBe(200);
    const found = await mailText(request, email, "Lenken til påmeldingene dine");
    const links = linksIn(found);
    expect(links).toHaveLength(1);
    expect(found).toContain("vinterleir 2026");
    expect(found).toContain(title);

    await page.goto(links[0]!);
    await expect(page.getByRole("heading", { level: 1, name: "Min side" })).toBeVisible();
    const campPart = page.getByRole("region", { name: "Vinterleir 2026" });
    const gradingPart = page.getByRole("region", { name: `Min påmelding – ${title}` });
    await expect(campPart).toBeVisible();
    await expect(campPart.getByText(`Ola ${lastName}`).first()).toBeVisible();
    await expect(gradingPart).toBeVisible();
    await expect(gradingPart.getByText(`Ola ${lastName}`)).toBeVisible();
    await expect(gradingPart.getByRole("button", { name: "Avbestill hele påmeldingen" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send meg en ny lenke" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "min-side");
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, "min-side");
    await page.setViewportSize({ width: 360, height: 740 });

    // The grading's confirmation carries a link to the same page (its own order there).
    const confirmation = await mailText(request, email, `Gradering: ${title}`);
    const [orderLink] = linksIn(confirmation);
    expect(orderLink).toBeTruthy();
    await page.goto(orderLink!);
    await expect(page.getByRole("heading", { level: 1, name: "Min side" })).toBeVisible();
    await expect(page.getByRole("region", { name: `Min påmelding – ${title}` })).toBeVisible();

    // The camp's older address of the page leads to «Min side» with the same secret.
    const token = links[0]!.split("/").pop()!;
    await page.goto(`/vinterleir/min-pamelding/${token}`);
    await expect(page).toHaveURL(new RegExp(`/min-side/${token}$`));
    await expect(page.getByRole("region", { name: "Vinterleir 2026" })).toBeVisible();
    await expect(page.getByRole("region", { name: `Min påmelding – ${title}` })).toBeVisible();
  },
);
