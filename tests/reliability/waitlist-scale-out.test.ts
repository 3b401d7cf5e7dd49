/**
 * The camp's capacity and waiting list with two server processes A and B on one PostgreSQL database:
 *
 * - capacity = confirmed + 2, then five registrations at the same moment, spread over A and B: exactly two
 *   answer `Done` and three `Venteliste` (the check and the insert share one transaction under the
 *   lock of the edition's event row, which holds across processes);
 * - three places freed at once (the camp admin cancels on A and on B together) while both processes' waiting
 *   list jobs run: exactly one offer per waiting registration, none twice, one offer mail each.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { ADMIN, adminLogin, createPostgresDatabase, makeDraft } from "../../scripts/bench/camp.mjs";
import { startSiteServer } from "../../scripts/bench/server.mjs";
import { waitlistAnswer } from "../../src/shared/camp/camp-waitlist.ts";
import { fromSource, pinnedClockEnv, postgresAvailable, postgresServerUrl, sleep } from "./support/environment.ts";
import { recordResult } from "./support/report.ts";

type Server = Awaited<ReturnType<typeof startSiteServer>>;

const withPostgres = await postgresAvailable();

async function post(base: string, body: unknown) {
  const answer = await fetch(`${base}/api/Vinterleir/Post`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: answer.status, text: await answer.text() };
}

describe.skipIf(!withPostgres)("waiting list: two processes on one PostgreSQL database", () => {
  it("give exactly two of five simultaneous registrations the last two places, and offer each freed place once", async () => {
    const dirs = await Promise.all(["a", "b"].map((name) => mkdtemp(path.join(os.tmpdir(), `stk-waitlist-${name}-`))));
    const database = await createPostgresDatabase(postgresServerUrl, "stk_waitlist");
    const servers: Server[] = [];
    const sql = new pg.Client({ connectionString: database.url });
    try {
      const [a, b] = await Promise.all(
        ["a", "b"].map((_, i) =>
          startSiteServer({ dataDir: dirs[i]!, databaseUrl: database.url, admin: ADMIN, source: fromSource, env: pinnedClockEnv() }),
        ),
      );
      servers.push(a!, b!);
      await sql.connect();
      const token = await adminLogin(a!.base);
      const { rows: editions } = await sql.query<{ year: number }>(
        "select (definition->>'year')::int as year from events where kind = 'vinterleir' and published_at is not null",
      );
      const year = editions[0]!.year;

      // Three confirmed, then room for exactly two more.
      for (let i = 0; i < 3; i++) expect((await post(a!.base, makeDraft("W", 4 * i + 1))).text).toBe("Done");
      const put = await fetch(`${a!.base}/api/CampEdition/Put/${year}/${token}`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ capacity: 5 }),
      });
      expect(put.status, await put.text()).toBe(200);

      const drafts = Array.from({ length: 5 }, (_, i) => makeDraft("X", 4 * i + 2));
      const answers = await Promise.all(drafts.map((draft, i) => post((i % 2 === 0 ? a : b)!.base, draft)));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      const texts = answers.map((answer) => answer.text).sort();
      expect(texts).toEqual(["Done", "Done", waitlistAnswer, waitlistAnswer, waitlistAnswer]);
      const { rows: statuses } = await sql.query<{ status: string; n: number }>(
        "select status, count(*)::int as n from camp_registration_view group by status order by status",
      );
      expect(statuses).toEqual([
        { status: "confirmed", n: 5 },
        { status: "waiting", n: 3 },
      ]);

      // Three places freed at once, on both processes; both jobs run meanwhile (every 5 s, and when kicked).
      const { rows: confirmed } = await sql.query<{ id: number }>(
        "select id from camp_registration_view where status = 'confirmed' order by id limit 3",
      );
      const cancels = await Promise.all(
        confirmed.map(({ id }, i) => fetch(`${(i % 2 === 0 ? a : b)!.base}/api/VinterleirAdmin/Cancel/${id}/${token}`, { method: "POST" })),
      );
      expect(cancels.map((answer) => answer.status)).toEqual([200, 200, 200]);
      await sleep(6_000);
      const { rows: offers } = await sql.query<{ n: number; registrations: number }>(
        "select count(*)::int as n, count(distinct order_id)::int as registrations from event_waitlist_offers where state = 'offered' and owner_kind = 'camp'",
      );
      expect(offers[0]).toEqual({ n: 3, registrations: 3 });
      const { rows: mails } = await sql.query<{ n: number }>(
        "select count(*)::int as n from mail_outbox where dedupe_key like 'camp-waitlist-offer:%'",
      );
      expect(mails[0]!.n).toBe(3);
      const current = await (await fetch(`${b!.base}/api/CampEdition/Current`)).json();
      expect(current).toMatchObject({ state: "full", placesLeft: 0 });

      await recordResult({
        key: "3-waitlist-postgres",
        title: "Capacity and waiting list on PostgreSQL (two processes, one database)",
        lines: [
          "- Processes A and B on one PostgreSQL database; capacity = 3 confirmed + 2.",
          `- Five registrations at once, spread over A and B: **${texts.filter((text) => text === "Done").length} × Done, ${texts.filter((text) => text === waitlistAnswer).length} × ${waitlistAnswer}** (5 confirmed, 3 waiting).`,
          "- Three places freed at once by the camp admin on A and B, both waiting-list jobs running: 3 offers to 3 different registrations, 3 offer mails, none twice.",
        ],
      });
    } catch (error) {
      for (const [name, server] of ["A", "B"].map((name, i) => [name, servers[i]] as const)) {
        if (server) console.error(`--- server ${name} log ---\n${server.log()}`);
      }
      throw error;
    } finally {
      await sql.end().catch(() => {});
      await Promise.all(servers.map((server) => server.stop()));
      await database.drop().catch((error: Error) => console.error(`could not drop ${database.name}: ${error.message}`));
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    }
  });
});
