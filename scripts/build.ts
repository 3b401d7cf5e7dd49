/**
 * The production build: the web app (client bundle and the server build the server renders pages with),
 * precompressed assets, and the server bundle. Nothing about the camp is decided here: the server renders
 * the pages and the PDFs from the current edition in the database. Writes build/stamp.json last, which
 * `npm start` reads to decide whether the build is stale.
 */
import { execFileSync } from "node:child_process";
import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import { build as esbuild } from "esbuild";
import { buildDoorWorkers } from "./door-worker-build.ts";

const root = path.resolve(import.meta.dirname, "..");
const clientDir = path.join(root, "build/client");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);

async function precompress(dir: string) {
  const compressible = /\.(js|css|svg|json|webmanifest|xml|txt|map)$/;
  for (const entry of await readdir(dir, { recursive: true })) {
    if (!compressible.test(entry)) continue;
    const file = path.join(dir, entry);
    const content = await readFile(file);
    if (content.length < 1024) continue;
    await writeFile(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

async function main() {
  const started = Date.now();
  await rm(path.join(root, "build"), { recursive: true, force: true });

  execFileSync(bin("react-router"), ["build"], { cwd: root, stdio: "inherit" });
  // The doors' service workers, each with the files its page needs to open with no network.
  for (const worker of await buildDoorWorkers(root))
    console.log(`Door service worker ${worker.path}: ${worker.files} files, version ${worker.version}.`);
  await precompress(clientDir);

  await esbuild({
    entryPoints: [path.join(root, "src/server/main.ts")],
    // build/node/main.js, and beside it the chunks loaded only when needed (the Vipps simulator): beside,
    // not below, since the bundle finds its migrations next to itself.
    outdir: path.join(root, "build/node"),
    entryNames: "[name]",
    chunkNames: "[name]-[hash]",
    splitting: true,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
  // The bundle applies the SQL migrations at start-up and looks for them beside itself (db/migrations-folder.ts).
  await cp(path.join(root, "src/server/db/migrations"), path.join(root, "build/node/migrations"), { recursive: true });

  await mkdir(path.join(root, "build"), { recursive: true });
  const stamp = { builtAt: new Date().toISOString() };
  await writeFile(path.join(root, "build/stamp.json"), `${JSON.stringify(stamp, null, 2)}\n`);
  console.log(`Build ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
