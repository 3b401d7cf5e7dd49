import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sha256Hex } from "../admin-auth/password-hash.ts";
import type { Database } from "../db/database.ts";
import { loadEnv } from "../env.ts";
import { createLogger } from "../logger.ts";
import { buildTestApp, testAdminCredentials } from "../test-support/app.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { handmadeZip } from "../test-support/handmade-zip.ts";
import { xlsxLimitMessages } from "./xlsx-archive-limits.ts";
import { InvoiceGroupSchema, ImportResultSchema, InvoiceStatusSchema, type ImportResult } from "../../shared/invoices/invoice-groups.ts";
import { z } from "zod";

/** 15 March 2026, 00:30 in Oslo (23:30 UTC the day before): the Oslo day decides what is overdue. */
const now = new Date("2026-03-14T23:30:00Z");

const header = "Navn;Epost;Beløp;Forfallsdato;AvtaleGiro;Fakturanummer;KID";
const goodCsv = [
  header,
  "Kari Nordmann;kari@example.no;1 234,50;01.03.2026;Ja;1001;12345678903",
  "Kari Nordmann;kari@example.no;520;2026-02-13;Ja;1002;",
  "Per Dahl;per@example.no;480,00;14.03.2026;Nei;1003;",
  // Due today in Oslo: not overdue yet.
  "Per Dahl;per@example.no;480,00;15.03.2026;Nei;1004;",
  "Åse Ødegård;ase@example.no;1.025,00;2026-03-20;Nei;1005;",
  // Same name, other address: another person.
  "Kari Nordmann;kari.n@example.no;99,90;10.03.2026;Nei;1006;",
].join("\r\n");

const badCsv = [header, "Ny Person;ny@example.no;100;01.01.2026;Ja;2001;", "Feil Person;feil@example.no;ti kroner;2026-13-01;Ja;2002;"].join("\n");

