import { useCallback, useId, useRef, useState } from "react";
import type { AdminApiName, SignOutScope } from "../../../shared/admin/admin-api.ts";
import { ApiError, endAdminSession } from "../../lib/api-client.ts";

/** A sign-out button's state: whether the call is under way, and what a click does. */
export interface SignOutAction {
  busy: boolean;
  /** Set when the call failed and the session stays (only "Logg ut overalt" does that). */
  error?: string;
  run: () => void;
}

export const signOutMessages = {
  loggedOut: "Du er logget ut.",
  loggedOutHereOnly:
    "Du er logget ut her, men fikk ikke kontakt med serveren. Vil du være sikker på at innloggingen er avsluttet, logg inn og velg «Logg ut overalt».",
  loggedOutEverywhere: "Du er logget ut på alle enheter.",
  everywhereExpired: "Innloggingen var allerede utløpt, så de andre enhetene ble ikke logget ut. Logg inn og velg «Logg ut overalt» på nytt.",
  everywhereFailed: "Fikk ikke kontakt med serveren, så ingen er logget ut. Prøv igjen om litt.",
} as const;

const isTurnedDown = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * "Logg ut" ends this token on the server and then forgets it here even when the call fails (the admin asked
 * to leave). "Logg ut overalt" ends every token of the area; when that call fails the admin stays signed in
 * to try again, since the other devices are still signed in.
 */
export function useSignOut(apiName: AdminApiName, token: string | undefined, signOut: (message?: string) => void) {
  const [busy, setBusy] = useState<SignOutScope>();
  const [error, setError] = useState<string>();
  const running = useRef(false);

  const leave = useCallback(
    async (scope: SignOutScope) => {
      if (!token || running.current) return;
      running.current = true;
      setBusy(scope);
      setError(undefined);
      let failure: unknown;
      try {
        await endAdminSession(apiName, token, scope);
      } catch (caught) {
        failure = caught ?? new Error("ukjent feil");
      }
      running.current = false;
      setBusy(undefined);
      if (scope === "this") {
        // A turned-down token was already dead on the server: that is logged out too.
        return signOut(failure && !isTurnedDown(failure) ? signOutMessages.loggedOutHereOnly : signOutMessages.loggedOut);
      }
      if (!failure) return signOut(signOutMessages.loggedOutEverywhere);
      if (isTurnedDown(failure)) return signOut(signOutMessages.everywhereExpired);
      setError(signOutMessages.everywhereFailed);
    },
    [apiName, token, signOut],
  );

  return {
    logOut: { busy: busy === "this", run: () => void leave("this") } satisfies SignOutAction,
    logOutEverywhere: { busy: busy === "everywhere", error, run: () => void leave("everywhere") } satisfies SignOutAction,
  };
}

/** Below every admin area: "Logg ut overalt" with what it does, for a lost phone or a shared computer. */
export function SignOutEverywhere({ action }: { action: SignOutAction }) {
  const id = useId();
  return (
    <section className="admin-sign-out-everywhere" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Innlogget på andre enheter?</h2>
      <p id={`${id}-help`}>
        «Logg ut overalt» avslutter alle innlogginger til denne siden, på alle telefoner og datamaskiner, også denne. Bruk det hvis du har glemt å
        logge ut på en annen maskin eller har mistet en telefon som var logget inn.
      </p>
      {action.error && (
        <p className="form-error" role="alert">
          {action.error}
        </p>
      )}
      <button
        type="button"
        className="button secondary"
        aria-describedby={`${id}-help`}
        aria-disabled={action.busy || undefined}
        onClick={action.run}
      >
        {action.busy ? "Logger ut overalt..." : "Logg ut overalt"}
      </button>
    </section>
  );
}
