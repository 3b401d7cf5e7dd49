import { useCallback, useId, useState } from "react";
import { doorLocalKeys } from "./door-store.ts";

/** An action this phone made that the server refused (paid at another door meanwhile), kept until «Logg ut». */
export interface RefusedAction {
  actionId: string;
  label: string;
  message: string;
}

function readRefused(): RefusedAction[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(doorLocalKeys.refused) ?? "[]");
    return Array.isArray(parsed) ? (parsed as RefusedAction[]) : [];
  } catch {
    return [];
  }
}

/**
 * The refused actions of this phone: an alert says it when it happens, and this list keeps saying it (also
 * after a reload) so the helper can settle it with the person, and the leader sees the same in the admin.
 */
export function useRefusedActions() {
  const [refused, setRefused] = useState<RefusedAction[]>(readRefused);
  const add = useCallback((action: RefusedAction) => {
    const next = [...readRefused().filter((earlier) => earlier.actionId !== action.actionId), action];
    try {
      localStorage.setItem(doorLocalKeys.refused, JSON.stringify(next));
    } catch {
      // Storage full or blocked: shown until the page is closed.
    }
    setRefused(next);
  }, []);
  const dismiss = useCallback(() => {
    try {
      localStorage.removeItem(doorLocalKeys.refused);
    } catch {
      // Nothing kept.
    }
    setRefused([]);
  }, []);
  return { refused, add, dismiss };
}

export function RefusedActions({ refused: { refused, dismiss } }: { refused: ReturnType<typeof useRefusedActions> }) {
  const id = useId();
  if (refused.length === 0) return null;
  return (
    <section className="checkin-refused" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Ikke registrert</h2>
      <p>Serveren sa nei til dette. Det er ikke ført, og lederen ser det i admin under «Avvist i døra».</p>
      <ul>
        {refused.map((action) => (
          <li key={action.actionId}>
            <strong>{action.label}</strong>: {action.message}
          </li>
        ))}
      </ul>
      <button type="button" className="button secondary" onClick={dismiss}>
        Fjern lista<span className="visually-hidden"> over handlinger som ikke ble registrert</span>
      </button>
    </section>
  );
}
