import { describe, expect, it } from "vitest";
import { deferRuntime, startRuntime } from "./strip-runtime.ts";

const page =
  `<!DOCTYPE html><html lang="nb"><head><link rel="modulepreload" href="/assets/entry.client-abc.js"/>` +
  `<link rel="stylesheet" href="/assets/root-abc.css"/></head><body><h1>Påmelding til vinterleir <!-- -->2026</h1>` +
  `<script>window.__reactRouterContext={}</script><script type="module" async="">import "/assets/manifest-abc.js";\nimport("/assets/entry.client-abc.js");</script></body></html>`;

describe("deferRuntime (a working page)", () => {
  it("inlines the stylesheets and starts the runtime only after the first paint, leaving the rest as React rendered it", async () => {
    const html = await deferRuntime(page, async (href) => (href === "/assets/root-abc.css" ? "h1{color:red}" : ""));
    expect(html).toContain(`<style>h1{color:red}</style><link media="print" rel="stylesheet" href="/assets/root-abc.css"/>`);
    expect(html).toContain(`<link media="print" rel="modulepreload" href="/assets/entry.client-abc.js"/>`);
    expect(html).not.toContain(`<script type="module"`);
    expect(html).toContain(
      `<script type="text/plain" id="deferred-runtime">import "/assets/manifest-abc.js";\nimport("/assets/entry.client-abc.js");</script><script>${startRuntime}</script>`,
    );
    // Hydration needs the text exactly as rendered, comments included.
    expect(html).toContain("<h1>Påmelding til vinterleir <!-- -->2026</h1><script>window.__reactRouterContext={}</script>");
  });

  it("lists the module preloads leaves first, so each chunk is evaluated after the chunks it imports", async () => {
    const chunks: Record<string, string> = {
      "/assets/route-x1.js": `import{a}from"./shared-x2.js";export default a;`,
      "/assets/shared-x2.js": `export const a=1;`,
    };
    const withPreloads = page.replace(
      '<link rel="stylesheet"',
      `<link rel="modulepreload" href="/assets/route-x1.js"/><link rel="modulepreload" href="/assets/shared-x2.js"/><link rel="stylesheet"`,
    );
    const html = await deferRuntime(withPreloads, async (href) => chunks[href] ?? "");
    const preloads = [...html.matchAll(/<link media="print" rel="modulepreload" href="([^"]+)"/g)].map((link) => link[1]);
    expect(preloads).toEqual(["/assets/entry.client-abc.js", "/assets/shared-x2.js", "/assets/route-x1.js"]);
  });
});
