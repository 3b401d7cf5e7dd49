import { Fragment, useCallback, useEffect, useLayoutEffect, useState, type ReactNode } from "react";
import type { AdminApiName } from "../../../shared/admin/admin-api.ts";
import { ApiError } from "../../lib/api-client.ts";
import { AdminLogin, type AdminLoginProps } from "./AdminLogin.tsx";
import type { AdminTokenCookie } from "./admin-token.ts";
import { SignOutEverywhere, useSignOut, type SignOutAction } from "./SignOut.tsx";

/** A signed-in admin: the token for the API calls, and how to leave. */
export interface AdminSession {
  token: string;
  /** Forgets the token here (it was turned down, or a fetch failed) and shows the login form with the reason. */
  signOut: (message?: string) => void;
  /** "Logg ut": ends the token on the server too. */
  logOut: SignOutAction;
}

export const expiredMessage = "Innloggingen er utløpt eller ugyldig. Logg inn på nytt.";
/** What an account whose role may not use this area reads (an `innsjekk` account on a leader's page). */
export const forbiddenMessage = "Kontoen din har ikke tilgang her. Logg inn med en lederkonto.";

/** The API turned the token down (expired, or from before a restart). */
export function isUnauthorised(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * An admin page: its heading, then the login form until there is a token in the area's cookie, then the
 * area and, below it, "Logg ut overalt". Signing out clears the cookie and shows the login form with the
 * reason; a new token starts the area afresh.
 */
export function AdminShell({
  className,
  title,
  cookie,
  apiName,
  children,
  onSignedOut,
  ...login
}: Omit<AdminLoginProps, "message" | "onLoggedIn"> & {
  className: string;
  title: ReactNode;
  cookie: AdminTokenCookie;
  /** The area's API name, for its Logout and LogoutAll calls. */
  apiName: AdminApiName;
  children: (session: AdminSession) => ReactNode;
  /** After every sign-out («Logg ut», an ended token): what the area keeps on the device goes too. */
  onSignedOut?: () => void;
}) {
  // The server renders the login form (it does not read the cookie); a token in the cookie takes over
  // before the browser paints.
  const [token, setToken] = useState<string>();
  useLayoutEffect(() => setToken(cookie.read()), [cookie]);
  const [loginMessage, setLoginMessage] = useState<string>();

  const signOut = useCallback(
    (message?: string) => {
      cookie.clear();
      setToken(undefined);
      setLoginMessage(message);
      onSignedOut?.();
    },
    [cookie, onSignedOut],
  );
  const { logOut, logOutEverywhere } = useSignOut(apiName, token, signOut);

  return (
    <div className={className}>
      <h1>{title}</h1>
      {token ? (
        <Fragment key={token}>
          {children({ token, signOut, logOut })}
          <SignOutEverywhere action={logOutEverywhere} />
        </Fragment>
      ) : (
        <AdminLogin
          {...login}
          message={loginMessage}
          onLoggedIn={(newToken) => {
            cookie.save(newToken);
            setLoginMessage(undefined);
            setToken(newToken);
          }}
        />
      )}
    </div>
  );
}

/**
 * Set once the page starts to go away (a reload, a link): the browser then cancels the fetches in flight,
 * and a fetch cancelled that way says nothing about the session, so it must not end it (and clear the
 * cookie the reloaded page needs).
 */
let leavingPage = false;
if (typeof window !== "undefined") {
  window.addEventListener("beforeunload", () => {
    leavingPage = true;
  });
  // Back from the back/forward cache: the page is in use again.
  window.addEventListener("pageshow", () => {
    leavingPage = false;
  });
}

/**
 * An area's data, fetched when it opens and again on `load()`. Any failed fetch ends the session:
 * a turned-down token says so, an account without the role says `forbiddenMessage`, anything else says
 * `failedMessage` (but not a fetch the browser cancelled because the page is going away).
 */
export function useAdminData<T>({ token, signOut }: AdminSession, fetchData: (token: string) => Promise<T>, failedMessage: string) {
  const [data, setData] = useState<T>();
  const load = useCallback(async () => {
    try {
      setData(await fetchData(token));
    } catch (error) {
      if (leavingPage && !isUnauthorised(error)) return;
      signOut(isUnauthorised(error) ? expiredMessage : error instanceof ApiError && error.status === 403 ? forbiddenMessage : failedMessage);
    }
  }, [token, signOut, fetchData, failedMessage]);

  useEffect(() => {
    void load();
  }, [load]);

  return { data, load };
}

/** "Logg ut": ends the token on the server, then shows the login form. */
export function SignOutButton({ session, className = "button secondary sign-out" }: { session: AdminSession; className?: string }) {
  const { busy, run } = session.logOut;
  return (
    <button type="button" className={className} aria-disabled={busy || undefined} onClick={run}>
      {busy ? "Logger ut..." : "Logg ut"}
    </button>
  );
}

/** While an area's first fetch is under way: what is loading, and the buttons that work meanwhile. */
export function AdminLoading({ text, children }: { text: string; children: ReactNode }) {
  return (
    <>
      <p className="loading" role="status">
        {text}
      </p>
      {children}
    </>
  );
}
