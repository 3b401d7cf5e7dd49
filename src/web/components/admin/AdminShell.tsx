import { Fragment, useCallback, useEffect, useState, type ReactNode } from "react";
import { ApiError } from "../../lib/api-client.ts";
import { AdminLogin, type AdminLoginProps } from "./AdminLogin.tsx";
import type { AdminTokenCookie } from "./admin-token.ts";

/** A signed-in admin: the token for the API calls, and how to leave (with a reason for the login form). */
export interface AdminSession {
  token: string;
  signOut: (message?: string) => void;
}

export const expiredMessage = "Innloggingen er utløpt eller ugyldig. Logg inn på nytt.";

/** The API turned the token down (expired, or from before a restart). */
export function isUnauthorised(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * An admin page (spec §4 "Admin"): its heading, then the login form until there is a token in the area's
 * cookie, then the area. Signing out clears the cookie and shows the login form with the reason; a new token
 * starts the area afresh.
 */
export function AdminShell({
  className,
  title,
  cookie,
  children,
  ...login
}: Omit<AdminLoginProps, "message" | "onLoggedIn"> & {
  className: string;
  title: ReactNode;
  cookie: AdminTokenCookie;
  children: (session: AdminSession) => ReactNode;
}) {
  const [token, setToken] = useState(cookie.read);
  const [loginMessage, setLoginMessage] = useState<string>();

  const signOut = useCallback(
    (message?: string) => {
      cookie.clear();
      setToken(undefined);
      setLoginMessage(message);
    },
    [cookie],
  );

  return (
    <div className={className}>
      <h1>{title}</h1>
      {token ? (
        <Fragment key={token}>{children({ token, signOut })}</Fragment>
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
 * An area's data, fetched when it opens and again on `load()`. Any failed fetch ends the session (spec §4):
 * a turned-down token says so, anything else says `failedMessage`.
 */
export function useAdminData<T>(
  { token, signOut }: AdminSession,
  fetchData: (token: string) => Promise<T>,
  failedMessage: string,
) {
  const [data, setData] = useState<T>();
  const load = useCallback(async () => {
    try {
      setData(await fetchData(token));
    } catch (error) {
      signOut(isUnauthorised(error) ? expiredMessage : failedMessage);
    }
  }, [token, signOut, fetchData, failedMessage]);

  useEffect(() => {
    void load();
  }, [load]);

  return { data, load };
}

/** "Logg ut", saying so on the login form. */
export function SignOutButton({ signOut, className = "button secondary sign-out" }: { signOut: AdminSession["signOut"]; className?: string }) {
  return (
    <button type="button" className={className} onClick={() => signOut("Du er logget ut.")}>
      Logg ut
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
