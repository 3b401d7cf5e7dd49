import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { defaultColumns, normaliseHeader, parseColumnMapping } from "./invoice-columns.ts";
import { parseAmountOre, parseDueDate, parseYesNo } from "./invoice-cells.ts";
import { parseInvoiceFile } from "./invoice-file.ts";

const encode = (text: string) => new TextEncoder().encode(text);
const bom = (text: string) => encode(`\ufeff${text}`);

describe("Norwegian amounts", () => {
  it.each([
    ["1 234,50", 123450],
    ["1\u00a0234,50", 123450],
    ["1.234,50", 123450],
    ["1234,5", 123450],
    ["1234.50", 123450],
    ["1,234.50", 123450],
    ["1.234", 123400],
    ["450", 45000],
    ["kr 450,-", 45000],
    ["520 kr", 52000],
    ["0,01", 1],
  ])("%s is %i øre", (text, ore) => {
    expect(parseAmountOre(text)).toBe(ore);
  });

  it("reads numbers from XLSX without rounding errors", () => {
    expect(parseAmountOre(1234.5)).toBe(123450);
    expect(parseAmountOre(0.1 + 0.2)).toBe(30);
  });

  it.each(["", "abc", "12,345", "1 234,5 6", "-100", "0"])("rejects «%s» with a Norwegian reason", (text) => {
    expect(parseAmountOre(text)).toMatch(/beløp/);
  });
});

describe("due dates", () => {
  it("reads YYYY-MM-DD, DD.MM.YYYY, D.M.YYYY and Excel dates", () => {
    expect(parseDueDate("2026-03-01")).toBe("2026-03-01");
    expect(parseDueDate("01.03.2026")).toBe("2026-03-01");
    expect(parseDueDate("1.3.2026")).toBe("2026-03-01");
    expect(parseDueDate(new Date(Date.UTC(2026, 2, 1)))).toBe("2026-03-01");
    expect(parseDueDate(46082)).toBe("2026-03-01");
  });
  it("refuses days that do not exist and other layouts", () => {
    expect(parseDueDate("31.02.2026")).toMatch(/^!.*finnes ikke/);
    expect(parseDueDate("03/01/2026")).toMatch(/^!.*ÅÅÅÅ-MM-DD eller DD\.MM\.ÅÅÅÅ/);
    expect(parseDueDate("")).toBe("!forfallsdato mangler");
  });
});

describe("AvtaleGiro", () => {
  it("reads Ja/Nei in any case, booleans and an empty cell as Nei", () => {
    expect(parseYesNo("Ja")).toBe(true);
    expect(parseYesNo("NEI")).toBe(false);
    expect(parseYesNo(true)).toBe(true);
    expect(parseYesNo(null)).toBe(false);
    expect(parseYesNo("kanskje")).toBeUndefined();
  });
});

describe("headers and column mapping", () => {
  it("compares headers without case, accents or punctuation", () => {
    expect(normaliseHeader("Beløp")).toBe(normaliseHeader("BELOP"));
    expect(normaliseHeader("E-post")).toBe(normaliseHeader("epost"));
    expect(normaliseHeader("\ufeffForfallsdato ")).toBe("forfallsdato");
    expect(normaliseHeader("Avtalegíro")).toBe("avtalegiro");
  });

  it("maps another layout by configuration, keeping defaults for the rest", () => {
    const mapping = parseColumnMapping('{"name":"Medlem","amount":"Utestående","dueDate":"Forfall"}');
    expect(mapping).toEqual({ ...defaultColumns, name: "Medlem", amount: "Utestående", dueDate: "Forfall" });
  });

  it("stops with a clear message on a bad configuration", () => {
    expect(() => parseColumnMapping("{name:")).toThrow(/not valid JSON/);
    expect(() => parseColumnMapping('{"navn":"X"}')).toThrow(/Known fields/);
    expect(() => parseColumnMapping('{"name":"Epost"}')).toThrow(/same column/);
  });
});

