import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { eventWaitlistOffers } from "../db/schema/events-orders.ts";
import { events } from "../db/schema/events.ts";
import { buildCampTestApp, campAdminToken, countRows, createTestTransport, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { createPublished, grading, order, participant, postOrder, clearEvents } from "../test-support/events.ts";
import { outboxMails } from "../test-support/outbox.ts";
import { offerEventPlaces } from "./event-waitlist.ts";

const start = new Date("2026-11-26T12:00:00Z");
let now = start;

describe.each(databaseKinds)("the events' waiting list on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let token: string;
  let transport: ReturnType<typeof createTestTransport>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app, transport } = await buildCampTestApp(database, { clock: () => now }));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  beforeEach(async () => {
    now = start;
    await clearEvents(database, app);
    token = await campAdminToken(app);
  });

  const slug = "gradering-desember";
  const put = (capacity: number) =>
    app.inject({ method: "PUT", url: `/api/ArrangementAdmin/Put/${slug}/${token}`, payload: grading({ capacity }) as object });
  const register = async (...names: string[]) => {
    const res = await postOrder(
      app,
      slug,
      order({
        contact: { firstName: names[0]!, lastName: "Nordmann", email: `${names[0]!.toLowerCase()}@example.no`, telephone: "91234567" },
        participants: names.map((firstName) => participant({ firstName })),
      }),
    );
    return res.body;
  };
  const statuses = async () =>
    (await database.db.execute<{ first_name: string; status: string }>(sql`select first_name, status from event_orders order by id`)).rows.map(
      (row) => `${row.first_name}:${row.status}`,
    );
  const offerRows = async () =>
    (
      await database.db.execute<{ first_name: string; state: string; token_hash: string; expires_at: string }>(
        sql`select r.first_name, o.state, o.token_hash, o.expires_at from event_waitlist_offers o join event_orders r on r.id = o.order_id order by o.id`,
      )
    ).rows;
  /** The mails as they went out (links whole) or wait to go. */
  const mails = () => outboxMails(app, undefined, transport);
  /** The token in the latest offer mail to `email`. */
  const offerToken = async (email: string) => {
    const offers = (await mails()).filter((mail) => mail.recipient === email && mail.dedupeKey.startsWith("event-waitlist-offer:"));
    const text = offers.at(-1)?.text ?? "";
    const match = /\/arrangementer\/venteliste\/([A-Za-z0-9_-]{43})(?!\?)\s/.exec(text);
    if (!match) throw new Error(`no offer link in: ${text}`);
    return match[1]!;
  };
  const accept = (offer: string) => app.inject({ method: "POST", url: `/api/Arrangement/Venteliste/Accept/${offer}` });
  const decline = (offer: string) => app.inject({ method: "POST", url: `/api/Arrangement/Venteliste/Decline/${offer}` });
  const view = (offer: string) => app.inject({ url: `/api/Arrangement/Venteliste/Get/${offer}` });

  /** A capacity-1 grading with Ola in and Kari, then the family Per and Pål, then Siri on the list. */
  async function fullWithLine() {
    await createPublished(app, token, slug, grading({ capacity: 1 }));
    expect(await register("Ola")).toBe("Done");
    expect(await register("Kari")).toBe("Venteliste");
    expect(await register("Per", "Pål")).toBe("Venteliste");
    expect(await register("Siri")).toBe("Venteliste");
  }

  it("a cancellation offers the freed place at once to the first in line whose size fits", async () => {
    await fullWithLine();
    const [ola] = (await database.db.execute<{ order_id: string }>(sql`select order_id from event_orders where first_name = 'Ola'`)).rows;
    const cancelled = await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Cancel/${ola!.order_id}/${token}`, payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The family is told who cancelled: the organiser, not they themselves.
    const told = (await mails()).find((mail) => mail.dedupeKey.startsWith("event-cancel:"));
    expect(told!.text).toContain("Arrangøren har avbestilt påmeldingen til Cupgradering desember.");
    expect(told!.text).not.toContain("koster ingenting å avbestille");
    expect(told!.text).toMatch(/Hilsen Ski Taekwondo Klubb\n$/);
    expect((await offerRows()).map((row) => [row.first_name, row.state])).toEqual([["Kari", "offered"]]);
    expect(await accept(await offerToken("kari@example.no"))).toMatchObject({ statusCode: 200 });
    expect(await statuses()).toEqual(["Ola:cancelled", "Kari:confirmed", "Per:waiting", "Siri:waiting"]);
  });

  it("a raised capacity offers the places at once: a hashed token, 48 hours, a mail with «Ja takk» and «Nei takk»", async () => {
    await fullWithLine();
    expect(await offerRows()).toEqual([]);
    expect((await put(2)).statusCode).toBe(200);
    const offers = await offerRows();
    expect(offers.map((row) => [row.first_name, row.state])).toEqual([["Kari", "offered"]]);
    const offer = await offerToken("kari@example.no");
    // Only the token's SHA-256 is stored; the token itself is nowhere in the database.
    expect(offers[0]!.token_hash).toBe(createHash("sha256").update(offer).digest("hex"));
    const dump = JSON.stringify((await database.db.select().from(eventWaitlistOffers)).map((row) => row));
    expect(dump).not.toContain(offer);
    expect(new Date(offers[0]!.expires_at).getTime()).toBe(start.getTime() + 48 * 3600_000);
    const [mail] = (await mails()).filter((row) => row.recipient === "kari@example.no" && row.dedupeKey.startsWith("event-waitlist-offer:"));
    expect(mail!.subject).toBe("Ledig plass på Cupgradering desember – svar innen lørdag 28. november kl. 13.00");
    expect(mail!.text).toContain(`Ja takk, vi kommer: ${app.env.PUBLIC_BASE_URL}/arrangementer/venteliste/${offer}`);
    expect(mail!.text).toContain(`Nei takk, gi plassen videre: ${app.env.PUBLIC_BASE_URL}/arrangementer/venteliste/${offer}?svar=nei`);
    expect(mail!.html).toContain("Ja takk");

    // The offered place is held: a newcomer waits, and the public list says full.
    expect(await register("Nora")).toBe("Venteliste");
    expect((await app.inject({ url: `/api/Arrangement/Get/${slug}` })).json()).toMatchObject({ state: "full", waitingListOpen: true });
    // Calling again changes nothing (idempotent).
    expect(await offerEventPlaces(app.db, 1, now, { publicBaseUrl: app.env.PUBLIC_BASE_URL })).toBe(0);

    // One more place: the family of two does not fit, Siri (next whose size fits) gets it.
    await put(3);
    expect((await offerRows()).map((row) => [row.first_name, row.state])).toEqual([
      ["Kari", "offered"],
      ["Siri", "offered"],
    ]);
  });

  it("«Ja takk» with card/cash confirms once: charges in the ledger, the confirmation mail; a double click answers the same", async () => {
    await fullWithLine();
    await put(2);
    const offer = await offerToken("kari@example.no");
    const got = await view(offer);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({
      slug,
      kind: "gradering",
      title: "Cupgradering desember",
      firstName: "Kari",
      participants: ["Kari Nordmann"],
      total: 350,
      lines: [{ label: "Gradering: Kari Nordmann", amount: 350 }],
      vipps: false,
      state: "offered",
    });
    const answers = await Promise.all([accept(offer), accept(offer)]);
    expect(answers.map((res) => [res.statusCode, res.body])).toEqual([
      [200, "Done"],
      [200, "Done"],
    ]);
    expect(await statuses()).toEqual(["Ola:confirmed", "Kari:confirmed", "Per:waiting", "Siri:waiting"]);
    const participants = (await app.inject({ url: `/api/ArrangementAdmin/Participants/${slug}/${token}` })).json();
    expect(participants.find((row: { name: string }) => row.name === "Kari Nordmann")).toMatchObject({
      status: "confirmed",
      charged: 350,
      outstanding: 350,
    });
    const confirmations = (await mails()).filter((mail) => mail.dedupeKey.startsWith("event-confirmation:"));
    expect(confirmations.map((mail) => mail.recipient)).toEqual(["ola@example.no", "kari@example.no"]);
    expect((await view(offer)).json()).toMatchObject({ state: "accepted" });
    // «Nei takk» after «Ja takk»: 409, the place is kept.
    const late = await decline(offer);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatch(/allerede takket ja/);
  });

  it("«Nei takk» takes the order off the list and passes the place to the next in line at once", async () => {
    await fullWithLine();
    await put(2);
    const offer = await offerToken("kari@example.no");
    const res = await decline(offer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: "declined" });
    expect(await statuses()).toEqual(["Ola:confirmed", "Kari:cancelled", "Per:waiting", "Siri:waiting"]);
    // The family of two does not fit the one place: Siri gets it, in the same transaction.
    expect((await offerRows()).map((row) => [row.first_name, row.state])).toEqual([
      ["Kari", "declined"],
      ["Siri", "offered"],
    ]);
    // A double click: the same answer, nothing more.
    expect((await decline(offer)).statusCode).toBe(200);
    expect(await countRows(database, "event_waitlist_offers")).toBe(2);
    const gone = await accept(offer);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error).toMatch(/takket nei/);
  });

  it("an unanswered offer expires by the job and the place passes on; too late is 410, unknown 404", async () => {
    await fullWithLine();
    await put(2);
    const offer = await offerToken("kari@example.no");
    now = new Date(start.getTime() + 48 * 3600_000 + 1000);
    expect((await view(offer)).json()).toMatchObject({ state: "expired" });
    await app.waitlist.drain();
    expect((await offerRows()).map((row) => [row.first_name, row.state])).toEqual([
      ["Kari", "expired"],
      ["Siri", "offered"],
    ]);
    // Kari stays on the list (the admin sees it) but gets no second offer by herself.
    expect(await statuses()).toEqual(["Ola:confirmed", "Kari:waiting", "Per:waiting", "Siri:waiting"]);
    const late = await accept(offer);
    expect(late.statusCode).toBe(410);
    expect(late.json().error).toBe("Fristen for å svare er ute, og plassen er gitt videre til nestemann på ventelisten.");
    expect((await decline(offer)).statusCode).toBe(410);
    const unknown = "A".repeat(43);
    expect((await view(unknown)).statusCode).toBe(404);
    expect((await accept(unknown)).json().error).toBe("Fant ikke tilbudet. Sjekk at du har hele lenken fra e-posten.");
    expect((await decline("kort")).statusCode).toBe(404);

    // The admin's list: place in line and the latest offer.
    token = await campAdminToken(app);
    const participants = (await app.inject({ url: `/api/ArrangementAdmin/Participants/${slug}/${token}` })).json();
    expect(
      participants.map((row: { name: string; waitlistPosition: number | null; offer: { state: string } | null }) => [
        row.name,
        row.waitlistPosition,
        row.offer?.state ?? null,
      ]),
    ).toEqual([
      ["Ola Nordmann", null, null],
      ["Kari Nordmann", 1, "expired"],
      ["Per Nordmann", 2, null],
      ["Pål Nordmann", 2, null],
      ["Siri Nordmann", 3, "offered"],
    ]);
  });

  it("accepting at the very deadline is too late and passes the place on in the same call", async () => {
    await fullWithLine();
    await put(2);
    const offer = await offerToken("kari@example.no");
    now = new Date(start.getTime() + 48 * 3600_000);
    expect((await accept(offer)).statusCode).toBe(410);
    expect((await offerRows()).map((row) => [row.first_name, row.state])).toEqual([
      ["Kari", "expired"],
      ["Siri", "offered"],
    ]);
  });

  it("simultaneous offerEventPlaces calls never offer one place twice", async () => {
    await fullWithLine();
    // Capacity raised behind the routes' back: only the calls below may offer it.
    const [row] = await database.db.select().from(events).where(eq(events.slug, slug));
    await database.db
      .update(events)
      .set({ definition: { ...row!.definition, capacity: 2 } })
      .where(eq(events.id, row!.id));
    const deps = { publicBaseUrl: app.env.PUBLIC_BASE_URL };
    const made = await Promise.all([0, 1, 2, 3].map(() => offerEventPlaces(app.db, row!.id, now, deps)));
    expect(made.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect((await offerRows()).map((offer) => offer.first_name)).toEqual(["Kari"]);
    expect((await mails()).filter((mail) => mail.dedupeKey.startsWith("event-waitlist-offer:"))).toHaveLength(1);
  });

  it("a participant cancelled while waiting is neither offered, charged nor confirmed when the family says «Ja takk»", async () => {
    await fullWithLine();
    const [per] = (await database.db.execute<{ order_id: string; id: number }>(sql`select order_id, id from event_orders where first_name = 'Per'`))
      .rows;
    // The family asks the leader to take Pål (position 1) off while they wait.
    const cancelled = await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Cancel/${per!.order_id}/${token}`, payload: { position: 1 } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await put(3);
    const offer = await offerToken("per@example.no");
    expect((await view(offer)).json()).toMatchObject({ participants: ["Per Nordmann"], total: 350, lines: [{ label: "Gradering: Per Nordmann" }] });
    const offerMail = (await mails()).find((mail) => mail.recipient === "per@example.no" && mail.dedupeKey.startsWith("event-waitlist-offer:"));
    expect(offerMail!.text).not.toContain("Pål");
    expect((await accept(offer)).body).toBe("Done");
    const charges = (
      await database.db.execute<{ person: string; amount: number }>(
        sql`select person, amount from event_ledger_entries where order_id = ${per!.id} and kind = 'charge' order by id`,
      )
    ).rows;
    expect(charges.map((row) => [row.person, Number(row.amount)])).toEqual([["participant-0", 350]]);
    const [stored] = (
      await database.db.execute<{ amount: number; places: number }>(sql`select amount, places from event_orders where id = ${per!.id}`)
    ).rows;
    expect([Number(stored!.amount), Number(stored!.places)]).toEqual([350, 1]);
    const confirmation = (await mails()).find((mail) => mail.recipient === "per@example.no" && mail.dedupeKey.startsWith("event-confirmation:"));
    expect(confirmation!.text).not.toContain("Pål");
  });

  it("«Ja takk» and «Nei takk» on the same offer at once: one of them wins, and the order is charged only if it is confirmed", async () => {
    await fullWithLine();
    await put(2);
    const offer = await offerToken("kari@example.no");
    const [yes, no] = await Promise.all([accept(offer), decline(offer)]);
    const [kari] = (await database.db.execute<{ id: number; status: string }>(sql`select id, status from event_orders where first_name = 'Kari'`))
      .rows;
    const charged = (await database.db.execute<{ amount: number }>(sql`select amount from event_ledger_entries where order_id = ${kari!.id}`)).rows;
    if (kari!.status === "confirmed") {
      expect([yes.statusCode, no.statusCode]).toEqual([200, 409]);
      expect(charged.map((row) => Number(row.amount))).toEqual([350]);
    } else {
      expect(kari!.status).toBe("cancelled");
      expect([yes.statusCode, no.statusCode]).toEqual([410, 200]);
      expect(charged).toEqual([]);
    }
    expect(await countRows(database, "event_waitlist_offers")).toBe(kari!.status === "confirmed" ? 1 : 2);
  });

  it("cancelling a waiting order whose offer is open withdraws the offer and passes its place on at once", async () => {
    await createPublished(app, token, slug, grading({ capacity: 1 }));
    expect(await register("Ola")).toBe("Done");
    expect(await register("Kari")).toBe("Venteliste");
    expect(await register("Siri")).toBe("Venteliste");
    const orderOf = async (name: string) =>
      (await database.db.execute<{ order_id: string }>(sql`select order_id from event_orders where first_name = ${name}`)).rows[0]!.order_id;
    const leaderCancel = async (name: string) =>
      app.inject({ method: "POST", url: `/api/ArrangementAdmin/Cancel/${await orderOf(name)}/${token}`, payload: {} });
    expect((await leaderCancel("Ola")).statusCode).toBe(200);
    const kariOffer = await offerToken("kari@example.no");
    expect((await leaderCancel("Kari")).statusCode).toBe(200);
    // No job run in between: the cancellation itself offers the place held by Kari's offer.
    expect((await offerRows()).map((row) => [row.first_name, row.state])).toEqual([
      ["Kari", "withdrawn"],
      ["Siri", "offered"],
    ]);
    expect((await view(kariOffer)).json()).toMatchObject({ state: "withdrawn" });
    expect((await accept(kariOffer)).statusCode).toBe(410);
    expect(await statuses()).toEqual(["Ola:cancelled", "Kari:cancelled", "Siri:waiting"]);
  });

  it("makes no offer outside the registration window", async () => {
    await fullWithLine();
    now = new Date("2026-12-11T12:00:00Z");
    await put(2);
    expect(await offerRows()).toEqual([]);
  });
});
