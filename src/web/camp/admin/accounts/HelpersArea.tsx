import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  CampAccountInputSchema,
  campRoleDescriptions,
  campRoleLabels,
  campRoles,
  type CampAccount,
  type CampRole,
} from "../../../../shared/admin/camp-accounts.ts";
import { loadCommonPasswords, passwordProblemMessages, passwordProblemOf } from "../../../../shared/admin/password-rule.ts";
import { osloDateTimeLabel } from "../../../../shared/format.ts";
import { expiredMessage, isUnauthorised, useAdminData, type AdminSession } from "../../../components/admin/AdminShell.tsx";
import { ConfirmAction, useConfirmation } from "../../../components/ConfirmAction.tsx";
import { getCampAccounts, removeCampAccount, saveCampAccount } from "./camp-accounts-api.ts";

const failedMessage = "Klarte ikke hente hjelperne, så du er logget ut. Logg inn på nytt for å prøve igjen.";

interface FormState {
  username: string;
  name: string;
  role: CampRole;
  password: string;
  /** Set when resetting an existing helper: the username cannot change. */
  resetting: boolean;
}
const emptyForm: FormState = { username: "", name: "", role: "innsjekk", password: "", resetting: false };

/**
 * "Hjelpere" (leder only): the camp's accounts, adding a helper (name, username, password, role), resetting a
 * helper's password and removing one after a confirmation. The password rule is checked here first (the
 * message at the field), and again by the server, which gets the new password once and keeps only a hash.
 */
export function HelpersArea({ session, me }: { session: AdminSession; me: string }) {
  const id = useId();
  const { token, signOut } = session;
  const { data } = useAdminData(session, getCampAccounts, failedMessage);
  const [accounts, setAccounts] = useState<CampAccount[]>();
  const [form, setForm] = useState<FormState>(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<keyof FormState | "form", string>>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string>();
  const confirmation = useConfirmation<string>();
  const formHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => setAccounts(data), [data]);

  const fail = (error: unknown, what: string) => {
    if (isUnauthorised(error)) signOut(expiredMessage);
    else setErrors({ form: `${what} ${error instanceof Error ? error.message : ""}`.trim() });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setResult(undefined);
    const problems: typeof errors = {};
    const parsed = CampAccountInputSchema.safeParse({ username: form.username, name: form.name, role: form.role, password: form.password });
    if (!parsed.success) for (const issue of parsed.error.issues) problems[issue.path[0] as keyof FormState] ??= issue.message;
    setBusy(true);
    const problem = passwordProblemOf(form.password, await loadCommonPasswords());
    if (problem) problems.password ??= passwordProblemMessages[problem];
    if (Object.keys(problems).length > 0 || !parsed.success) {
      setErrors(problems);
      setBusy(false);
      return;
    }
    setErrors({});
    try {
      setAccounts(await saveCampAccount(parsed.data, token));
      setResult(
        form.resetting
          ? `Nytt passord er satt for ${parsed.data.name}. Hjelperen må logge inn på nytt.`
          : `${parsed.data.name} kan nå logge inn som «${parsed.data.username}».`,
      );
      setForm(emptyForm);
    } catch (error) {
      fail(error, "Klarte ikke lagre hjelperen.");
    } finally {
      setBusy(false);
    }
  }

  async function remove(account: CampAccount) {
    if (busy) return;
    setBusy(true);
    setResult(undefined);
    try {
      setAccounts(await removeCampAccount(account.username, token));
      confirmation.close();
      setResult(`${account.name} er fjernet og logget ut.`);
    } catch (error) {
      fail(error, `Klarte ikke fjerne ${account.name}.`);
    } finally {
      setBusy(false);
    }
  }

  if (!accounts)
    return (
      <p className="loading" role="status">
        Laster inn hjelperne...
      </p>
    );

  const field = (key: "username" | "name" | "password", label: string, props: Record<string, unknown> = {}) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        name={key}
        value={form[key]}
        onChange={(event) => setForm({ ...form, [key]: event.target.value })}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        {...props}
      />
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="field-error">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <section aria-labelledby={`${id}-heading`} className="camp-helpers">
      <h2 id={`${id}-heading`}>Hjelpere</h2>
      <p>
        Hjelpere med rollen <strong>innsjekk</strong> kan sjekke inn og registrere betaling ved oppmøte. De ser at noen har allergier, men ikke hva.
        En <strong>leder</strong> kan alt.
      </p>
      <div role="status" className="action-result ok">
        {result ?? ""}
      </div>
      <div className="admin-table-scroll">
        <table className="admin-table">
          <caption className="visually-hidden">Kontoer for vinterleiren</caption>
          <thead>
            <tr>
              <th scope="col">Navn</th>
              <th scope="col">Brukernavn</th>
              <th scope="col">Rolle</th>
              <th scope="col">Sist endret</th>
              <th scope="col">
                <span className="visually-hidden">Handlinger</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.username}>
                <td data-label="Navn">{account.name}</td>
                <td data-label="Brukernavn">{account.username}</td>
                <td data-label="Rolle">{campRoleLabels[account.role]}</td>
                <td data-label="Sist endret">
                  {account.updatedAt ? `${osloDateTimeLabel(account.updatedAt)} (${account.updatedBy})` : "Satt opp på serveren"}
                </td>
                <td className="helper-actions" data-label="Endre">
                  {account.configured || account.username === me ? null : confirmation.isOpen(account.username) ? (
                    <ConfirmAction
                      confirmLabel="Ja, fjern"
                      busyLabel="Fjerner..."
                      cancelLabel="Nei"
                      busy={busy}
                      onConfirm={() => remove(account)}
                      onCancel={confirmation.cancel}
                    >
                      Fjerne {account.name}?
                    </ConfirmAction>
                  ) : (
                    <>
                      <button
                        type="button"
                        className="button secondary"
                        onClick={() => {
                          setForm({ username: account.username, name: account.name, role: account.role, password: "", resetting: true });
                          setErrors({});
                          formHeading.current?.focus();
                        }}
                      >
                        Nytt passord<span className="visually-hidden"> for {account.name}</span>
                      </button>{" "}
                      <button
                        type="button"
                        className="button secondary"
                        ref={confirmation.trigger(account.username)}
                        onClick={() => confirmation.ask(account.username)}
                      >
                        Fjern<span className="visually-hidden"> {account.name}</span>
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h3 ref={formHeading} tabIndex={-1}>
        {form.resetting ? `Nytt passord for ${form.name}` : "Legg til hjelper"}
      </h3>
      <form onSubmit={(event) => void submit(event)} noValidate className="helper-form">
        {field("name", "Navn", { autoComplete: "off" })}
        {field("username", "Brukernavn", { autoComplete: "off", autoCapitalize: "none", spellCheck: false, readOnly: form.resetting })}
        {field("password", "Passord (minst 12 tegn)", { type: "password", autoComplete: "new-password" })}
        <fieldset className="role-field">
          <legend>Rolle</legend>
          {campRoles.map((role) => (
            <label key={role} className="role-choice">
              <input type="radio" name={`${id}-role`} value={role} checked={form.role === role} onChange={() => setForm({ ...form, role })} />
              <span>
                <strong>{campRoleLabels[role]}</strong>: {campRoleDescriptions[role]}
              </span>
            </label>
          ))}
        </fieldset>
        {errors.form && (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            {busy ? "Lagrer..." : form.resetting ? "Sett nytt passord" : "Legg til"}
          </button>
          {form.resetting && (
            <button type="button" className="button secondary" onClick={() => setForm(emptyForm)}>
              Avbryt
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
