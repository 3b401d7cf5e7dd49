/**
 * Group commit for a hot insert: writes that arrive while earlier ones are with the database wait and then
 * go together, as one statement and one commit. A database pays most of a small write per statement, not
 * per row (the round trip, the plan's start, the commit); bench:api measured the same rows written ten at a
 * time at four to six times the rate of one at a time (docs/benchmarks.md).
 *
 * Nothing waits for a timer: a batch starts as soon as the requests at hand have been read (the event
 * loop's next turn, `setImmediate`) and a slot is free, so a quiet site answers as fast as before; only
 * under load do writes share a statement. Two writes with the same key (the same
 * draft) never share a batch or run at the same time, so one batch never waits for another's row lock.
 * A batch that fails is tried again one write at a time, so a write that cannot be stored fails alone.
 */
export interface WriteBatcherOptions<Item> {
  /** Writes the items in one statement; answers one result per item, in their order. */
  write: (items: Item[]) => Promise<unknown[]>;
  /** The most items in one statement. */
  maxBatch: number;
  /** How many statements may be with the database at once (PGlite runs one at a time: 1). */
  concurrency: number;
  /** Items with the same key never share a batch nor run at once. */
  key: (item: Item) => string;
}

interface Pending<Item> {
  item: Item;
  key: string;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
  /** Part of a batch that failed: written alone from now on. */
  alone: boolean;
}

export class WriteBatcher<Item, Result> {
  private readonly queue: Pending<Item>[] = [];
  private readonly keysInFlight = new Set<string>();
  private inFlight = 0;
  private scheduled = false;
  private held = 0;

  constructor(private readonly options: WriteBatcherOptions<Item>) {}

  write(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ item, key: this.options.key(item), resolve: resolve as (result: unknown) => void, reject, alone: false });
      this.schedule();
    });
  }

  /** Writes waiting for a statement. */
  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Starts no statement until the answer is called: writes wait in line, and then go together as they would
   * have had the database been busy. Lets a test decide which writes share a statement.
   */
  hold(): () => void {
    this.held++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held--;
      this.schedule();
    };
  }

  /**
   * Starts batches on the loop's next turn: requests read in the same turn (one poll of the sockets) then
   * go together, where starting at once would send the first alone and make the rest wait for it.
   */
  private schedule(): void {
    if (this.scheduled || this.held > 0 || this.inFlight >= this.options.concurrency) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.held === 0 && this.inFlight < this.options.concurrency) {
      const batch = this.takeBatch();
      if (batch.length === 0) return;
      this.inFlight++;
      for (const pending of batch) this.keysInFlight.add(pending.key);
      void this.run(batch).finally(() => {
        for (const pending of batch) this.keysInFlight.delete(pending.key);
        this.inFlight--;
        this.schedule();
      });
    }
  }

  /** The oldest items that may go now: none whose key is written already, one alone if it must be. */
  private takeBatch(): Pending<Item>[] {
    const batch: Pending<Item>[] = [];
    const keys = new Set<string>();
    for (let index = 0; index < this.queue.length && batch.length < this.options.maxBatch;) {
      const pending = this.queue[index]!;
      const blocked = this.keysInFlight.has(pending.key) || keys.has(pending.key) || (pending.alone && batch.length > 0);
      if (blocked) {
        index++;
        continue;
      }
      this.queue.splice(index, 1);
      batch.push(pending);
      keys.add(pending.key);
      if (pending.alone) break;
    }
    return batch;
  }

  private async run(batch: Pending<Item>[]): Promise<void> {
    let results: unknown[];
    try {
      results = await this.options.write(batch.map((pending) => pending.item));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // Nothing of the batch was stored (one statement): each is written again on its own, first in line.
      for (const pending of batch) pending.alone = true;
      this.queue.unshift(...batch);
      return;
    }
    batch.forEach((pending, index) => pending.resolve(results[index]));
  }
}
