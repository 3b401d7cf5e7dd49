// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import { pickCounts, pickScript, pickStyle, RandomPick } from "./random-pick.tsx";

describe("random pick", () => {
  it("draws every choice in range", () => {
    const seen = new Map<string, Set<string>>();
    for (let i = 0; i < 400; i++) {
      new Function(pickScript)();
      for (const name of Object.keys(pickCounts)) {
        const value = document.documentElement.getAttribute(`data-pick-${name}`)!;
        if (!seen.has(name)) seen.set(name, new Set());
        seen.get(name)!.add(value);
      }
    }
    for (const [name, count] of Object.entries(pickCounts)) {
      expect([...seen.get(name)!].sort()).toEqual(Array.from({ length: count }, (_, i) => String(i)));
    }
  });

  it("has a CSS rule showing each choice", () => {
    for (const [name, count] of Object.entries(pickCounts)) {
      for (let i = 0; i < count; i++) expect(pickStyle).toContain(`[data-pick-${name}="${i}"] [data-pick="${name}"]>:nth-child(${i + 1})`);
    }
  });

  it("insists on the right number of choices", () => {
    expect(() =>
      render(
        <RandomPick name="headline">
          <p>a</p>
        </RandomPick>,
      ),
    ).toThrow(/exactly 3/);
  });
});
