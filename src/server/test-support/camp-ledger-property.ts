/**
 * The money ledger under random sequences against the server (through app.inject and the Vipps simulator):
 * register (one athlete or a group), pay with Vipps (webhooks on time, twice, lost or late), add and cancel
 * companions, grading on and off (for a home-club child, for whom cup grading costs money), pay what a
 * change added, cancel an athlete, the leader's cancel, the leader adding and removing a companion, door payments, refunds Vipps
 * accepts or refuses, and the full-refund deadline passing. After every step the invariants hold. A short run
 * by default; LEDGER_RUNS sets how many sequences (`.ci/run` runs 400 per database).
 *
 * One test file per database (src/server/camp/camp-ledger-pglite.property.test.ts and camp-ledger-postgres.property.test.ts):
 * the deep pass's longest work, so Vitest's two workers take a database each instead of one worker both.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import type { DatabaseKind } from "../db/database.ts";
import { createTestDatabase } from "./database.ts";
import { campAdminToken, clearCampTables } from "./camp.ts";
import { buildVippsTestApp } from "./vipps.ts";
import { checkInvariants, type LedgerWorld } from "./camp-ledger-world.ts";
import { runStep } from "./camp-ledger-run-step.ts";
import { ledgerExamples, stepArbitrary } from "./camp-ledger-steps.ts";

const runs = Number(process.env.LEDGER_RUNS ?? 3);

/** The property on one kind of database, as a describe block of the test file that calls it. */
export function describeLedgerProperty(kind: DatabaseKind): void {
  describe(`the money ledger under random sequences on ${kind}`, () => {
    ledgerProperty(kind);
  });
}

function ledgerProperty(kind: DatabaseKind): void {
  // Filled by beforeAll; the clock and the admin's token change as the steps run.
  const world = { now: new Date("2026-11-10T10:00:00Z") } as LedgerWorld;

  beforeAll(async () => {
    world.database = await createTestDatabase(kind);
    ({ app: world.app, sim: world.sim, service: world.service } = await buildVippsTestApp(world.database, () => world.now, { timeoutMs: 150 }));
    world.admin = await campAdminToken(world.app);
  });
  afterAll(async () => {
    await world.sim.settled();
    await world.app.close();
    await world.database.close();
  });

  it(
    "keeps every krone accounted for after every step",
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 10 }), async (steps) => {
          await clearCampTables(world.database);
          world.sim.reset();
          world.now = new Date("2026-11-10T10:00:00Z");
          world.admin = await campAdminToken(world.app);
          for (const step of steps) {
            if (await runStep(world, step)) await checkInvariants(world);
          }
        }),
        {
          numRuns: runs,
          // Always among the runs: the sequences of camp-ledger-steps.ts.
          examples: ledgerExamples,
        },
      );
    },
    Math.max(600_000, runs * 1000),
  ); // a limit against hangs: about a second per sequence on a loaded machine
}
