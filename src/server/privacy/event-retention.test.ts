import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { eventLedgerEntries } from "../db/schema/events-money.ts";
import { buildCampTestApp, campAdminToken, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { createPublished, grading, order, participant, postOrder, sale } from "../test-support/events.ts";
import { anonymiseEndedEvents } from "./event-retention.ts";

describe.each(databaseKinds)("an ended event's ledger labels on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let token: string;
  const now = new Date("2026-11-26T12:00:00Z");

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
    token = await campAdminToken(app);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("blanks the participant's name in a charge's label and keeps a sale line whole, also when its item's name holds «: »", async () => {
    const gear = { ...sale(), items: [{ id: "genser", name: "Genser: barn", price: 300, variants: [{ id: "M", stock: 3 }] }] };
    await createPublished(app, token, "klubbtoy", gear);
    await createPublished(app, token, "gradering-desember", grading());
    expect((await postOrder(app, "klubbtoy", order({ items: [{ itemId: "genser", variant: "M", quantity: 2 }] }))).body).toBe("Done");
    expect((await postOrder(app, "gradering-desember", order({ participants: [participant()] }))).body).toBe("Done");
    const labels = async () =>
      (await database.db.select({ label: eventLedgerEntries.label }).from(eventLedgerEntries).orderBy(asc(eventLedgerEntries.id))).map(
        (row) => row.label,
      );
    expect(await labels()).toEqual(["2 × Genser: barn (M)", "Gradering: Ola Nordmann"]);

    // Both events ended more than 30 days before.
    expect(await anonymiseEndedEvents(database.db, new Date("2027-01-20T12:00:00Z"), 30)).toBe(2);
    expect(await labels()).toEqual(["2 × Genser: barn (M)", "Gradering: Anonymisert"]);
  });
});
