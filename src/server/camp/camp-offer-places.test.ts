/**
 * «Ja takk» to a camp offer and a new registration that arrive together never sell the edition's last place
 * twice. The offer holds its place until its deadline; a registration a moment after the deadline finds the place
 * free (the offer no longer holds it, and its athlete is out of line), while an accept read a moment before it may
 * still be running. Both decide under the event row's lock (camp-places.ts), so one of them sees the other's
 * result: the accept confirms and the newcomer waits, or the newcomer gets the place and the accept finds the
 * offer gone. On PostgreSQL the accept is held at the athlete's order row (as by a slow statement) while the
 * registration arrives; PGlite serves one transaction at a time, so there the two simply follow each other.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { newOfferToken, offerTokenHash } from "../events/offer-token.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { buildCampTestApp, campAdminToken, clearCampTables, draft, postRegistration, type TestApp } from "../test-support/camp.ts";

const start = new Date("2026-11-05T10:00:00Z");
const deadline = new Date(start.getTime() + 60_000);

describe.each(databaseKinds)("an offer accepted at its deadline and a registration together on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let token: string;
  let now = start;

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
    now = start;
    await app.waitlist.drain();
    await clearCampTables(database);
    await database.db.execute(sql`truncate event_waitlist_offers restart identity cascade`);
  });

  const put = async (patch: Record<string, unknown>) => {
    const res = await app.inject({ method: "PUT", url: `/api/CampEdition/Put/2026/${token}`, payload: patch });
    expect(res.statusCode).toBe(200);
  };
  const idOf = async (firstName: string) =>
    Number((await database.db.execute<{ id: number }>(sql`select id from camp_registration_view where first_name = ${firstName}`)).rows[0]!.id);
  const statuses = async () =>
    (await database.db.execute<{ first_name: string; status: string }>(sql`select first_name, status from camp_registration_view order by id`)).rows
      .map((row) => `${row.first_name}: ${row.status}`)
      .sort();
  /** Sessions waiting for a lock, other than this one's. */
  const waitingForLocks = async () =>
    Number(
      (
        await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        )
      ).rows[0]!.n,
    );
  const until = async (condition: () => Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await condition()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  /**
   * One place, held by Anna; Vera waits. Anna's place comes free and Vera is offered it until `deadline`. Answers
   * the offer's token.
   */
  const offeredTheLastPlace = async (sleepover: boolean) => {
    await put({ capacity: 1, sleepoverCapacity: sleepover ? 1 : null });
    expect((await postRegistration(app, draft({ firstName: "Anna" }))).body).toBe("Done");
    expect((await postRegistration(app, draft({ firstName: "Vera", sleepover }))).statusCode).toBe(200);
    await app.waitlist.drain();
    const offerToken = newOfferToken();
    await database.db.execute(sql`update event_orders set status = 'cancelled', cancelled_at = ${start.toISOString()}::timestamptz
                                   where id = ${await idOf("Anna")}`);
    await database.db.execute(sql`insert into event_waitlist_offers (order_id, owner_kind, token_hash, state, offered_at, expires_at)
      values (${await idOf("Vera")}, 'camp', ${offerTokenHash(offerToken)}, 'offered', ${start.toISOString()}::timestamptz, ${deadline.toISOString()}::timestamptz)`);
    return offerToken;
  };

  /** A transaction holding `lock` until released (PostgreSQL only: PGlite serves one transaction at a time). */
  const holding = async (lock: ReturnType<typeof sql>) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = () => {};
    const taken = new Promise<void>((resolve) => (held = resolve));
    const done = database.db.transaction(async (tx) => {
      await tx.execute(lock);
      held();
      await released;
    });
    await taken;
    return async () => {
      release();
      await done;
    };
  };
  /**
   * Starts a request and, on PostgreSQL, waits until it finishes or waits for a lock (`waiters` in all). Answers
   * the request in an object: an async function answering the promise itself would wait for it.
   */
  const started = async <T>(request: Promise<T>, waiters: number): Promise<{ answer: Promise<T> }> => {
    let done = false;
    void request.then(() => (done = true));
    await until(async () => done || (kind === "postgres" && (await waitingForLocks()) >= waiters));
    return { answer: request };
  };
  const accept = (offerToken: string) => app.inject({ method: "POST", url: `/api/Venteliste/Accept/${offerToken}` });
  const expectSoldOnce = async (accepted: { statusCode: number; body: string }, registered: { statusCode: number; body: string }) => {
    expect(registered.statusCode).toBe(200);
    expect([200, 410]).toContain(accepted.statusCode);
    const placed = (await statuses()).filter((line) => line.endsWith(": confirmed"));
    // Whoever got it, the other's answer says so: Vera's «Done» and Nora waiting, or Nora's place and the offer gone.
    expect({ accepted: accepted.statusCode, placed }).toEqual(
      accepted.statusCode === 200 ? { accepted: 200, placed: ["Vera: confirmed"] } : { accepted: 410, placed: ["Nora: confirmed"] },
    );
  };

  it.each([
    ["a place", false],
    ["a place that sleeps over", true],
  ])(
    "%s is sold once: the accept, read before the deadline, is held at the athlete's order; the registration comes just after it",
    async (_, sleepover) => {
      const offerToken = await offeredTheLastPlace(sleepover);
      const release =
        kind === "postgres" ? await holding(sql`select id from event_orders where id = ${await idOf("Vera")} for no key update`) : undefined;
      now = new Date(deadline.getTime() - 1000);
      const accepting = await started(accept(offerToken), 1);
      now = new Date(deadline.getTime() + 1000);
      const registering = await started(postRegistration(app, draft({ firstName: "Nora", sleepover })), 2);
      await release?.();
      const [accepted, registered] = await Promise.all([accepting.answer, registering.answer]);
      await expectSoldOnce(accepted, registered);
    },
  );

  it.each([
    ["a place", false],
    ["a place that sleeps over", true],
  ])("%s is sold once: the registration just after the deadline decides first; the accept was read before it", async (_, sleepover) => {
    const offerToken = await offeredTheLastPlace(sleepover);
    // PostgreSQL: the registration, having counted under the lock, waits to write its charges; the accept waits for the lock.
    const release = kind === "postgres" ? await holding(sql`lock table event_ledger_entries in share mode`) : undefined;
    now = new Date(deadline.getTime() + 1000);
    const registering = await started(postRegistration(app, draft({ firstName: "Nora", sleepover })), 1);
    // The click came before the deadline (on PGlite the registration has finished: the accept simply comes later).
    if (kind === "postgres") now = new Date(deadline.getTime() - 1000);
    const accepting = await started(accept(offerToken), 2);
    now = new Date(deadline.getTime() + 2000);
    await release?.();
    const [accepted, registered] = await Promise.all([accepting.answer, registering.answer]);
    await expectSoldOnce(accepted, registered);
  });
});
