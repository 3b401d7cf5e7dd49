/**
 * npm run bench:invoices — imports an export of 5,000 invoices (CSV and XLSX, made here) the way Refresh and
 * Upload do, and prints the time beside baselines measured in the same run on the same bytes:
 *   - csv-parse alone (the parser our CSV path uses, no validation, no database)
 *   - exceljs alone (loading the workbook, no validation, no database)
 * The issue's bar: a 5,000-invoice import in under 2 s on this machine. Not part of npm test.
 * Rewrites the section between the bench:invoices markers in docs/benchmarks.md.
 */
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { benchmarksDoc, writeBenchmarkSection } from "./bench/doc-section.mjs";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { connectPglite, type Database } from "../src/server/db/database.ts";
import { prepareDatabase } from "../src/server/startup/open-database.ts";
import { parseColumnMapping } from "../src/server/invoices/invoice-columns.ts";
import { parseInvoiceFile } from "../src/server/invoices/invoice-file.ts";
import { importInvoices } from "../src/server/invoices/invoice-import.ts";
import { loadOverdueGroups } from "../src/server/invoices/invoice-reminders.ts";
import { createPostgresTestDatabase, databaseKinds } from "../src/server/test-support/database.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const COUNT = 5_000;
const RUNS = 9;
const BAR_MS = 2_000;
const now = new Date("2026-03-15T10:00:00Z");

// ---------- the export ----------

const firstNames = ["Kari", "Ola", "Åse", "Per", "Ingrid", "Jonas", "Sofie", "Emil", "Nora", "Øyvind"];
const lastNames = ["Nordmann", "Hansen", "Ødegård", "Dahl", "Berg", "Bakke", "Løken", "Strand"];
type Row = [string, string, number, Date, boolean, string, string];
const rows: Row[] = Array.from({ length: COUNT }, (_, i) => {
  const person = i % 1700; // about three invoices per person
  const name = `${firstNames[person % firstNames.length]} ${lastNames[Math.floor(person / firstNames.length) % lastNames.length]} ${person}`;
  const due = new Date(Date.UTC(2025, 8, 1) + (i % 240) * 86_400_000);
  const amount = [410, 480, 520, 375, 1234.5, 299][i % 6]!;
  return [name, `medlem${person}@example.no`, amount, due, i % 3 === 0, String(100_000 + i), String(10_000_000_000 + i * 7)];
});
const norwegianAmount = (kroner: number) =>
  kroner.toLocaleString("nb-NO", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/\u00a0/g, " ");
const norwegianDate = (date: Date) =>
  `${String(date.getUTCDate()).padStart(2, "0")}.${String(date.getUTCMonth() + 1).padStart(2, "0")}.${date.getUTCFullYear()}`;
const csvText =
  "\ufeffNavn;Epost;Beløp;Forfallsdato;AvtaleGiro;Fakturanummer;KID\r\n" +
  rows.map((r) => [r[0], r[1], norwegianAmount(r[2]), norwegianDate(r[3]), r[4] ? "Ja" : "Nei", r[5], r[6]].join(";")).join("\r\n") +
  "\r\n";
const csv = new TextEncoder().encode(csvText);
const workbook = new ExcelJS.Workbook();
const sheet = workbook.addWorksheet("Ubetalt");
sheet.addRow(["Navn", "Epost", "Beløp", "Forfallsdato", "AvtaleGiro", "Fakturanummer", "KID"]);
for (const r of rows) sheet.addRow([r[0], r[1], r[2], r[3], r[4] ? "Ja" : "Nei", r[5], r[6]]);
const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
const mapping = parseColumnMapping(undefined);

// ---------- measuring ----------

async function timeIt(run: () => Promise<unknown> | unknown): Promise<{ median: number; min: number }> {
  await run(); // warm-up: module loading and JIT belong to start-up, not to an import
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, min: times[0]! };
}

