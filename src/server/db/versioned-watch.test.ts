import { describe, expect, it, vi } from "vitest";
import { watchVersioned } from "./versioned-watch.ts";

/** A source whose version and data the test moves by hand, counting the reads. */
function fakeSource() {
  const state = { version: 1, failing: false, versionReads: 0, loads: 0 };
  // While set, a version read waits for it after reading, so the test can change the data meanwhile.
  let gate: { promise: Promise<void>; open: () => void } | undefined;
  return {
    state,
    hold: () => {
      let open!: () => void;
      gate = { promise: new Promise<void>((resolve) => (open = resolve)), open };
    },
    go: () => {
      gate?.open();
      gate = undefined;
    },
    readVersion: async () => {
      state.versionReads++;
      if (state.failing) throw new Error("database gone");
      const version = state.version;
      await gate?.promise;
      return version;
    },
    holds: (snapshot: { version: number }, version: number) => snapshot.version === version,
    load: async (version: number) => {
      state.loads++;
      return { version };
    },
  };
}

describe("watchVersioned", () => {
  it("reads the version at most once per maxAgeMs and loads the data only when the version moved", async () => {
    let clock = 0;
    const source = fakeSource();
    const onChange = vi.fn();
    const watch = watchVersioned(source, { maxAgeMs: 1000, now: () => clock, onChange });
    expect(await watch.current()).toEqual({ version: 1 });
    expect(await watch.current()).toEqual({ version: 1 });
    expect([source.state.versionReads, source.state.loads]).toEqual([1, 1]);

    clock = 1000;
    expect(await watch.current()).toEqual({ version: 1 });
    expect([source.state.versionReads, source.state.loads]).toEqual([2, 1]);
    expect(onChange).not.toHaveBeenCalled();

    source.state.version = 2;
    expect(await watch.current()).toEqual({ version: 1 }); // checked 0 ms ago
    clock = 2000;
    expect(await watch.current()).toEqual({ version: 2 });
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ version: 2 }, { version: 1 });
  });

  it("stale() makes the next caller check at once", async () => {
    const source = fakeSource();
    const watch = watchVersioned(source, { maxAgeMs: 60_000, now: () => 0 });
    await watch.current();
    source.state.version = 5;
    expect(await watch.current()).toEqual({ version: 1 });
    watch.stale();
    expect(await watch.current()).toEqual({ version: 5 });
  });

  it("callers during a check share it, and a check that began before stale() does not count as fresh", async () => {
    const source = fakeSource();
    const watch = watchVersioned(source, { maxAgeMs: 60_000, now: () => 0 });
    await watch.current();
    watch.stale();
    source.hold();
    const first = watch.current();
    const second = watch.current();
    // This process changes the data while the check that read the old version is in flight.
    source.state.version = 3;
    watch.stale();
    source.go();
    expect(await first).toEqual({ version: 1 });
    expect(await second).toEqual({ version: 1 });
    expect(source.state.versionReads).toBe(2);
    expect(await watch.current()).toEqual({ version: 3 });
  });

  it("keeps the last snapshot when a check fails, and throws when there is none yet", async () => {
    let clock = 0;
    const source = fakeSource();
    const onError = vi.fn();
    const watch = watchVersioned(source, { maxAgeMs: 1000, now: () => clock, onError });
    source.state.failing = true;
    await expect(watch.current()).rejects.toThrow("database gone");

    source.state.failing = false;
    expect(await watch.current()).toEqual({ version: 1 });
    source.state.failing = true;
    clock = 5000;
    expect(await watch.current()).toEqual({ version: 1 });
    expect(onError).toHaveBeenCalledOnce();
    // The failed check counts as a check: the next one waits maxAgeMs.
    expect(await watch.current()).toEqual({ version: 1 });
    expect(onError).toHaveBeenCalledOnce();
  });

  it("holds a null snapshot (no data) apart from none loaded yet", async () => {
    let version: number | undefined;
    const load = vi.fn(async (v: number | undefined) => (v === undefined ? null : { v }));
    const watch = watchVersioned(
      { readVersion: async () => version, holds: (snapshot, v) => (v === undefined ? snapshot === null : snapshot?.v === v), load },
      { maxAgeMs: 0 },
    );
    expect(await watch.current()).toBeNull();
    expect(await watch.current()).toBeNull();
    expect(load).toHaveBeenCalledOnce();
    version = 7;
    expect(await watch.current()).toEqual({ v: 7 });
  });
});
