/**
 * The batch of registrations within an edition's limits (camp-registration-within-limits.ts) where the property
 * test does not look: an order id drawn twice in one batch, and Vipps registrations arriving together while
 * someone holds an open offer and others are in line.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { campPaymentColumns } from "../payments/camp-payment-rows.ts";
import { eventPayments } from "../db/schema/events-money.ts";
import { eventWaitlistOffers } from "../db/schema/events-orders.ts";
import { referenceData } from "../db/reference-data.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { buildCampTestApp, campAdminToken, clearCampTables, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import { campEditionFromData } from "../../shared/camp/camp-edition-data.ts";
import { CampRegistrationSchema } from "../../shared/camp/camp-registration.ts";
import { calculateCampPrice } from "../../shared/camp/camp-pricing.ts";
import { registrationEdition } from "./camp-edition-cache.ts";
import { paymentMethodFor, writeRegistration } from "./camp-registration-write.ts";
import { campRegistrationWithTotal } from "./camp-receipt.ts";

const now = new Date("2026-11-05T10:00:00Z");

describe.each(databaseKinds)("registrations within limits on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, {
      clock: () => now,
      payments: { available: true, createPaymentRedirect: async (registration) => `https://pay.example/${registration.paymentReference}` },
    }));
    token = await campAdminToken(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  beforeEach(async () => {
    await app.waitlist.drain();
    await clearCampTables(database);
    await database.db.execute(sql`truncate event_waitlist_offers restart identity cascade`);
  });

  const put = async (patch: Record<string, unknown>) => {
    const res = await app.inject({ method: "PUT", url: `/api/CampEdition/Put/2026/${token}`, payload: patch });
    expect(res.statusCode).toBe(200);
  };

  const writeOne = async (firstName: string, orderId: string, limits?: { capacity: number | null; sleepoverCapacity: number | null }) => {
    const edition = (await registrationEdition(database.db, 2026, now, { fresh: true }))!;
    const { grades } = await referenceData(database.db);
    const registration = CampRegistrationSchema.parse(draft({ firstName }));
    const price = calculateCampPrice(registration, { edition: campEditionFromData(edition.data), at: now, grades });
    return writeRegistration(database.db, {
      registration,
      price,
      method: paymentMethodFor(price.total, false),
      editionYear: 2026,
      editionFingerprint: edition.fingerprint,
      orderId,
      status: "confirmed",
      now,
      ...(limits ? { limits } : {}),
    });
  };

  // The statement ties each child row to its registration by order id: two drafts with one order id in a batch
  // would share a registration's id and rows. The children's unique keys (a price line's position, a payment's
  // reference) fail such a batch, and the batcher then writes each alone, where the second finds its id taken.
  it("two drafts that drew the same order id in one batch: one is written, the other told to draw again", async () => {
    await put({ capacity: 10, sleepoverCapacity: null });
    const limits = { capacity: 10, sleepoverCapacity: null };
    const results = await Promise.all([
      writeOne("Kari", "VL26-AAAAAA", limits),
      writeOne("Per", "VL26-AAAAAA", limits),
      writeOne("Ola", "VL26-BBBBBB", limits),
    ]);
    const ids = results.map((result) => result?.id);
    expect(ids.filter((id) => id !== undefined)).toHaveLength(2);
    expect(new Set(ids.filter((id) => id !== undefined)).size).toBe(2);
    const rows = await database.db.select(campRegistrationWithTotal).from(campRegistrations);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const [payment, ...more] = await database.db.select(campPaymentColumns).from(eventPayments).where(eq(eventPayments.orderId, row.id));
      expect(more).toHaveLength(0);
      expect(payment!.amount).toBe(row.total);
    }
  });

  const statuses = async () =>
    (
      await database.db.execute<{ status: string; n: number }>(
        sql`select status, count(*)::int as n from camp_registration_view group by status order by status`,
      )
    ).rows.map((row) => `${row.status}:${Number(row.n)}`);

  it("Vipps and card together, with an open offer and people in line: only the free places are given", async () => {
    await put({ capacity: 2, sleepoverCapacity: null });
    for (const name of ["A", "B", "C", "D"]) expect((await postRegistration(app, draft({ firstName: name }))).statusCode).toBe(200);
    await app.waitlist.drain();
    // One more place: C is offered it (held while open); D is still in line.
    await put({ capacity: 3 });
    await app.waitlist.drain();
    expect(await database.db.select().from(eventWaitlistOffers)).toHaveLength(1);
    const full = await Promise.all(["E", "F", "G"].map((name, index) => postRegistration(app, draft({ firstName: name, vipps: index % 2 === 0 }))));
    expect(full.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(await statuses()).toEqual(["confirmed:2", "waiting:5"]);
    // Three places more: D, E, F and G are in line for them first.
    await put({ capacity: 6 });
    const more = await Promise.all(
      ["H", "I", "J", "K"].map((name, index) => postRegistration(app, draft({ firstName: name, vipps: index % 2 === 0 }))),
    );
    expect(more.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await statuses()).toEqual(["confirmed:2", "waiting:9"]);
    await app.waitlist.drain();
    // Two places beyond those in line: two of the four new get them, paying by Vipps or not.
    await put({ capacity: 13 });
    const last = await Promise.all(
      ["L", "M", "N", "O"].map((name, index) => postRegistration(app, draft({ firstName: name, vipps: index % 2 === 0 }))),
    );
    expect(last.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const newest = await database.db.execute<{ status: string }>(
      sql`select status from camp_registration_view where first_name in ('L', 'M', 'N', 'O')`,
    );
    expect(newest.rows.filter((row) => row.status !== "waiting")).toHaveLength(2);
    await app.waitlist.drain();
  });
});
