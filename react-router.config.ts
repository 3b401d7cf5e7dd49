import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src/web",
  buildDirectory: "build",
  // Our Fastify server renders every page with this build (src/server/site): information pages once per
  // edition version, stripped of the runtime; working pages render their loading view and hydrate.
  ssr: true,
  // Every route is in the first manifest: the server answers no /__manifest requests.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
