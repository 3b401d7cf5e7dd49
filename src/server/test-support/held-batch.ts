import type { WriteBatcher } from "../db/write-batcher.ts";

/**
 * Sends every request at once while the batcher starts no statement, and lets it go once each request is either in
 * its line or answered: whatever the host's speed, the writes that reach it share a statement (as many as it takes
 * at a time). Requests sent freely may or may not meet; a test about writes together must not depend on that.
 */
export async function sendHeld<Answer>(batcher: Pick<WriteBatcher<unknown, unknown>, "hold" | "waiting">, sends: (() => Promise<Answer>)[]) {
  const release = batcher.hold();
  let answered = 0;
  try {
    const answers = Promise.all(sends.map((send) => send().finally(() => answered++)));
    while (batcher.waiting + answered < sends.length) await new Promise((resolve) => setTimeout(resolve, 5));
    release();
    return await answers;
  } finally {
    release();
  }
}
