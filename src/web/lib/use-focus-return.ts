import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Buttons by key, and "give the keyboard back to this one once it is shown again": for a list whose row (or
 * button) opens something in its place — a details view, a form, a confirmation — and comes back when that
 * closes.
 */
export function useFocusReturn<K>() {
  const elements = useRef(new Map<K, HTMLElement>());
  const [pending, setPending] = useState<{ key: K }>();

  // Runs after the render that shows the button again, so its ref is already set.
  useEffect(() => {
    if (!pending) return;
    elements.current.get(pending.key)?.focus();
    setPending(undefined);
  }, [pending]);

  /** The ref of the button for `key`. */
  const register = useCallback(
    (key: K) => (element: HTMLElement | null) => {
      if (element) elements.current.set(key, element);
      else elements.current.delete(key);
    },
    [],
  );
  /** Call with the state change that shows the button again. */
  const returnTo = useCallback((key: K) => setPending({ key }), []);

  return { register, returnTo };
}
