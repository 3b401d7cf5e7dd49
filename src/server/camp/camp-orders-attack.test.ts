/**
 * A camp registration is an order of its edition's event (camp-registration-rows.ts). What the move onto the
 * engine's tables must not have changed: a retried draft is the same draft whatever the case of its id (the
 * registrations' draft id was a uuid column, compared as a uuid), and the camp's one writer of registrations
 * never changes an event's order of the same table, whatever id it is handed.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { buildCampTestApp, campAdminToken, clearCampTables, countRows, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { createPublished, eventIdOf, grading, order, participant, postOrder } from "../test-support/events.ts";
import { updateCampRegistrations } from "./camp-registration-rows.ts";

const now = new Date("2026-10-15T10:00:00Z");

describe.each(databaseKinds)("camp registrations as orders, attacked, on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
    token = await campAdminToken(app);
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  beforeEach(async () => {
    await app.outbox.drain();
    await clearCampTables(database);
  });

  it("recognises a retried draft whatever the case of its id: one registration, one payment", async () => {
    const body = draft({ vipps: false });
    expect((await postRegistration(app, { ...body, draftId: body.draftId.toUpperCase() })).body).toBe("Done");
    expect((await postRegistration(app, { ...body, draftId: body.draftId.toLowerCase() })).body).toBe("Done");
    expect(await countRows(database, "camp_registration_view")).toBe(1);
    expect(await countRows(database, "event_payments")).toBe(1);
    const [row] = await database.db.select({ draftId: campRegistrations.draftId }).from(campRegistrations);
    // Stored as the uuid column gave it back: in small letters.
    expect(row!.draftId).toBe(body.draftId.toLowerCase());
  });

  it("never changes an event's order, even when handed its row id", async () => {
    const slug = "gradering-angrep";
    await createPublished(app, token, slug, grading({ registrationOpensAt: "2026-10-01T08:00:00+02:00" }));
    const contact = { firstName: "Eva", lastName: "Arrangement", email: "eva@example.no", telephone: "91234567" };
    expect((await postOrder(app, slug, order({ contact, participants: [participant()] }))).body).toBe("Done");
    const [before] = await database.db
      .select()
      .from(eventOrders)
      .where(eq(eventOrders.eventId, await eventIdOf(database, slug)));
    const changed = await updateCampRegistrations(database.db, before!.id, { status: "cancelled", cancelledAt: now, email: "", telephone: "" });
    expect(changed).toEqual([]);
    const [after] = await database.db.select().from(eventOrders).where(eq(eventOrders.id, before!.id));
    expect(after).toEqual(before);
  });
});
