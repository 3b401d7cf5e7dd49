/**
 * Orders of one event that arrive at the same moment share one statement (event-order-statement.ts), whose
 * database function walks them oldest first. Whatever arrives together, the outcome must be one a walk one
 * order at a time could give: places never given beyond the capacity, and an order left waiting only when it
 * did not fit what was left; stock never sold below zero, and an order refused only for a line that was short.
 * Each order keeps its own participants, lines and charges. A run either lets the orders meet the statement as
 * they arrive, or holds the statement until every order waits for it, so that they surely go together.
 * EVENT_BATCH_RUNS sets the runs (default 3 per database; `npm run test:properties` 40).
 */
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { buildCampTestApp, campAdminToken, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { clearEvents, createPublished, grading, order, participant, postOrder, postTogether, sale } from "../test-support/events.ts";

const runs = Number(process.env.EVENT_BATCH_RUNS ?? 3);
const now = new Date("2026-11-26T12:00:00Z");

type Stored = {
  id: number;
  draft_id: string;
  status: string;
  places: number;
  participants: string | null;
  charges: number;
};

describe.each(databaseKinds)("event orders arriving together on %s", (kind) => {
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

  /** How many statements (transactions) wrote the stored orders. */
  const statementsOfOrders = async () => {
    const { rows } = await database.db.execute<{ statements: number }>(sql`select count(distinct xmin::text)::int as statements from event_orders`);
    return Number(rows[0]!.statements);
  };

  /** Held: every order waits for the statement and they go in one; otherwise they meet it as they come. */
  const postAll = (slug: string, bodies: unknown[], held: boolean) =>
    held ? postTogether(app, database, slug, bodies) : Promise.all(bodies.map((body) => postOrder(app, slug, body)));

  it("places: never beyond the capacity, waiting only when it did not fit, each order its own participants and charges", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 3, maxLength: 12 }),
        fc.boolean(),
        async (capacity, sizes, together) => {
          await clearEvents(database, app);
          await createPublished(app, token, "gradering", grading({ capacity, maxAge: 14 }));
          const bodies = sizes.map((size, index) =>
            order({ participants: Array.from({ length: size }, (_, position) => participant({ firstName: `U${index}x${position}` })) }),
          );
          const answers = await postAll("gradering", bodies, together);
          expect(answers.map((answer) => answer.statusCode)).toEqual(bodies.map(() => 200));
          const stored = (
            await database.db.execute<Stored>(sql`select o.id, o.draft_id, o.status, o.places,
            (select string_agg(p.first_name, ',' order by p.position) from event_positions p where p.order_id = o.id and p.kind = 'athlete') as participants,
            (select coalesce(sum(l.amount), 0)::int from event_ledger_entries l where l.order_id = o.id) as charges
            from event_orders o`)
          ).rows;
          expect(stored).toHaveLength(bodies.length);
          const held = stored.filter((row) => row.status === "confirmed").reduce((sum, row) => sum + Number(row.places), 0);
          expect(held).toBeLessThanOrEqual(capacity);
          for (const [index, body] of bodies.entries()) {
            const row = stored.find((other) => other.draft_id === body.draftId)!;
            expect(row.participants).toBe(body.participants!.map((person) => person.firstName).join(","));
            expect(answers[index]!.body === "Done").toBe(row.status === "confirmed");
            // Waiting: it did not fit what was left when its turn came, and what is left never grows.
            if (row.status === "waiting") expect(Number(row.places)).toBeGreaterThan(capacity - held);
            expect(Number(row.charges)).toBe(row.status === "confirmed" ? 350 * body.participants!.length : 0);
          }
          if (together) expect(await statementsOfOrders()).toBe(1);
        },
      ),
      { numRuns: runs },
    );
  });

  it("stock: never below zero, refused only for a short line, each order its own lines", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 4 }),
        fc.array(fc.record({ m: fc.integer({ min: 0, max: 2 }), s: fc.integer({ min: 0, max: 3 }) }), { minLength: 3, maxLength: 10 }),
        fc.boolean(),
        async (stockM, wishes, held) => {
          await clearEvents(database, app);
          await createPublished(app, token, "klubbtoy", sale(stockM));
          const bodies = wishes
            .filter((wish) => wish.m + wish.s > 0)
            .map((wish) =>
              order({
                items: [
                  ...(wish.m ? [{ itemId: "t-skjorte", variant: "M", quantity: wish.m }] : []),
                  ...(wish.s ? [{ itemId: "t-skjorte", variant: "S", quantity: wish.s }] : []),
                ],
              }),
            );
          const answers = await postAll("klubbtoy", bodies, held);
          const left = Object.fromEntries(
            (await database.db.execute<{ variant: string; stock: number }>(sql`select variant, stock from event_stock`)).rows.map((row) => [
              row.variant,
              Number(row.stock),
            ]),
          );
          const lines = (
            await database.db.execute<{ draft_id: string; variant: string; quantity: number }>(
              sql`select o.draft_id, i.variant, i.quantity from event_positions i join event_orders o on o.id = i.order_id where i.kind = 'item'`,
            )
          ).rows;
          expect(left.M).toBeGreaterThanOrEqual(0);
          expect(left.S).toBeGreaterThanOrEqual(0);
          const sold = { M: 0, S: 0 } as Record<string, number>;
          for (const [index, body] of bodies.entries()) {
            const own = lines.filter((line) => line.draft_id === body.draftId).map((line) => [line.variant, Number(line.quantity)]);
            if (answers[index]!.body === "Done") {
              expect(own.sort()).toEqual(body.items!.map((line) => [line.variant, line.quantity]).sort());
              for (const line of body.items!) sold[line.variant] = sold[line.variant]! + line.quantity;
            } else {
              expect(answers[index]!.statusCode).toBe(409);
              expect(own).toEqual([]);
              // Short when its turn came: a line wanted more than is left now (stock only goes down).
              expect(body.items!.some((line) => line.quantity > left[line.variant]!)).toBe(true);
            }
          }
          expect(sold).toEqual({ M: stockM - left.M!, S: 5 - left.S! });
          if (held && Object.values(sold).some((quantity) => quantity > 0)) expect(await statementsOfOrders()).toBe(1);
        },
      ),
      // One case where every order fits and all go in one statement, whatever is drawn.
      {
        numRuns: runs,
        examples: [
          [
            4,
            [
              { m: 1, s: 1 },
              { m: 1, s: 1 },
              { m: 0, s: 1 },
            ],
            true,
          ],
        ],
      },
    );
  });
});
