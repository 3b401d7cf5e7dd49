/**
 * A camp athlete's companions and the events' positions share one table (migration 0044). Whatever the camp
 * does by a companion's id (the door's `c{id}`, the family's `companion-{id}`, the leader's removal) must not
 * reach an event's position, and whatever the events do by their orders must not reach a companion, here
 * where a camp registration and an event order have the same row id.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventDoorListSchema } from "../../shared/events/event-door.ts";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventCheckinActions } from "../db/schema/events-checkin.ts";
import { eventOrders, eventPositions } from "../db/schema/events-orders.ts";
import { blankEventOrders } from "../privacy/event-retention.ts";
import { anonymisedName, anonymiseRegistrations } from "../privacy/camp-retention.ts";
import { buildCampTestApp, campAdminToken, companion, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { createPublished, grading, order, participant, postOrder } from "../test-support/events.ts";
import { readCampCompanions } from "./camp-companion-rows.ts";
import { createMailLink } from "./camp-personal-link.ts";

const now = new Date("2026-10-15T10:00:00Z");
const slug = "gradering-oktober";

describe.each(databaseKinds)("a companion and an event's positions kept apart in one table on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let token: string;
  let registrationId: number;
  let orderRowId: number;
  let companionId: number;
  let eventPositionIds: number[];

  const eventPositionsNow = () =>
    database.db
      .select()
      .from(eventPositions)
      .where(eq(eventPositions.ownerKind, "order"))
      .orderBy(sql`${eventPositions.id}`);
  const eventDoor = async () => EventDoorListSchema.parse((await app.inject({ url: `/api/ArrangementInnsjekk/Get/${slug}/${token}` })).json());

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
    token = await campAdminToken(app);
    const body = draft({ hasLedsager: true, ledsagere: [companion({ firstName: "Kåre", lastName: "Ledsagersen" })] });
    expect((await postRegistration(app, body)).body).toBe("Done");
    [{ id: registrationId }] = (await database.db
      .select({ id: campRegistrations.id })
      .from(campRegistrations)
      .where(eq(campRegistrations.draftId, body.draftId))) as [{ id: number }];
    companionId = (await readCampCompanions(database.db, registrationId))[0]!.id;
    await createPublished(app, token, slug, grading({ registrationOpensAt: "2026-10-01T08:00:00+02:00", capacity: 5 }));
    const two = order({ participants: [participant(), participant({ firstName: "Emma" })] });
    expect((await postOrder(app, slug, two)).body).toBe("Done");
    [{ id: orderRowId }] = (await database.db.select({ id: eventOrders.id }).from(eventOrders)) as [{ id: number }];
    eventPositionIds = (await eventPositionsNow()).map((row) => row.id);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("the registration and the order share a row id, and the companion's id is none of the event's positions'", () => {
    expect(orderRowId).toBe(registrationId);
    expect(eventPositionIds).toHaveLength(2);
    expect(eventPositionIds).not.toContain(companionId);
  });

  it("the camp's door, the family's link and the leader cannot name an event's position as a companion", async () => {
    const before = await eventPositionsNow();
    const link = await createMailLink(database.db, registrationId, now);
    for (const id of eventPositionIds) {
      for (const action of ["checkin", "payment"] as const) {
        const res = await app.inject({
          method: "POST",
          url: `/api/VinterleirAdmin/CheckIn/Action/${token}`,
          payload: { actionId: randomUUID(), kind: action, personId: `c${id}`, day: "2026-11-28", ...(action === "payment" ? { amount: 100 } : {}) },
        });
        expect(res.statusCode, res.body).toBe(404);
      }
      const cancel = await app.inject({ method: "POST", url: `/api/MinPamelding/Cancel/${link}`, payload: { person: `companion-${id}` } });
      expect(cancel.statusCode, cancel.body).toBe(404);
      const remove = await app.inject({
        method: "POST",
        url: `/api/VinterleirAdmin/RemoveCompanion/${registrationId}/${token}`,
        payload: { companionId: id },
      });
      expect(remove.statusCode, remove.body).toBe(404);
    }
    expect(await eventPositionsNow()).toEqual(before);
    expect(await database.db.select().from(eventCheckinActions)).toEqual([]);
    // The camp's lists hold the camp's companion only; the event's door its order's two participants only.
    const persons = (await app.inject({ url: `/api/VinterleirAdmin/Get/${token}` })).json() as { isLedsager: boolean; companionId?: number }[];
    expect(persons.filter((person) => person.isLedsager).map((person) => person.companionId)).toEqual([companionId]);
    expect((await eventDoor()).entries.map((entry) => entry.persons.map((person) => person.position))).toEqual([[0, 1]]);
  });

  it("blanking the event order leaves the companion as it was, and anonymising the registration leaves the event's positions", async () => {
    const [kare] = await readCampCompanions(database.db, registrationId);
    await database.db.transaction((tx) => blankEventOrders(tx, eq(eventOrders.id, orderRowId), now));
    expect(await readCampCompanions(database.db, registrationId)).toEqual([kare]);

    const blanked = await eventPositionsNow();
    await anonymiseRegistrations(database.db, { registrationIds: [registrationId] }, now);
    expect(await eventPositionsNow()).toEqual(blanked);
    expect(await readCampCompanions(database.db, registrationId)).toEqual([
      expect.objectContaining({ id: companionId, firstName: anonymisedName, lastName: anonymisedName, telephone: "", email: "", clientId: "" }),
    ]);
  });
});
