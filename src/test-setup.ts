import { afterEach, beforeEach, vi } from "vitest";

// House rule: a test fails on an unexpected console.error (React warnings, failed renders, …).
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(async () => {
  if (typeof document !== "undefined") {
    const { cleanup } = await import("@testing-library/react");
    cleanup();
  }
  if (errors.length > 0) {
    throw new Error(`Unexpected console.error:\n${errors.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
});
