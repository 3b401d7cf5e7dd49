/**
 * Playwright's global setup: one server per day of the season for the whole run, shared by every file and
 * worker that lives on that day (`test.use({ clockStart })`, fixtures.ts).
 *
 * A server over the production build takes 6–15 s to start on an idle 2-core machine (most of it PGlite making
 * and migrating its database) and 30–40 s beside two browsers. Started by each worker for each file, the
 * journeys on other days started about a dozen of them per run; shared, each day starts once, when a test
 * first needs it, and over a copy of a database migrated once for the run (about 5 s of CPU a start instead of
 * 10), as does a server a test starts itself (`migratedDataDirCopy`). The tests on a shared day must not rely on an empty database: each registers families of
 * its own (`uniqueSurname`), as on the suite's own server. A file that changes what its day's other tests see
 * (publishes a camp, keeps registration open) is the only file on its day.
 *
 * The servers are started by this process, which lives for the whole run, and asked for over HTTP: workers
 * come and go (a new one after a failure, or for another project), the servers stay. The teardown this
 * returns stops them all.
 */
import { cp } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { newDataDir, startSeasonServer, type SeasonServer } from "./server.ts";

/** Where the workers ask for a day's server: set by the global setup, read by `seasonServerFor`. */
const brokerVariable = "E2E_SEASON_SERVERS";

export default async function startSeasonServers(): Promise<() => Promise<void>> {
  const servers = new Map<string, Promise<SeasonServer>>();
  let migrated: Promise<string> | undefined;
  const serverFor = (clockStart: string, dataFrom: string | undefined) => {
    const key = `${clockStart} ${dataFrom ?? ""}`;
    let server = servers.get(key);
    if (!server) {
      migrated ??= migratedDataDir();
      server = openDay(clockStart, dataFrom, migrated);
      servers.set(key, server);
    }
    return server;
  };
  const broker = createServer((request: IncomingMessage, response: ServerResponse) => {
    const query = new URL(request.url ?? "/", "http://broker").searchParams;
    if (query.has("migratedCopy")) {
      migrated ??= migratedDataDir();
      return void copyOf(migrated).then(
        (dataDir) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ dataDir })),
        (error: unknown) => response.writeHead(500).end(error instanceof Error ? error.message : String(error)),
      );
    }
    const clockStart = query.get("clockStart");
    if (!clockStart) return response.writeHead(400).end("clockStart is required");
    serverFor(clockStart, query.get("dataFrom") ?? undefined).then(
      (server) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ url: server.url })),
      (error: unknown) => response.writeHead(500).end(error instanceof Error ? error.message : String(error)),
    );
  });
  await new Promise<void>((resolve) => broker.listen(0, "127.0.0.1", resolve));
  // Workers are started after the global setup and inherit its environment.
  process.env[brokerVariable] = `http://127.0.0.1:${(broker.address() as AddressInfo).port}`;

  return async () => {
    broker.close();
    await Promise.all([...servers.values()].map((server) => server.then((started) => started.stop()).catch(() => {})));
  };
}

/**
 * A server living on `clockStart`; with `dataFrom`, over a database first opened on that earlier day by a
 * server that then stops (a fresh database takes the camp of the season it starts in). Each starts from a copy
 * of `migrated`.
 */
async function openDay(clockStart: string, dataFrom: string | undefined, migrated: Promise<string>): Promise<SeasonServer> {
  const earlier = dataFrom ? await startSeasonServer(dataFrom, await copyOf(migrated)) : undefined;
  await earlier?.stop();
  return startSeasonServer(clockStart, earlier?.dataDir ?? (await copyOf(migrated)));
}

/**
 * A data folder whose database has every migration and nothing else: what a server's first start makes before
 * it seeds the facts of its own day (startup/open-database.ts), so a server started on a copy of it is a fresh
 * server. Making and migrating a PGlite takes a server about 5 s of CPU; made once here, each day's server
 * copies 40 MB of files instead.
 */
async function migratedDataDir(): Promise<string> {
  // Imported here, in the global setup's process: the workers, which import this file for its helpers, need no database.
  const { connectPglite } = await import("../../../src/server/db/database.ts");
  const dataDir = newDataDir();
  const database = await connectPglite(path.join(dataDir, "db"));
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return dataDir;
}

async function copyOf(migrated: Promise<string>): Promise<string> {
  const dataDir = newDataDir();
  await cp(await migrated, dataDir, { recursive: true });
  return dataDir;
}

/**
 * A data folder of its own for a server a test starts itself (`startSeasonServer`), as fresh as an empty one: a
 * copy of the run's migrated database, made by the global setup's broker.
 */
export async function migratedDataDirCopy(): Promise<string> {
  const broker = process.env[brokerVariable];
  if (!broker) throw new Error(`${brokerVariable} is not set: playwright.config.ts's globalSetup starts the season's servers`);
  const response = await fetch(`${broker}/?migratedCopy`);
  if (!response.ok) throw new Error(`no copy of the migrated database: ${await response.text()}`);
  return ((await response.json()) as { dataDir: string }).dataDir;
}

/** The run's server for `clockStart` (and `dataFrom`), started by the global setup's broker when first asked. */
export async function seasonServerFor(clockStart: string, dataFrom: string | undefined): Promise<{ url: string }> {
  const broker = process.env[brokerVariable];
  if (!broker) throw new Error(`${brokerVariable} is not set: playwright.config.ts's globalSetup starts the season's servers`);
  const query = new URLSearchParams({ clockStart, ...(dataFrom ? { dataFrom } : {}) });
  const response = await fetch(`${broker}/?${query}`);
  if (!response.ok) throw new Error(`the server for ${clockStart} did not start: ${await response.text()}`);
  return (await response.json()) as { url: string };
}
