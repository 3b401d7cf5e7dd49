// The logic of «Venteliste»: the entries, moving one up or down or removing it, and where the keyboard goes after.
import { useEffect, useRef, useState } from "react";
import type { WaitlistEntry } from "../../../../shared/camp/camp-waitlist.ts";
import { expiredMessage, isUnauthorised, useAdminData, type AdminSession } from "../../../components/admin/AdminShell.tsx";
import type { ActionOutcome } from "../../../components/admin/ActionResult.tsx";
import { useConfirmation } from "../../../components/ConfirmAction.tsx";
import { useEditionFetcher } from "../admin-edition.tsx";
import { getWaitlist, moveOnWaitlist, removeFromWaitlist } from "./waitlist-admin-api.ts";

const failedMessage = "Klarte ikke hente ventelisten, så du er logget ut. Logg inn på nytt for å prøve igjen.";

type Control = `${number}:${"up" | "down"}`;

export function useWaitlist(session: AdminSession) {
  const { token, signOut } = session;
  const { data, load } = useAdminData(session, useEditionFetcher(getWaitlist), failedMessage);
  const [busy, setBusy] = useState(false);
  const confirmation = useConfirmation<number>();
  const [result, setResult] = useState<ActionOutcome>();
  const controls = useRef(new Map<Control, HTMLButtonElement>());
  const [focusTo, setFocusTo] = useState<{ control: Control } | { heading: true }>();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!focusTo) return;
    if ("heading" in focusTo) headingRef.current?.focus();
    else controls.current.get(focusTo.control)?.focus();
  }, [focusTo, data]);

  async function run(entry: WaitlistEntry, action: "up" | "down" | "remove") {
    if (busy) return;
    setBusy(true);
    setResult(undefined);
    const position = action === "up" ? entry.position - 1 : entry.position + 1;
    try {
      if (action === "remove") await removeFromWaitlist(entry.registrationId, token);
      else await moveOnWaitlist(entry.registrationId, position, token);
    } catch (error) {
      setBusy(false);
      if (isUnauthorised(error)) signOut(expiredMessage);
      else
        setResult({
          ok: false,
          text: `Klarte ikke ${action === "remove" ? "fjerne" : "flytte"} ${entry.name}. ${error instanceof Error ? error.message : ""}`.trim(),
        });
      return;
    }
    confirmation.close();
    await load();
    setBusy(false);
    setResult({
      ok: true,
      text: action === "remove" ? `${entry.name} er fjernet fra ventelisten.` : `${entry.name} er flyttet til plass ${position}.`,
    });
    setFocusTo(action === "remove" ? { heading: true } : { control: `${entry.registrationId}:${action}` });
  }

  /** The ref of a move button, so the keyboard stays on it after the move. */
  const ref = (control: Control) => (element: HTMLButtonElement | null) => {
    if (element) controls.current.set(control, element);
    else controls.current.delete(control);
  };

  return { data, busy, confirmation, result, headingRef, run, ref };
}

export type Waitlist = ReturnType<typeof useWaitlist>;
