import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { doorCounts, doorSearchText, matchesDoorQuery, searchableText, searchDoorList, type DoorEntry } from "./door-list.ts";

const person = (personId: string, name: string, checkedIn: string[] = []): DoorEntry["persons"][number] => ({
  personId,
  name,
  isLedsager: personId.startsWith("c"),
  grade: null,
  gradering: false,
  sleepover: false,
  vegan: false,
  allergy: false,
  checkedIn,
});
const entry = (
  registrationId: number,
  persons: DoorEntry["persons"],
  club = "Ski Taekwondo Klubb",
  status: DoorEntry["status"] = "confirmed",
): DoorEntry => ({
  registrationId,
  orderId: `VL26-${String(registrationId).padStart(6, "0")}`,
  status,
  club,
  amount: 1200,
  paid: 0,
  outstanding: 1200,
  persons,
  doorPayments: [],
  codeHash: "0".repeat(64),
});

const name = fc.stringMatching(/^[A-Za-zÆØÅæøåÉéü][a-zæøåéü]{0,11}$/);

describe("the door list's search (the same on the phone and the server)", () => {
  it("finds a registration by any of its names, its club or its order id, in any case and with accents left off", () => {
    const list = [entry(1, [person("a1", "José Ødegård"), person("c4", "Kari Ødegård")]), entry(2, [person("a2", "Siri Sørensen")], "Bergen Vest")];
    const ids = (query: string) => searchDoorList(list, query).hits.map((hit) => hit.registrationId);
    expect(ids("jose")).toEqual([1]);
    expect(ids("KARI ødeg")).toEqual([1]);
    expect(ids("bergen")).toEqual([2]);
    expect(ids("VL26-000002")).toEqual([2]);
    expect(ids("odegard")).toEqual([]);
    expect(ids("   ")).toEqual([]);
  });

  it("always finds a person by their own full name, and never returns an entry that lacks a word of the query", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(name, name), { minLength: 1, maxLength: 30 }), fc.nat(), fc.string({ maxLength: 40 }), (names, pick, query) => {
        const list = names.map(([first, last], index) => entry(index + 1, [person(`a${index + 1}`, `${first} ${last}`)]));
        const [first, last] = names[pick % names.length]!;
        const found = searchDoorList(list, `${last} ${first}`);
        expect(found.hits.length + (found.more ? 1 : 0)).toBeGreaterThan(0);
        if (!found.more) expect(found.hits.map((hit) => hit.registrationId)).toContain((pick % names.length) + 1);
        // Any query: at most 25 hits, each containing every word.
        const any = searchDoorList(list, query);
        expect(any.hits.length).toBeLessThanOrEqual(25);
        const words = searchableText(query).split(" ").filter(Boolean);
        for (const hit of any.hits) for (const word of words) expect(doorSearchText(hit)).toContain(word);
        expect(matchesDoorQuery(doorSearchText(list[0]!), "")).toBe(false);
      }),
    );
  });
});

describe("the door's counts from the list", () => {
  it("counts the persons of registrations that are not cancelled, per day", () => {
    const list = [
      entry(1, [person("a1", "A", ["2026-11-28"]), person("c1", "B")]),
      entry(2, [person("a2", "C", ["2026-11-28", "2026-11-29"])]),
      entry(3, [person("a3", "D", ["2026-11-28"])], "X", "cancelled"),
    ];
    expect(doorCounts(list, ["2026-11-28", "2026-11-29"])).toEqual([
      { day: "2026-11-28", arrived: 2, expected: 3 },
      { day: "2026-11-29", arrived: 1, expected: 3 },
    ]);
  });
});
