// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { startRuntime } from "./strip-runtime.ts";

/** A working page as the server sends it, with the start script run in it; frames are handed out by the test. */
function workingPage({ hidden }: { hidden: boolean }) {
  document.head.innerHTML =
    `<link media="print" rel="modulepreload" href="/assets/entry.client-abc.js">` +
    `<link media="print" rel="modulepreload" href="/assets/page-abc.js">`;
  document.body.innerHTML = `<script type="text/plain" id="deferred-runtime">import("/assets/entry.client-abc.js");</script>`;
  vi.spyOn(document, "hidden", "get").mockReturnValue(hidden);
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
  // The chunks cannot be imported here; the script then starts the router's entry, which is not what is tested.
  new Function(startRuntime)();
  const nextFrame = () => frames.shift()!(performance.now());
  /** The runtime's first step: fresh module preloads (without media="print") for the page's chunks. */
  const fetching = () => document.head.querySelectorAll('link[rel="modulepreload"]:not([media])').length > 0;
  return { nextFrame, fetching };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the start of a working page's runtime", () => {
  it("waits for the first paint of a visible page even when load comes first", () => {
    const page = workingPage({ hidden: false });
    window.dispatchEvent(new Event("load"));
    expect(page.fetching()).toBe(false);
    page.nextFrame();
    expect(page.fetching()).toBe(false);
    page.nextFrame();
    expect(page.fetching()).toBe(true);
  });

  it("starts on load in a background tab, which gets no frames", () => {
    const page = workingPage({ hidden: true });
    expect(page.fetching()).toBe(false);
    window.dispatchEvent(new Event("load"));
    expect(page.fetching()).toBe(true);
  });
});
