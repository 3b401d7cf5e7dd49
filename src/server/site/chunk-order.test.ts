import { describe, expect, it } from "vitest";
import { leavesFirst } from "./chunk-order.ts";

// Minified chunks as the build writes them: static imports at the top, a dynamic one further down.
const chunks: Record<string, string> = {
  "/assets/page-a1.js": `import{a as e}from"./schemas-b2.js";import{j as t}from"./react-c3.js";const n=()=>import("./later-d4.js");export{e as default};`,
  "/assets/schemas-b2.js": `import{x}from"./zod-e5.js";export const a=x;`,
  "/assets/zod-e5.js": `export const x=1;`,
  "/assets/react-c3.js": `export const j=2;`,
  "/assets/later-d4.js": `export const l=3;`,
};
const source = async (href: string) => chunks[href] ?? "";

describe("leavesFirst", () => {
  it("puts every chunk after the chunks it imports statically, keeping the given order otherwise", async () => {
    const order = await leavesFirst(["/assets/page-a1.js", "/assets/react-c3.js", "/assets/schemas-b2.js", "/assets/zod-e5.js"], source);
    expect(order).toEqual(["/assets/zod-e5.js", "/assets/schemas-b2.js", "/assets/react-c3.js", "/assets/page-a1.js"]);
  });

  it("leaves out what is not among the page's chunks (a dynamic import is loaded when it is needed)", async () => {
    expect(await leavesFirst(["/assets/page-a1.js", "/assets/react-c3.js"], source)).toEqual(["/assets/react-c3.js", "/assets/page-a1.js"]);
  });
});
