import { describe, expect, it } from "vitest";
import { SEED_GRADES } from "../../../shared/camp/seed-grades.ts";
import { beltFor } from "./belt-colours.ts";

describe("beltFor", () => {
  it("reads base colour and stripes from the grade names", () => {
    expect(beltFor("Hvitt", false)).toEqual({ base: "white" });
    expect(beltFor("Gult med grønn stripe", false)).toEqual({ base: "yellow", stripe: { colour: "green", count: 1, thin: false } });
    expect(beltFor("Blått med en tynn rød stripe", false)).toEqual({ base: "blue", stripe: { colour: "red", count: 1, thin: true } });
    expect(beltFor("Rødt med tre sorte striper", false)).toEqual({ base: "red", stripe: { colour: "black", count: 3, thin: false } });
    expect(beltFor("2. dan", true)).toEqual({ base: "black" });
  });

  it("gives every seeded cup grade a belt colour of its own name", () => {
    const bases = SEED_GRADES.filter((g) => !g.isDan).map((g) => beltFor(g.name, g.isDan).base);
    expect(new Set(bases)).toEqual(new Set(["white", "yellow", "green", "blue", "red"]));
  });
});
