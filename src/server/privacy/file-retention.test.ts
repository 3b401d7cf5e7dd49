import { existsSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../admin-auth/password-hash.ts";
import type { Database } from "../db/database.ts";
import { invoiceFiles, invoiceImports, invoices } from "../db/schema/invoices.ts";
import { createFolderTransport } from "../mail/mail-transport.ts";
import { buildTestApp, testAdminCredentials } from "../test-support/app.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";

const day = 24 * 60 * 60 * 1000;
const header = "Navn;Epost;Beløp;Forfallsdato;AvtaleGiro";
const goodCsv = `${header}\nKari Nordmann;kari@example.no;450;01.03.2026;Ja\n`;
const otherCsv = `${header}\nPer Dahl;per@example.no;520;01.04.2026;Nei\n`;
// The refusal quotes the address: personal data in invoice_imports.errors.
const badCsv = `${header}\nOla Hansen;ola.hemmelig@;450;01.03.2026;Ja\n`;

describe.each(databaseKinds)("retention of personal files on %s", (kind) => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let token: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), "stk-retention-"));
  const mailDir = path.join(dataDir, "mail");
  const start = new Date("2026-03-01T10:00:00Z");
  let now = start;
  const at = (days: number) => new Date(start.getTime() + days * day);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.execute(sql`truncate invoices, invoice_imports, invoice_files restart identity cascade`);
    app = await buildTestApp(database, { clock: () => now, env: { DATA_DIR: dataDir } });
    token = (await app.inject({ url: `/api/Invoice/GetToken/${sha256Hex(testAdminCredentials.INVOICE_ADMIN_PASSWORD)}` })).body;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const upload = async (content: string, fileName: string) => {
    const res = await app.inject({
      method: "POST",
      url: `/api/Invoice/Upload/${token}`,
      headers: { "content-type": "text/csv", "x-file-name": fileName },
      payload: Buffer.from(content),
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { ok: boolean };
  };
  const importsLeft = async () =>
    (await database.db.select({ source: invoiceImports.source, ok: invoiceImports.ok }).from(invoiceImports).orderBy(asc(invoiceImports.id))).map(
      (row) => `${row.ok ? "ok" : "feil"} ${row.source}`,
    );
  const invoiceNames = async () => (await database.db.select({ name: invoices.name }).from(invoices)).map((row) => row.name);
  const storedFiles = async () => (await database.db.select({ name: invoiceFiles.fileName }).from(invoiceFiles)).map((row) => row.name);

  it("deletes the local mail folder's .eml and .json files after MAIL_RETENTION_DAYS, keeps newer ones", async () => {
    const message = { from: "a@example.no", to: "mottaker@example.no", subject: "Hei", text: "Hei", html: "<p>Hei</p>" };
    await createFolderTransport(mailDir, () => at(-31)).send({ ...message, outboxId: 1 });
    await createFolderTransport(mailDir, () => at(-29)).send({ ...message, outboxId: 2 });
    // A file whose name carries no time is judged by its modification time.
    const stray = path.join(mailDir, "gammel.eml");
    writeFileSync(stray, "From: a@example.no\r\n");
    utimesSync(stray, at(-40), at(-40));
    expect(readdirSync(mailDir)).toHaveLength(5);

    const run = await app.privacy.runOnce();
    expect(run).toMatchObject({ mailFilesDeleted: 3 });
    expect(readdirSync(mailDir).sort()).toEqual(["2026-01-31T10-00-00-000Z-2.eml", "2026-01-31T10-00-00-000Z-2.json"]);
    expect(existsSync(stray)).toBe(false);
    expect((await app.privacy.runOnce())?.mailFilesDeleted).toBe(0);
  });

  it("deletes failed and replaced invoice imports after 7 days, the current list and the stored upload after INVOICE_RETENTION_DAYS", async () => {
    expect(await upload(goodCsv, "mars.csv")).toMatchObject({ ok: true });
    now = at(1);
    expect(await upload(badCsv, "feil.csv")).toMatchObject({ ok: false });
    expect(JSON.stringify(await database.db.select().from(invoiceImports))).toContain("ola.hemmelig@");

    // Just short of 7 days later the refused file's errors are still there for the treasurer to read.
    now = new Date(at(8).getTime() - 1000);
    expect(await app.privacy.runOnce()).toMatchObject({ invoiceImportsDeleted: 0, invoicesDeleted: 0 });
    // Past 7 days they are gone; the list that is in use stays.
    now = new Date(at(8).getTime() + 1000);
    expect(await app.privacy.runOnce()).toMatchObject({ invoiceImportsDeleted: 1, invoicesDeleted: 0, invoiceFilesDeleted: 0 });
    expect(await importsLeft()).toEqual(["ok opplastet fil «mars.csv»"]);
    expect(JSON.stringify(await database.db.select().from(invoiceImports))).not.toContain("ola.hemmelig@");

    // Day 10: a new export replaces the list; the replaced import goes 7 days later.
    now = at(10);
    expect(await upload(otherCsv, "april.csv")).toMatchObject({ ok: true });
    now = at(18);
    expect(await app.privacy.runOnce()).toMatchObject({ invoiceImportsDeleted: 1, invoicesDeleted: 0 });
    expect(await importsLeft()).toEqual(["ok opplastet fil «april.csv»"]);
    expect(await invoiceNames()).toEqual(["Per Dahl"]);
    expect(await storedFiles()).toEqual(["april.csv"]);

    // Not refreshed for 90 days: the list, its import and the stored file are kept until then, and go after.
    now = new Date(at(10).getTime() + 90 * day);
    expect(await app.privacy.runOnce()).toMatchObject({ invoicesDeleted: 0, invoiceImportsDeleted: 0, invoiceFilesDeleted: 0 });
    now = new Date(at(10).getTime() + 90 * day + 1000);
    expect(await app.privacy.runOnce()).toMatchObject({ invoicesDeleted: 1, invoiceImportsDeleted: 1, invoiceFilesDeleted: 1 });
    expect(await invoiceNames()).toEqual([]);
    expect(await importsLeft()).toEqual([]);
    expect(await storedFiles()).toEqual([]);
    const status = (await app.inject({ url: `/api/Invoice/Status/${token}` })).json();
    expect(status).toMatchObject({ lastImport: null, storedInvoices: 0, refreshSource: "none" });
  });
});
