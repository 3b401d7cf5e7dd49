import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { neutraliseFormula, norwegianCsv, type CsvColumn } from "./csv.ts";

const columns: CsvColumn<{ name: string; amount: number }>[] = [
  { header: "Navn", value: (row) => row.name },
  { header: "Beløp", value: (row) => row.amount },
];
const body = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .slice(1, -1);

describe("norwegianCsv", () => {
  it("quotes a name with a comma and a formula, so a program splitting on commas sees no formula cell", () => {
    const [line] = body(norwegianCsv(columns, [{ name: "x,=cmd|' /C calc'!A0,y", amount: 5 }]));
    expect(line).toBe(`"x,=cmd|' /C calc'!A0,y";5`);
    // Split on commas the way a spreadsheet does (quotes respected): still one text cell.
    const commaCells = (parse(line!, { delimiter: ",", relax_quotes: true }) as string[][])[0]!;
    expect(commaCells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
  });

  it("neutralises a formula at the start of every text cell", () => {
    for (const formula of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "\nx", "＝1"]) {
      const rows = parse(body(norwegianCsv(columns, [{ name: formula, amount: 1 }])).join("\r\n"), { delimiter: ";" }) as string[][];
      const cell = rows[0]![0];
      expect(cell).toBe(`'${formula}`);
    }
  });

  it("any text reads back as written (neutralised), and every cell with a separator, quote or line break is quoted", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (name) => {
        const csv = norwegianCsv(columns, [{ name, amount: 7 }]);
        const rows = parse(csv, { delimiter: ";", bom: true, record_delimiter: "\r\n" }) as string[][];
        expect(rows[1]).toEqual([neutraliseFormula(name), "7"]);
        const written = csv.replace(/^\uFEFF/, "").slice(csv.indexOf("\r\n") + 1);
        if (/[;,\t\r\n"]/.test(neutraliseFormula(name))) expect(written.startsWith('"')).toBe(true);
      }),
    );
  });
});
