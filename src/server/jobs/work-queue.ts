import type { Logger } from "../log.ts";
import { describeForLog } from "../errors.ts";

/**
 * Work done after the answer has gone: `push` only stores the item and returns, and the items are handled
 * one at a time on a later turn of the event loop. Used where the answer must not depend on the work (its
 * time would tell what the work found). A failed item is logged and the next one goes on; `idle()` waits
 * until the queue is empty (tests, and the app's close). At most `limit` items wait; more are dropped, as a
 * flood of them is an attack, not users.
 */
export class WorkQueue<T> {
  private readonly items: T[] = [];
  private draining: Promise<void> | undefined;
  /** How many items were pushed so far (tests wait for an item pushed after an answer has gone). */
  received = 0;

  constructor(
    private readonly options: {
      handle: (item: T) => Promise<void>;
      log: Pick<Logger, "error">;
      failureMessage: string;
      limit?: number;
    },
  ) {}

  push(item: T): void {
    this.received++;
    if (this.items.length >= (this.options.limit ?? 1000)) return;
    this.items.push(item);
    this.draining ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain());
  }

  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    try {
      for (let item = this.items.shift(); item !== undefined; item = this.items.shift()) {
        try {
          await this.options.handle(item);
        } catch (error) {
          this.options.log.error({ err: describeForLog(error) }, this.options.failureMessage);
        }
      }
    } finally {
      this.draining = undefined;
    }
  }
}
