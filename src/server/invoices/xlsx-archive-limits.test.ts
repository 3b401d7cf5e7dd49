import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { handmadeZip } from "../test-support/handmade-zip.ts";
import { parseColumnMapping } from "./invoice-columns.ts";
import { parseInvoiceFile } from "./invoice-file.ts";
import { checkXlsxArchive, xlsxLimitMessages, xlsxLimits } from "./xlsx-archive-limits.ts";

const sheetName = "xl/worksheets/sheet1.xml";
const zeros = (bytes: number) => Buffer.alloc(bytes);

async function invoiceWorkbook(rows: number): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Ubetalt");
  sheet.addRow(["Navn", "Epost", "Beløp", "Forfallsdato", "AvtaleGiro", "Fakturanummer", "KID"]);
  for (let i = 0; i < rows; i++) {
    sheet.addRow([
      `Kari Nordmann ${i}`,
      `medlem${i}@example.no`,
      1234.5,
      new Date(Date.UTC(2026, 0, 1 + (i % 200))),
      i % 3 === 0 ? "Ja" : "Nei",
      String(100_000 + i),
      String(10_000_000_000 + i * 7),
    ]);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe("XLSX archive limits", () => {
  it("lets a real 5,000-invoice export through, and it still imports", async () => {
    const content = await invoiceWorkbook(5_000);
    expect(await checkXlsxArchive(content)).toBeUndefined();
    const parsed = await parseInvoiceFile(content, parseColumnMapping(undefined));
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toHaveLength(5_000);
  }, 30_000);

  it("refuses an entry that declares 2 GB of zeros, from the directory alone", async () => {
    const bomb = handmadeZip([{ name: sheetName, content: zeros(1024), declaredSize: 2 ** 31 }]);
    expect(bomb.length).toBeLessThan(4096);
    expect(await checkXlsxArchive(bomb)).toBe(xlsxLimitMessages.tooLargeUnpacked);
  });

  it("refuses a lying header: declares 1 KB, inflates to 64 MB", async () => {
    const bomb = handmadeZip([{ name: sheetName, content: zeros(64 * 1024 * 1024), declaredSize: 1024 }]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await checkXlsxArchive(bomb)).toBe(xlsxLimitMessages.tooLargeUnpacked);
  });

  it("refuses entries each under the cap that together unpack to too much", async () => {
    const each = xlsxLimits.maxEntryBytes - 1;
    const bomb = handmadeZip([1, 2].map((n) => ({ name: `xl/worksheets/sheet${n}.xml`, content: zeros(each) })));
    expect(await checkXlsxArchive(bomb)).toBe(xlsxLimitMessages.tooLargeUnpacked);
  });

  it("refuses an archive with too many entries", async () => {
    const many = handmadeZip(Array.from({ length: xlsxLimits.maxEntries + 1 }, (_, i) => ({ name: `x/${i}.xml`, content: Buffer.from("<a/>") })));
    expect(await checkXlsxArchive(many)).toBe(xlsxLimitMessages.tooManyEntries);
  });

  it("answers «unreadable» for a broken archive", async () => {
    expect(await checkXlsxArchive(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBe(xlsxLimitMessages.unreadable);
  });

  it("parseInvoiceFile reports the refusal as one file-level error in Norwegian", async () => {
    const bomb = handmadeZip([{ name: sheetName, content: zeros(1024), declaredSize: 2 ** 31 }]);
    const parsed = await parseInvoiceFile(bomb, parseColumnMapping(undefined));
    expect(parsed).toEqual({ rows: [], errors: [{ line: 0, message: xlsxLimitMessages.tooLargeUnpacked }] });
    expect(parsed.errors[0]!.message).toMatch(/^Excel-filen blir for stor når den pakkes ut \(mer enn 48 MB\)/);
  });
});
