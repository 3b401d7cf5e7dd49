import { describe, expect, it } from "vitest";
import { WriteBatcher } from "./write-batcher.ts";

/** A batcher over a fake database that records each statement's items and answers when told. */
function recordingBatcher(options: { maxBatch?: number; concurrency?: number; failWhen?: (items: string[]) => boolean } = {}) {
  const statements: string[][] = [];
  const batcher = new WriteBatcher<string, string>({
    maxBatch: options.maxBatch ?? 10,
    concurrency: options.concurrency ?? 1,
    key: (item) => item.split(":")[0]!,
    write: async (items) => {
      statements.push(items);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (options.failWhen?.(items)) throw new Error(`failed: ${items.join(",")}`);
      return items.map((item) => `stored ${item}`);
    },
  });
  return { batcher, statements };
}

describe("WriteBatcher", () => {
  it("writes one item alone at once, and those arriving meanwhile together, each answered with its own result", async () => {
    const { batcher, statements } = recordingBatcher();
    const first = batcher.write("a");
    await new Promise((resolve) => setImmediate(resolve));
    const rest = ["b", "c", "d"].map((item) => batcher.write(item));
    expect(await Promise.all([first, ...rest])).toEqual(["stored a", "stored b", "stored c", "stored d"]);
    expect(statements).toEqual([["a"], ["b", "c", "d"]]);
  });

  it("puts the writes of one turn of the event loop in one statement, at most maxBatch at a time", async () => {
    const { batcher, statements } = recordingBatcher({ maxBatch: 3 });
    await Promise.all(["a", "b", "c", "d", "e"].map((item) => batcher.write(item)));
    expect(statements).toEqual([
      ["a", "b", "c"],
      ["d", "e"],
    ]);
  });

  it("starts no statement while held, and then writes what waits together", async () => {
    const { batcher, statements } = recordingBatcher();
    const release = batcher.hold();
    const first = batcher.write("a");
    await new Promise((resolve) => setTimeout(resolve, 10));
    const rest = ["b", "c"].map((item) => batcher.write(item));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(statements).toEqual([]);
    expect(batcher.waiting).toBe(3);
    release();
    release();
    expect(await Promise.all([first, ...rest])).toEqual(["stored a", "stored b", "stored c"]);
    expect(statements).toEqual([["a", "b", "c"]]);
    expect(batcher.waiting).toBe(0);
  });

  it("never lets two writes with one key share a statement or run at once", async () => {
    const { batcher, statements } = recordingBatcher({ concurrency: 2 });
    await Promise.all(["x:1", "y:1", "x:2", "x:3"].map((item) => batcher.write(item)));
    expect(statements).toEqual([["x:1", "y:1"], ["x:2"], ["x:3"]]);
  });

  it("writes a failed statement's items again one by one, so only the bad one fails", async () => {
    const { batcher, statements } = recordingBatcher({ failWhen: (items) => items.includes("bad") });
    const results = await Promise.allSettled(["a", "bad", "c"].map((item) => batcher.write(item)));
    expect(results.map((result) => (result.status === "fulfilled" ? result.value : (result.reason as Error).message))).toEqual([
      "stored a",
      "failed: bad",
      "stored c",
    ]);
    expect(statements).toEqual([["a", "bad", "c"], ["a"], ["bad"], ["c"]]);
  });

  it("keeps at most `concurrency` statements with the database", async () => {
    let open = 0;
    let most = 0;
    const batcher = new WriteBatcher<number, number>({
      maxBatch: 1,
      concurrency: 3,
      key: String,
      write: async (items) => {
        most = Math.max(most, ++open);
        await new Promise((resolve) => setTimeout(resolve, 2));
        open--;
        return items;
      },
    });
    expect(await Promise.all(Array.from({ length: 20 }, (_, index) => batcher.write(index)))).toEqual(
      Array.from({ length: 20 }, (_, index) => index),
    );
    expect(most).toBe(3);
  });
});
