/**
 * The mails as a parent reads them: greeted by name as the one who registered (never the child), a
 * cancellation naming who was cancelled (companions too) and who stays, the refund person by person from the
 * ledger with its total, and the link mail marking who is cancelled — in the text and the HTML alike.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campRegistrations } from "../db/schema/camp.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { databaseKinds } from "../test-support/database.ts";
import { outboxMails } from "../test-support/outbox.ts";
import { actOnLanding, reconcile, startVippsPayment, useVippsCampSuite } from "../test-support/vipps.ts";
import { companion, draft, postRegistration } from "../test-support/camp.ts";

const linkPattern = /https:\/\/klubb\.example\/min-side\/([A-Za-z0-9_-]{43})/;
const family = { lastName: "Berg", email: "per.berg@example.no", contactName: "Per Berg" };
/** Set PRINT_MAILS=1 to read the mails as the family gets them. */
const show = (label: string, text: string) => (process.env.PRINT_MAILS ? console.log(`=== ${label}\n${text}`) : undefined);

describe.each(databaseKinds)("the family's mails on %s", (kind) => {
  // After the full-refund deadline (midnight 21 November), before the camp (28 November): half comes back.
  const suite = useVippsCampSuite(kind, new Date("2026-11-25T10:00:00Z"));
  const mailWithKey = async (key: string) => (await outboxMails(suite.app, eq(mailOutbox.dedupeKey, key), suite.transport))[0]!;

  it("a 10-year-old registered by card/cash: the confirmation greets the parent who registered, never the child", async () => {
    const body = draft({ ...family, firstName: "Emma", age: 10, vipps: false });
    expect((await postRegistration(suite.app, body)).body).toBe("Done");
    const [row] = await suite.app.db.select({ id: campRegistrations.id }).from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
    const mail = await mailWithKey(`camp-confirmation:${row!.id}`);
    show("Bekreftelse (kort/kontant, 10 år)", mail.text);
    expect(mail.text).toMatch(/^Hei Per Berg!\n/);
    expect(mail.text).not.toContain("Hei Emma");
    expect(mail.html).toContain("<p>Hei Per Berg!</p>");
    expect(mail.html).not.toContain("Hei Emma");
  });

  it("a cancellation names the athlete and the companion cancelled with them, says nobody stays, and lists the refund per person with the total", async () => {
    const paying = await startVippsPayment(suite.app, {
      ...family,
      firstName: "Ola",
      age: 12,
      hasLedsager: true,
      ledsagere: [companion({ firstName: "Kari", lastName: "Berg" })],
    });
    await actOnLanding(suite.app, paying.redirectUrl, "approve");
    await suite.sim.settled();
    await reconcile(suite.service);
    const confirmation = await mailWithKey(`camp-confirmation:${paying.registrationId}`);
    expect(confirmation.text).toMatch(/^Hei Per Berg!\n/);
    const token = linkPattern.exec(confirmation.text)![1]!;
    const cancel = await suite.app.inject({
      method: "POST",
      url: `/api/MinPamelding/Cancel/${token}?orderId=${paying.orderId}`,
      payload: { person: "athlete" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const refund = cancel.json().refund as number;
    const mail = await mailWithKey(`camp-self:${paying.registrationId}:cancel-athlete`);
    show("Avbestilling (utøver med ledsager, Vipps)", mail.text);
    expect(mail.subject).toBe("Påmeldingen til vinterleir 2026 er avbestilt");
    expect(mail.text).toMatch(/^Hei Per Berg!\n\nAvbestilt fra påmeldingen med ordrenummer VL26-\w+:\n- Ola Berg\n- Ledsager Kari Berg\n\n/);
    expect(mail.text).toContain("Ingen fra påmeldingen er nå meldt på vinterleir 2026.");
    expect(mail.text).not.toMatch(/står som før/);
    // Half of what was paid for each, as the ledger's cancellation wrote it, and the total.
    const lines =
      /Tilbake etter avbestillingsreglene:\n- Ola Berg: ([\d\u00a0]+)\u00a0kr\n- Ledsager Kari Berg: ([\d\u00a0]+)\u00a0kr\nTotalt tilbake: ([\d\u00a0]+)\u00a0kr/.exec(
        mail.text,
      );
    expect(lines).not.toBeNull();
    const [ola, kari, total] = lines!.slice(1).map((amount) => Number(amount.replace(/\u00a0/g, "")));
    expect(ola! + kari!).toBe(total);
    expect(total).toBe(refund);
    expect(kari).toBe(275);
    expect(mail.html).toContain("<ul><li>Ola Berg</li><li>Ledsager Kari Berg</li></ul>");
    expect(mail.html).toMatch(/<th[^>]*>Totalt tilbake<\/th>/);
    expect(mail.html).toContain("Ledsager Kari Berg</td>");
    expect(mail.html).not.toMatch(/står som før/);
  });

  it("the link mail greets the parent and marks a cancelled child and companion «avbestilt»", async () => {
    const emma = draft({ ...family, firstName: "Emma", age: 10, vipps: false });
    const ola = draft({
      ...family,
      firstName: "Ola",
      age: 12,
      vipps: false,
      hasLedsager: true,
      ledsagere: [companion({ firstName: "Kari", lastName: "Berg" })],
    });
    for (const body of [emma, ola]) expect((await postRegistration(suite.app, body)).body).toBe("Done");
    const [olaRow] = await suite.app.db
      .select({ id: campRegistrations.id, orderId: campRegistrations.orderId })
      .from(campRegistrations)
      .where(eq(campRegistrations.draftId, ola.draftId));
    const token = linkPattern.exec((await mailWithKey(`camp-confirmation:${olaRow!.id}`)).text)![1]!;
    const cancel = await suite.app.inject({
      method: "POST",
      url: `/api/MinPamelding/Cancel/${token}?orderId=${olaRow!.orderId}`,
      payload: { person: "athlete" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    expect((await suite.app.inject({ method: "POST", url: "/api/MinPamelding/Find", payload: { email: family.email } })).statusCode).toBe(200);
    await suite.app.findMyRegistrationQueue.idle();
    await suite.app.outbox.drain();
    const mail = suite.transport.sent.find((sent) => sent.subject.startsWith("Lenken til påmeldingene dine"))!;
    show("Lenke på nytt («Finn påmeldingen min»)", mail.text);
    expect(mail.text).toMatch(/^Hei Per Berg!\n/);
    expect(mail.text).toMatch(/\n- Emma Berg, vinterleir 2026 \(ordrenummer VL26-\w+\)\n/);
    expect(mail.text).toMatch(
      /\n- Ola Berg \(avbestilt\), vinterleir 2026 \(ordrenummer VL26-\w+\)\n- Ledsager Kari Berg \(avbestilt\), vinterleir 2026\n/,
    );
    expect(mail.html).toContain("<p>Hei Per Berg!</p>");
    expect(mail.html).toMatch(/<li>Ola Berg \(avbestilt\), vinterleir 2026/);
    expect(mail.html).toContain("<li>Ledsager Kari Berg (avbestilt), vinterleir 2026</li>");
  });
});
