import { afterEach, beforeEach, vi } from "vitest";
import { TEST_NOW } from "./shared/test-clock.fixture.ts";

// House rule: a test fails on an unexpected console.error (React warnings, failed renders, …).
let errors: unknown[][] = [];
beforeEach(() => {
  // A page (happy-dom) never reads the real date as today: its clock starts at TEST_NOW and runs on in real
  // time (timers stay real). A test about another day sets its own with vi.useFakeTimers or vi.setSystemTime.
  if (typeof document !== "undefined") vi.useFakeTimers({ now: new Date(TEST_NOW), toFake: ["Date"], shouldAdvanceTime: true });
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(async () => {
  if (typeof document !== "undefined") {
    vi.useRealTimers();
    const { cleanup } = await import("@testing-library/react");
    cleanup();
  }
  if (errors.length > 0) {
    throw new Error(`Unexpected console.error:\n${errors.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
});
