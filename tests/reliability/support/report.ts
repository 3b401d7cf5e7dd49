/**
 * Figures of a reliability run: each test records its lines in .bench/reliability/{key}.json (git-ignored; a
 * test's last run replaces its file, so running one file keeps the others' figures); with RELIABILITY_DOC=1
 * the run's teardown (global-setup.ts) rewrites the section between the reliability markers in
 * docs/benchmarks.md from all of them.
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
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

function machine() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

export async function writeReliabilityDoc(server: string): Promise<void> {
  if (!existsSync(resultsDir)) return;
  const files = (await readdir(resultsDir)).filter((name) => name.endsWith(".json")).sort();
  const results = await Promise.all(
    files.map(async (name) => JSON.parse(await readFile(path.join(resultsDir, name), "utf8")) as ReliabilityResult & { at: string }),
  );
  if (!results.length) return;
  const section = [
    "## Reliability (crash safety, scale-out, faults)",
    "",
    `\`npm run test:reliability\` on ${machine()}; server: ${server}.`,
    "The tests fail unless every bar holds; these are the figures of each test's last run written here (`RELIABILITY_DOC=1`).",
    "",
    ...results.flatMap((result) => [`### ${result.title}`, "", `Run ${result.at.replace(/\.\d+Z$/, "Z")}.`, "", ...result.lines, ""]),
  ].join("\n");
  let doc = existsSync(docFile) ? await readFile(docFile, "utf8") : "# Ytelsesmålinger\n";
  if (!doc.includes(START) || !doc.includes(END)) doc = `${doc.trimEnd()}\n\n${START}\n${END}\n`;
  const before = doc.slice(0, doc.indexOf(START) + START.length);
  const after = doc.slice(doc.indexOf(END));
  await writeFile(docFile, `${before}\n${section.trim()}\n${after}`);
  console.log(`Wrote ${path.relative(root, docFile)} (section ${START}).`);
}
