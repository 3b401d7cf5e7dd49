import type { WriteBatcher } from "../db/write-batcher.ts";

/**
 * Sends every request at once while the batcher starts no statement, and lets it go once each request is either in
 * its line or answered: whatever the host's speed, the writes that reach it share a statement (as many as it takes
 * at a time). Requests sent freely may or may not meet; a test about writes together must not depend on that.
 */
export async function sendHeld<Answer>(batcher: Pick<WriteBatcher<unknown, unknown>, "hold" | "waiting">, sends: (() => Promise<Answer>)[]) {
  const release = batcher.hold();
  let answered = 0;
  const answers = Promise.all(sends.map((send) => send().finally(() => answered++)));
  // Handled here too, so an early failure is not reported as unhandled while the line fills.
  answers.catch(() => {});
  try {
    // A request that neither reaches the batcher nor answers would hold every later write of the file: give up.
    const deadline = Date.now() + 20_000;
    while (batcher.waiting + answered < sends.length) {
      if (Date.now() > deadline)
        throw new Error(`sendHeld: ${batcher.waiting + answered} of ${sends.length} requests in line or answered after 20 s`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    release();
  }
  return answers;
}
