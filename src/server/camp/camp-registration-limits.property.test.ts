/**
 * Registrations for an edition with a capacity that arrive at the same moment share one count of the places
 * and one statement (camp-registration-within-limits.ts); one that finds no place there is decided alone. In
 * whatever order they are served, the result must be one the rules allow: never more places taken than the
 * capacity, nor more sleepovers than the sleepover places; nobody waiting while a place is free; a sleepover
 * refused only when the sleepover places are all taken; each draft stored once. LIMITS_BATCH_RUNS sets how
 * many random arrivals are tried (default 3 per database; `npm run test:properties` 40).
 */
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { buildCampTestApp, campAdminToken, clearCampTables, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import { waitlistAnswer } from "../../shared/camp/camp-waitlist.ts";
import { placesBatcher } from "./camp-registration-within-limits.ts";
import { sendHeld } from "../test-support/held-batch.ts";

const runs = Number(process.env.LIMITS_BATCH_RUNS ?? 3);
const now = new Date("2026-11-05T10:00:00Z");

const scenario = fc.record({
  capacity: fc.integer({ min: 1, max: 12 }),
  sleepoverPlaces: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }),
  arrivals: fc.array(fc.record({ sleepover: fc.boolean(), twice: fc.boolean() }), { minLength: 3, maxLength: 16 }),
});

describe.each(databaseKinds)("registrations arriving together within a capacity on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
    token = await campAdminToken(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  beforeEach(async () => {
    await app.waitlist.drain();
  });

  const put = async (patch: Record<string, unknown>) => {
    const res = await app.inject({ method: "PUT", url: `/api/CampEdition/Put/2026/${token}`, payload: patch });
    expect(res.statusCode).toBe(200);
  };

  it("never more than the places, nobody waiting while one is free, and they share counts", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, fc.boolean(), async ({ capacity, sleepoverPlaces, arrivals }, together) => {
        // The previous run's waiting registrations kicked the waiting list's job: let it finish first, or on
        // PostgreSQL its reads and the truncate below can deadlock (40P01).
        await app.waitlist.drain();
        await clearCampTables(database);
        await database.db.execute(sql`truncate event_waitlist_offers restart identity cascade`);
        // The edition refuses more sleepover places than places.
        const sleepoverCapacity = sleepoverPlaces === null ? null : Math.min(sleepoverPlaces, capacity);
        await put({ capacity, sleepoverCapacity });
        const drafts = arrivals.map((arrival, index) => draft({ firstName: `Samtidig${index}`, sleepover: arrival.sleepover }));
        const bodies = drafts.flatMap((body, index) => (arrivals[index]!.twice ? [body, body] : [body]));
        const sends = bodies.map((body) => () => postRegistration(app, body));
        const answers = together ? await sendHeld(placesBatcher(database.db, 2026), sends) : await Promise.all(sends.map((send) => send()));
        for (const answer of answers) {
          expect([200, 409]).toContain(answer.statusCode);
          if (answer.statusCode === 200) expect(["Done", waitlistAnswer]).toContain(answer.body);
        }

        const rows = await database.db
          .select({ draftId: campRegistrations.draftId, status: campRegistrations.status, sleepover: campRegistrations.sleepover })
          .from(campRegistrations);
        // Each draft once; a refused sleepover stores nothing.
        expect(new Set(rows.map((row) => row.draftId)).size).toBe(rows.length);
        const refused = new Set(bodies.filter((_, index) => answers[index]!.statusCode === 409).map((body) => body.draftId));
        expect(rows.map((row) => row.draftId).sort()).toEqual(
          drafts
            .map((body) => body.draftId)
            .filter((id) => !refused.has(id))
            .sort(),
        );

        const placed = rows.filter((row) => row.status === "confirmed");
        const waiting = rows.filter((row) => row.status === "waiting");
        expect(placed.length + waiting.length).toBe(rows.length);
        expect(placed.length).toBeLessThanOrEqual(capacity);
        if (waiting.length > 0) expect(placed.length).toBe(capacity);
        const sleepers = placed.filter((row) => row.sleepover).length;
        if (sleepoverCapacity !== null) expect(sleepers).toBeLessThanOrEqual(sleepoverCapacity);
        // A sleepover is refused only when every sleepover place is taken (places are only ever taken here).
        if (refused.size > 0) expect(sleepers).toBe(sleepoverCapacity);

        // Held, they waited for one count together.
        if (together && placed.length >= 2) {
          const transactions = await database.db.execute<{ n: number }>(
            sql`select count(distinct xmin::text)::int as n from event_orders where id in (select id from camp_registration_view) and status = 'confirmed'`,
          );
          expect(Number(transactions.rows[0]!.n)).toBeLessThan(placed.length);
        }
      }),
      { numRuns: runs, examples: [[{ capacity: 3, sleepoverPlaces: 1, arrivals: Array(5).fill({ sleepover: true, twice: false }) }, true]] },
    );
  });
});
