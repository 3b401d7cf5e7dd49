import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { messageRecipients, messages } from "../db/schema/messages.ts";
import { sha256Hex } from "../admin-auth/password-hash.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { buildCampTestApp, campAdminToken, companion, countRows, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import { forgetEventMessages } from "./message-log.ts";

const suite = { now: new Date("2026-10-15T10:00:00Z") };
const slug = "vinterleir-2026";
const familyNames = ["Anne", "Bjørn", "Cecilie", "David", "Eva"] as const;
const linkPattern = /\/min-side\/([A-Za-z0-9_-]{43})/g;

describe.each(databaseKinds)("«Send melding» on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let transport: Awaited<ReturnType<typeof buildCampTestApp>>["transport"];
  let leder: string;
  const orderOf: Record<string, string> = {};

  const send = (body: object, token = leder) => app.inject({ method: "POST", url: `/api/Melding/Send/${slug}/${token}`, payload: body });
  const log = async () => (await app.inject({ url: `/api/Melding/Get/${slug}/${leder}` })).json();

  beforeAll(async () => {
    suite.now = new Date("2026-10-15T10:00:00Z");
    database = await createTestDatabase(kind);
    ({ app, transport } = await buildCampTestApp(database, { clock: () => suite.now }));
    leder = await campAdminToken(app);
    // Five card/cash registrations with distinct addresses (Eva brings a companion); the first three pay.
    for (const name of familyNames) {
      const body = draft({
        firstName: name,
        lastName: "Hansen",
        age: 11,
        email: `${name.toLowerCase()}.foresatt@example.no`,
        vipps: false,
        ...(name === "Eva" ? { hasLedsager: true, ledsagere: [companion({ firstName: "Frida" })] } : {}),
      });
      const res = await postRegistration(app, body);
      if (res.body !== "Done") throw new Error(res.body);
      const [row] = await database.db.select().from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
      orderOf[name] = row!.orderId;
      if (["Anne", "Bjørn", "Cecilie"].includes(name)) {
        const paid = await app.inject({ method: "POST", url: `/api/VinterleirAdmin/MarkPaid/${row!.id}/${leder}` });
        if (paid.statusCode !== 200) throw new Error(paid.body);
      }
    }
    await app.outbox.drain();
    transport.sent.length = 0;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("a message to `unpaid` reaches exactly the two who owe, each with its own family link, and the log shows 2 sent", async () => {
    const res = await send({ segment: "unpaid", subject: "Husk betalingen", body: "Dere har {beløp} igjen å betale for {deltakere}. Se {lenke}" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), recipients: 2 });
    const started = Date.now();
    await app.outbox.drain();
    expect(Date.now() - started).toBeLessThan(60_000);

    const families = transport.sent.filter((mail) => mail.subject === "Husk betalingen");
    expect(families.map((mail) => mail.to).sort()).toEqual(["david.foresatt@example.no", "eva.foresatt@example.no"]);
    for (const mail of families) {
      expect(mail.replyTo).toBe("kontakt@skitaekwondo.no");
      const links = [...mail.text.matchAll(linkPattern)].map((match) => match[1]!);
      expect(new Set(links).size).toBe(1);
      // The link opens this family's registration and no other family's.
      const opened = await app.inject({ url: `/api/MinPamelding/Get/${links[0]}` });
      expect(opened.statusCode).toBe(200);
      const own = mail.to.startsWith("david") ? "David" : "Eva";
      expect(opened.body).toContain(orderOf[own]);
      // The link's random secret may spell a name («…WEEvapD…»): the words are read without it.
      const words = mail.text.split(links[0]!).join("");
      for (const other of familyNames.filter((name) => name !== own)) {
        expect(opened.body).not.toContain(orderOf[other]);
        expect(words).not.toContain(other);
      }
      // Greets the parent, never the child; says whom it is about and what is left to pay.
      expect(mail.text).toMatch(/^Hei!\n/);
      expect(mail.text).not.toContain(`Hei ${own}`);
      expect(mail.text).toContain(`Denne meldingen gjelder ${own} Hansen.`);
      expect(mail.text).toMatch(/Dere har \d[\d\s]*\s*kr igjen å betale for (David|Eva)\./);
    }
    // The club's copy carries the text as written, and no family's link.
    const copy = transport.sent.find((mail) => mail.subject === "Kopi: Husk betalingen");
    expect(copy?.to).toBe("kontakt@skitaekwondo.no");
    expect(copy!.text).toMatch(/^Kopi av meldingen som ble sendt av \S+ til 2 familier \(/);
    expect(copy!.text).toContain("{lenke}");
    expect(copy!.text).not.toMatch(linkPattern);

    const [entry] = await log();
    expect(entry).toMatchObject({ id: res.json().id, segment: "unpaid", recipients: 2, counts: { queued: 0, sent: 2, failed: 0 } });
  });

  it("a preview shows the exact mail of the named family: the first name, the amount, no real link", async () => {
    const res = await app.inject({
      method: "POST",
      url: `/api/Melding/Preview/${slug}/${leder}`,
      payload: {
        message: { segment: "all", subject: "Ta med liggeunderlag", body: "{deltakere} trenger liggeunderlag. Å betale: {beløp}." },
        orderId: orderOf.David,
      },
    });
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview.to).toBe("david.foresatt@example.no");
    expect(preview.text).toContain("David trenger liggeunderlag.");
    expect(preview.text).toMatch(/Å betale: \d[\d\s]*\s*kr\./);
    expect(preview.text).not.toMatch(linkPattern);
    expect(preview.recipients).toHaveLength(5);
    expect(await countRows(database, "messages")).toBe(1);
  });

  it("segments: paid, companions, picked; one mail per address, nobody outside", async () => {
    const paid = await send({ segment: "paid", subject: "Segment betalt", body: "Takk" });
    expect(paid.json().recipients).toBe(3);
    const companions = await send({ segment: "companions", subject: "Segment ledsager", body: "Ledsagere" });
    expect(companions.json().recipients).toBe(1);
    const picked = await send({ segment: "picked", orderIds: [orderOf.Anne, orderOf.Eva], subject: "Segment valgt", body: "Valgt" });
    expect(picked.json().recipients).toBe(2);
    await app.outbox.drain();
    const to = (subject: string) =>
      transport.sent
        .filter((mail) => mail.subject === subject)
        .map((mail) => mail.to.split(".")[0])
        .sort();
    expect(to("Segment betalt")).toEqual(["anne", "bjørn", "cecilie"]);
    expect(to("Segment ledsager")).toEqual(["eva"]);
    expect(to("Segment valgt")).toEqual(["anne", "eva"]);
  });

  it("a message set for a time is queued when the scheduler finds it due, with the programme attached by its file name", async () => {
    const sendAt = new Date(suite.now.getTime() + 60 * 60_000).toISOString();
    const res = await send({
      segment: "picked",
      orderIds: [orderOf.Bjørn],
      subject: "Senere",
      body: "Program vedlagt",
      sendAt,
      attachProgramme: true,
    });
    expect(res.statusCode).toBe(201);
    expect(await app.messageScheduler.runOnce()).toBe(0);
    await app.outbox.drain();
    expect(transport.sent.some((mail) => mail.subject === "Senere")).toBe(false);
    suite.now = new Date(suite.now.getTime() + 61 * 60_000);
    expect(await app.messageScheduler.runOnce()).toBe(1);
    await app.outbox.drain();
    const mail = transport.sent.find((sent) => sent.subject === "Senere");
    expect(mail?.attachments?.map((file) => file.filename)).toEqual(["vinterleir-2026-barn.pdf"]);
    expect(Buffer.from(mail!.attachments![0]!.content, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    expect(mail!.text).toContain("Vedlegg: vinterleir-2026-barn.pdf");
  });

  it("a failed mail is logged with the reason and «send igjen» sends it", async () => {
    // Both mails of the message (the family's and the club's copy) fail; then their last attempt fails too.
    transport.failures = 2;
    const res = await send({ segment: "picked", orderIds: [orderOf.Cecilie], subject: "Feiler først", body: "Hei" });
    const id = res.json().id;
    await app.outbox.drain();
    await database.db.execute(
      sql`update mail_outbox set attempts = 9, next_attempt_at = ${suite.now.toISOString()}::timestamptz where dedupe_key like ${`message:${id}:%`}`,
    );
    transport.failures = 2;
    await app.outbox.drain();
    const failed = (await log()).find((entry: { id: number }) => entry.id === id);
    expect(failed.counts).toEqual({ queued: 0, sent: 0, failed: 1 });
    expect(failed.families[0].error).toContain("SMTP 451");
    const again = await app.inject({ method: "POST", url: `/api/Melding/SendAgain/${slug}/${id}/${leder}` });
    expect(again.json()).toEqual({ requeued: 1 });
    await app.outbox.drain();
    expect((await log()).find((entry: { id: number }) => entry.id === id).counts).toEqual({ queued: 0, sent: 1, failed: 0 });
  });

  it("bad input is a 400 in Norwegian and nothing is stored or sent", async () => {
    const before = await countRows(database, "messages");
    const outbox = await countRows(database, "mail_outbox");
    for (const body of [
      {},
      { segment: "alle", subject: "x", body: "y" },
      { segment: "all", subject: "", body: "y" },
      { segment: "all", subject: "a\r\nBcc: x@example.no", body: "y" },
      { segment: "checkedIn", subject: "x", body: "y" },
      { segment: "checkedIn", day: "2026-01-01", subject: "x", body: "y" },
      { segment: "picked", subject: "x", body: "y" },
      { segment: "picked", orderIds: ["VL26-ZZZZZZ"], subject: "x", body: "y" },
      { segment: "all", subject: "x", body: "y", sendAt: "i morgen" },
      { segment: "all", subject: "x", body: "y", extra: true },
    ]) {
      const res = await send(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(/[æøå]|Velg|Skriv|ugyldige/);
    }
    expect(await countRows(database, "messages")).toBe(before);
    expect(await countRows(database, "mail_outbox")).toBe(outbox);
  });

  it("only a leder sends: an innsjekk token gets 403 on every message call", async () => {
    const created = await app.inject({
      method: "POST",
      url: `/api/VinterleirAdmin/Accounts/${leder}`,
      payload: { username: "dora", name: "Dora Dør", role: "innsjekk", password: "Innsjekk-ved-døra-2026" },
    });
    expect(created.statusCode).toBe(201);
    const token = (await app.inject({ url: `/api/VinterleirAdmin/GetToken/dora/${sha256Hex("Innsjekk-ved-døra-2026")}` })).body;
    expect((await send({ segment: "all", subject: "x", body: "y" }, token)).statusCode).toBe(403);
    expect((await app.inject({ url: `/api/Melding/Get/${slug}/${token}` })).statusCode).toBe(403);
    expect((await app.inject({ method: "POST", url: `/api/Melding/Preview/${slug}/${token}`, payload: {} })).statusCode).toBe(403);
    expect((await app.inject({ method: "POST", url: `/api/Melding/SendAgain/${slug}/1/${token}` })).statusCode).toBe(403);
  });

  it("a leader's cancellation sends that family a mail saying what happened and what it means for money", async () => {
    const [row] = await database.db.select().from(campRegistrations).where(eq(campRegistrations.orderId, orderOf.David!));
    const cancel = await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${row!.id}/${leder}` });
    expect(cancel.statusCode).toBe(200);
    await app.outbox.drain();
    const mail = transport.sent.find(
      (sent) => sent.to === "david.foresatt@example.no" && sent.subject === "Påmeldingen til vinterleir 2026 er avbestilt",
    );
    expect(
      mail,
      transport.sent
        .filter((sent) => sent.to.startsWith("david"))
        .map((sent) => sent.subject)
        .join(" | "),
    ).toBeDefined();
    expect(mail?.text).toContain(`Leirledelsen har avbestilt fra påmeldingen med ordrenummer ${orderOf.David}:\n- David Hansen\n`);
    expect(mail?.text).toContain("Ingen fra påmeldingen er nå meldt på vinterleir 2026.");
    expect(mail?.text).toMatch(/betale|tilbake/);
    expect(transport.sent.filter((sent) => sent.subject === mail?.subject)).toHaveLength(1);
  });
  it("the reminder before the camp is on by default, edited per edition, and sent once to every family when due", async () => {
    const url = `/api/Melding/Reminder/${slug}/${leder}`;
    expect((await app.inject({ url })).json()).toMatchObject({ enabled: true, daysBefore: 3, sentMessageId: null });
    const bad = await app.inject({ method: "PUT", url, payload: { enabled: true, daysBefore: 0, subject: "x", body: "y" } });
    expect(bad.statusCode).toBe(400);
    const saved = await app.inject({
      method: "PUT",
      url,
      payload: { enabled: true, daysBefore: 2, subject: "Vinterleiren nærmer seg", body: "Vi gleder oss til å se {deltakere}!" },
    });
    expect(saved.statusCode).toBe(200);
    // Two days before 28 November begins in Oslo.
    expect(saved.json()).toMatchObject({ daysBefore: 2, sendsAt: "2026-11-25T23:00:00.000Z" });
    await app.messageScheduler.runOnce();
    await app.outbox.drain();
    expect(transport.sent.some((mail) => mail.subject === "Vinterleiren nærmer seg")).toBe(false);

    suite.now = new Date("2026-11-26T08:00:00Z");
    // The admin token of six weeks ago has expired.
    leder = await campAdminToken(app);
    await app.messageScheduler.runOnce();
    await app.messageScheduler.runOnce();
    await app.outbox.drain();
    const reminders = transport.sent.filter((mail) => mail.subject === "Vinterleiren nærmer seg");
    // Every confirmed family once (David was cancelled), and the club's copy is separate.
    expect(reminders.map((mail) => mail.to.split(".")[0]).sort()).toEqual(["anne", "bjørn", "cecilie", "eva"]);
    expect(reminders.find((mail) => mail.to.startsWith("anne"))?.text).toContain("Vi gleder oss til å se Anne!");
    expect(reminders[0]!.attachments?.[0]?.filename).toBe("vinterleir-2026-barn.pdf");
    // The club's copy of the reminder: sent by the site itself.
    expect(transport.sent.find((mail) => mail.subject === "Kopi: Vinterleiren nærmer seg")?.text).toMatch(
      /^Kopi av meldingen som ble sendt automatisk til 4 familier/,
    );
    const after = await app.inject({ url: `/api/Melding/Reminder/${slug}/${leder}` });
    expect(after.json(), after.body).toMatchObject({ sentMessageId: expect.any(Number) });
  });

  it("with the event's personal data the texts, addresses and mails go; the log keeps counts and states", async () => {
    const before = await log();
    await forgetEventMessages(app.db, slug, suite.now);
    const after = await log();
    expect(after.map((entry: { counts: object; recipients: number }) => [entry.counts, entry.recipients])).toEqual(
      before.map((entry: { counts: object; recipients: number }) => [entry.counts, entry.recipients]),
    );
    for (const entry of after) {
      expect(entry.subject).toBeNull();
      for (const family of entry.families) expect(family).toMatchObject({ address: null, participants: null });
    }
    const [row] = await database.db.select().from(messages).limit(1);
    expect(row?.body).toBeNull();
    expect(await database.db.select().from(messageRecipients).where(eq(messageRecipients.address, "david.foresatt@example.no"))).toEqual([]);
    const left = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from mail_outbox where dedupe_key like 'message:%'`);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
