import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { buildTestApp } from "../test-support/app.ts";
import { renderCampConfirmation } from "../camp/camp-confirmation-mail.ts";
import { campEditionForYear } from "../../shared/camp/camp-edition.ts";
import { buildCampTestApp, clearCampTables, createTestTransport, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import { claimDueMail, queueDeferredMail, queueMail } from "./outbox.ts";
import { outboxMails } from "../test-support/outbox.ts";
import { OutboxWorker, outboxBackoffMs } from "./outbox-worker.ts";
import { withoutLinkSecrets } from "../../shared/privacy/link-secrets.ts";

const start = new Date("2026-10-15T10:00:00Z");
const silent = {
  warn() {},
  info() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silent;
  },
  level: "silent",
  silent() {},
} as never;

describe.each(databaseKinds)("mail outbox on %s", (kind) => {
  let database: Database;
  let now = start;
  const mail = (key: string) => ({ dedupeKey: key, to: "ola@example.no", subject: "Hei", text: "Tekst", html: "<p>Tekst</p>" });
  const worker = (
    transport: ReturnType<typeof createTestTransport>,
    options: { maxAttempts?: number; batchSize?: number; recordEvery?: number } = {},
  ) =>
    new OutboxWorker({
      db: database.db,
      // No kinds: these tests queue mails with their content, and one of a kind no renderer knows.
      kinds: {},
      transport,
      from: "Klubben <ikke-svar@example.no>",
      publicBaseUrl: "https://skitaekwondo.no",
      now: () => now,
      log: silent,
      ...options,
    });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    now = start;
    await clearCampTables(database);
  });

  it("queues a dedupe key once and sends each row exactly once, even with several workers at the same time", async () => {
    for (let i = 0; i < 25; i++) await queueMail(database.db, mail(`k${i}`), now);
    await queueMail(database.db, mail("k0"), now);
    expect(await database.db.$count(mailOutbox)).toBe(25);
    const transport = createTestTransport();
    const workers = [worker(transport), worker(transport), worker(transport)];
    await Promise.all(workers.map((w) => w.drain()));
    expect(transport.sent).toHaveLength(25);
    expect(new Set(transport.sent.map((m) => m.outboxId)).size).toBe(25);
    expect(transport.sent[0]).toMatchObject({ from: "Klubben <ikke-svar@example.no>", to: "ola@example.no" });
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1 && row.sentAt?.getTime() === now.getTime())).toBe(true);
    await Promise.all(workers.map((w) => w.drain()));
    expect(transport.sent).toHaveLength(25);
    await Promise.all(workers.map((w) => w.stop()));
  });

  it("renders a mail with a kind when it sends it, keeps what went out, and retries one it cannot render", async () => {
    // A kind no renderer knows: the attempt fails like a refused send, and the row waits for the next one.
    await queueDeferredMail(database.db, { dedupeKey: "deferred", to: "ola@example.no", kind: "no-such-kind", payload: { id: 1 } }, now);
    const transport = createTestTransport();
    const w = worker(transport);
    await w.drain();
    expect(transport.sent).toEqual([]);
    const [row] = await database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: "pending", attempts: 1, subject: null, payload: { id: 1 } });
    expect(row!.lastError).toContain("no-such-kind");
    // The database refuses a row that has neither its content nor a kind to render it from.
    await expect(
      database.db.insert(mailOutbox).values({ dedupeKey: "empty", recipient: "ola@example.no", nextAttemptAt: now, createdAt: now }),
    ).rejects.toThrow();
    await w.stop();
  });

  it("keeps no working link in a sent mail's stored copy: the secret goes out once, to the recipient, and the row keeps it removed", async () => {
    const secret = "A".repeat(43);
    const offer = "B".repeat(43);
    const link = `https://klubb.example/vinterleir/min-pamelding/${secret}`;
    const offerLink = `https://klubb.example/vinterleir/venteliste/${offer}`;
    await queueMail(
      database.db,
      {
        ...mail("with-link"),
        text: `Min påmelding: ${link}\nTilbud: ${offerLink}\n`,
        html: `<a href="${link}">Min påmelding</a> <a href="${offerLink}">Tilbud</a>`,
      },
      now,
    );
    const transport = createTestTransport();
    const w = worker(transport);
    await w.drain();
    // The recipient gets the working link …
    expect(transport.sent[0]!.text).toContain(link);
    expect(transport.sent[0]!.html).toContain(link);
    // … and the database (and with it every backup) keeps a copy that opens nothing.
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, "with-link"));
    expect(row!.status).toBe("sent");
    for (const stored of [row!.text, row!.html]) {
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(offer);
      expect(stored).toContain("/vinterleir/min-pamelding/[fjernet]");
    }
    await w.stop();
  });

  it("retries a failed send after the backoff and records the error; gives up after the last attempt", async () => {
    await queueMail(database.db, mail("retry"), now);
    const transport = createTestTransport();
    transport.failures = 1;
    const w = worker(transport);
    await w.drain();
    let [row] = await database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "SMTP 451 try again later" });
    expect(row!.nextAttemptAt.getTime()).toBe(start.getTime() + outboxBackoffMs(1));
    await w.drain();
    expect(transport.sent).toHaveLength(0);
    now = new Date(start.getTime() + outboxBackoffMs(1));
    await w.drain();
    expect(transport.sent).toHaveLength(1);
    [row] = await database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null });

    await queueMail(database.db, mail("hopeless"), now);
    transport.failures = 100;
    const limited = worker(transport, { maxAttempts: 3 });
    for (let i = 0; i < 5; i++) {
      await limited.drain();
      now = new Date(now.getTime() + 2 * 60 * 60_000);
    }
    const [failed] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, "hopeless"));
    expect(failed).toMatchObject({ status: "failed", attempts: 3 });
    expect(transport.sent).toHaveLength(1);
  });

  it("leaves a claimed row alone until its lease runs out (a crashed sender is retried, a slow one is not doubled)", async () => {
    await queueMail(database.db, mail("lease"), now);
    const first = await claimDueMail(database.db, now, 10 * 60_000, 10);
    expect(first).toHaveLength(1);
    expect(await claimDueMail(database.db, new Date(now.getTime() + 9 * 60_000), 10 * 60_000, 10)).toHaveLength(0);
    expect(await claimDueMail(database.db, new Date(now.getTime() + 10 * 60_000), 10 * 60_000, 10)).toHaveLength(1);
  });

  it("claims a batch at a time and records the sent rows every recordEvery mails, so a crash repeats at most that many", async () => {
    for (let i = 0; i < 25; i++) await queueMail(database.db, mail(`chunk${i}`), now);
    const recordedWhenSending: number[] = [];
    const transport = createTestTransport();
    const send = transport.send.bind(transport);
    transport.send = async (message) => {
      const rows = await database.db.select({ status: mailOutbox.status }).from(mailOutbox);
      recordedWhenSending.push(rows.filter((row) => row.status === "sent").length);
      await send(message);
    };
    const w = worker(transport, { batchSize: 20, recordEvery: 10 });
    expect(await w.runOnce()).toBe(20);
    // Mails 1–10 went before any record, 11–20 after the first ten were recorded; the run records the rest at its end.
    expect(recordedWhenSending).toEqual([...Array(10).fill(0), ...Array(10).fill(10)]);
    await w.drain();
    expect(transport.sent).toHaveLength(25);
    expect((await database.db.select({ status: mailOutbox.status }).from(mailOutbox)).every((row) => row.status === "sent")).toBe(true);
    await w.stop();
  });

  it("never sends a mail twice when a slow mail server outlasts the lease: a run hands back what it has not sent by half the lease", async () => {
    for (let i = 0; i < 20; i++) await queueMail(database.db, mail(`slow${i}`), now);
    const transport = createTestTransport();
    const send = transport.send.bind(transport);
    const a = worker(transport, { batchSize: 20, recordEvery: 10 });
    const b = worker(transport, { batchSize: 20, recordEvery: 10 });
    let bRan = false;
    // Each mail takes the server a minute; when the eleventh is being sent, another process's timer runs.
    transport.send = async (message) => {
      now = new Date(now.getTime() + 60_000);
      await send(message);
      if (transport.sent.length === 11 && !bRan) {
        bRan = true;
        await b.runOnce();
      }
    };
    await a.drain();
    await b.drain();
    const ids = transport.sent.map((sent) => sent.outboxId);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    const rows = await database.db.select().from(mailOutbox);
    // A mail handed back was not tried: its attempt is not counted.
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
    await Promise.all([a.stop(), b.stop()]);
  });

  it("stops handing mails over when the server stops, and hands the rest back at once", async () => {
    for (let i = 0; i < 20; i++) await queueMail(database.db, mail(`stop${i}`), now);
    const transport = createTestTransport();
    const send = transport.send.bind(transport);
    const w = worker(transport, { batchSize: 20, recordEvery: 10 });
    let stopped: Promise<void> | undefined;
    transport.send = async (message) => {
      await send(message);
      if (transport.sent.length === 3) stopped = w.stop();
    };
    w.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    while (!stopped) await new Promise((resolve) => setTimeout(resolve, 5));
    await stopped;
    expect(transport.sent).toHaveLength(3);
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.filter((row) => row.status === "sent")).toHaveLength(3);
    // The rest are due now, for the next process, with no attempt counted.
    expect(rows.filter((row) => row.status === "pending" && row.attempts === 0 && row.nextAttemptAt.getTime() <= now.getTime())).toHaveLength(17);
  });

  it("hands the transport at most MAIL_PER_MINUTE mails in any minute; the rest go in the following minutes", async () => {
    const perMinute = 3;
    for (let i = 0; i < 8; i++) await queueMail(database.db, mail(`rate${i}`), now);
    const transport = createTestTransport();
    const w = new OutboxWorker({
      db: database.db,
      kinds: {},
      transport,
      from: "Klubben <ikke-svar@example.no>",
      publicBaseUrl: "https://skitaekwondo.no",
      now: () => now,
      log: silent,
      perMinute,
      batchSize: 10,
    });
    const sentAt: number[] = [];
    const runAt = async (offsetSeconds: number) => {
      now = new Date(start.getTime() + offsetSeconds * 1000);
      const before = transport.sent.length;
      await w.drain();
      for (let i = before; i < transport.sent.length; i++) sentAt.push(now.getTime());
    };
    // Runs every 10 s for three minutes, as the timer would.
    for (let second = 0; second <= 180; second += 10) await runAt(second);
    expect(transport.sent).toHaveLength(8);
    // The first minute takes three, and so does each sliding minute after it.
    expect(sentAt.filter((time) => time < start.getTime() + 60_000)).toHaveLength(perMinute);
    for (const from of sentAt) expect(sentAt.filter((time) => time >= from && time < from + 60_000).length).toBeLessThanOrEqual(perMinute);
    await w.stop();
  });
});

