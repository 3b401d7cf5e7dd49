import { useCallback, useState } from "react";
import { expiredMessage, type AdminSession } from "../admin/AdminShell.tsx";
import { localQueueStorage, type DoorQueuedAction, type QueueStorage, type SendResult } from "./action-queue.ts";
import { useRefusedActions } from "./RefusedActions.tsx";
import { useActionQueue } from "./use-action-queue.ts";

/**
 * A door's actions, the same for every kind of event: the queue on the phone (kept under the kind's
 * localStorage keys), sent with the session's token; a refusal said at once (`onRefused`) and kept in the
 * refused list; an ended token signs out. `onSent` is the kind's: it lays the server's answer on its list.
 */
export function useDoorActions<A extends DoorQueuedAction, Answer>({
  session,
  keys,
  storage: storageOption,
  send,
  onSent,
  onRefused,
}: {
  session: AdminSession;
  keys: { queue: string; refused: string };
  storage: QueueStorage<A> | undefined;
  send: (token: string, action: A) => Promise<SendResult<Answer>>;
  onSent: (action: A, answer: Answer) => void;
  /** Says what was refused («… ble ikke registrert: …»). */
  onRefused: (text: string) => void;
}) {
  const { token, signOut } = session;
  const expire = useCallback(() => signOut(expiredMessage), [signOut]);
  const refused = useRefusedActions(keys.refused);
  const [storage] = useState(() => storageOption ?? localQueueStorage<A>(keys.queue));
  const queue = useActionQueue(storage, (action: A) => send(token, action), {
    onSent,
    onRefused: (action, message) => {
      onRefused(`«${action.label}» ble ikke registrert: ${message}`);
      refused.add({ actionId: action.actionId, label: action.label, message });
    },
    onUnauthorised: expire,
  });
  return { ...queue, refused, expire };
}
