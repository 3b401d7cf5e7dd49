import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { AdminLoginResult } from "../../lib/api-client.ts";
import "./admin.css";
import { HydrationGate } from "../HydrationGate.tsx";

/**
 * An admin login form: a password (and for the camp a username). The password leaves the browser only as
 * its SHA-256 digest; Enter submits.
 */
export interface AdminLoginProps {
  /** Why the admin is back here (signed out, token expired). */
  message?: string;
  hash: (password: string) => Promise<string>;
  /** The area's GetToken call; `username` is undefined without a username field. */
  login: (digest: string, username: string | undefined) => Promise<AdminLoginResult>;
  withUsername?: boolean;
  /** The message for a wrong password, as the old site had it. */
  wrongMessage: string;
  intro: ReactNode;
  onLoggedIn: (token: string) => void;
  /** The admin has begun signing in (a field got focus): the time to fetch what comes after the login. */
  onLoginStarted?: () => void;
}

export function AdminLogin({ message, hash, login, withUsername = false, wrongMessage, intro, onLoggedIn, onLoginStarted }: AdminLoginProps) {
  const id = useId();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);

  // Back here after signing out (the button is gone): the keyboard and a screen reader land on the form.
  useEffect(() => {
    if (message) heading.current?.focus();
  }, [message]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if ((withUsername && username.trim() === "") || password === "") {
      setError(withUsername ? "Skriv inn både brukernavn og passord." : "Skriv inn passordet.");
      return;
    }
    setBusy(true);
    setError(undefined);
    let digest: string;
    try {
      digest = await hash(password);
    } catch (failure) {
      setBusy(false);
      setError(failure instanceof Error ? failure.message : String(failure));
      return;
    }
    const result = await login(digest, withUsername ? username.trim() : undefined);
    setBusy(false);
    if (result.kind === "ok") onLoggedIn(result.token);
    else setError(result.kind === "wrong" ? wrongMessage : result.message);
  }

  return (
    <section className="admin-login" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        Logg inn
      </h2>
      {message && (
        <p className="notice" role="status">
          {message}
        </p>
      )}
      <p>{intro}</p>
      <form onSubmit={submit} onFocus={onLoginStarted} noValidate>
        <HydrationGate>
          {withUsername && (
            <div className="field">
              <label htmlFor={`${id}-username`}>Brukernavn</label>
              <input
                id={`${id}-username`}
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                value={username}
                onChange={(event) => setUsername(event.target.value)}
                aria-describedby={error ? `${id}-error` : undefined}
              />
            </div>
          )}
          <div className="field">
            <label htmlFor={`${id}-password`}>Passord</label>
            <input
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          {error && (
            <p id={`${id}-error`} className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="button-row">
            <button type="submit" className="button" aria-disabled={busy || undefined}>
              {busy ? "Logger inn..." : "Logg inn"}
            </button>
          </div>
          <p className="visually-hidden" role="status">
            {busy ? "Logger inn, vent litt." : ""}
          </p>
        </HydrationGate>
      </form>
    </section>
  );
}