describe.each(databaseKinds)("registration mail on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let transport: ReturnType<typeof createTestTransport>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app, transport } = await buildCampTestApp(database, { clock: () => start }));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("never loses a registration to a failing mail server, and escapes user text in the HTML", async () => {
    transport.failures = 1;
    const res = await postRegistration(app, draft({ firstName: "<script>alert(1)</script>", lastName: "O'Brien & <b>Co</b>" }));
    expect(res.body).toBe("Done");
    await app.outbox.drain();
    expect(transport.sent).toHaveLength(0);
    expect(await database.db.$count(mailOutbox)).toBe(1);
    // The failed attempt kept the row (rendered again at the next attempt), and it renders with the user text escaped.
    const [row] = await outboxMails(app, undefined, transport);
    expect(row!.status).toBe("pending");
    expect(row!.html).not.toContain("<script>");
    expect(row!.html).not.toContain("<b>Co</b>");
    expect(row!.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(row!.html).toContain("O&#39;Brien &amp; &lt;b&gt;Co&lt;/b&gt;");
    expect(row!.text).toContain("Hei <script>alert(1)</script>!");
  });

  it("renders a batch read at once with each mail's own registration, and marks the batch sent together", async () => {
    transport.sent.length = 0;
    const names = ["Astrid", "Bjørn", "Cecilie", "Didrik"];
    for (const firstName of names)
      expect((await postRegistration(app, draft({ firstName, email: `${firstName.toLowerCase()}@example.no` }))).body).toBe("Done");
    await app.outbox.drain();
    const sent = transport.sent.filter((mail) => names.some((name) => mail.text.includes(`${name} `)));
    expect(sent).toHaveLength(names.length);
    for (const name of names) {
      const mine = sent.find((mail) => mail.to === `${name.toLowerCase()}@example.no`)!;
      // Its own athlete and no one else's: the batch's rows are picked by each mail's registration.
      expect(mine.text).toContain(name);
      expect(names.filter((other) => other !== name && mine.text.includes(other))).toEqual([]);
    }
    // Each row keeps what the mail said, as its subject and text part, and nothing the text does not say: no HTML part,
    // no files and no payload.
    const rows = (await database.db.select().from(mailOutbox).orderBy(mailOutbox.id)).filter((row) =>
      names.some((name) => row.recipient === `${name.toLowerCase()}@example.no`),
    );
    expect(rows.map((row) => [row.status, row.payload, row.html, row.attachments])).toEqual(names.map(() => ["sent", null, null, null]));
    for (const row of rows) {
      const mine = sent.find((mail) => mail.outboxId === row.id)!;
      expect([row.subject, row.text]).toEqual([mine.subject, withoutLinkSecrets(mine.text)]);
    }
  });
});

