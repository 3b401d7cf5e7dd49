/**
 * The admin list's rows add up to the treasurer's totals, whatever happened: random sequences of registrations
 * (with and without a companion), companions added and removed by the leader, door payments by card or cash,
 * cancellations and refunds paid back, through the API. MONEY_ROWS_RUNS sets how many random seasons are tried
 * (default 12 per database).
 */
import fc from "fast-check";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminPerson, AdminTotals } from "../../shared/camp/camp-lists.ts";
import type { TreasurerSummary } from "../../shared/camp/camp-treasurer.ts";
import type { Database } from "../db/database.ts";
import { buildCampTestApp, campAdminToken, clearCampTables, companion, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { readCampCompanions } from "../camp/camp-companion-rows.ts";

const runs = Number(process.env.MONEY_ROWS_RUNS ?? 12);
const now = new Date("2026-11-10T10:00:00Z");

const who = fc.integer({ min: 0, max: 3 });
const steps = fc.array(
  fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant("register" as const), companion: fc.boolean() }), weight: 2 },
    {
      arbitrary: fc.record({
        kind: fc.constant("pay" as const),
        who,
        part: fc.constantFrom(0.25, 0.5, 1),
        method: fc.constantFrom("card" as const, "cash" as const),
      }),
      weight: 3,
    },
    { arbitrary: fc.record({ kind: fc.constant("add-companion" as const), who }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant("remove-companion" as const), who }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant("cancel" as const), who }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant("refund-paid" as const), who }), weight: 1 },
  ),
  { minLength: 1, maxLength: 10 },
);

describe.each(databaseKinds)("the admin list's money rows against the treasurer on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
    admin = await campAdminToken(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const inject = (method: "GET" | "POST", url: string, payload?: object) => app.inject({ method, url, ...(payload ? { payload } : {}) });
  const list = async () => (await inject("GET", `/api/VinterleirAdmin/Get/${admin}`)).json<AdminPerson[]>();

  it("the sum over the rows of charged, paid, refunded, owed back and outstanding is the treasurer's, and the admin's totals", async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (season) => {
        await clearCampTables(database);
        const registered: number[] = [];
        const of = (index: number) => (registered.length === 0 ? undefined : registered[index % registered.length]);
        for (const [index, step] of season.entries()) {
          if (step.kind === "register") {
            const body = draft({
              firstName: `Atlet${index}`,
              email: `familie${index}@example.no`,
              ...(step.companion ? { hasLedsager: true, ledsagere: [companion({ firstName: `Ledsager${index}` })] } : {}),
            });
            expect((await postRegistration(app, body)).body).toBe("Done");
            const row = (await list()).find((person) => person.firstname === `Atlet${index}`)!;
            registered.push(row.registrationId);
            continue;
          }
          const id = of(step.who);
          if (id === undefined) continue;
          let res;
          if (step.kind === "pay") {
            const outstanding = (await list()).filter((person) => person.registrationId === id).reduce((sum, person) => sum + person.outstanding, 0);
            const amount = Math.max(1, Math.floor(outstanding * step.part));
            res = await inject("POST", `/api/VinterleirAdmin/CheckIn/Action/${admin}`, {
              actionId: randomUUID(),
              day: "2026-11-28",
              kind: "payment",
              personId: `a${id}`,
              amount,
              method: step.method,
            });
          }
          if (step.kind === "add-companion")
            res = await inject("POST", `/api/VinterleirAdmin/AddCompanion/${id}/${admin}`, {
              ...companion({ firstName: `Ny${index}`, id: randomUUID() }),
              alreadyRegistered: false,
            });
          if (step.kind === "remove-companion") {
            const coming = (await readCampCompanions(app.db, id)).filter((row) => !row.cancelledAt);
            if (coming.length === 0) continue;
            res = await inject("POST", `/api/VinterleirAdmin/RemoveCompanion/${id}/${admin}`, { companionId: coming[0]!.id });
          }
          if (step.kind === "cancel") res = await inject("POST", `/api/VinterleirAdmin/Cancel/${id}/${admin}`);
          if (step.kind === "refund-paid") {
            const owed = (await inject("GET", `/api/VinterleirAdmin/Treasurer/${admin}`))
              .json<TreasurerSummary>()
              .refundsOwed.find((line) => line.registrationId === id);
            if (!owed) continue;
            res = await inject("POST", `/api/VinterleirAdmin/RefundPaid/${id}/${admin}`, {
              amount: owed.amount,
              method: "cash",
              owedBefore: owed.amount,
            });
          }
          // A step the rules refuse (nothing left to pay, cancelled already, too many companions) changes nothing.
          if (res) expect([200, 201, 204, 400, 409], res.body).toContain(res.statusCode);
        }

        const people = await list();
        const treasurer = (await inject("GET", `/api/VinterleirAdmin/Treasurer/${admin}`)).json<TreasurerSummary>();
        const totals = (await inject("GET", `/api/VinterleirAdmin/Totals/${admin}`)).json<AdminTotals>();
        const sum = (pick: (person: AdminPerson) => number) => people.reduce((total, person) => total + pick(person), 0);
        const rows = {
          charged: sum((p) => p.amount),
          paid: sum((p) => p.paid),
          refunded: sum((p) => p.refunded),
          refundOwed: sum((p) => p.refundOwed),
          outstanding: sum((p) => p.outstanding),
        };
        const expected = {
          charged: treasurer.charged,
          paid: treasurer.paid,
          refunded: treasurer.refunded,
          refundOwed: treasurer.refundOwed,
          outstanding: treasurer.outstanding,
        };
        expect(rows).toEqual(expected);
        expect({
          charged: totals.charged,
          paid: totals.paid,
          refunded: totals.refunded,
          refundOwed: totals.refundOwed,
          outstanding: totals.outstanding,
        }).toEqual(expected);
        // Per method: money in and out adds up to the totals, and nothing is under «card_cash».
        expect(treasurer.byMethod.reduce((total, m) => total + m.paid, 0)).toBe(treasurer.paid);
        expect(treasurer.byMethod.reduce((total, m) => total + m.refunded, 0)).toBe(treasurer.refunded);
        expect(treasurer.byMethod.map((m) => m.method)).not.toContain("card_cash");
        // No row shows a method no money of theirs moved by.
        for (const person of people) {
          if (person.paid === 0) expect(person.paidWith).toEqual([]);
          for (const figure of [person.paid, person.refunded, person.refundOwed, person.outstanding]) expect(figure).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: runs },
    );
  });
});
