import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventLedgerEntries } from "../db/schema/events.ts";
import { buildCampTestApp, campAdminToken, companion, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { anonymisedName } from "./retention.ts";

const now = new Date("2026-10-15T10:00:00Z");

/**
 * The camp's ledger lives in the events' table, whose reasons can name a person («Ledsager Kåre Ledsagersen
 * lagt til av leirledelsen.»): anonymising a registration takes those names out, as an event order's does.
 */
describe.each(databaseKinds)("a camp registration's ledger when it is anonymised on %s", (kind) => {
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
      (await database.db.select().from(eventLedgerEntries).where(eq(eventLedgerEntries.campRegistrationId, id))).map((entry) => [
        entry.amount,
        entry.reason,
      ]);
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
