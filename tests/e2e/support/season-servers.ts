/**
 * Playwright's global setup: one server per day of the season for the whole run, shared by every file and
 * worker that lives on that day (`test.use({ clockStart })`, fixtures.ts).
 *
 * A server over the production build takes 6–15 s to start on an idle 2-core machine (most of it PGlite making
 * and migrating its database) and 30–40 s beside two browsers. Started by each worker for each file, the
 * journeys on other days started about a dozen of them per run; shared, each day starts once, when a test
 * first needs it. The tests on a shared day must not rely on an empty database: each registers families of
 * its own (`uniqueSurname`), as on the suite's own server. A file that changes what its day's other tests see
 * (publishes a camp, keeps registration open) is the only file on its day.
 *
 * The servers are started by this process, which lives for the whole run, and asked for over HTTP: workers
 * come and go (a new one after a failure, or for another project), the servers stay. The teardown this
 * returns stops them all.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { startSeasonServer, type SeasonServer } from "./server.ts";

/** Where the workers ask for a day's server: set by the global setup, read by `seasonServerFor`. */
const brokerVariable = "E2E_SEASON_SERVERS";

export default async function startSeasonServers(): Promise<() => Promise<void>> {
  const servers = new Map<string, Promise<SeasonServer>>();
  const serverFor = (clockStart: string, dataFrom: string | undefined) => {
    const key = `${clockStart} ${dataFrom ?? ""}`;
    let server = servers.get(key);
    if (!server) {
      server = openDay(clockStart, dataFrom);
      servers.set(key, server);
    }
    return server;
  };
  const broker = createServer((request: IncomingMessage, response: ServerResponse) => {
    const query = new URL(request.url ?? "/", "http://broker").searchParams;
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
 * server that then stops (a fresh database takes the camp of the season it starts in).
 */
async function openDay(clockStart: string, dataFrom: string | undefined): Promise<SeasonServer> {
  const earlier = dataFrom ? await startSeasonServer(dataFrom) : undefined;
  await earlier?.stop();
  return startSeasonServer(clockStart, earlier?.dataDir);
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
