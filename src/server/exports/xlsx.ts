import ExcelJS from "exceljs";
import { osloWallClock } from "../../shared/format.ts";

/**
 * Excel files that open right (exceljs): typed cells (numbers as numbers, text as text, never a leading
 * apostrophe: a text cell of an XLSX is never read as a formula), Norwegian headers, times in Oslo local time,
 * a frozen, bold header row with autofilter.
 */
type XlsxValue = string | number | boolean | Date | null | undefined;

export interface XlsxColumn<Row> {
  header: string;
  /** Characters; a sensible default from the header. */
  width?: number;
  /** `datetime`: an instant, written as the Oslo wall-clock time with a date-time format. */
  type?: "text" | "number" | "kroner" | "kronerOre" | "yesno" | "datetime";
  value: (row: Row) => XlsxValue;
}

export interface XlsxSheet<Row> {
  name: string;
  columns: readonly XlsxColumn<Row>[];
  rows: readonly Row[];
}

/** A sheet of some row type: the columns and rows of one sheet agree, which is all the writer needs. */
export type AnySheet = { name: string; columns: readonly XlsxColumn<never>[]; rows: readonly unknown[] };

/** Typed construction of one sheet; the workbook takes sheets of different row types. */
export function xlsxSheet<Row>(sheet: XlsxSheet<Row>): AnySheet {
  return sheet as unknown as AnySheet;
}

/**
 * `title` says what the file holds ("Deltakere – vinterleiren 2027"): the workbook's title (Excel's file
 * properties) and the header of every printed page.
 */
export async function xlsxWorkbook(sheets: readonly AnySheet[], { title }: { title?: string } = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Ski Taekwondo Klubb";
  if (title) workbook.title = title;
  for (const sheet of sheets) addSheet(workbook, sheet, title);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function addSheet(workbook: ExcelJS.Workbook, sheet: AnySheet, title: string | undefined) {
  // Excel allows 31 characters and no []:*?/\ in a sheet name.
  const worksheet = workbook.addWorksheet(sheet.name.replace(/[[\]:*?/\\]/g, " ").slice(0, 31));
  worksheet.columns = sheet.columns.map((column) => ({
    header: column.header,
    width: column.width ?? Math.max(10, Math.min(40, column.header.length + 4)),
    style: numberFormat(column.type) ? { numFmt: numberFormat(column.type) } : {},
  }));
  for (const row of sheet.rows) worksheet.addRow(sheet.columns.map((column) => cellValue(column.type, column.value(row as never))));
  worksheet.getRow(1).font = { bold: true };
  worksheet.views = [{ state: "frozen", ySplit: 1 }];
  worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(1, sheet.columns.length) } };
  worksheet.pageSetup = { paperSize: 9, orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0 };
  // A printed page's header, centred and bold; "&" starts a code there, so a title's own is doubled.
  if (title) worksheet.headerFooter = { oddHeader: `&C&"-,Bold"${title.replaceAll("&", "&&")}` };
}

function numberFormat(type: XlsxColumn<unknown>["type"]): string | undefined {
  if (type === "kroner") return "#,##0";
  if (type === "kronerOre") return "#,##0.00";
  if (type === "datetime") return "dd.mm.yyyy hh:mm";
  return undefined;
}

function cellValue(type: XlsxColumn<unknown>["type"], value: XlsxValue): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (type === "yesno" || typeof value === "boolean") return value ? "Ja" : "Nei";
  if (type === "datetime") {
    const date = value instanceof Date ? value : new Date(String(value));
    return Number.isNaN(date.getTime()) ? String(value) : osloWallClock(date);
  }
  if ((type === "number" || type === "kroner" || type === "kronerOre") && typeof value === "number") return value;
  return value instanceof Date ? osloWallClock(value) : String(value);
}

export const xlsxContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
