/**
 * Belt colours for the grade chart, read from the grade's name ("Gult med grønn stripe", "2. dan"), so a
 * renamed or added grade still gets a sensible belt. These colours are for belts only (DESIGN.md).
 */

export const beltColours = {
  white: "#ffffff",
  yellow: "#f4c400",
  green: "#1f8a3b",
  blue: "#1d5bbf",
  red: "#c8102e",
  black: "#16161a",
} as const;
type BeltColour = keyof typeof beltColours;

export interface Belt {
  base: BeltColour;
  /** A stripe along the belt, drawn as a second colour band; absent for plain belts. */
  stripe?: { colour: BeltColour; count: number; thin: boolean };
}

// Stems cover the forms in use: hvitt/hvit, gult/gul, grønt/grønn, blått/blå, rødt/rød, sort/sorte/svart.
const colourWords: [RegExp, BeltColour][] = [
  [/^hvit/, "white"],
  [/^gul/, "yellow"],
  [/^grøn/, "green"],
  [/^blå/, "blue"],
  [/^rød/, "red"],
  [/^(sort|svart)/, "black"],
];

const countWords: Record<string, number> = { en: 1, ei: 1, ett: 1, to: 2, tre: 3, fire: 4 };

function colourOf(word: string | undefined): BeltColour | undefined {
  if (!word) return undefined;
  return colourWords.find(([pattern]) => pattern.test(word))?.[1];
}

export function beltFor(name: string, isDan: boolean): Belt {
  if (isDan) return { base: "black" };
  const words = name.toLocaleLowerCase("nb-NO").split(/\s+/);
  const base = colourOf(words[0]) ?? "white";
  const withAt = words.indexOf("med");
  if (withAt < 0) return { base };
  const rest = words.slice(withAt + 1);
  const count = rest.map((word) => countWords[word]).find((n) => n !== undefined) ?? 1;
  const colour = rest.map(colourOf).find((c) => c !== undefined);
  if (!colour) return { base };
  return { base, stripe: { colour, count, thin: rest.includes("tynn") } };
}
