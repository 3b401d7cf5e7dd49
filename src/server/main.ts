/**
 * The server's entry (the build's build/node/main.js).
 *
 * NODE_ENV is the site's own mode (env.ts: production refuses a pinned clock and the Vipps simulator), and the
 * libraries read the same variable when they first load. Under development or test React would load its
 * development code, which renders pages and mails several times slower than what runs in production, so the
 * tests and benchmarks that run this build would measure something else. The site's mode is kept aside here
 * and the libraries always load their production code: NODE_ENV is set before anything else loads, through a
 * dynamic import (a static one would load the libraries before this line runs).
 */
export {};

const startedWith = { ...process.env };
process.env.NODE_ENV = "production";
const { startServer } = await import("./start-server.ts");
try {
  await startServer(startedWith);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
