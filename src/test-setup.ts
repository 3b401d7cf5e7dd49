import { afterEach, beforeEach, vi } from "vitest";
import { TEST_NOW } from "./shared/test-clock.fixture.ts";

// House rule: a test fails on an unexpected console.error (React warnings, failed renders, …).
let errors: unknown[][] = [];
/** A page's clock is real time shifted to read TEST_NOW when this set-up ran: it never goes back between tests. */
const clockShiftMs = Date.parse(TEST_NOW) - Date.now();
// A page's findBy… waits up to 5 s, not 1: on a busy 2-core machine a lazily loaded area can take longer to
// render than the default, and a wait that ends at the first match costs nothing when it is quick.
if (typeof document !== "undefined") {
  const { configure } = await import("@testing-library/react");
  configure({ asyncUtilTimeout: 5000 });
}
beforeEach(() => {
  // A page (happy-dom) never reads the real date as today: its clock runs on from TEST_NOW in real time,
  // millisecond by millisecond, as a browser's does (a cookie given Max-Age=0 is gone a moment later); timers
  // stay real. A test about another day sets its own with vi.useFakeTimers or vi.setSystemTime.
  if (typeof document !== "undefined")
    vi.useFakeTimers({ now: Date.now() + clockShiftMs, toFake: ["Date"], shouldAdvanceTime: true, advanceTimeDelta: 1 });
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