describe.each(databaseKinds)("invoice reminders on %s", (kind) => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let token: string;
  let logLines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    app = await buildTestApp(database, {
      clock: () => now,
      logger: { ...(createLogger(loadEnv({ LOG_LEVEL: "info" }), { pretty: false }) as object), stream },
    });
    const login = await app.inject({ url: `/api/Invoice/GetToken/${sha256Hex(testAdminCredentials.INVOICE_ADMIN_PASSWORD)}` });
    expect(login.statusCode).toBe(200);
    token = login.body;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.db.execute(sql`truncate invoices, invoice_imports, invoice_files restart identity cascade`);
  });

  const upload = async (content: string | Uint8Array, fileName = "ubetalte.csv"): Promise<ImportResult> => {
    const res = await app.inject({
      method: "POST",
      url: `/api/Invoice/Upload/${token}`,
      headers: { "content-type": "text/csv", "x-file-name": encodeURIComponent(fileName) },
      payload: typeof content === "string" ? Buffer.from(content) : Buffer.from(content),
    });
    expect(res.statusCode).toBe(200);
    return ImportResultSchema.parse(res.json());
  };
  const groups = async () => {
    const res = await app.inject({ url: `/api/Invoice/Get/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    return z.array(InvoiceGroupSchema).parse(res.json());
  };
  const refresh = async () => ImportResultSchema.parse((await app.inject({ url: `/api/Invoice/Refresh/${token}` })).json());

  it("groups overdue unpaid invoices per person with totals and days overdue on the Oslo clock", async () => {
    expect(await upload(goodCsv)).toEqual({ ok: true, imported: 6, errors: [], errorCount: 0 });
    expect(await groups()).toEqual([
      {
        name: "Kari Nordmann",
        email: "kari@example.no",
        invoices: [
          { Amount: 520, DueDate: "2026-02-13", Avtalegiro: true, InvoiceNumber: "1002", daysOverdue: 30 },
          { Amount: 1234.5, DueDate: "2026-03-01", Avtalegiro: true, InvoiceNumber: "1001", Kid: "12345678903", daysOverdue: 14 },
        ],
        total: 1754.5,
        daysOverdue: 30,
      },
      {
        name: "Kari Nordmann",
        email: "kari.n@example.no",
        invoices: [{ Amount: 99.9, DueDate: "2026-03-10", Avtalegiro: false, InvoiceNumber: "1006", daysOverdue: 5 }],
        total: 99.9,
        daysOverdue: 5,
      },
      {
        name: "Per Dahl",
        email: "per@example.no",
        invoices: [{ Amount: 480, DueDate: "2026-03-14", Avtalegiro: false, InvoiceNumber: "1003", daysOverdue: 1 }],
        total: 480,
        daysOverdue: 1,
      },
    ]);
  });

  it("keeps the previous data when a file has a bad row, and reports the row", async () => {
    await upload(goodCsv);
    const before = await groups();
    const result = await upload(badCsv, "feil.csv");
    expect(result).toEqual({
      ok: false,
      imported: 0,
      errors: [{ line: 3, message: "Beløpet «ti kroner» er ikke et gyldig kronebeløp; forfallsdatoen «2026-13-01» finnes ikke." }],
      errorCount: 1,
    });
    expect(await groups()).toEqual(before);
    // Refresh reads the last file that imported cleanly, not the refused one.
    expect(await refresh()).toEqual({ ok: true, imported: 6, errors: [], errorCount: 0 });
    const status = InvoiceStatusSchema.parse((await app.inject({ url: `/api/Invoice/Status/${token}` })).json());
    expect(status).toMatchObject({
      lastImport: { ok: true, rowCount: 6, source: "opplastet fil «ubetalte.csv»" },
      lastSuccess: { rowCount: 6 },
      storedInvoices: 6,
      refreshSource: "upload",
    });
  });

  it("imports an XLSX export made by exceljs", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Ubetalt");
    sheet.addRow(["Navn", "Epost", "Beløp", "Forfallsdato", "AvtaleGiro"]);
    sheet.addRow(["Kari Nordmann", "kari@example.no", 410, new Date(Date.UTC(2026, 1, 1)), "Ja"]);
    sheet.addRow(["Kari Nordmann", "kari@example.no", "410,50", "01.03.2026", "Nei"]);
    const result = await upload(new Uint8Array(await workbook.xlsx.writeBuffer()), "ubetalte.xlsx");
    expect(result.ok).toBe(true);
    const [kari] = await groups();
    expect(kari).toMatchObject({ total: 820.5, daysOverdue: 42 });
  });

  it("refuses a zip bomb posing as XLSX with a Norwegian reason and keeps the previous list", async () => {
    await upload(goodCsv);
    const before = await groups();
    const bomb = handmadeZip([{ name: "xl/worksheets/sheet1.xml", content: Buffer.alloc(64 * 1024 * 1024), declaredSize: 1024 }]);
    expect(await upload(new Uint8Array(bomb), "bombe.xlsx")).toEqual({
      ok: false,
      imported: 0,
      errors: [{ line: 0, message: xlsxLimitMessages.tooLargeUnpacked }],
      errorCount: 1,
    });
    expect(await groups()).toEqual(before);
    // The refused file is not the one a later refresh reads.
    expect(await refresh()).toMatchObject({ ok: true, imported: 6 });
  });

  it("refuses a refresh with nothing to read, without emptying anything", async () => {
    const result = await refresh();
    expect(result.ok).toBe(false);
    expect(result.errors[0]!.message).toMatch(/Last opp eksporten/);
  });

  it("writes the D9 CSV: BOM, semicolons, CRLF, Norwegian amounts and dates, Ja/Nei, no formulas", async () => {
    expect((await upload([header, "=2+5 Nordmann;kari@example.no;1 234,50;01.03.2026;Ja;1001;"].join("\n"))).ok).toBe(true);
    const res = await app.inject({ url: `/api/Invoice/GetCsv/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="purringer.csv"');
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.body).toBe(
      "\ufeffNavn;E-post;Fakturanummer;KID;Beløp (kr);Forfallsdato;Dager over forfall;AvtaleGiro;Sum for personen (kr)\r\n" +
        // A cell with a comma is quoted (a program splitting on commas keeps it whole); Excel still reads the amount as a number.
        '\'=2+5 Nordmann;kari@example.no;1001;;"1234,50";01.03.2026;14;Ja;"1234,50"\r\n',
    );
  });

  it("answers 401 to every invoice call without a valid token", async () => {
    for (const url of ["Get", "GetCsv", "Refresh", "Status"].map((call) => `/api/Invoice/${call}/feil-token`)) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: "Unauthroized" });
    }
    const res = await app.inject({
      method: "POST",
      url: "/api/Invoice/Upload/feil-token",
      payload: Buffer.from(goodCsv),
      headers: { "content-type": "text/csv" },
    });
    expect(res.statusCode).toBe(401);
    expect(await database.db.execute(sql`select 1 from invoice_imports`).then((r) => r.rows.length)).toBe(0);
  });

  it("refuses a file over 5 MB", async () => {
    const res = await app.inject({
      method: "POST",
      url: `/api/Invoice/Upload/${token}`,
      headers: { "content-type": "text/csv" },
      payload: Buffer.alloc(5 * 1024 * 1024 + 1, 0x41),
    });
    expect(res.statusCode).toBe(413);
  });

  it("never writes the token to the log", async () => {
    logLines = [];
    await upload(goodCsv);
    await groups();
    await refresh();
    await app.inject({ url: `/api/Invoice/GetCsv/${token}` });
    const log = logLines.join("");
    expect(log).toContain("/api/Invoice/Upload/:token");
    expect(log).toContain("/api/Invoice/Refresh/:token");
    expect(log).not.toContain(token);
    expect(log).not.toContain("kari@example.no");
  });
});

