/**
 * Upgrading a database filled by an earlier release loses nothing users see.
 *
 * Each folder in tests/upgrade/fixtures/ holds a database filled through the API by one release
 * (scripts/upgrade-fixture/fill.ts) as a pg_dump, and what that release answered (expected.json). Here the
 * dump is loaded into a fresh PGlite and, when it answers, a fresh PostgreSQL database; start-up's steps run on
 * it as they would on a server upgraded in place (pending migrations, back-fills, seeds; open-database.ts), the
 * app of the day is built on it with the clock at the fill's instant and the fixture's admin sign-in, and the same
 * questions are asked. Each answer is compared on the fields that must survive (upgrade-projections.ts), and a
 * failure names every field that differs. A fixture answers the questions of its day: a question added later
 * is compared on the fixtures filled since, and the newest answers every question asked today.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/server/admin-auth/password-hash.ts";
import type { Database, DatabaseKind } from "../../src/server/db/database.ts";
import { prepareDatabase } from "../../src/server/startup/open-database.ts";
import { buildTestApp } from "../../src/server/test-support/app.ts";
import { createPostgresTestDatabase, createTestDatabase, databaseKinds } from "../../src/server/test-support/database.ts";
import { differences, projectAnswer, projectionFor, projections } from "./upgrade-projections.ts";
import { askQuestions, questions, type Answer, type FixtureLinks } from "./upgrade-questions.ts";

interface Expected {
  release: string;
  filledAt: string;
  admin: { username: string; password: string };
  links: FixtureLinks;
  answers: Record<string, Answer>;
}

const fixturesDir = path.join(import.meta.dirname, "fixtures");
const fixtures = readdirSync(fixturesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const expectedOf = (release: string) => JSON.parse(readFileSync(path.join(fixturesDir, release, "expected.json"), "utf8")) as Expected;

it("some fixture answers every question asked today", () => {
  const asked = (links: FixtureLinks) => questions("{token}", links).map((question) => question.name);
  const complete = fixtures.filter((release) => {
    const expected = expectedOf(release);
    return asked(expected.links).every((question) => question in expected.answers);
  });
  expect(complete.length).toBeGreaterThan(0);
});

/** pg_dump's own psql commands (`\restrict`), which only psql understands; the rest is plain SQL. */
function dumpStatements(file: string): string {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => !line.startsWith("\\"))
    .join("\n");
}

/** A fresh, empty database of `kind` with the dump loaded: the upgraded server's database before it starts. */
async function loadDump(kind: DatabaseKind, dump: string): Promise<Database> {
  if (kind === "pglite") {
    const database = await createTestDatabase("pglite", { prepare: false });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    await client.exec(dump);
    // The dump empties the search path for its own statements; the app's queries name no schema.
    await client.exec("reset search_path");
    return database;
  }
  const database = await createPostgresTestDatabase();
  // Its own connection: the dump's settings end with it, and the app's pool never sees them.
  const loader = new pg.Client({ connectionString: database.url });
  await loader.connect();
  try {
    await loader.query(dump);
  } finally {
    await loader.end();
  }
  return database;
}

describe.each(fixtures)("upgrading the database filled by release %s", (release) => {
  const expected = expectedOf(release);
  const dump = dumpStatements(path.join(fixturesDir, release, "database.sql"));

  it("every answer it holds is still asked, with a comparison", () => {
    const asked = questions("{token}", expected.links).map((question) => question.name);
    expect(Object.keys(expected.answers).filter((question) => !asked.includes(question))).toEqual([]);
    expect(asked.filter((question) => !projectionFor(question))).toEqual([]);
  });

  describe.each(databaseKinds)("on %s", (kind) => {
    let database: Database;
    let app: Awaited<ReturnType<typeof buildTestApp>>;
    const actual: Record<string, Answer> = {};

    beforeAll(async () => {
      database = await loadDump(kind, dump);
      const filledAt = new Date(expected.filledAt);
      // What a server started on this database does first, as the release of the day.
      await prepareDatabase(database, filledAt);
      app = await buildTestApp(database, {
        clock: () => new Date(filledAt),
        // The fixture's leader as configured on its server: the stored credential stays and signs in.
        env: { CAMP_ADMIN_USERNAME: expected.admin.username, CAMP_ADMIN_PASSWORD: expected.admin.password },
        vipps: { startReconciler: false },
      });
      const login = await app.inject({ url: `/api/VinterleirAdmin/GetToken/${expected.admin.username}/${sha256Hex(expected.admin.password)}` });
      if (login.statusCode !== 200) throw new Error(`the fixture's leader could not sign in: ${login.statusCode} ${login.body}`);
      const ask = async (url: string): Promise<Answer> => {
        const answer = await app.inject({ url });
        const text = answer.body;
        return { status: answer.statusCode, body: text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : text };
      };
      Object.assign(actual, await askQuestions(ask, login.body, expected.links));
    }, 120_000);

    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    const areas = new Set(Object.keys(expected.answers).map((question) => projectionFor(question)?.area));
    for (const area of [...new Set(projections.map((projection) => projection.area))].filter((name) => areas.has(name))) {
      it(`answers as before: ${area}`, () => {
        const inArea = Object.keys(expected.answers).filter((question) => projectionFor(question)?.area === area);
        expect(inArea.length, `the fixture has no answer for ${area}`).toBeGreaterThan(0);
        const found = inArea.flatMap((question) =>
          differences(projectAnswer(question, expected.answers[question]), projectAnswer(question, actual[question]), question),
        );
        expect(found).toEqual([]);
      });
    }
  });
});
