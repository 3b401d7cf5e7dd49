import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Call } from "../../shared/api/call.ts";
import { buildApp, type BuildAppOptions } from "../app.ts";
import { createClock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import { loadEnv } from "../env.ts";
import { TEST_NOW } from "../../shared/test-clock.fixture.ts";

/** Known admin passwords for tests; the browser would send sha256Hex(password). */
export const testAdminCredentials = {
  CAMP_ADMIN_USERNAME: "leirsjef",
  CAMP_ADMIN_PASSWORD: "test-leir-passord",
  NEWMEMBER_ADMIN_PASSWORD: "test-medlem-passord",
  INVOICE_ADMIN_PASSWORD: "test-faktura-passord",
} as const;

/** A route of a test app, as Fastify registered it: one method (a HEAD beside a GET is its own), its address, its declaration. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** The declaration it was registered from (http/call-route.ts); none for a plain Fastify route. */
  call: Call | undefined;
}

const routesOfApp = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Every route of an app from buildTestApp, heard by Fastify's onRoute hook as each was registered (routes a test
 * adds later included), so a test can hold all of them to a rule.
 */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  const routes = routesOfApp.get(app);
  if (!routes) throw new Error("registeredRoutes: not an app from buildTestApp");
  return routes;
}

/** An API-only app (no built site) on a test database, with known admin credentials. */
export async function buildTestApp(
  database: Database,
  options: Partial<Omit<BuildAppOptions, "env" | "database">> & { env?: Record<string, string> } = {},
) {
  const { env: extraEnv, onRoute, ...rest } = options;
  const routes: RegisteredRoute[] = [];
  // No registration rate limit unless a test asks for one (many tests post far more than 60 a minute).
  // A data folder of its own: the retention job deletes old files in DATA_DIR/mail by the test's clock.
  const DATA_DIR = mkdtempSync(path.join(tmpdir(), "stk-test-data-"));
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", PUBLIC_POST_RATE_LIMIT: "0", DATA_DIR, ...testAdminCredentials, ...extraEnv });
  // The retention job would act on the test's data at start-up; privacy tests run it themselves.
  // The waiting-list job likewise: tests run it with app.waitlist.drain() (a kick still runs it).
  const app = await buildApp({
    serveSite: false,
    announce: () => {},
    privacy: { startJob: false },
    waitlist: { startJob: false },
    messageScheduler: { startJob: false },
    // Never the real date as today: unless the test gives its own clock, one that starts at TEST_NOW (or at the
    // test's CLOCK_START) and runs on in real time, so durations and timeouts still pass.
    clock: createClock({ CLOCK_START: env.CLOCK_START ?? TEST_NOW }),
    ...rest,
    onRoute: (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url, call: route.config?.call });
      onRoute?.(route);
    },
    env,
    database,
  });
  routesOfApp.set(app, routes);
  app.addHook("onClose", () => rm(DATA_DIR, { recursive: true, force: true }));
  return app;
}
