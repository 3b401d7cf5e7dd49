import { afterEach, describe, expect, it, vi } from "vitest";
import { PeriodicJob, type PeriodicJobOptions } from "./periodic-job.ts";

/** A pass that waits until released, and counts how many ran and how many ran at once. */
function gatedRun() {
  const state = { started: 0, finished: 0, active: 0, mostAtOnce: 0 };
  let releases: (() => void)[] = [];
  const run = async () => {
    state.started++;
    state.active++;
    state.mostAtOnce = Math.max(state.mostAtOnce, state.active);
    await new Promise<void>((resolve) => releases.push(resolve));
    state.active--;
    state.finished++;
    return state.finished;
  };
  /** Lets the waiting pass finish, and waits until it has. */
  const release = async () => {
    const waiting = releases;
    const finished = state.finished + waiting.length;
    releases = [];
    for (const resolve of waiting) resolve();
    await vi.waitFor(() => expect(state.finished).toBe(finished));
  };
  return { state, run, release };
}

const log = () => ({ warn: vi.fn(), error: vi.fn() });

function job<T>(options: Partial<PeriodicJobOptions<T>> & Pick<PeriodicJobOptions<T>, "run">) {
  return new PeriodicJob<T>({ intervalMs: 1_000, log: log(), failureMessage: "probe failed", ...options });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("PeriodicJob", () => {
  it("runs a pass at start and then every intervalMs", async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => {});
    const probe = job({ run, intervalMs: 1_000 });
    probe.start();
    expect(probe.started).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(run).toHaveBeenCalledTimes(4);
    await probe.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(4);
  });

  it("never overlaps passes: kicks during a pass run exactly one more after it", async () => {
    const gate = gatedRun();
    const probe = job({ run: gate.run });
    probe.kick();
    probe.kick();
    probe.kick();
    expect(gate.state.started).toBe(1);
    await gate.release();
    await vi.waitFor(() => expect(gate.state.started).toBe(2));
    await gate.release();
    await vi.waitFor(() => expect(gate.state.finished).toBe(2));
    expect(gate.state.started).toBe(2);
    expect(gate.state.mostAtOnce).toBe(1);
    await probe.stop();
  });

  it("runOnce waits for the running pass, then runs one more and answers its result", async () => {
    const gate = gatedRun();
    const probe = job({ run: gate.run });
    probe.kick();
    const result = probe.runOnce();
    expect(gate.state.started).toBe(1);
    await gate.release();
    await vi.waitFor(() => expect(gate.state.started).toBe(2));
    await gate.release();
    expect(await result).toBe(2);
    expect(gate.state.mostAtOnce).toBe(1);
  });

  it("drain runs a pass even when none is running", async () => {
    const run = vi.fn(async () => 7);
    const probe = job({ run });
    await probe.drain();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("a kick from inside a pass asks for one more pass, not a second one at the same time", async () => {
    let passes = 0;
    const probe: PeriodicJob<number> = job({
      run: async () => {
        passes++;
        if (passes === 1) probe.kick();
        return passes;
      },
    });
    expect(await probe.runOnce()).toBe(2);
  });

  it("logs a failed pass, answers undefined and keeps running", async () => {
    const logger = log();
    let fail = true;
    const probe = job({
      log: logger,
      failureLevel: "error",
      run: async () => {
        if (fail) throw new Error("database away");
        return "ok";
      },
    });
    expect(await probe.runOnce()).toBeUndefined();
    expect(logger.error).toHaveBeenCalledWith({ err: expect.objectContaining({ message: "database away" }) }, "probe failed");
    fail = false;
    expect(await probe.runOnce()).toBe("ok");
  });

  it("a failure inside a kicked pass reaches no one but the log", async () => {
    const logger = log();
    const probe = job({ log: logger, run: async () => Promise.reject(new Error("boom")) });
    probe.kick();
    await probe.drain();
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it("stop waits for the running pass, aborts its signal, and nothing runs after", async () => {
    const gate = gatedRun();
    let signal: AbortSignal | undefined;
    const probe = job({
      run: async (passSignal) => {
        signal = passSignal;
        return gate.run();
      },
    });
    probe.kick();
    probe.kick();
    let stopped = false;
    const stopping = probe.stop().then(() => (stopped = true));
    expect(signal?.aborted).toBe(true);
    await Promise.resolve();
    expect(stopped).toBe(false);
    await gate.release();
    await stopping;
    // The kick during the pass does not run after a stop.
    expect(gate.state.started).toBe(1);
    probe.kick();
    probe.start();
    expect(await probe.runOnce()).toBeUndefined();
    expect(gate.state.started).toBe(1);
  });

  it("with idleUntilStarted, kicks do nothing before start; runOnce still runs", async () => {
    const run = vi.fn(async () => 1);
    const probe = job({ run, idleUntilStarted: true });
    probe.kick();
    expect(run).not.toHaveBeenCalled();
    expect(await probe.runOnce()).toBe(1);
    probe.start();
    await probe.stop();
    expect(run.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});
