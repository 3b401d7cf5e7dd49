/** One cell of an invoice file read as what its column holds: text, an amount in øre, a due date, yes or no. */
/** A cell as it came out of the file: CSV gives text, XLSX also numbers, dates and booleans. */
export type Cell = string | number | boolean | Date | null;

export function text(cell: Cell): string {
  if (cell === null) return "";
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

/**
 * Norwegian amounts: "1 234,50", "1.234,50", "1234,5", "kr 450" — and also "1234.50" as some systems
 * write it. Where both . and , occur the last one is the decimal mark; a lone . followed by exactly three
 * digits groups thousands ("1.234"). Returns øre, or a Norwegian reason.
 */
export function parseAmountOre(cell: Cell): number | string {
  if (typeof cell === "number") {
    if (!Number.isFinite(cell)) return "beløpet er ikke et tall";
    return positive(Math.round(cell * 100));
  }
  const raw = text(cell);
  if (raw === "") return "beløp mangler";
  const invalid = `beløpet «${raw}» er ikke et gyldig kronebeløp`;
  let value = raw.replace(/^kr\.?\s*|\s*(kr|nok)\.?$/i, "").replace(/,-$/, "");
  // Spaces may only group thousands: "1 234,5 6" is a typo, not 1234,56.
  if (/[\s\u00a0\u202f']/.test(value) && !/^-?\d{1,3}([\s\u00a0\u202f']\d{3})+([.,]\d{1,2})?$/.test(value)) return invalid;
  value = value.replace(/[\s\u00a0\u202f']/g, "");
  const lastComma = value.lastIndexOf(",");
  const lastDot = value.lastIndexOf(".");
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? "," : ".";
    const group = decimal === "," ? "." : ",";
    value = value.split(group).join("").replace(decimal, ".");
  } else if (lastComma >= 0) {
    value = value.replace(",", ".");
  } else if (lastDot >= 0 && /^-?\d{1,3}(\.\d{3})+$/.test(value)) {
    value = value.split(".").join("");
  }
  if (!/^-?\d+(\.\d{1,2})?$/.test(value)) return invalid;
  const [whole, fraction = ""] = value.replace("-", "").split(".");
  const ore = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return positive(value.startsWith("-") ? -ore : ore, raw);
}

function positive(ore: number, raw?: string): number | string {
  if (ore <= 0) return `beløpet${raw ? ` «${raw}»` : ""} må være større enn 0`;
  if (ore > 100_000_000_00) return `beløpet${raw ? ` «${raw}»` : ""} er urimelig stort`;
  return ore;
}

/** YYYY-MM-DD or DD.MM.YYYY (also D.M.YYYY); an Excel date cell is a calendar day. "!" marks a reason. */
export function parseDueDate(cell: Cell): string {
  let year: number, month: number, day: number;
  if (cell instanceof Date) {
    // exceljs gives a date cell as midnight UTC of the day shown in Excel.
    [year, month, day] = [cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate()];
  } else if (typeof cell === "number" && cell > 20000 && cell < 80000) {
    // A date cell without date formatting: Excel's day count from 1899-12-30.
    const date = new Date(Date.UTC(1899, 11, 30) + Math.round(cell) * 86_400_000);
    [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  } else {
    const raw = text(cell);
    if (raw === "") return "!forfallsdato mangler";
    const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(raw);
    const norwegian = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(raw);
    if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    else if (norwegian) [year, month, day] = [Number(norwegian[3]), Number(norwegian[2]), Number(norwegian[1])];
    else return `!forfallsdatoen «${raw}» må skrives som ÅÅÅÅ-MM-DD eller DD.MM.ÅÅÅÅ`;
    const check = new Date(Date.UTC(year, month - 1, day));
    if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || year < 1900) {
      return `!forfallsdatoen «${raw}» finnes ikke`;
    }
  }
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Ja/Nei, and the usual spellings of yes and no that exports use; an empty cell is Nei. */
export function parseYesNo(cell: Cell): boolean | undefined {
  if (typeof cell === "boolean") return cell;
  if (typeof cell === "number") return cell === 1 ? true : cell === 0 ? false : undefined;
  const value = text(cell).toLowerCase();
  if (["ja", "j", "yes", "y", "true", "1", "x", "sann"].includes(value)) return true;
  if (["nei", "n", "no", "false", "0", "", "usann"].includes(value)) return false;
  return undefined;
}
