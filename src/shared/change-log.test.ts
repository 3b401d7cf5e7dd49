import { describe, expect, it } from "vitest";
import { standardEditionData } from "./camp/camp-edition-data.ts";
import { changeLines, changeLineText, fieldChanges, leafChanges, type ChangeWords } from "./change-log.ts";

describe("the shared change log", () => {
  it("lists what changed, field by field, nested objects by their fields and arrays whole", () => {
    const before = standardEditionData(2026);
    const after = { ...before, companionFee: 600, prices: { ...before.prices, child: 1100 } };
    expect(fieldChanges(before, after)).toEqual([
      { field: "prices.child", from: 1025, to: 1100 },
      { field: "companionFee", from: 550, to: 600 },
    ]);
    expect(fieldChanges(before, before)).toEqual([]);
    expect(fieldChanges({ bands: [1, 2] }, { bands: [2, 1] })).toEqual([{ field: "bands", from: [1, 2], to: [2, 1] }]);
    // Key order is not a change: the database does not keep it.
    expect(fieldChanges({ item: { a: 1, b: [{ x: 1, y: 2 }] } }, { item: { b: [{ y: 2, x: 1 }], a: 1 } })).toEqual([]);
    // A new thing: every field from null.
    expect(fieldChanges(undefined, { title: "Kurs" })).toEqual([{ field: "title", from: null, to: "Kurs" }]);
  });

  it("reads a whole group as its fields, and says «endret» when both sides read the same", () => {
    expect(leafChanges([{ field: "a", from: null, to: { b: 1, c: 2 } }])).toEqual([
      { field: "a.b", from: null, to: 1 },
      { field: "a.c", from: null, to: 2 },
    ]);
    const words: ChangeWords<undefined> = { label: (field) => field.toUpperCase(), value: (_field, value) => (value === 1 ? "én" : "mange") };
    expect(changeLines(words, [{ field: "n", from: 2, to: 3 }], undefined).map(changeLineText)).toEqual(["N: endret"]);
    expect(changeLines(words, [{ field: "n", from: 1, to: 3 }], undefined).map(changeLineText)).toEqual(["N: én → mange"]);
  });
});
