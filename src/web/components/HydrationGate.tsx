import type { ReactNode } from "react";
import { useHydrated } from "../lib/use-hydrated.ts";

/**
 * A working page arrives rendered by the server and its script takes over after the first paint: until
 * then its form controls are disabled, so nothing typed or pressed is lost (or sent as a plain form).
 * The fieldset has no box of its own (`display: contents`), so enabling shifts nothing.
 */
export function HydrationGate({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset className="hydration-gate" disabled={!hydrated}>
      {children}
    </fieldset>
  );
}
