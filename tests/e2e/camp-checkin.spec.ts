import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import jsQR from "jsqr";
import sharp from "sharp";
import { validCompanion, validDraft } from "../../src/shared/camp/camp-draft.fixture.ts";
import { test, expect } from "./fixtures.ts";
import { axeViolations } from "./support/axe.ts";
import { adminToken, campAdmin, screenshot, uniqueSurname } from "./camp-helpers.ts";

/** The confirmation mail to this address, as sent (.eml), from the development mail folder. */
async function confirmationEml(request: APIRequestContext, email: string): Promise<{ id: string; eml: string }> {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const list = await (await request.get("/dev/mail")).text();
        id = list.match(new RegExp(`<td>${email.replace(/\./g, "\\.")}</td><td><a href="/dev/mail/([^"]+)"`))?.[1];
        return id;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return { id: id!, eml: await (await request.get(`/dev/mail/${id}.eml`)).text() };
}

/** The MIME part of a mail (.eml) whose headers match, split into its headers and its body decoded from base64. */
function mailPart(eml: string, headers: RegExp): { headers: string; body: Buffer } {
  const part = eml.split(/\r?\n--/).find((chunk) => headers.test(chunk.split(/\r?\n\r?\n/)[0]!));
  expect(part, `a part with ${headers}`).toBeTruthy();
  const [head, ...body] = part!.split(/\r?\n\r?\n/);
  expect(head).toMatch(/Content-Transfer-Encoding: base64/);
  return { headers: head!, body: Buffer.from(body.join("").replace(/\s/g, ""), "base64") };
}

/** What a phone camera would read: the QR image inside the mail (the inline part its HTML refers to), decoded. */
async function decodeMailQr(eml: string): Promise<string> {
  const html = mailPart(eml, /Content-Type: text\/html/).body.toString("utf8");
  const contentId = html.match(/src="cid:([^"]+)"/)?.[1];
  expect(contentId, "the HTML shows an inline image").toBeTruthy();
  const image = mailPart(eml, new RegExp(`Content-ID: <${contentId!.replace(/[.]/g, "\\.")}>`));
  expect(image.headers).toMatch(/Content-Type: image\/png/);
  const { data, info } = await sharp(image.body).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  expect(decoded, "the QR code can be read").toBeTruthy();
  return decoded!.data;
}

