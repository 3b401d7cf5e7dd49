/**
 * The production build: the web app (prerendered pages + client bundle), the camp PDFs made from the
 * shared program data, precompressed assets, and the server bundle. Writes build/stamp.json last, which
 * `npm start` reads to decide whether the build is stale.
 */
import { execFileSync } from "node:child_process";
import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import { build as esbuild } from "esbuild";
import { resolveCampEdition } from "../src/shared/camp/camp-edition.ts";
import { startOfOsloDay, addDays } from "../src/shared/time.ts";
import { writeCampPdfs } from "./pdfs/write-camp-pdfs.ts";
import { makeStaticPages } from "./static-pages.ts";

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
  const edition = resolveCampEdition(new Date(), Number(process.env.CAMP_YEAR) || undefined);
  await rm(path.join(root, "build"), { recursive: true, force: true });

  execFileSync(bin("react-router"), ["build"], { cwd: root, stdio: "inherit", env: { ...process.env, CAMP_YEAR: String(edition.year) } });
  const staticCount = await makeStaticPages(clientDir);
  console.log(`${staticCount} static pages without the React runtime.`);
  await writeCampPdfs(edition, path.join(clientDir, "dokumenter"));
  await precompress(clientDir);

  await esbuild({
    entryPoints: [path.join(root, "src/server/main.ts")],
    outfile: path.join(root, "build/node/main.js"),
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
  const stamp = {
    builtAt: new Date().toISOString(),
    campYear: edition.year,
    // After the camp's last day the coming season changes, and with it every page: rebuild then.
    staleAfter: startOfOsloDay(addDays(edition.end, 1)).toISOString(),
    pinnedCampYear: process.env.CAMP_YEAR || null,
  };
  await writeFile(path.join(root, "build/stamp.json"), `${JSON.stringify(stamp, null, 2)}\n`);
  console.log(`Build ready in ${((Date.now() - started) / 1000).toFixed(1)} s (vinterleir ${edition.year}).`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