async function checkedImport(database: Database, content: Uint8Array) {
  const result = await importInvoices(database.db, { content, source: "bench" }, mapping, now);
  if (!result.ok || result.imported !== COUNT) throw new Error(`import failed: ${JSON.stringify(result.errors.slice(0, 3))}`);
}

type Line = { what: string; format: string; median: number; min: number; baseline?: boolean };
const lines: Line[] = [];

lines.push({
  what: "csv-parse alone (baseline)",
  format: "CSV",
  baseline: true,
  ...(await timeIt(() => parse(new TextDecoder().decode(csv), { delimiter: ";", info: true }))),
});
lines.push({ what: "parse and validate (no database)", format: "CSV", ...(await timeIt(() => parseInvoiceFile(csv, mapping))) });
lines.push({
  what: "exceljs load alone (baseline)",
  format: "XLSX",
  baseline: true,
  ...(await timeIt(async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(xlsx) as never);
  })),
});
lines.push({ what: "parse and validate (no database)", format: "XLSX", ...(await timeIt(() => parseInvoiceFile(xlsx, mapping))) });

const databases: { kind: string; open: () => Promise<Database> }[] = [
  {
    kind: "PGlite",
    open: async () => {
      const database = await connectPglite();
      await prepareDatabase(database, new Date());
      return database;
    },
  },
];
if (databaseKinds.includes("postgres")) {
  databases.push({
    kind: "PostgreSQL",
    open: async () => {
      const database = await createPostgresTestDatabase();
      await prepareDatabase(database, new Date());
      return database;
    },
  });
}
for (const { kind, open } of databases) {
  const database = await open();
  try {
    lines.push({
      what: `full import into ${kind} (replace in one transaction)`,
      format: "CSV",
      ...(await timeIt(() => checkedImport(database, csv))),
    });
    lines.push({
      what: `full import into ${kind} (replace in one transaction)`,
      format: "XLSX",
      ...(await timeIt(() => checkedImport(database, xlsx))),
    });
    lines.push({ what: `Get: overdue groups from ${kind}`, format: "–", ...(await timeIt(() => loadOverdueGroups(database.db, now))) });
  } finally {
    await database.close();
  }
}

// ---------- report ----------

const ms = (value: number) => `${value.toFixed(0)} ms`;
const worstImport = Math.max(...lines.filter((l) => l.what.startsWith("full import")).map((l) => l.median));
const cpu = os.cpus();
const machine = `${cpu.length} × ${cpu[0]?.model.trim() ?? "CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
// Other work on a shared machine slows every figure alike; the load average says how busy it was.
const load = os
  .loadavg()
  .map((value) => value.toFixed(1))
  .join(" / ");
const table = [
  "| Step | Format | Median | Fastest |",
  "| --- | --- | --- | --- |",
  ...lines.map((l) => `| ${l.baseline ? `*${l.what}*` : l.what} | ${l.format} | ${ms(l.median)} | ${ms(l.min)} |`),
].join("\n");
const section = `
## Invoice import

\`npm run bench:invoices\` — measured ${new Date().toISOString().replace(/\.\d+Z$/, "Z")} on ${machine} (load average ${load} over 1/5/15 min at the end).

An export of ${COUNT.toLocaleString("en")} invoices made by the script (about 1,700 people, Norwegian amounts with comma decimals and
DD.MM.YYYY dates): CSV ${(csv.length / 1024).toFixed(0)} KB, XLSX ${(xlsx.length / 1024).toFixed(0)} KB. Each step ran once to warm up, then
${RUNS} times; median and fastest. A full import is what Refresh and Upload do: read, validate every row, then delete and insert all
rows and record the import in one transaction. The baselines (in italics) are the libraries alone on the same bytes.

${table}

Bar: a ${COUNT.toLocaleString("en")}-invoice import in under ${BAR_MS / 1000} s — slowest full import ${ms(worstImport)}: **${worstImport < BAR_MS ? "met" : "NOT met"}**.
`;
console.log(section);

await writeBenchmarkSection("invoices", section);
console.log(`Wrote ${path.relative(root, benchmarksDoc)} (section bench:invoices).`);