describe("parseInvoiceFile", () => {
  const mapping = parseColumnMapping(undefined);
  const header = "Navn;Epost;Beløp;Forfallsdato;AvtaleGiro;Fakturanummer;KID";

  it("reads ; with a BOM and , without one alike", async () => {
    const semicolon = await parseInvoiceFile(bom(`${header}\r\nKari Nordmann;kari@example.no;1 234,50;01.03.2026;Ja;1001;12345678903\r\n`), mapping);
    const comma = await parseInvoiceFile(
      encode(`navn,EPOST,belop,forfallsdato,avtalegiro,fakturanummer,kid\nKari Nordmann,kari@example.no,"1 234,50",2026-03-01,Ja,1001,12345678903\n`),
      mapping,
    );
    expect(semicolon.errors).toEqual([]);
    expect(comma).toEqual(semicolon);
    expect(semicolon.rows).toEqual([
      {
        line: 2,
        name: "Kari Nordmann",
        email: "kari@example.no",
        amountOre: 123450,
        dueDate: "2026-03-01",
        avtalegiro: true,
        invoiceNumber: "1001",
        kid: "12345678903",
      },
    ]);
  });

  it("reads a Windows-1252 file from older Excel", async () => {
    const latin1 = Uint8Array.from(
      Buffer.from("Navn;Epost;Beløp;Forfallsdato;AvtaleGiro\nÅse Ødegård;ase@example.no;450;01.03.2026;Nei\n", "latin1"),
    );
    const parsed = await parseInvoiceFile(latin1, mapping);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows[0]!.name).toBe("Åse Ødegård");
  });

  it("reports every bad row with its line number and reason, and returns no rows", async () => {
    const parsed = await parseInvoiceFile(
      encode(
        [
          header,
          "Kari;kari@example.no;450;01.03.2026;Ja;1;",
          ";per@example.no;tolv;32.01.2026;Kanskje;2;",
          "",
          "Ola;ola@;450;2026-01-01;Nei;1;12a",
        ].join("\n"),
      ),
      mapping,
    );
    expect(parsed.rows).toEqual([]);
    expect(parsed.errors).toEqual([
      {
        line: 3,
        message:
          "Navn mangler; beløpet «tolv» er ikke et gyldig kronebeløp; forfallsdatoen «32.01.2026» finnes ikke; AvtaleGiro må være Ja eller Nei, ikke «Kanskje».",
      },
      { line: 5, message: "E-postadressen «ola@» er ugyldig; fakturanummer 1 står også på rad 2; KID «12a» kan bare ha sifre." },
    ]);
  });

  it("names the missing columns, and refuses an empty file or one with only headers", async () => {
    expect((await parseInvoiceFile(encode("Navn;Epost;Sum\nKari;k@x.no;1\n"), mapping)).errors).toEqual([
      { line: 1, message: "Mangler kolonnene «Beløp», «Forfallsdato», «AvtaleGiro» i overskriftsraden. Fant: Navn, Epost, Sum." },
    ]);
    expect((await parseInvoiceFile(encode(""), mapping)).errors[0]!.message).toBe("Filen er tom.");
    expect((await parseInvoiceFile(encode(`${header}\n`), mapping)).errors[0]!.message).toMatch(/ingen fakturaer/);
  });

  it("reports a broken quote with its line", async () => {
    const parsed = await parseInvoiceFile(encode(`${header}\nKari;"kari@example.no;450;01.03.2026;Ja;1;\n`), mapping);
    expect(parsed.errors).toHaveLength(1);
    expect(parsed.errors[0]!.message).toMatch(/anførselstegn/);
  });

  it("reads an XLSX made with exceljs: dates, numbers, booleans, text amounts, Excel row numbers", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Ubetalt");
    sheet.addRow(["Navn", "E-post", "Beløp", "Forfallsdato", "Avtalegiro", "Fakturanummer"]);
    sheet.addRow(["Kari Nordmann", "kari@example.no", 1234.5, new Date(Date.UTC(2026, 2, 1)), "Ja", 1001]);
    sheet.addRow([]);
    sheet.addRow(["Per Dahl", "per@example.no", "520,00", "15.02.2026", false, "1002"]);
    const content = new Uint8Array(await workbook.xlsx.writeBuffer());
    const parsed = await parseInvoiceFile(content, parseColumnMapping('{"email":"E-post"}'));
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toEqual([
      {
        line: 2,
        name: "Kari Nordmann",
        email: "kari@example.no",
        amountOre: 123450,
        dueDate: "2026-03-01",
        avtalegiro: true,
        invoiceNumber: "1001",
        kid: null,
      },
      {
        line: 4,
        name: "Per Dahl",
        email: "per@example.no",
        amountOre: 52000,
        dueDate: "2026-02-15",
        avtalegiro: false,
        invoiceNumber: "1002",
        kid: null,
      },
    ]);
  });

  it("says so when a zip is not a readable workbook", async () => {
    const parsed = await parseInvoiceFile(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), mapping);
    expect(parsed.errors[0]!.message).toMatch(/Excel-fil/);
  });
});
