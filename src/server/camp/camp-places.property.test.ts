/**
 * A camp edition's places as the database counts them (`event_places_counted`, camp-places.ts), against the camp's
 * own rules written here once more in plain TypeScript, for athletes in every state: confirmed; awaiting a payment
 * that can still be paid, or one that cannot; waiting in line, with an offer open, one past its deadline, one marked
 * expired or one declined; cancelled. Then newcomers register while every open offer is accepted, all at once: the
 * edition's page shows what the count leaves, the newcomers get exactly the places it left (none without a limit
 * is ever refused), every open offer is taken, and neither the places nor the sleepover places are sold beyond what
 * the edition has. CAMP_PLACES_RUNS sets how many random editions are tried (default 4 per database).
 */
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { newOfferToken, offerTokenHash } from "../events/offer-token.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { buildCampTestApp, campAdminToken, clearCampTables, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import { waitlistAnswer } from "../../shared/camp/camp-waitlist.ts";

const runs = Number(process.env.CAMP_PLACES_RUNS ?? 4);
const now = new Date("2026-11-05T10:00:00Z");
const inADay = new Date(now.getTime() + 86_400_000).toISOString();
const anHourAgo = new Date(now.getTime() - 3_600_000).toISOString();

const states = [
  "confirmed",
  "pending-live",
  "pending-dead",
  "line",
  "offer-open",
  "offer-past",
  "offer-expired",
  "offer-declined",
  "cancelled",
] as const;
type State = (typeof states)[number];
const scenario = fc.record({
  capacity: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  sleepoverPlaces: fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }),
  athletes: fc.array(fc.record({ state: fc.constantFrom(...states), sleepover: fc.boolean() }), { maxLength: 6 }),
  newcomers: fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** The camp's rule of who holds a place: confirmed, awaiting a payment that can be paid, waiting with an offer open. */
const holds = (state: State) => state === "confirmed" || state === "pending-live" || state === "offer-open";
/** In line for an offer: waiting without an open offer or one that ran out (a declined one does not take it out). */
const inLine = (state: State) => state === "line" || state === "offer-declined";

/**
 * What the count answers: the places and sleepover places held, and what a newcomer may take once the line has taken
 * its share, first in line first, each athlete fitting only where both its place and (sleeping over) a sleepover place
 * are free; one that does not fit is passed.
 */
function expectedCount({ capacity, athletes }: Pick<Scenario, "capacity" | "athletes">, sleepoverCapacity: number | null = null) {
  const held = athletes.filter((athlete) => holds(athlete.state));
  const sleepovers = held.filter((athlete) => athlete.sleepover).length;
  let room = capacity === null ? null : Math.max(0, capacity - held.length);
  let sleepoverRoom = sleepoverCapacity === null ? null : Math.max(0, sleepoverCapacity - sleepovers);
  for (const athlete of athletes.filter((candidate) => inLine(candidate.state))) {
    const needsSleepover = athlete.sleepover && sleepoverRoom !== null;
    if ((room !== null && room < 1) || (needsSleepover && sleepoverRoom! < 1)) continue;
    if (room !== null) room--;
    if (needsSleepover) sleepoverRoom!--;
  }
  return { held: held.length, open: room, sleepovers, sleepoversOpen: sleepoverRoom };
}

