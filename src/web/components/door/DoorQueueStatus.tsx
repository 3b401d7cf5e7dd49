import { useSyncExternalStore } from "react";
import { waitingText } from "./action-queue.ts";

function subscribe(changed: () => void) {
  window.addEventListener("online", changed);
  window.addEventListener("offline", changed);
  return () => {
    window.removeEventListener("online", changed);
    window.removeEventListener("offline", changed);
  };
}

/** Whether the browser believes it has a network (the server's render: yes). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine !== false,
    () => true,
  );
}

/** A door's sending status: «Alt er sendt.» or how many actions wait, and a word when the phone has no network. */
export function DoorQueueStatus({ waiting }: { waiting: number }) {
  const online = useOnline();
  return (
    <>
      {!online && <p className="checkin-offline">Uten nett: det du gjør, lagres på telefonen og sendes når nettet er tilbake.</p>}
      <p role="status" className={waiting > 0 ? "checkin-queue waiting" : "checkin-queue"}>
        {waiting > 0 ? waitingText(waiting) : "Alt er sendt."}
      </p>
    </>
  );
}
