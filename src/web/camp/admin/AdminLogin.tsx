import { useId, useState, type FormEvent } from "react";
import { getCampAdminToken } from "../../lib/api-client.ts";

/** Username and password; the password leaves the browser only as its SHA-256 digest (D4). */
export function AdminLogin({
  message,
  hash,
  onLoggedIn,
}: {
  /** Why the admin is back here (signed out, token expired). */
  message?: string;
  hash: (password: string) => Promise<string>;
  onLoggedIn: (token: string) => void;
}) {
  const id = useId();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (username.trim() === "" || password === "") {
      setError("Skriv inn både brukernavn og passord.");
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
    const result = await getCampAdminToken(username.trim(), digest);
    setBusy(false);
    if (result.kind === "ok") onLoggedIn(result.token);
    else setError(result.kind === "wrong" ? "Feil brukernavn/passord." : result.message);
  }

  return (
    <section className="admin-login" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Logg inn</h2>
      {message && (
        <p className="notice" role="status">
          {message}
        </p>
      )}
      <p>Listen over deltakere er bare for dem som arrangerer vinterleiren. Logg inn for å se den.</p>
      <form onSubmit={submit} noValidate>
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
      </form>
    </section>
  );
}
