/**
 * Rewrites one benchmark's section of docs/benchmarks.md (between its start and end markers) and formats the
 * file with Prettier, so a fresh measurement leaves the file as the format check in `npm test` wants it.
 */
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import * as prettier from "prettier";

const root = path.resolve(import.meta.dirname, "../..");
export const benchmarksDoc = path.join(root, "docs/benchmarks.md");

const EMPTY_DOC =
  "# Ytelsesmålinger\n\nMeasurements of the site, each beside a baseline measured in the same run. Each section is written by its script; edit the scripts, not the sections.\n";

/** Replaces the section named `name` (markers `<!-- bench:NAME:start -->` … `end -->`) with `section`. */
export async function writeBenchmarkSection(name, section) {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  let doc = existsSync(benchmarksDoc) ? await readFile(benchmarksDoc, "utf8") : EMPTY_DOC;
  if (!doc.includes(start) || !doc.includes(end)) doc = `${doc.trimEnd()}\n\n${start}\n${end}\n`;
  const before = doc.slice(0, doc.indexOf(start) + start.length);
  const after = doc.slice(doc.indexOf(end));
  const options = (await prettier.resolveConfig(benchmarksDoc)) ?? {};
  const formatted = await prettier.format(`${before}\n${section.trim()}\n${after}`, { ...options, filepath: benchmarksDoc });
  await writeFile(benchmarksDoc, formatted);
}
