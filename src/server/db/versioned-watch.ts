export interface VersionedWatchOptions<Snapshot> {
  /** A check is at most this old when a caller reads the snapshot (default 2 s). */
  maxAgeMs?: number;
  now?: () => number;
  /** Called when a check fails while an older snapshot is kept. */
  onError?: (error: unknown) => void;
  /** Called after the data changed (not on the first load), with the new snapshot and the one it replaces. */
  onChange?: (snapshot: Snapshot, previous: Snapshot) => void;
}

export interface VersionedSource<Version, Snapshot> {
  /** What the data's state is, in one small query (a version number, a latest change id). */
  readVersion: () => Promise<Version>;
  /** Whether `snapshot` already holds what `version` names, so nothing needs loading. */
  holds: (snapshot: Snapshot, version: Version) => boolean;
  /** The data itself, loaded only when the version moved. */
  load: (version: Version) => Promise<Snapshot>;
}

/**
 * Follows data in the database for every process on it: when the last check is older than `maxAgeMs`, the
 * next caller reads the data's version, and only when it moved loads the data again. A change made by
 * another process is seen within `maxAgeMs`; `stale()` makes this process's own change visible at once.
 * Callers arriving during a check share it. When a check fails the last snapshot is kept (and the next
 * caller tries again); with no snapshot yet, the caller gets the error.
 */
export function watchVersioned<Version, Snapshot>(
  source: VersionedSource<Version, Snapshot>,
  { maxAgeMs = 2000, now = Date.now, onError, onChange }: VersionedWatchOptions<Snapshot> = {},
) {
  let loaded: { snapshot: Snapshot } | undefined;
  let checkedAt = -Infinity;
  let pending: Promise<void> | undefined;
  // stale() during a check: that check may have read the data before the change, so it does not count.
  let generation = 0;

  async function check() {
    const started = generation;
    const version = await source.readVersion();
    if (!loaded || !source.holds(loaded.snapshot, version)) {
      const snapshot = await source.load(version);
      const previous = loaded;
      loaded = { snapshot };
      if (previous) onChange?.(snapshot, previous.snapshot);
    }
    if (started === generation) checkedAt = now();
  }

  return {
    /** The data, checked against the database when the last check is older than `maxAgeMs`. */
    async current(): Promise<Snapshot> {
      if (loaded && now() - checkedAt < maxAgeMs) return loaded.snapshot;
      pending ??= check()
        .catch((error: unknown) => {
          if (!loaded) throw error;
          checkedAt = now();
          onError?.(error);
        })
        .finally(() => {
          pending = undefined;
        });
      await pending;
      return loaded!.snapshot;
    },
    /** The next caller checks again (after this process changed the data). */
    stale() {
      generation++;
      checkedAt = -Infinity;
    },
  };
}