test.describe("check-in at the camp door", () => {
  // Actions made while the phone is offline fail to load until the network is back; that is the point.
  test.use({ expectedConsoleErrors: [/ERR_INTERNET_DISCONNECTED/] });

  test("finds by the mail's QR code and by name, checks in, takes a card/cash payment offline and sends it once", async ({
    page,
    context,
    request,
  }) => {
    const lastName = uniqueSurname("Dor");
    const email = `${lastName.toLowerCase()}@example.no`;
    const registered = await request.post("/api/Vinterleir/Post", {
      data: validDraft({
        draftId: randomUUID(),
        firstName: "Inga",
        lastName,
        email,
        allergies: "Skalldyr",
        sleepover: true,
        hasLedsager: true,
        ledsagere: [validCompanion({ id: "c1", firstName: "Per", lastName })],
      }),
    });
    expect(await registered.text()).toBe("Done");
    const mail = await confirmationEml(request, email);
    const qrText = await decodeMailQr(mail.eml);
    expect(qrText).toMatch(/^[0-9A-Z]{28}$/);

    await page.goto(`/dev/mail/${mail.id}`);
    await screenshot(page, "checkin-mail");

    await page.goto("/vinterleir/deltakere/innsjekk");
    await expect(page.getByLabel("Brukernavn")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel("Brukernavn").fill(campAdmin.username);
    await page.getByLabel("Passord").fill(campAdmin.password);
    await page.getByLabel("Passord").press("Enter");
    await expect(page.getByText(/Kommet: \d+ av \d+/)).toBeVisible();
    await screenshot(page, "checkin-start");

    // The code the camera reads, entered by hand (a headless browser has no camera).
    await page.getByLabel("Eller skriv inn koden fra e-posten").fill(qrText);
    await page.getByRole("button", { name: "Finn", exact: true }).click();
    const card = page.getByRole("article", { name: `Inga ${lastName}` });
    await expect(card).toBeVisible();
    await expect(card.locator(".checkin-person-name", { hasText: `Per ${lastName}` })).toContainText("Ledsager");
    await expect(card.getByText("Allergi – se kjøkkenlisten")).toBeVisible();
    await expect(card.getByText("Skalldyr")).toHaveCount(0);
    await expect(card.getByText("Overnatter")).toBeVisible();

    const arrived = async () => Number((await page.getByText(/Kommet: \d+ av \d+/).textContent())!.match(/Kommet: (\d+)/)![1]);
    const before = await arrived();
    await card.getByRole("button", { name: `Sjekk inn Inga ${lastName}` }).click();
    await expect(card.getByText("Sjekket inn", { exact: true })).toBeVisible();
    await expect(page.getByText("Alt er sendt.")).toBeVisible();
    // At least this one more (the other project's test may check someone in at the same time).
    await expect.poll(arrived).toBeGreaterThanOrEqual(before + 1);
    await screenshot(page, "checkin-checked-in");

    // An unknown code says so.
    await page.getByLabel("Eller skriv inn koden fra e-posten").fill("ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345");
    await page.getByRole("button", { name: "Finn", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Ukjent QR-kode.");

    // By name.
    await page.getByLabel("Søk etter navn eller klubb").fill(lastName);
    await page.getByRole("button", { name: "Søk", exact: true }).click();
    await expect(card).toBeVisible();
    const outstanding = (await card.locator(".checkin-money .owing dd").textContent())!;

    // The network goes; the payment waits in the browser and shows as done.
    await context.setOffline(true);
    // Two choices, so the treasurer can match the card terminal.
    await expect(card.getByRole("button", { name: `Kontant – betalt for Inga ${lastName}` })).toBeVisible();
    await card.getByRole("button", { name: `Kort – betalt for Inga ${lastName}` }).click();
    await expect(page.getByText("1 handling venter på nett")).toBeVisible();
    await expect(card.getByText(/Betalt i døra: .* \(venter på nett\)/)).toBeVisible();
    await card.getByRole("button", { name: `Sjekk inn Per ${lastName}` }).click();
    await expect(page.getByText("2 handlinger venter på nett")).toBeVisible();
    await screenshot(page, "checkin-offline");
    expect(await axeViolations(page)).toEqual([]);

    await context.setOffline(false);
    await expect(page.getByText("Alt er sendt.")).toBeVisible({ timeout: 15_000 });
    await expect(card.getByText(/Betalt i døra: /)).toBeVisible();
    await expect(card.getByText(/venter på nett/)).toHaveCount(0);
    await screenshot(page, "checkin-back-online");

    // Exactly one payment in the money log, in the name of the account, for what was owed.
    const token = await adminToken(request);
    const persons = (await (await request.get(`/api/VinterleirAdmin/Get/${token}`)).json()) as {
      lastname: string;
      registrationId: number;
      isLedsager: boolean;
    }[];
    const registrationId = persons.find((person) => person.lastname === lastName && !person.isLedsager)!.registrationId;
    const details = (await (await request.get(`/api/VinterleirAdmin/Payments/${registrationId}/${token}`)).json()) as {
      actions: { action: string; actor: string; amount: number }[];
    };
    const doorPayments = details.actions.filter((action) => action.action === "checkin-payment");
    expect(doorPayments).toHaveLength(1);
    expect(doorPayments[0]!.actor).toBe(campAdmin.username);
    expect(doorPayments[0]!.amount).toBe(Number(outstanding.replace(/\D/g, "")));
    // Paid in full: nothing left, and the door takes no more (a clear Norwegian answer, not a second payment).
    await expect(card.locator(".checkin-money .owing")).toHaveCount(0);
    await expect(card.getByRole("button", { name: `Kort – betalt for Inga ${lastName}` })).toHaveCount(0);
    const again = await request.post(`/api/VinterleirAdmin/CheckIn/Action/${token}`, {
      data: { actionId: randomUUID(), kind: "payment", personId: `a${registrationId}`, amount: 100, method: "cash" },
    });
    expect(again.status()).toBe(409);
    expect((await again.json()).error).toBe("Det er ingenting igjen å betale på denne påmeldingen.");
  });
});
