/**
 * An order the database cannot store must be refused before it joins the orders that arrive with it: a failed
 * statement is written again order by order, so one such order sent with others costs them their shared
 * statement, and its sender got a 500. A club or grade id beyond the column's integer range is one.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { buildCampTestApp, campAdminToken, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { clearEvents, createPublished, grading, order, participant, postTogether } from "../test-support/events.ts";

const now = new Date("2026-11-26T12:00:00Z");

describe.each(databaseKinds)("an order with an id beyond the integer range on %s", (kind) => {
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

  it("is refused (400) and does not break the statement of those arriving with it", async () => {
    await clearEvents(database, app);
    await createPublished(app, token, "gradering", grading({ capacity: 10, homeClubOnly: false }));
    const bodies = [
      order({ participants: [participant({ firstName: "Ola" })] }),
      order({ participants: [participant({ firstName: "Stor", clubId: 2 ** 31 })] }),
      order({ participants: [participant({ firstName: "Kari" })] }),
    ];
    const answers = await postTogether(app, database, "gradering", bodies);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 400, 200]);
    const { rows } = await database.db.execute<{ statement: string }>(sql`select xmin::text as statement from event_orders`);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.statement)).size).toBe(1);
  });
});
