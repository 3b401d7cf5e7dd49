/**
 * A camp edition's places are counted by the events' database functions (`event_holders`, `event_places_counted`,
 * migration 0052): the edition's page, the events' list and a registration's decision read the same figure. The
 * camp's rule of who holds a place is the one checked here, order by order: confirmed; awaiting payment with an
 * attempt that can still be paid (its own, or a share of a group payment); waiting with an offer open now. An
 * event's order awaiting its payment holds its places whatever that payment's state, as before.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { buildCampTestApp, campAdminToken, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import { createPublished, eventIdOf, grading, order, participant, postOrder } from "../test-support/events.ts";
import { deadPaymentStates } from "./camp-places.ts";

const now = new Date("2026-11-05T10:00:00Z");
const at = now.toISOString();
const inADay = new Date(now.getTime() + 86_400_000).toISOString();
const anHourAgo = new Date(now.getTime() - 3_600_000).toISOString();

describe.each(databaseKinds)("the camp's places, counted by the events' functions on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let token: string;
  let campEventId: number;
  /** Each athlete's order id (the row's), by first name. */
  const ids = new Map<string, number>();

  const run = (query: ReturnType<typeof sql>) => database.db.execute(query);
  const id = (name: string) => ids.get(name)!;
  const put = async (patch: Record<string, unknown>) => {
    const res = await app.inject({ method: "PUT", url: `/api/CampEdition/Put/2026/${token}`, payload: patch });
    expect(res.statusCode).toBe(200);
  };
  const counted = async (capacity: number) => {
    const result = await database.db.execute<{ held: number; places_open: number; sleepover_held: number }>(
      sql`select held, places_open, sleepover_held from event_places_counted(${campEventId}, ${capacity}::integer, null, ${at}::timestamptz)`,
    );
    const row = result.rows[0]!;
    return { held: Number(row.held), open: Number(row.places_open), sleepovers: Number(row.sleepover_held) };
  };
  const editionPage = async () => {
    const res = await app.inject({ url: "/api/CampEdition/Current?year=2026" });
    expect(res.statusCode).toBe(200);
    return res.json<{ state: string; placesLeft: number | null; sleepoverPlacesLeft: number | null }>();
  };
  const eventsList = async () => {
    const res = await app.inject({ url: "/api/Arrangement/Get" });
    expect(res.statusCode).toBe(200);
    return res.json<{ slug: string; placesLeft: number | null }[]>().find((event) => event.slug === "vinterleir-2026")!;
  };
  const statusOf = async (firstName: string) =>
    (await database.db.execute<{ status: string }>(sql`select status from camp_registration_view where first_name = ${firstName}`)).rows[0]?.status;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
    token = await campAdminToken(app);
    await put({ capacity: 20, sleepoverCapacity: 5 });
    // Registered by card (confirmed), then each set to the state it is about.
    for (const name of ["Anna", "Bo", "Cato", "Dina", "Eva", "Frode", "Geir", "Hege"]) {
      expect((await postRegistration(app, draft({ firstName: name }))).statusCode).toBe(200);
    }
    const rows = await database.db.execute<{ id: number; first_name: string }>(sql`select id, first_name from camp_registration_view`);
    for (const row of rows.rows) ids.set(row.first_name, Number(row.id));
    campEventId = await eventIdOf(database, "vinterleir-2026");

    const setStatus = (name: string, status: string, rank: number | null = null) =>
      run(sql`update event_orders set status = ${status}, waitlist_rank = ${rank}::integer where id = ${id(name)}`);
    const setPayment = (name: string, state: string) =>
      run(sql`update event_payments set method = 'vipps', state = ${state} where order_id = ${id(name)}`);
    const offer = (name: string, expiresAt: string) =>
      run(sql`insert into event_waitlist_offers (order_id, owner_kind, token_hash, state, offered_at, expires_at)
              values (${id(name)}, 'camp', ${`hash-${name}`}, 'offered', ${at}::timestamptz, ${expiresAt}::timestamptz)`);
    const sleepsOver = (name: string) =>
      run(sql`update event_positions set answers = answers || '{"sleepover": true}'::jsonb where order_id = ${id(name)} and position = 0`);

    // Anna: confirmed, sleeps over. Bo: awaiting a payment that can still be paid. Cato: awaiting one that cannot.
    // Dina: her own attempt ended, but Bo's is her group's one payment. Eva: waiting with an offer
    // open now, sleeps over. Frode: waiting with an offer past its deadline. Geir: waiting, in line. Hege: cancelled.
    await sleepsOver("Anna");
    await setStatus("Bo", "pending_payment");
    await setPayment("Bo", "created");
    await setStatus("Cato", "pending_payment");
    await setPayment("Cato", "aborted");
    await setStatus("Dina", "pending_payment");
    await setPayment("Dina", "expired");
    // Bo and Dina a group, Bo its first athlete: Bo's Vipps payment is the group's one payment, for Dina too.
    await run(
      sql`update event_orders set group_id = (select order_id from event_orders where id = ${id("Bo")}) where id in (${id("Bo")}, ${id("Dina")})`,
    );
    await setStatus("Eva", "waiting", 1);
    await offer("Eva", inADay);
    await sleepsOver("Eva");
    await setStatus("Frode", "waiting", 2);
    await offer("Frode", anHourAgo);
    await setStatus("Geir", "waiting", 3);
    await setStatus("Hege", "cancelled");
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("counts the camp's orders by the camp's rule: who holds a place, who stands in line, who sleeps over", async () => {
    // Anna, Bo, Dina and Eva hold places; Geir is in line for the next; Anna and Eva sleep over.
    expect(await counted(20)).toEqual({ held: 4, open: 15, sleepovers: 2 });
    const holders = await database.db.execute<{ order_id: number }>(
      sql`select order_id from event_holders(${campEventId}, ${at}::timestamptz) order by order_id`,
    );
    expect(holders.rows.map((row) => Number(row.order_id))).toEqual(["Anna", "Bo", "Dina", "Eva"].map(id));
    const line = await database.db.execute<{ order_id: number }>(sql`select order_id from event_line_fits(${campEventId}, null, null) where fits`);
    expect(line.rows.map((row) => Number(row.order_id))).toEqual([id("Geir")]);
  });

  it("an attempt in a state that can no longer be paid holds no place; any other does", async () => {
    for (const state of ["created", "authorized", "captured", ...deadPaymentStates]) {
      await run(sql`update event_payments set state = ${state} where order_id = ${id("Cato")}`);
      const dead = (deadPaymentStates as readonly string[]).includes(state);
      expect({ state, held: (await counted(20)).held }).toEqual({ state, held: dead ? 4 : 5 });
    }
    expect((await counted(20)).held).toBe(4);
  });

  it("the edition's page and the events' list show what the count leaves open, and the registrations are decided by it", async () => {
    // 4 held and Geir first in line: one place left for a new registration. The change wakes the waiting-list job
    // (it offers Geir his place, so he holds it rather than waits for it); the figures are the same either side of
    // its pass, and the test lets it finish before it reads them.
    await put({ capacity: 6 });
    await app.waitlist.drain();
    expect(await editionPage()).toMatchObject({ state: "open", placesLeft: 1, sleepoverPlacesLeft: 3 });
    expect((await eventsList()).placesLeft).toBe(1);
    expect((await postRegistration(app, draft({ firstName: "Ivar" }))).statusCode).toBe(200);
    expect(await statusOf("Ivar")).toBe("confirmed");
    expect(await editionPage()).toMatchObject({ state: "full", placesLeft: 0 });
    expect((await eventsList()).placesLeft).toBe(0);
    expect((await postRegistration(app, draft({ firstName: "Jon" }))).statusCode).toBe(200);
    expect(await statusOf("Jon")).toBe("waiting");
  });

  it("the count reads one snapshot: its functions only read, and are declared so (a change committed between its statements is never half seen)", async () => {
    const functions = ["event_holders", "event_line_fits", "event_places_counted", "event_places_held", "event_places_open"];
    const rows = await database.db.execute<{ proname: string; provolatile: string }>(
      sql`select proname, provolatile from pg_proc where proname in (${sql.join(
        functions.map((name) => sql`${name}`),
        sql`, `,
      )}) order by proname`,
    );
    expect(rows.rows.map((row) => [row.proname, row.provolatile])).toEqual(functions.map((name) => [name, "s"]));
  });

  it("an event's order awaiting its payment holds its places whatever that payment's state", async () => {
    await createPublished(app, token, "gradering-plasser", grading({ capacity: 5 }));
    const res = await postOrder(app, "gradering-plasser", order({ participants: [participant(), participant({ firstName: "Per" })] }));
    expect(res.statusCode).toBe(200);
    const eventId = await eventIdOf(database, "gradering-plasser");
    await run(sql`update event_orders set status = 'pending_payment' where event_id = ${eventId}`);
    // Its attempt refused at Vipps (event-vipps.ts marks it failed and leaves the order awaiting a new one).
    await run(sql`update event_payments set state = 'failed' where order_id in (select id from event_orders where event_id = ${eventId})`);
    await run(sql`insert into event_payments (order_id, reference, method, amount, state, created_at, updated_at)
                  select id, order_id || '-1', 'vipps', 700, 'failed', ${at}::timestamptz, ${at}::timestamptz from event_orders where event_id = ${eventId}`);
    const held = await database.db.execute<{ held: number }>(sql`select event_places_held(${eventId}, ${at}::timestamptz) as held`);
    expect(Number(held.rows[0]!.held)).toBe(2);
  });
});
