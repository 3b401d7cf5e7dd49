import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../db/database.ts";
import { buildTestApp } from "../test-support/app.ts";
import { buildCampTestApp, campAdminToken, createTestTransport, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { clearEvents, createPublished, eventIdOf, grading, order, participant, postOrder, sale } from "../test-support/events.ts";
import { ledgerFigures } from "../../shared/camp/camp-ledger.ts";
import { eventOrderTokenPattern, type EventCancelAnswer, type MyEventOrder } from "../../shared/events/event-my-order.ts";
import { redactUrl } from "../logger.ts";
import { freedPlaces } from "./event-my-order.ts";

let now = new Date("2026-11-26T12:00:00Z");

const linkPattern = /\/min-side\/([A-Za-z0-9_-]{43})/;

describe.each(databaseKinds)("an event order's personal link on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let transport: ReturnType<typeof createTestTransport>;
  let token: string;
  const freed = vi.fn<(eventId: number) => void>();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app, transport } = await buildCampTestApp(database, { clock: () => now }));
    token = await campAdminToken(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  beforeEach(async () => {
    now = new Date("2026-11-26T12:00:00Z");
    freed.mockReset();
    await clearEvents(database, app);
  });

  /** The link of the newest confirmation mail as the family received it (the stored copy has it removed). */
  async function linkOfLatestMail(sent = transport.sent): Promise<string> {
    await app.outbox.drain();
    const mail = [...sent].reverse().find((candidate) => linkPattern.test(candidate.text));
    const found = linkPattern.exec(mail?.text ?? "");
    if (!found) throw new Error("no link in any mail");
    return found[1]!;
  }

  const view = async (link: string) => app.inject({ url: `/api/Arrangement/MinPamelding/${link}` });
  const cancel = (link: string, body: object = {}) => app.inject({ method: "POST", url: `/api/Arrangement/Cancel/${link}`, payload: body });
  const ledger = async () =>
    (
      await database.db.execute(
        sql`select kind, person, item, method, amount, reason, payment_id as "paymentId", id from event_ledger_entries order by id`,
      )
    ).rows as {
      id: number;
      kind: "charge";
      person: string;
      item: string;
      method: string | null;
      amount: number;
      reason: string;
      paymentId: number | null;
    }[];
  const placesOf = async (orderId: string) =>
    ((await database.db.execute(sql`select places, status from event_orders where order_id = ${orderId}`)).rows[0] ?? {}) as {
      places: number;
      status: string;
    };

  async function registerTwo(capacity = 3) {
    await createPublished(app, token, "gradering-desember", grading({ capacity }));
    const answer = await postOrder(
      app,
      "gradering-desember",
      order({ participants: [participant({ firstName: "Ola" }), participant({ firstName: "Kari", age: 9 })] }),
    );
    expect(answer.body).toBe("Done");
    return linkOfLatestMail();
  }

  it("the confirmation carries a 256-bit link whose hash, never the secret, is stored; the link opens the order", async () => {
    const link = await registerTwo();
    expect(link).toMatch(eventOrderTokenPattern);
    const stored = (await database.db.execute(sql`select l.token_hash from family_links l join event_orders o on o.id = l.order_id`)).rows as {
      token_hash: string;
    }[];
    expect(stored).toEqual([{ token_hash: createHash("sha256").update(link).digest("hex") }]);
    for (const table of ["event_orders", "family_links"]) {
      const everything = JSON.stringify((await database.db.execute(sql.raw(`select * from ${table}`))).rows);
      expect(everything).not.toContain(link);
    }

    const answer = await view(link);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store");
    const body = answer.json() as MyEventOrder;
    expect(body).toMatchObject({
      status: "confirmed",
      method: "card_cash",
      event: { slug: "gradering-desember", kind: "gradering", title: "Cupgradering desember", firstDay: "2026-12-12", ended: false },
      contact: { firstName: "Kari", email: "kari@example.no" },
      money: { charged: 700, paid: 0, outstanding: 700, refunded: 0, refundOwed: 0 },
      cancellable: true,
    });
    expect(body.participants.map((person) => [person.position, person.name, person.amount, person.cancelled])).toEqual([
      [0, "Ola Nordmann", 350, false],
      [1, "Kari Nordmann", 350, false],
    ]);
  });

  it("a wrong, malformed or anonymised link answers 404 in Norwegian, for the page, the view and the cancel", async () => {
    const link = await registerTwo();
    const wrong = `${link.slice(0, -1)}${link.endsWith("A") ? "B" : "A"}`;
    for (const candidate of [wrong, "kort", `${link}x`, encodeURIComponent("../../etc")]) {
      const seen = await view(candidate);
      expect(seen.statusCode).toBe(404);
      expect(seen.json().error).toMatch(/Fant ikke påmeldingen/);
      expect((await cancel(candidate)).statusCode).toBe(404);
      // The old address leads to «Min side», which answers 404.
      expect((await app.inject({ url: `/arrangementer/min-pamelding/${candidate}` })).headers.location).toBe(`/min-side/${candidate}`);
      expect((await app.inject({ url: `/min-side/${candidate}` })).statusCode).toBe(404);
    }
    expect((await placesOf((await view(link)).json().orderId)).status).toBe("confirmed");
    await database.db.execute(sql`update event_orders set anonymised_at = now()`);
    expect((await view(link)).statusCode).toBe(404);
  });

  it("cancelling one participant frees one place, takes the unpaid charge off with a reason, and twice answers the same", async () => {
    const link = await registerTwo(2);
    const orderId = (await view(link)).json().orderId as string;
    const eventId = await eventIdOf(database, "gradering-desember");
    expect(await freedPlaces(app.db, eventId, now)).toBe(0);

    const first = await cancel(link, { position: 1 });
    expect(first.statusCode).toBe(200);
    const body = first.json() as EventCancelAnswer;
    expect(body).toMatchObject({ changed: true, refund: 0, status: "confirmed", money: { charged: 350, paid: 0, outstanding: 350 } });
    expect(body.participants.map((person) => [person.name, person.cancelled, person.amount])).toEqual([
      ["Ola Nordmann", false, 350],
      ["Kari Nordmann", true, 0],
    ]);
    expect(await placesOf(orderId)).toEqual({ places: 1, status: "confirmed" });
    expect(await freedPlaces(app.db, eventId, now)).toBe(1);

    const again = await cancel(link, { position: 1 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ changed: false, refund: 0, money: body.money });
    const entries = await ledger();
    expect(entries.filter((entry) => entry.amount < 0)).toEqual([
      expect.objectContaining({
        kind: "charge",
        person: "participant-1",
        amount: -350,
        reason: "Kari Nordmann avbestilt av deltakeren (Min påmelding).",
      }),
    ]);
    // The page's figures are the ledger's, counted by the one shared function.
    expect(ledgerFigures(entries)).toMatchObject({ charged: body.money.charged, paid: body.money.paid, outstanding: body.money.outstanding });
    const mails = (await database.db.execute(sql`select dedupe_key, subject, text from mail_outbox where dedupe_key like 'event-cancel:%'`)).rows as {
      subject: string;
      text: string;
    }[];
    expect(mails[0]!.subject).toMatch(/^Avbestilt: Cupgradering desember – ordre GR26-/);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Kari Nordmann er avbestilt fra Cupgradering desember.");
    expect(mails[0]!.text).toContain("det koster ingenting å avbestille");
  });

  it("cancelling the whole order frees every place in the same transaction and calls the places-freed hook once", async () => {
    const own = createTestTransport();
    const hooked = await buildTestApp(database, {
      clock: () => now,
      env: { VIPPS_SIMULATOR: "false" },
      mail: { transport: own, startWorker: false },
      events: { onPlacesFreed: freed },
    });
    try {
      const admin = await campAdminToken(hooked);
      await createPublished(hooked, admin, "gradering-desember", grading({ capacity: 2 }));
      await postOrder(hooked, "gradering-desember", order({ participants: [participant(), participant({ firstName: "Per" })] }));
      const waiting = await postOrder(hooked, "gradering-desember", order({ participants: [participant({ firstName: "Pål" })] }));
      expect(waiting.body).toBe("Venteliste");
      await hooked.outbox.drain();
      const link = await linkOfLatestMail(own.sent);
      const answer = await hooked.inject({ method: "POST", url: `/api/Arrangement/Cancel/${link}`, payload: {} });
      expect(answer.json()).toMatchObject({ status: "cancelled", changed: true, cancellable: false });
      expect(freed).toHaveBeenCalledTimes(1);
      const eventId = await eventIdOf(database, "gradering-desember");
      expect(freed).toHaveBeenCalledWith(eventId);
      expect(await freedPlaces(hooked.db, eventId, now)).toBe(2);
      const summary = (await hooked.inject({ url: "/api/Arrangement/Get/gradering-desember" })).json();
      // Pål, first in line, has no offer yet (the hook here only counts): the page offers a newcomer what the
      // order statement would give one, the place Pål does not take.
      expect(summary).toMatchObject({ placesLeft: 1, state: "open" });
      await hooked.inject({ method: "POST", url: `/api/Arrangement/Cancel/${link}`, payload: {} });
      expect(freed).toHaveBeenCalledTimes(1);
    } finally {
      await hooked.close();
    }
  });

  it("a sale is cancelled whole and its stock goes back", async () => {
    await createPublished(app, token, "klubbtoy", sale(1));
    await postOrder(app, "klubbtoy", order({ items: [{ itemId: "t-skjorte", variant: "M", quantity: 1 }] }));
    const stock = async () =>
      ((await database.db.execute(sql`select stock from event_stock where variant = 'M'`)).rows[0] as { stock: number }).stock;
    expect(await stock()).toBe(0);
    expect((await postOrder(app, "klubbtoy", order({ items: [{ itemId: "t-skjorte", variant: "M", quantity: 1 }] }))).statusCode).toBe(409);
    const link = await linkOfLatestMail();
    const whole = (await view(link)).json() as MyEventOrder;
    expect(whole.items).toEqual([{ name: "T-skjorte", variant: "M", quantity: 1, price: 200 }]);
    expect((await cancel(link, { position: 0 })).statusCode).toBe(400);
    const answer = await cancel(link);
    expect(answer.json()).toMatchObject({ status: "cancelled", changed: true, money: { charged: 0, outstanding: 0 } });
    expect(await stock()).toBe(1);
    await cancel(link);
    expect(await stock()).toBe(1);
    expect((await postOrder(app, "klubbtoy", order({ items: [{ itemId: "t-skjorte", variant: "M", quantity: 1 }] }))).body).toBe("Done");
  });

  it("money that came in is owed back in full with a reason, and the figures agree with the ledger", async () => {
    const link = await registerTwo();
    const orderRow = ((await database.db.execute(sql`select id from event_orders`)).rows[0] as { id: number }).id;
    // The door took 350 for the order (as a leader's payment line would).
    await database.db.execute(
      sql`insert into event_ledger_entries (order_id, at, actor, reason, kind, method, amount) values (${orderRow}, ${now}, 'kasserer', 'Betalt ved oppmøte', 'payment', 'card', 350)`,
    );
    const before = (await view(link)).json() as MyEventOrder;
    expect(before.participants.map((person) => person.refundIfCancelled)).toEqual([350, 0]);
    expect(before.refundIfCancelled).toBe(350);
    const answer = (await cancel(link, { position: 0 })).json() as EventCancelAnswer;
    // Money pays what was booked first: Ola's 350 was paid, so it is owed back; Kari's stays owed.
    expect(answer).toMatchObject({ changed: true, refund: 350, money: { charged: 350, paid: 350, refundOwed: 350, outstanding: 350 } });
    const entries = await ledger();
    expect(entries.slice(-2)).toEqual([
      expect.objectContaining({ kind: "charge", person: "participant-0", amount: -350 }),
      expect.objectContaining({ kind: "refund-owed", method: "card", amount: 350, reason: expect.stringMatching(/Betales tilbake: 350 kr\.$/) }),
    ]);
    expect(ledgerFigures(entries)).toMatchObject(answer.money);
  });

  it("the whole order cancelled after paying: the mail says what comes back for each person, and the total", async () => {
    const link = await registerTwo();
    const orderRow = ((await database.db.execute(sql`select id from event_orders`)).rows[0] as { id: number }).id;
    await database.db.execute(
      sql`insert into event_ledger_entries (order_id, at, actor, reason, kind, method, amount) values (${orderRow}, ${now}, 'kasserer', 'Betalt ved oppmøte', 'payment', 'card', 700)`,
    );
    expect((await cancel(link)).json()).toMatchObject({ changed: true, refund: 700 });
    const [mail] = (await database.db.execute(sql`select text from mail_outbox where dedupe_key like 'event-cancel:%'`)).rows as { text: string }[];
    const lines = mail!.text.split("\n");
    const from = lines.indexOf("Tilbake per person:");
    expect(from).toBeGreaterThan(0);
    expect(lines.slice(from + 1, from + 4)).toEqual(["- Ola Nordmann: 350\u00a0kr", "- Kari Nordmann: 350\u00a0kr", "Totalt tilbake: 700\u00a0kr"]);
  });

  it("racing cancellations (the family twice, the whole order, the leader) take each charge off once and owe back once", async () => {
    const link = await registerTwo();
    const orderId = (await view(link)).json().orderId as string;
    const orderRow = ((await database.db.execute(sql`select id from event_orders`)).rows[0] as { id: number }).id;
    await database.db.execute(
      sql`insert into event_ledger_entries (order_id, at, actor, reason, kind, method, amount) values (${orderRow}, ${now}, 'kasserer', 'Betalt ved oppmøte', 'payment', 'card', 700)`,
    );
    const answers = await Promise.all([
      cancel(link, { position: 1 }),
      cancel(link, { position: 1 }),
      cancel(link),
      app.inject({ method: "POST", url: `/api/ArrangementAdmin/Cancel/${orderId}/${token}`, payload: {} }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const entries = await ledger();
    expect(entries.filter((entry) => entry.kind === "charge" && entry.amount < 0).map((entry) => [entry.person, entry.amount])).toEqual(
      expect.arrayContaining([
        ["participant-0", -350],
        ["participant-1", -350],
      ]),
    );
    expect(entries.filter((entry) => entry.kind === "charge" && entry.amount < 0)).toHaveLength(2);
    expect(ledgerFigures(entries)).toMatchObject({ charged: 0, paid: 700, refundOwed: 700, outstanding: 0, credit: 0 });
    expect(answers.reduce((sum, answer) => sum + (answer.json() as EventCancelAnswer).refund, 0)).toBe(700);
    expect(await placesOf(orderId)).toEqual({ places: 0, status: "cancelled" });
  });

  it("after the event has ended a cancel answers 409, and the page says it cannot be cancelled", async () => {
    const link = await registerTwo();
    now = new Date("2026-12-13T00:00:00+01:00");
    const answer = await cancel(link);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toMatch(/over/);
    expect((await view(link)).json()).toMatchObject({ cancellable: false, event: { ended: true } });
  });

  it("a leader cancels an order from the admin with the same rule, named in the ledger", async () => {
    const link = await registerTwo();
    const orderId = (await view(link)).json().orderId as string;
    expect((await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Cancel/${orderId}/feil-token`, payload: {} })).statusCode).toBe(401);
    const answer = await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Cancel/${orderId}/${token}`, payload: {} });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: "cancelled", changed: true });
    expect((await ledger()).filter((entry) => entry.amount < 0).map((entry) => entry.reason)).toEqual([
      "Påmeldingen avbestilt av arrangøren.",
      "Påmeldingen avbestilt av arrangøren.",
    ]);
    expect((await cancel(link)).json()).toMatchObject({ changed: false, status: "cancelled" });
    const list = (await app.inject({ url: `/api/ArrangementAdmin/Participants/gradering-desember/${token}` })).json();
    expect(list.map((row: { status: string }) => row.status)).toEqual(["cancelled", "cancelled"]);
    expect((await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Cancel/GR26-ZZZZZZ/${token}`, payload: {} })).statusCode).toBe(404);
  });

  it("the confirmation states the event's refund rule, as its page and checkout did, and links to the terms", async () => {
    await registerTwo();
    const mail = transport.sent.find((candidate) => linkPattern.test(candidate.text))!;
    const rule = "Avbestiller du innen midnatt 12. desember 2026, får du alt du har betalt tilbake; etter det kan det ikke avbestilles.";
    expect(mail.text).toContain(rule);
    expect(mail.text).toMatch(/Salgsbetingelser: https?:\/\/[^\s]+\/salgsbetingelser/);
    expect(mail.html).toContain(rule);
  });

  it("the link's secret never reaches a log line or a stored copy of a sent mail", async () => {
    const link = await registerTwo();
    expect(redactUrl(`/api/Arrangement/MinPamelding/${link}`)).toBe("/api/Arrangement/MinPamelding/[redacted]");
    expect(redactUrl(`/api/Arrangement/Cancel/${link}`)).toBe("/api/Arrangement/Cancel/[redacted]");
    expect(redactUrl(`/arrangementer/min-pamelding/${link}`)).toBe("/arrangementer/min-pamelding/[redacted]");
    expect(redactUrl(`/min-side/${link}`)).toBe("/min-side/[redacted]");
    const stored = (await database.db.execute(sql`select status, text, html from mail_outbox where dedupe_key like 'event-confirmation:%'`)).rows as {
      status: string;
      text: string;
      html: string;
    }[];
    expect(stored[0]!.status).toBe("sent");
    expect(stored[0]!.text).toContain("/min-side/[fjernet]");
    expect(`${stored[0]!.text}${stored[0]!.html}`).not.toContain(link);
  });
});