describe.each(databaseKinds)("invoice source and column mapping on %s", (kind) => {
  let database: Database;
  const folder = mkdtempSync(path.join(tmpdir(), "stk-invoices-"));
  const source = path.join(folder, "eksport.csv");

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it("refreshes from INVOICE_SOURCE with another layout mapped by INVOICE_COLUMNS", async () => {
    const app = await buildTestApp(database, {
      clock: () => now,
      env: {
        INVOICE_SOURCE: source,
        INVOICE_COLUMNS: JSON.stringify({ name: "Medlem", email: "E-post", amount: "Utestående", dueDate: "Forfall", avtalegiro: "Trekk" }),
      },
    });
    try {
      const token = (await app.inject({ url: `/api/Invoice/GetToken/${sha256Hex(testAdminCredentials.INVOICE_ADMIN_PASSWORD)}` })).body;
      writeFileSync(source, '\ufeffMedlem,E-post,Utestående,Forfall,Trekk\nOla Hansen,ola@example.no,"2 000,00",01.02.2026,nei\n');
      const first = (await app.inject({ url: `/api/Invoice/Refresh/${token}` })).json();
      expect(first).toEqual({ ok: true, imported: 1, errors: [], errorCount: 0 });
      writeFileSync(source, "Medlem,E-post,Utestående,Forfall,Trekk\nOla Hansen,ola@example.no,to tusen,01.02.2026,nei\n");
      const second = (await app.inject({ url: `/api/Invoice/Refresh/${token}` })).json();
      expect(second).toMatchObject({ ok: false, errors: [{ line: 2 }] });
      const list = (await app.inject({ url: `/api/Invoice/Get/${token}` })).json();
      expect(list).toMatchObject([{ name: "Ola Hansen", total: 2000, daysOverdue: 42 }]);
    } finally {
      await app.close();
    }
  });

  it("refuses to start with a bad INVOICE_COLUMNS", async () => {
    await expect(buildTestApp(database, { env: { INVOICE_COLUMNS: '{"navn":"Medlem"}' } })).rejects.toThrow(/INVOICE_COLUMNS/);
  });
});
