import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configuredAccountName } from "../admin-auth/camp-account.ts";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventLedgerEntries } from "../db/schema/events-money.ts";
import { eventOrders, eventWaitlistOffers } from "../db/schema/events-orders.ts";
import { newOfferToken, offerTokenHash } from "../events/offer-token.ts";
import { buildCampTestApp, campAdminToken, companion, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { createPublished, eventIdOf, grading, order, participant, postOrder } from "../test-support/events.ts";
import { anonymisedName } from "./camp-retention.ts";
import { readCampCompanions } from "../camp/camp-companion-rows.ts";

const now = new Date("2026-10-15T10:00:00Z");

/**
 * A camp registration's rows in the tables it shares with the events: its export holds what the camp's door
 * and waiting list keep about it (event_checkin_actions, event_waitlist_offers), as an event order's part of an
 * export does; and the ledger's reasons can name a person («Ledsager Kåre Ledsagersen lagt til av
 * leirledelsen.»), so anonymising a registration takes those names out, as an event order's does.
 */
describe.each(databaseKinds)("a camp registration's rows in the tables shared with the events, on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
    token = await campAdminToken(app);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("lists every door action (who, what, which day, what was paid, by whom) and every waiting-list offer in Norwegian", async () => {
    const email = "dora.dorsen@example.no";
    const body = draft({
      firstName: "Dora",
      lastName: "Dørsen",
      email,
      hasLedsager: true,
      ledsagere: [companion({ firstName: "Kåre", lastName: "Ledsagersen" })],
    });
    expect((await postRegistration(app, body)).body).toBe("Done");
    const [registration] = await database.db.select().from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
    const [ledsager] = await readCampCompanions(database.db, registration!.id);
    const act = async (action: Record<string, unknown>) => {
      const res = await app.inject({
        method: "POST",
        url: `/api/VinterleirAdmin/CheckIn/Action/${token}`,
        payload: { actionId: randomUUID(), ...action },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await act({ kind: "checkin", personId: `a${registration!.id}`, day: "2026-11-28" });
    await act({ kind: "checkin", personId: `c${ledsager!.id}`, day: "2026-11-28" });
    await act({ kind: "undo-checkin", personId: `c${ledsager!.id}`, day: "2026-11-28" });
    await act({ kind: "payment", personId: `a${registration!.id}`, amount: 200, method: "cash", day: "2026-11-28" });
    const expiresAt = new Date(now.getTime() + 48 * 3600_000);
    await database.db.insert(eventWaitlistOffers).values({
      orderId: registration!.id,
      ownerKind: "camp",
      tokenHash: offerTokenHash(newOfferToken()),
      state: "accepted",
      offeredAt: now,
      expiresAt,
      endedAt: now,
    });

    const at = now.toISOString();
    const door = [
      { at, what: "Innsjekking", participant: "Dora Dørsen", day: "2026-11-28", amount: null, by: configuredAccountName },
      { at, what: "Innsjekking", participant: "Kåre Ledsagersen", day: "2026-11-28", amount: null, by: configuredAccountName },
      { at, what: "Angret innsjekking", participant: "Kåre Ledsagersen", day: "2026-11-28", amount: null, by: configuredAccountName },
      { at, what: "Betaling", participant: "Dora Dørsen", day: "2026-11-28", amount: 200, by: configuredAccountName },
    ];
    const offers = [{ state: "Takket ja", offeredAt: at, expiresAt: expiresAt.toISOString(), endedAt: at }];

    const own = (await app.inject({ url: `/api/VinterleirAdmin/PersonExport/${registration!.id}/${token}` })).json();
    expect(own.checkins).toEqual(door);
    expect(own.waitlistOffers).toEqual(offers);

    // The same part in the export from an event order of the same address.
    await createPublished(app, token, "gradering-oktober", grading({ registrationOpensAt: "2026-10-01T08:00:00+02:00" }));
    expect(
      (
        await postOrder(
          app,
          "gradering-oktober",
          order({ contact: { firstName: "Dora", lastName: "Dørsen", email, telephone: "91234567" }, participants: [participant()] }),
        )
      ).body,
    ).toBe("Done");
    const [{ orderId }] = (await database.db
      .select({ orderId: eventOrders.orderId })
      .from(eventOrders)
      .where(eq(eventOrders.eventId, await eventIdOf(database, "gradering-oktober")))) as [{ orderId: string }];
    const fromOrder = (await app.inject({ url: `/api/ArrangementAdmin/PersonExport/${orderId}/${token}` })).json();
    expect(fromOrder.campRegistrations).toEqual([expect.objectContaining({ checkins: door, waitlistOffers: offers })]);
  });

  it("keeps every amount and reason but no companion's name", async () => {
    const body = draft({ firstName: "Frida", lastName: "Glemmesen", email: "frida@example.no" });
    expect((await postRegistration(app, body)).body).toBe("Done");
    const [registration] = await database.db.select().from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
    const id = registration!.id;
    const added = await app.inject({
      method: "POST",
      url: `/api/VinterleirAdmin/AddCompanion/${id}/${token}`,
      payload: { ...companion({ firstName: "Kåre", lastName: "Ledsagersen", id: randomUUID() }), alreadyRegistered: false },
    });
    expect(added.statusCode, added.body).toBe(200);
    const reasons = async () =>
      (await database.db.select().from(eventLedgerEntries).where(eq(eventLedgerEntries.orderId, id))).map((entry) => [entry.amount, entry.reason]);
    const before = await reasons();
    expect(before.map(([, reason]) => reason)).toContain("Ledsager Kåre Ledsagersen lagt til av leirledelsen.");

    expect((await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Forget/${id}/${token}` })).statusCode).toBe(200);
    const after = await reasons();
    expect(after.map(([amount]) => amount)).toEqual(before.map(([amount]) => amount));
    expect(after.map(([, reason]) => reason)).toContain(`Ledsager ${anonymisedName} lagt til av leirledelsen.`);
    const history = (await app.inject({ url: `/api/VinterleirAdmin/Ledger/${id}/${token}` })).body;
    for (const name of ["Kåre", "Ledsagersen", "Frida", "Glemmesen"]) {
      expect(JSON.stringify(after)).not.toContain(name);
      expect(history).not.toContain(name);
    }
  });
});
