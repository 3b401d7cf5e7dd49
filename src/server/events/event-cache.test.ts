import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { buildCampTestApp, campAdminToken, countRows, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { clearEvents, createPublished, grading, order, participant, postOrder, sale } from "../test-support/events.ts";

const now = new Date("2026-11-26T12:00:00Z");

/**
 * An order reads its event from memory when it was read a moment ago (event-cache.ts). Here another process
 * changes the event behind this one's back (a direct update, so this process is not told): the next order
 * must still follow the event as it is published now, on each of the write's paths (no capacity: the
 * statement alone; a capacity: under the event's lock; a sale: after its stock).
 */
describe.each(databaseKinds)("orders after another process changed the event, on %s", (kind) => {
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
    await clearEvents(database, app);
  });

  const amounts = async () =>
    (await database.db.execute<{ amount: number }>(sql`select amount from event_orders order by id`)).rows.map((row) => Number(row.amount));
  const setDefinition = (path: string, value: unknown) =>
    database.db.execute(sql`update events set definition = jsonb_set(definition, ${`{${path}}`}::text[], ${JSON.stringify(value)}::jsonb)`);
  const one = (firstName: string) => order({ participants: [participant({ firstName })] });

  it("charges the fee another process has just set, though this one read the older fee a moment ago", async () => {
    await createPublished(app, token, "gradering-desember", grading({ capacity: null }));
    expect((await postOrder(app, "gradering-desember", one("Ola"))).body).toBe("Done");
    await setDefinition("price", 400);
    expect((await postOrder(app, "gradering-desember", one("Per"))).body).toBe("Done");
    expect(await amounts()).toEqual([350, 400]);
  });

  it("puts the order on the waiting list once another process has lowered the capacity", async () => {
    await createPublished(app, token, "gradering-desember", grading({ capacity: 5 }));
    expect((await postOrder(app, "gradering-desember", one("Ola"))).body).toBe("Done");
    await setDefinition("capacity", 1);
    expect((await postOrder(app, "gradering-desember", one("Per"))).body).toBe("Venteliste");
  });

  it("charges a sale's new price and takes its stock once", async () => {
    await createPublished(app, token, "klubbtoy", sale(5));
    const tshirt = () => order({ items: [{ itemId: "t-skjorte", variant: "M", quantity: 1 }] });
    expect((await postOrder(app, "klubbtoy", tshirt())).body).toBe("Done");
    await setDefinition("items,0,price", 250);
    expect((await postOrder(app, "klubbtoy", tshirt())).body).toBe("Done");
    expect(await amounts()).toEqual([200, 250]);
    const stock = await database.db.execute<{ stock: number }>(sql`select stock from event_stock where item_id = 't-skjorte' and variant = 'M'`);
    expect(Number(stock.rows[0]!.stock)).toBe(3);
  });

  it("refuses, and stores nothing, once another process has taken the event off the site", async () => {
    await createPublished(app, token, "gradering-desember", grading({ capacity: null }));
    expect((await postOrder(app, "gradering-desember", one("Ola"))).body).toBe("Done");
    await database.db.execute(sql`update events set published_at = null`);
    const refused = await postOrder(app, "gradering-desember", one("Per"));
    expect(refused.statusCode, refused.body).toBe(404);
    expect(await countRows(database, "event_orders")).toBe(1);
  });
});