describe("the confirmation e-mail", () => {
  it("shows the camp, order id, receipt lines and total as stored, payment method, what to bring, refund rule and contact", () => {
    const mail = renderCampConfirmation(
      {
        editionYear: 2026,
        orderId: "VL26-ABCDEF",
        firstName: "Ola",
        lastName: "Nordmann",
        // Ola is a child: the mail greets the contact person the form named.
        greetingName: "Kari",
        clubName: "Bergen Vest",
        sleepover: true,
        // Deliberately not what the price rules would give today: the receipt repeats what was charged.
        lines: [
          { label: "Vinterleir, ungdom/voksen: Ola Nordmann", amount: 1111 },
          { label: "Ledsager: Kari Nordmann", amount: 550 },
        ],
        total: 1661,
        // From the ledger: 500 kr came in already (a door payment), the rest is paid at the door.
        money: { paid: 500, outstanding: 1161 },
        paymentMethod: "card_cash",
      },
      campEditionForYear(2026),
      {
        sentAt: new Date("2026-11-25T10:00:00Z"),
        personalLink: "http://127.0.0.1:3000/vinterleir/min-pamelding/x",
        contactEmail: "kontakt@skitaekwondo.no",
      },
    );
    expect(mail.subject).toBe("Du er registrert til Vinterleir 2026");
    expect(mail.text).toMatch(/^Hei Kari!\n/);
    expect(mail.text).not.toContain("Hei Ola");
    expect(
      renderCampConfirmation(baseFree(), campEditionForYear(2026), {
        sentAt: new Date("2026-11-25T10:00:00Z"),
        personalLink: "http://x/y",
        contactEmail: "k@example.no",
      }).text,
    ).toMatch(/^Hei!\n/);
    // Nothing to pay: cancelling costs nothing, and no rule on money is quoted.
    expect(
      renderCampConfirmation({ ...baseFree(), paymentMethod: "free" }, campEditionForYear(2026), {
        sentAt: new Date("2026-11-25T10:00:00Z"),
        personalLink: "http://x/y",
        contactEmail: "k@example.no",
      }).text,
    ).toContain("Du kan avbestille på «Min påmelding» til leiren starter. Det koster ingenting.");
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("28.–30. november 2026");
      expect(part).toContain("VL26-ABCDEF");
      expect(part).toContain("1\u00a0111\u00a0kr");
      expect(part).toContain("1\u00a0661\u00a0kr");
      expect(part).toContain("Kort eller kontant ved oppmøte");
      // The money from the ledger, not the total: what is paid and what is paid at the door.
      expect(part).toContain("Betalt: 500\u00a0kr");
      expect(part).toContain("Betales ved oppmøte: 1\u00a0161\u00a0kr");
      expect(part).toContain("sovepose");
      expect(part).toContain("koster det ingenting å avbestille – det er ikke noe avbestillingsgebyr");
      expect(part).toContain("/vinterleir/min-pamelding/x");
      // The link works until the camp is over, however far ahead it is: no limit of days.
      expect(part).toContain("Lenken virker til leiren er over. Finner du ikke e-posten igjen, får du lenken på nytt på «Finn påmeldingen min».");
      expect(part).not.toContain("30 dager");
      expect(part).toContain("kontakt@skitaekwondo.no");
    }
    expect(mail.attachments?.[0]?.filename).toBe("vinterleir-2026.ics");
    expect(mail.attachments?.[0]?.content).toContain("DTSTART;TZID=Europe/Oslo:20261128T180000");
    // The text names the attachment by the file name it really has.
    for (const part of [mail.text, mail.html]) expect(part).toContain(`kalenderfil (${mail.attachments![0]!.filename})`);
    const context = (sentAt: string) => ({ sentAt: new Date(sentAt), personalLink: "http://x/y", contactEmail: "kontakt@skitaekwondo.no" });
    expect(
      renderCampConfirmation({ ...baseFree(), paymentMethod: "free" }, campEditionForYear(2026), context("2026-11-25T10:00:00Z")).text,
    ).toContain("Gratis");
  });

  it("states the refund rule as it stands on the day the mail is sent", () => {
    const vipps = { ...baseFree(), total: 1025, money: { paid: 0, outstanding: 1025 }, paymentMethod: "vipps" as const };
    const early = renderCampConfirmation(vipps, campEditionForYear(2026), {
      sentAt: new Date("2026-11-10T10:00:00Z"),
      personalLink: "http://x/y",
      contactEmail: "kontakt@skitaekwondo.no",
      reserved: 1025,
    }).text;
    // Reserved by Vipps and being taken: paid, nothing left.
    expect(early).toContain("Betalt: 1\u00a0025\u00a0kr\nUtestående: 0\u00a0kr");
    expect(early).toContain("Avbestiller du innen midnatt 21. november 2026, får du alt du har betalt tilbake");
    expect(early).toContain("«Min påmelding»");
    const late = renderCampConfirmation(vipps, campEditionForYear(2026), {
      sentAt: new Date("2026-11-25T10:00:00Z"),
      personalLink: "http://x/y",
      contactEmail: "kontakt@skitaekwondo.no",
    }).text;
    expect(late).not.toContain("får du alt du har betalt tilbake;");
    expect(late).toContain("Fristen for å få alt tilbake gikk ut ved midnatt 21. november 2026");
    expect(late).toContain("halvparten");
  });
});