describe.each(databaseKinds)("a camp edition's places, counted and taken, on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
    admin = await campAdminToken(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const run = (query: ReturnType<typeof sql>) => database.db.execute(query);
  const put = async (patch: Record<string, unknown>) => {
    const res = await app.inject({ method: "PUT", url: `/api/CampEdition/Put/2026/${admin}`, payload: patch });
    expect(res.statusCode, res.body).toBe(200);
  };
  const rows = async () =>
    (
      await database.db.execute<{ id: number; first_name: string; status: string; sleepover: boolean }>(
        sql`select id, first_name, status, sleepover from camp_registration_view order by id`,
      )
    ).rows;

  /**
   * Registers the athletes (no limit yet), sets the edition's limits, then puts each athlete in its state as the
   * camp's own code would leave it (after the edit: an edit sets the waiting list's job to offer what is free).
   */
  async function fill(athletes: Scenario["athletes"], limits: { capacity: number | null; sleepoverCapacity: number | null }): Promise<string[]> {
    await put({ capacity: null, sleepoverCapacity: null });
    for (const [index, athlete] of athletes.entries()) {
      expect((await postRegistration(app, draft({ firstName: `Atlet${index}`, sleepover: athlete.sleepover }))).body).toBe("Done");
    }
    await put(limits);
    await app.waitlist.drain();
    const ids = (await rows()).map((row) => Number(row.id));
    const tokens: string[] = [];
    for (const [index, { state }] of athletes.entries()) {
      const id = ids[index]!;
      const status =
        state === "confirmed" ? "confirmed" : state.startsWith("pending") ? "pending_payment" : state === "cancelled" ? state : "waiting";
      await run(
        sql`update event_orders set status = ${status}, waitlist_rank = ${status === "waiting" ? index + 1 : null}::integer where id = ${id}`,
      );
      if (state.startsWith("pending"))
        await run(
          sql`update event_payments set method = 'vipps', state = ${state === "pending-live" ? "created" : "aborted"} where order_id = ${id} and owner_kind = 'camp'`,
        );
      if (state.startsWith("offer-")) {
        const token = newOfferToken();
        const offerState = state === "offer-expired" ? "expired" : state === "offer-declined" ? "declined" : "offered";
        await run(sql`insert into event_waitlist_offers (order_id, owner_kind, token_hash, state, offered_at, expires_at)
          values (${id}, 'camp', ${offerTokenHash(token)}, ${offerState}, ${anHourAgo}::timestamptz, ${state === "offer-past" ? now.toISOString() : inADay}::timestamptz)`);
        if (state === "offer-open") tokens.push(token);
      }
    }
    return tokens;
  }

  it("the count follows the camp's rules, and what it leaves is what newcomers get, beside every open offer taken", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        await app.waitlist.drain();
        await clearCampTables(database);
        await run(sql`truncate event_waitlist_offers restart identity cascade`);
        // The edition's limits: never below what the athletes hold (as the camp's own code leaves it).
        const expected = expectedCount(s);
        const capacity = s.capacity === null ? null : Math.max(s.capacity, expected.held);
        const sleepoverCapacity =
          s.sleepoverPlaces === null ? null : Math.min(Math.max(s.sleepoverPlaces, expected.sleepovers), capacity ?? Infinity);
        const offers = await fill(s.athletes, { capacity, sleepoverCapacity });
        const model = expectedCount({ ...s, capacity }, sleepoverCapacity);

        const eventId = Number((await run(sql`select id from events where slug = 'vinterleir-2026'`)).rows[0]!.id);
        const counted = (
          await database.db.execute<{ held: number; places_open: number | null; sleepover_held: number; sleepover_open: number | null }>(
            sql`select held, places_open, sleepover_held, sleepover_open
                  from event_places_counted(${eventId}, ${capacity}::integer, ${sleepoverCapacity}::integer, ${now.toISOString()}::timestamptz)`,
          )
        ).rows[0]!;
        const orNull = (value: number | null) => (value === null ? null : Number(value));
        expect({
          held: Number(counted.held),
          open: orNull(counted.places_open),
          sleepovers: Number(counted.sleepover_held),
          sleepoversOpen: orNull(counted.sleepover_open),
        }).toEqual(model);
        const page = (await app.inject({ url: "/api/CampEdition/Current?year=2026" })).json<{
          placesLeft: number | null;
          sleepoverPlacesLeft: number | null;
        }>();
        expect(page.placesLeft).toBe(model.open);
        expect(page.sleepoverPlacesLeft).toBe(model.sleepoversOpen);

        // All at once: the newcomers register, every open offer is accepted.
        const before = new Set((await rows()).map((row) => Number(row.id)));
        const [registered, accepted] = await Promise.all([
          Promise.all(s.newcomers.map((sleepover, index) => postRegistration(app, draft({ firstName: `Ny${index}`, sleepover })))),
          Promise.all(offers.map((token) => app.inject({ method: "POST", url: `/api/Venteliste/Accept/${token}` }))),
        ]);
        for (const res of accepted) expect([res.statusCode, res.body]).toEqual([200, "Done"]);
        for (const res of registered) {
          expect([200, 409]).toContain(res.statusCode);
          if (res.statusCode === 200) expect(["Done", waitlistAnswer]).toContain(res.body);
        }

        const after = await rows();
        const newcomers = after.filter((row) => !before.has(Number(row.id)));
        const placed = newcomers.filter((row) => row.status === "confirmed");
        // The newcomers get the places the count left, no more; without a limit, none waits.
        if (model.open === null) expect(newcomers.filter((row) => row.status === "waiting")).toEqual([]);
        else {
          expect(placed.length).toBeLessThanOrEqual(model.open);
          if (newcomers.some((row) => row.status === "waiting")) expect(placed.length).toBe(model.open);
        }
        // A sleepover refused only when the newcomers had taken every sleepover place the count left open; never more.
        const sleepers = placed.filter((row) => row.sleepover).length;
        if (model.sleepoversOpen !== null) expect(sleepers).toBeLessThanOrEqual(model.sleepoversOpen);
        if (registered.some((res) => res.statusCode === 409)) expect(sleepers).toBe(model.sleepoversOpen);
        const holding = (
          await database.db.execute<{ n: number }>(sql`select count(*)::int as n from event_holders(${eventId}, ${now.toISOString()}::timestamptz)`)
        ).rows[0]!;
        if (capacity !== null) expect(Number(holding.n)).toBeLessThanOrEqual(capacity);
        // At least those who held one and the newcomers placed (the waiting list's job may have offered more, from the line).
        expect(Number(holding.n)).toBeGreaterThanOrEqual(model.held + placed.length);
      }),
      { numRuns: runs },
    );
  });
});
