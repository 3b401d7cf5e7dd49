// The logic of «Hjelpere»: the accounts, the form for a new helper or a new password, and removing a helper.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { CampAccountInputSchema, type CampAccount, type CampRole } from "../../../../shared/admin/camp-accounts.ts";
import { loadCommonPasswords, passwordProblemMessages, passwordProblemOf } from "../../../../shared/admin/password-rule.ts";
import { expiredMessage, isUnauthorised, useAdminData, type AdminSession } from "../../../components/admin/AdminShell.tsx";
import { useConfirmation } from "../../../components/ConfirmAction.tsx";
import { getCampAccounts, removeCampAccount, saveCampAccount } from "./camp-accounts-api.ts";

const failedMessage = "Klarte ikke hente hjelperne, så du er logget ut. Logg inn på nytt for å prøve igjen.";

export interface HelperFormState {
  username: string;
  name: string;
  role: CampRole;
  password: string;
  /** Set when resetting an existing helper: the username cannot change. */
  resetting: boolean;
}
export const emptyHelperForm: HelperFormState = { username: "", name: "", role: "innsjekk", password: "", resetting: false };

export type HelperFormErrors = Partial<Record<keyof HelperFormState | "form", string>>;

export function useHelpers(session: AdminSession) {
  const { token, signOut } = session;
  const { data } = useAdminData(session, getCampAccounts, failedMessage);
  const [accounts, setAccounts] = useState<CampAccount[]>();
  const [form, setForm] = useState<HelperFormState>(emptyHelperForm);
  const [errors, setErrors] = useState<HelperFormErrors>({});
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
    const problems: HelperFormErrors = {};
    const parsed = CampAccountInputSchema.safeParse({ username: form.username, name: form.name, role: form.role, password: form.password });
    if (!parsed.success) for (const issue of parsed.error.issues) problems[issue.path[0] as keyof HelperFormState] ??= issue.message;
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
      setForm(emptyHelperForm);
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

  /** «Nytt passord» on a row: the form takes the helper, and the keyboard goes to its heading. */
  function startReset(account: CampAccount) {
    setForm({ username: account.username, name: account.name, role: account.role, password: "", resetting: true });
    setErrors({});
    formHeading.current?.focus();
  }

  return { accounts, form, setForm, errors, busy, result, confirmation, formHeading, submit, remove, startReset };
}

export type Helpers = ReturnType<typeof useHelpers>;