function baseFree() {
  return {
    editionYear: 2026,
    orderId: "VL26-ABCDEF",
    firstName: "A",
    lastName: "B",
    greetingName: undefined,
    paymentMethod: "card_cash" as const,
    clubName: "C",
    sleepover: false,
    lines: [],
    total: 0,
    money: { paid: 0, outstanding: 0 },
  };
}

describe("the local mail folder and /dev/mail", () => {
  let dataDir: string;
  let database: Database;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "mail-test-"));
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("writes .eml files without SMTP and lists them on the development page, escaped", async () => {
    const app = await buildTestApp(database, { clock: () => start, env: { DATA_DIR: dataDir } });
    try {
      expect((await postRegistration(app, draft({ firstName: "<img src=x onerror=alert(1)>" }))).body).toBe("Done");
      await app.outbox.drain();
      const files = await readdir(path.join(dataDir, "mail"));
      expect(files.filter((file) => file.endsWith(".eml"))).toHaveLength(1);
      const list = await app.inject({ url: "/dev/mail" });
      expect(list.statusCode).toBe(200);
      expect(list.headers["content-security-policy"]).toContain("default-src 'none'");
      expect(list.body).toContain("Du er registrert til Vinterleir 2026");
      const id = /href="\/dev\/mail\/([A-Za-z0-9-]+)"/.exec(list.body)![1]!;
      const one = await app.inject({ url: `/dev/mail/${id}` });
      expect(one.statusCode).toBe(200);
      expect(one.body).not.toContain("<img src=x");
      expect(one.body).toContain("&lt;img src=x onerror=alert(1)&gt;");
      const eml = await app.inject({ url: `/dev/mail/${id}.eml` });
      expect(eml.headers["content-type"]).toMatch(/^message\/rfc822/);
      expect(eml.body).toMatch(/^Subject: /m);
      expect((await app.inject({ url: "/dev/mail/..%2F..%2Fetc" })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it("has no development page in production", async () => {
    const app = await buildTestApp(database, { env: { DATA_DIR: dataDir, NODE_ENV: "production" } });
    try {
      expect((await app.inject({ url: "/dev/mail" })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
