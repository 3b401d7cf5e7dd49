import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ActionQueue, type DoorQueuedAction, type QueueEvents, type QueueStorage, type SendResult } from "./action-queue.ts";

/** How often the page tries again while actions wait (besides the browser's "online" event). */
const retryMs = 10_000;

/**
 * A door page's queue of actions: what waits (for the count and the cards), `add` for a new action. It
 * sends on start (actions left from before a reload), when the browser is back online and every few
 * seconds while something waits. `send` may change (a new token); the queue always uses the latest.
 */
export function useActionQueue<A extends DoorQueuedAction, Answer>(
  storage: QueueStorage<A>,
  send: (action: A) => Promise<SendResult<Answer>>,
  events: Omit<QueueEvents<A, Answer>, "onChange">,
) {
  const [pending, setPending] = useState<A[]>(() => storage.load());
  const latest = useRef({ send, events });
  latest.current = { send, events };

  const queue = useMemo(
    () =>
      new ActionQueue<A, Answer>(storage, (action) => latest.current.send(action), {
        onSent: (...args) => latest.current.events.onSent?.(...args),
        onRefused: (...args) => latest.current.events.onRefused?.(...args),
        onUnauthorised: () => latest.current.events.onUnauthorised?.(),
        onChange: setPending,
      }),
    [storage],
  );

  useEffect(() => {
    const flush = () => void queue.flush();
    flush();
    window.addEventListener("online", flush);
    const timer = setInterval(() => {
      if (queue.pending().length > 0) flush();
    }, retryMs);
    return () => {
      window.removeEventListener("online", flush);
      clearInterval(timer);
    };
  }, [queue]);

  const add = useCallback((action: A) => void queue.add(action), [queue]);
  const remove = useCallback((drop: (action: A) => boolean) => queue.remove(drop), [queue]);
  return { pending, add, remove };
}
