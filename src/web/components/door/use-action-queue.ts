import { useCallback, useEffect, useMemo, useState } from "react";
import { ActionQueue, localQueueStorage, type QueueEvents, type QueuedAction, type QueueStorage } from "./action-queue.ts";
import { sendCheckInAction } from "./checkin-api.ts";

/** How often the page tries again while actions wait (besides the browser's "online" event). */
const retryMs = 10_000;

/**
 * The page's queue of actions for this token: what waits (for the count and the cards), `add` for a new
 * action. It sends on start (actions left from before a reload), when the browser is back online and
 * every few seconds while something waits.
 */
export function useActionQueue(token: string, events: Omit<QueueEvents, "onChange">, storageOption?: QueueStorage) {
  const [storage] = useState(() => storageOption ?? localQueueStorage());
  const [pending, setPending] = useState<QueuedAction[]>(() => storage.load());
  const [eventsNow] = useState(() => ({ current: events }));
  eventsNow.current = events;

  const queue = useMemo(
    () =>
      new ActionQueue(storage, (action) => sendCheckInAction(token, action), {
        onSent: (...args) => eventsNow.current.onSent?.(...args),
        onRefused: (...args) => eventsNow.current.onRefused?.(...args),
        onUnauthorised: () => eventsNow.current.onUnauthorised?.(),
        onChange: setPending,
      }),
    [token, storage, eventsNow],
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

  const add = useCallback((action: QueuedAction) => void queue.add(action), [queue]);
  return { pending, add };
}
