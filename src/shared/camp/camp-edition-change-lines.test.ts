import { describe, expect, it } from "vitest";
import { testNow } from "../test-clock.fixture.ts";
import { changeLineText, fieldChanges, statesAfter } from "../change-log.ts";
import { standardEditionData } from "./camp-edition-data.ts";
import { editionChangeLines } from "./camp-edition-change-lines.ts";

// 15 October 2026, read for the 2026 camp: dates this autumn leave their year out.
const reading = { now: testNow(), year: 2026 };
const texts = (lines: ReturnType<typeof editionChangeLines>) => lines.map(changeLineText);

describe("the camp editions' change log in words", () => {
  // The club's usual 2026 edition: 10 % early-bird until 31 October, a late fee of 100 kr from 21 November (off).
  const before = standardEditionData(2026);
  const after = {
    ...before,
    venue: "Ski idrettshall, hall A og hall B, inngang fra parkeringsplassen bak skolen",
    prices: { ...before.prices, adult: 1250 },
    earlyBird: { ...before.earlyBird, percent: 15 },
    lateFee: { ...before.lateFee, enabled: true },
  };

  it("says one line per changed field, a setting whole with its unchanged parts, figures as a person reads them", () => {
    const changes = fieldChanges(before, after);
    const lines = texts(editionChangeLines(changes, reading, after));
    expect(lines).toEqual([
      "Sted: «Follo Stil Arena» → «Ski idrettshall, hall A og hall B, inngang fra parkeringsplassen bak skolen»",
      "Voksenpris: 1\u00a0200\u00a0kr → 1\u00a0250\u00a0kr",
      "Tidligrabatt: 10\u00a0% til 31. oktober → 15\u00a0% til 31. oktober",
      "Etteranmeldingsgebyr: av → 100\u00a0kr fra 21. november",
    ]);
    // Without the edition as it stood, a setting only partly changed is said field by field.
    expect(texts(editionChangeLines(changes, reading))).toContain("Tidligrabatt (prosent): 10\u00a0% → 15\u00a0%");
  });

  it("reads an older entry that holds a whole group as its fields, never as JSON", () => {
    const lines = texts(editionChangeLines([{ field: "prices", from: null, to: { adult: 1200, child: 1025, childMaxAge: 12 } }], reading));
    expect(lines).toEqual(["Voksenpris: – → 1\u00a0200\u00a0kr", "Barnepris: – → 1\u00a0025\u00a0kr", "Barnepris til og med alder: – → 12 år"]);
  });

  it("works back from the edition as it is now to how it stood after each entry", () => {
    const middle = { ...before, companionFee: 600 };
    const entries = [{ changes: fieldChanges(before, middle) }, { changes: fieldChanges(middle, after) }];
    const states = statesAfter(after, entries);
    expect(states).toEqual([middle, after]);
    expect(texts(editionChangeLines(entries[0]!.changes, reading, states[0]))).toEqual(["Ledsagerpris: 550\u00a0kr → 600\u00a0kr"]);
  });
});
