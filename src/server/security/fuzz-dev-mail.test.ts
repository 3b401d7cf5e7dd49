/**
 * The development mail pages (/dev/mail, /dev/mail/:id, /dev/mail/:id.eml) with hostile registrations
 * behind them: never a 5xx, and no user text reflected unescaped in the list or the
 * mail page (whose HTML part sits escaped in a sandboxed srcdoc frame).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { buildTestApp } from "../test-support/app.ts";
import { createTestDatabase } from "../test-support/database.ts";
import { expectEscaped } from "../test-support/fuzz-checks.ts";
import { fuzzEndpoint, fuzzNow, readOnlyTables, errorLog } from "../test-support/fuzz.ts";
import { fuzzRuns, fuzzTimeoutMs } from "../test-support/fuzz-runs.ts";
import { hostileSegment } from "../test-support/fuzz-requests.ts";
import { hostileText } from "../test-support/fuzz-values.ts";

describe("hostile input behind the development mail pages (PGlite; the pages read files, not the database)", () => {
  let database: Database;
  let dir: string;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const log = errorLog();
  const submitted: string[] = [];
  const mailIds: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "dev-mail-"));
    database = await createTestDatabase("pglite");
    app = await buildTestApp(database, {
      clock: () => fuzzNow,
      logger: log.logger,
      // The folder transport and /dev/mail: development, no SMTP, no transport given.
      env: { NODE_ENV: "development", DATA_DIR: dir, VIPPS_SIMULATOR: "false" },
      mail: { startWorker: false },
    });
    // Hostile but acceptable registrations, each turned into a stored mail.
    const names = fc.sample(
      hostileText.filter((text) => /[<>"&]/.test(text) && text.trim().length > 0 && text.length <= 100),
      { numRuns: 25, seed: 6 },
    );
    for (const name of names) {
      const res = await app.inject({
        method: "POST",
        url: "/api/NewMember/Post",
        payload: {
          firstName: name,
          lastName: name,
          age: 10,
          parentFirstName: name,
          parentLastName: "Foresatt",
          email: "forelder@example.no",
          telephone: "91234567",
          referer: 2,
        },
      });
      if (res.statusCode === 200) submitted.push(name, name.trim());
    }
    expect(submitted.length).toBeGreaterThan(0);
    while ((await app.outbox.runOnce()) > 0) {
      // until the outbox is empty
    }
    const list = await app.inject({ url: "/dev/mail" });
    mailIds.push(...[...list.body.matchAll(/href="\/dev\/mail\/([A-Za-z0-9-]+)"/g)].map((match) => match[1]!));
    expect(mailIds.length).toBeGreaterThan(0);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it(
    "GET /dev/mail, /dev/mail/:id and /dev/mail/:id.eml",
    () =>
      fuzzEndpoint(
        { app, database, log: log.lines, kind: "pglite" },
        {
          requests: fc.record({
            page: fc.constantFrom("list", "mail", "eml"),
            id: fc.oneof(
              fc.nat().map((i) => mailIds[i % mailIds.length]!),
              hostileSegment,
            ),
          }),
          toInject: ({ page, id }) => ({ url: page === "list" ? "/dev/mail" : `/dev/mail/${id}${page === "eml" ? ".eml" : ""}` }),
          unchangedWhenRejected: readOnlyTables,
          readOnly: true,
          check: (_request, res) => {
            if (!String(res.headers["content-type"]).startsWith("text/html")) return;
            expect(res.headers["content-security-policy"]).toMatch(/default-src 'none'/);
            expectEscaped(res.body, submitted, "development mail page");
          },
          runs: fuzzRuns * 3,
        },
      ),
    fuzzTimeoutMs,
  );
});
