import { precompress, type Precompressed } from "./precompressed.ts";

/**
 * A JSON answer computed at most once per `ttlMs` and sent precompressed to everyone in between.
 * For public read-mostly lists: concurrent misses share one load, a local change calls invalidate(),
 * and the TTL bounds how stale another process's view can be when several servers share a database.
 */
export function snapshotCache(load: () => Promise<unknown>, ttlMs: number, now: () => number = Date.now) {
  let current: { body: Precompressed; expiresAt: number } | undefined;
  let pending: Promise<Precompressed> | undefined;
  let generation = 0;

  async function refresh(): Promise<Precompressed> {
    const started = generation;
    // Brotli 5 keeps a refresh cheap; these bodies are rebuilt every few seconds under load.
    const body = await precompress(JSON.stringify(await load()), 5);
    if (started === generation) current = { body, expiresAt: now() + ttlMs };
    return body;
  }

  return {
    get(): Promise<Precompressed> {
      if (current && current.expiresAt > now()) return Promise.resolve(current.body);
      pending ??= refresh().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    invalidate() {
      generation++;
      current = undefined;
    },
  };
}
