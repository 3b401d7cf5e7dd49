/**
 * Figures of a reliability run: each test records its lines in .bench/reliability/ (git-ignored); with
 * RELIABILITY_DOC=1 the run's teardown (global-setup.ts) rewrites the section between the reliability markers
 * in docs/benchmarks.md from them.
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../../..");
const resultsDir = path.join(root, ".bench/reliability");
const docFile = path.join(root, "docs/benchmarks.md");
const START = "<!-- reliability:start -->";
const END = "<!-- reliability:end -->";

export interface ReliabilityResult {
  /** Sorts the sections: "1-crash-pglite", "2-scale-out-postgres", … */
  key: string;
  title: string;
  /** Markdown lines (bullets). */
  lines: string[];
}

export async function recordResult(result: ReliabilityResult): Promise<void> {
  await mkdir(resultsDir, { recursive: true });
  await writeFile(path.join(resultsDir, `${result.key}.json`), JSON.stringify({ ...result, at: new Date().toISOString() }, null, 2));
}

export async function clearResults(): Promise<void> {
  await rm(resultsDir, { recursive: true, force: true });
}

function machine() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

export async function writeReliabilityDoc(server: string): Promise<void> {
  if (!existsSync(resultsDir)) return;
  const files = (await readdir(resultsDir)).filter((name) => name.endsWith(".json")).sort();
  const results = await Promise.all(files.map(async (name) => JSON.parse(await readFile(path.join(resultsDir, name), "utf8")) as ReliabilityResult & { at: string }));
  if (!results.length) return;
  const measuredAt = results.map((result) => result.at).sort()[0]!.replace(/\.\d+Z$/, "Z");
  const section = [
    "## Reliability (crash safety, scale-out)",
    "",
    `\`npm run test:reliability\` — run ${measuredAt} on ${machine()}; server: ${server}.`,
    "The tests fail unless every bar holds; these are the figures of the last run written here (`RELIABILITY_DOC=1`).",
    "",
    ...results.flatMap((result) => [`### ${result.title}`, "", ...result.lines, ""]),
  ].join("\n");
  let doc = existsSync(docFile) ? await readFile(docFile, "utf8") : "# Ytelsesmålinger\n";
  if (!doc.includes(START) || !doc.includes(END)) doc = `${doc.trimEnd()}\n\n${START}\n${END}\n`;
  const before = doc.slice(0, doc.indexOf(START) + START.length);
  const after = doc.slice(doc.indexOf(END));
  await writeFile(docFile, `${before}\n${section.trim()}\n${after}`);
  console.log(`Wrote ${path.relative(root, docFile)} (section ${START}).`);
}
