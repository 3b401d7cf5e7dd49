import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { snapshotCache } from "./snapshot-cache.ts";

describe("snapshotCache", () => {
  it("loads once per TTL, shares concurrent misses and reloads after invalidate", async () => {
    let loads = 0;
    let clock = 0;
    const cache = snapshotCache(
      async () => ({ loads: ++loads }),
      1000,
      () => clock,
    );
    const [a, b] = await Promise.all([cache.get(), cache.get()]);
    expect(loads).toBe(1);
    expect(a).toBe(b);
    expect(JSON.parse(gunzipSync(a.gzip).toString())).toEqual({ loads: 1 });

    clock = 999;
    await cache.get();
    expect(loads).toBe(1);
    clock = 1000;
    await cache.get();
    expect(loads).toBe(2);

    cache.invalidate();
    expect(JSON.parse((await cache.get()).raw.toString())).toEqual({ loads: 3 });
  });

  it("does not keep a load that an invalidation overtook", async () => {
    let release!: () => void;
    let value = "old";
    const cache = snapshotCache(() => new Promise((resolve) => (release = () => resolve(value))), 60_000);
    const first = cache.get();
    cache.invalidate();
    value = "new";
    release();
    await first;
    const second = cache.get();
    release();
    expect((await second).raw.toString()).toBe('"new"');
  });
});
