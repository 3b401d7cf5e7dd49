/**
 * Orders that arrive together and do not fit wait in the order they arrived, as they would have one by one:
 * the waiting line is read by (created_at, id), and orders of one request moment share created_at, so their
 * ids must follow their arrival, not their form's random draft id.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { buildCampTestApp, campAdminToken, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { clearEvents, createPublished, grading, order, participant, postOrder, postTogether } from "../test-support/events.ts";

const now = new Date("2026-11-26T12:00:00Z");

describe.each(databaseKinds)("the waiting line of orders arriving together on %s", (kind) => {
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

  it("keeps the order they arrived in, whatever their draft ids", async () => {
    await clearEvents(database, app);
    await createPublished(app, token, "gradering", grading({ capacity: 1 }));
    expect((await postOrder(app, "gradering", order({ participants: [participant()] }))).body).toBe("Done");

    // Draft ids falling as the orders arrive: sorted by draft id they would come out reversed.
    const drafts = ["f", "c", "8", "4"].map(
      (digit) => `${digit.repeat(8)}-${digit.repeat(4)}-4${digit.repeat(3)}-a${digit.repeat(3)}-${digit.repeat(12)}`,
    );
    const bodies = drafts.map((draftId, index) => order({ draftId, participants: [participant({ firstName: `Venter${index}` })] }));
    const answers = await postTogether(app, database, "gradering", bodies);
    expect(answers.map((answer) => answer.statusCode)).toEqual(bodies.map(() => 200));

    const { rows } = await database.db.execute<{ draft_id: string; statement: string }>(
      sql`select draft_id, xmin::text as statement from event_orders where status = 'waiting' order by created_at, id`,
    );
    // They did share a statement (else this test says nothing about one).
    expect(new Set(rows.map((row) => row.statement)).size).toBeLessThan(rows.length);
    expect(rows.map((row) => row.draft_id)).toEqual(drafts);
  });
});
