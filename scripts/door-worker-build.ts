/**
 * Builds each door's service worker from one source (src/web/components/door/service-worker/door-worker.ts)
 * into build/client (the camp's /innsjekk-sw.js, the events' /arrangement-dor-sw.js; the list is
 * src/shared/site/door-workers.ts), each with the files its page needs to open with no network: what React
 * Router's manifest lists for the root and the door's route (modules, their imports, styles), the chunks
 * those load on demand (the QR reader), and the door's public files (its manifest and icons). Run by
 * scripts/build.ts after the web app's build.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build as esbuild } from "esbuild";
import { doorWorkers, type DoorWorker } from "../src/shared/site/door-workers.ts";

interface RouteAssets {
  module: string;
  imports?: string[];
  css?: string[];
}
interface ServerBuild {
  assets: { url: string; entry: RouteAssets; routes: Record<string, RouteAssets> };
}

export async function doorWorkerFiles(root: string, door: Pick<DoorWorker, "routeId" | "publicFiles">): Promise<string[]> {
  const clientDir = path.join(root, "build/client");
  const server = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as ServerBuild;
  const route = server.assets.routes[door.routeId];
  const rootRoute = server.assets.routes.root;
  if (!route || !rootRoute) throw new Error(`The server build has no route ${door.routeId} (renamed? update src/shared/site/door-workers.ts)`);
  const files = new Set<string>([server.assets.url, ...door.publicFiles]);
  for (const assets of [server.assets.entry, rootRoute, route]) {
    for (const file of [assets.module, ...(assets.imports ?? []), ...(assets.css ?? [])]) files.add(file.split("#", 1)[0]!);
  }
  // What those files load themselves: chunks imported on demand, and files named in the styles. Not what
  // the router's manifest names: that is every page of the site.
  const queue = [...files].filter((file) => file.startsWith("/assets/") && file !== server.assets.url);
  while (queue.length > 0) {
    const file = queue.pop()!;
    const text = await readFile(path.join(clientDir, file), "utf8");
    for (const match of text.matchAll(/[\w.-]+\.(?:js|css|svg|png|woff2)\b/g)) {
      const candidate = `/assets/${match[0]}`;
      if (files.has(candidate)) continue;
      try {
        await readFile(path.join(clientDir, candidate));
      } catch {
        continue;
      }
      files.add(candidate);
      queue.push(candidate);
    }
  }
  return [...files].sort();
}

/** Builds every door's worker; answers how many files each keeps, and its version. */
export async function buildDoorWorkers(root: string): Promise<{ path: string; files: number; version: string }[]> {
  const built = [];
  for (const door of Object.values(doorWorkers)) {
    const files = await doorWorkerFiles(root, door);
    const version = createHash("sha256").update(files.join("\n")).digest("hex").slice(0, 16);
    await esbuild({
      entryPoints: [path.join(root, "src/web/components/door/service-worker/door-worker.ts")],
      outfile: path.join(root, "build/client", door.path),
      bundle: true,
      format: "iife",
      target: "es2022",
      minify: true,
      define: {
        __DOOR_FILES__: JSON.stringify(files),
        __DOOR_VERSION__: JSON.stringify(version),
        __DOOR_CACHE_PREFIX__: JSON.stringify(door.cachePrefix),
      },
      logLevel: "warning",
    });
    built.push({ path: door.path, files: files.length, version });
  }
  return built;
}
