import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { buildCampTestApp, campAdminToken, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { createPublished, grading, order, participant, postOrder } from "../test-support/events.ts";

/**
 * A new registration for an event with a capacity is stored confirmed or waiting by its own statement
 * (event-order-statement.ts). Whatever orders and offers the event already holds, that decision must be the
 * one the waiting list's rules give, written here once more in plain TypeScript: places held by confirmed
 * orders, by orders waiting for Vipps and by waiting orders with an offer open now; the line (waiting orders
 * without an open or expired offer) served first, each order that fits taking its places; the newcomer
 * confirmed only if it fits in what is left.
 */
const now = new Date("2026-11-26T12:00:00Z");
const offerStates = ["none", "open", "past-deadline", "expired", "declined", "accepted", "withdrawn"] as const;
const existingOrder = fc.record({
  status: fc.constantFrom("confirmed", "pending_payment", "waiting", "cancelled"),
  places: fc.integer({ min: 1, max: 3 }),
  offer: fc.constantFrom(...offerStates),
});
const scenario = fc.record({
  capacity: fc.integer({ min: 1, max: 6 }),
  orders: fc.array(existingOrder, { maxLength: 7 }),
  newcomer: fc.integer({ min: 1, max: 3 }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** The model: the places a new order may take after what is held and what the waiting line takes first. */
function expectedOpen({ capacity, orders }: Scenario): number {
  // An offer on a confirmed or cancelled order is left over from the waiting list: it neither holds places
  // nor puts the order in line (both rules look at waiting orders only).
  const holds = (o: Scenario["orders"][number]) =>
    o.status === "confirmed" || o.status === "pending_payment" || (o.status === "waiting" && o.offer === "open");
  const taken = orders.filter(holds).reduce((sum, o) => sum + o.places, 0);
  const line = orders.filter((o) => o.status === "waiting" && !["open", "past-deadline", "expired"].includes(o.offer));
  // The rule of the line: going through it, each order whose size fits what is still free takes it.
  let left = Math.max(0, capacity - taken);
  for (const o of line) if (o.places <= left) left -= o.places;
  return left;
}

const expectedToWait = (s: Scenario) => s.newcomer > expectedOpen(s);

describe.each(databaseKinds)("a new registration's place on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  const slug = "gradering-plasser";

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
    await createPublished(app, await campAdminToken(app), slug, grading({ capacity: 1 }));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("is the waiting list's decision, and the page's count: confirmed when it fits after the line, else waiting whole", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const db = database.db;
        // The last run's order kicked the outbox and the waiting list's job: let them finish first, or on PostgreSQL
        // their reads and the truncate below can wait for each other's locks (40P01).
        await app.outbox.drain();
        await app.waitlist.drain();
        await db.execute(
          sql`truncate event_waitlist_offers, event_ledger_entries, event_payments, event_positions, event_orders, mail_outbox restart identity cascade`,
        );
        // The capacity straight in the stored definition, as a leader's save would leave it.
        await db.execute(sql`update events set definition = jsonb_set(definition, '{capacity}', to_jsonb(${s.capacity}::int)) where slug = ${slug}`);
        for (const [index, o] of s.orders.entries()) {
          const created = new Date(now.getTime() - (s.orders.length - index) * 60_000).toISOString();
          const inserted = await db.execute<{ id: number }>(sql`insert into event_orders
              (event_id, order_id, draft_id, status, method, first_name, last_name, email, telephone, amount, places, created_at)
            select id, ${`GR26-T${index}`}, ${`draft-${index}`}, ${o.status}, 'card_cash', 'Eksisterende', 'Nordmann', 'e@example.no', '91234567', 350 * ${o.places}::int, ${o.places}::int, ${created}::timestamptz
              from events where slug = ${slug} returning id`);
          if (o.offer === "none") continue;
          const state = o.offer === "open" || o.offer === "past-deadline" ? "offered" : o.offer;
          const expires = new Date(now.getTime() + (o.offer === "past-deadline" ? -60_000 : 3_600_000)).toISOString();
          await db.execute(sql`insert into event_waitlist_offers (order_id, token_hash, state, offered_at, expires_at)
            values (${Number(inserted.rows[0]!.id)}, ${`hash-${index}`}, ${state}, ${created}::timestamptz, ${expires}::timestamptz)`);
        }
        // The page asks the database the same count the order's statement decides by.
        const page = (await app.inject({ url: `/api/Arrangement/Get/${slug}` })).json() as { placesLeft: number | null };
        expect(page.placesLeft).toBe(expectedOpen(s));
        const names = ["Ny", "Nyere", "Nyest"].slice(0, s.newcomer);
        const res = await postOrder(app, slug, order({ participants: names.map((firstName) => participant({ firstName })) }));
        expect(res.body).toBe(expectedToWait(s) ? "Venteliste" : "Done");
        const [stored] = (
          await db.execute<{ status: string; charges: number; link: boolean }>(sql`select o.status,
              (select count(*)::int from event_ledger_entries l where l.order_id = o.id) as charges, exists (select 1 from family_links f where f.order_id = o.id) as link
            from event_orders o where o.first_name = 'Kari' `)
        ).rows;
        // A waiting order is stored whole, without charges or a personal link; a confirmed one with both.
        expect([stored!.status, Number(stored!.charges), stored!.link === true || String(stored!.link) === "t"]).toEqual(
          expectedToWait(s) ? ["waiting", 0, false] : ["confirmed", s.newcomer, true],
        );
      }),
      // A quick pass in `npm test`; `npm run test:properties` (in .ci/run) runs 40.
      { numRuns: Number(process.env.PLACES_RUNS ?? 10) },
    );
  });
});
