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
    expect(html).toContain(`<script type="text/plain" id="deferred-runtime">import "/assets/manifest-abc.js";\nimport("/assets/entry.client-abc.js");</script><script>${startRuntime}</script>`);
    // Hydration needs the text exactly as rendered, comments included.
    expect(html).toContain("<h1>Påmelding til vinterleir <!-- -->2026</h1><script>window.__reactRouterContext={}</script>");
  });
});
