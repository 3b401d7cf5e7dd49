import { useCallback, useId, useState } from "react";

/** An action this phone made that the server refused (paid at another door meanwhile), kept until «Logg ut». */
export interface RefusedAction {
  actionId: string;
  label: string;
  message: string;
}

function readRefused(key: string): RefusedAction[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? "[]");
    return Array.isArray(parsed) ? (parsed as RefusedAction[]) : [];
  } catch {
    return [];
  }
}

/**
 * The refused actions of this phone, kept in localStorage under the door's `key`: an alert says it when it
 * happens, and this list keeps saying it (also after a reload) so the helper can settle it with the person.
 */
export function useRefusedActions(key: string) {
  const [refused, setRefused] = useState<RefusedAction[]>(() => readRefused(key));
  const add = useCallback(
    (action: RefusedAction) => {
      const next = [...readRefused(key).filter((earlier) => earlier.actionId !== action.actionId), action];
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage full or blocked: shown until the page is closed.
      }
      setRefused(next);
    },
    [key],
  );
  const dismiss = useCallback(() => {
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing kept.
    }
    setRefused([]);
  }, [key]);
  return { refused, add, dismiss };
}

/** The list «Ikke registrert»; `explanation` says what happens next at this door (who sees it). */
export function RefusedActions({
  refused: { refused, dismiss },
  explanation,
}: {
  refused: ReturnType<typeof useRefusedActions>;
  explanation: string;
}) {
  const id = useId();
  if (refused.length === 0) return null;
  return (
    <section className="checkin-refused" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Ikke registrert</h2>
      <p>{explanation}</p>
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
