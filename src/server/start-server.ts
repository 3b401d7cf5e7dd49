import { mkdir } from "node:fs/promises";
import { loadEnv } from "./env.ts";
import { buildApp } from "./app.ts";
import { createLogger } from "./logger.ts";
import { startupSummary } from "./startup-summary.ts";

/** Opens the database, builds the app and listens; `source` is the environment as the process was started with. */
export async function startServer(source: NodeJS.ProcessEnv): Promise<void> {
  const env = loadEnv(source);
  const logger = createLogger(env);
  await mkdir(env.DATA_DIR, { recursive: true });
  // Opens the database (PGlite in DATA_DIR, or DATABASE_URL), migrates and seeds it; app.close() closes it.
  const app = await buildApp({ env, logger });
  app.log.info({ database: app.database.kind }, "database ready");

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Stop taking requests, let those under way finish, then close the database and other resources.
    const timer = setTimeout(() => {
      app.log.error("graceful shutdown timed out");
      process.exit(1);
    }, 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: env.PORT, host: env.HOST });
  const summary = startupSummary(env, app.server.address(), app.vipps?.mode ?? "off");
  app.log.info(summary.fields, summary.message);
}
