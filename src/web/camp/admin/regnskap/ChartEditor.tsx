import { useEffect, useId, useState, type FormEvent } from "react";
import { accountRoleLabels, chartChangeLines, ChartSchema, type ChartAccount } from "../../../../shared/accounts/accounts-chart.ts";
import { expiredMessage, isUnauthorised, useAdminData, type AdminSession } from "../../../components/admin/AdminShell.tsx";
import { ChangeLog } from "../../../components/admin/ChangeLog.tsx";
import { getChart, saveChart } from "./regnskap-api.ts";
import { errorsOf, zodIssues, type Errors } from "./regnskap-errors.ts";

const failedMessage = "Klarte ikke hente kontoplanen, så du er logget ut. Logg inn på nytt for å prøve igjen.";

/** The chart of accounts the files post to: each role's account number and name, editable, with its change log. */
export function ChartEditor({ session, headingId, onSaved }: { session: AdminSession; headingId: string; onSaved: () => void }) {
  const id = useId();
  const { data, load } = useAdminData(session, getChart, failedMessage);
  const [rows, setRows] = useState<ChartAccount[]>();
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string>();
  const [result, setResult] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (data) setRows(data.accounts);
  }, [data]);

  if (!data || !rows)
    return (
      <p className="loading" role="status">
        Laster inn kontoplanen...
      </p>
    );

  const edit = (index: number, key: "number" | "name", value: string) => {
    setRows(rows.map((row, at) => (at === index ? { ...row, [key]: value } : row)));
    setResult(undefined);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setResult(undefined);
    const checked = ChartSchema.safeParse({ accounts: rows });
    if (!checked.success) {
      setErrors(errorsOf(zodIssues(checked.error.issues), "accounts."));
      setProblem("Rett feltene som er merket.");
      return;
    }
    setBusy(true);
    try {
      const saved = await saveChart(checked.data.accounts, session.token);
      if (saved.ok) {
        setErrors({});
        setProblem(undefined);
        setResult("Kontoplanen er lagret.");
        await load();
        onSaved();
      } else {
        setErrors(errorsOf(saved.issues, "accounts."));
        setProblem(saved.message);
      }
    } catch (error) {
      if (isUnauthorised(error)) session.signOut(expiredMessage);
      else setProblem("Klarte ikke lagre. Prøv igjen.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>Kontoplan</h3>
      <form onSubmit={save} noValidate>
        <div className="regnskap-scroll">
          <table className="print-table regnskap-chart" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">Brukes til</th>
                <th scope="col">Kontonummer</th>
                <th scope="col">Navn</th>
              </tr>
            </thead>
            <ChartRows id={id} rows={rows} errors={errors} onEdit={edit} />
          </table>
        </div>
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        <div role="status" className="action-result ok">
          {result ?? ""}
        </div>
        <div className="button-row">
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            {busy ? "Lagrer..." : "Lagre kontoplanen"}
          </button>
        </div>
      </form>
      <ChangeLog
        entries={data.changes}
        headingId={`${id}-log`}
        linesOf={(entry) => chartChangeLines(entry.changes)}
        firstValues={() => "Kontoplanen ble satt opp."}
      />
    </section>
  );
}

/** The chart's rows: each account's number and name for what it is used for, with its error. */
function ChartRows({
  id,
  rows,
  errors,
  onEdit,
}: {
  id: string;
  rows: ChartAccount[];
  errors: Errors;
  onEdit: (index: number, key: "number" | "name", value: string) => void;
}) {
  const input = (index: number, key: "number" | "name", label: string) => {
    const errorKey = `${index}.${key}`;
    const fieldId = `${id}-${index}-${key}`;
    return (
      <>
        <input
          id={fieldId}
          aria-label={`${label}, ${accountRoleLabels[rows[index]!.role].toLocaleLowerCase("nb-NO")}`}
          value={rows[index]![key]}
          onChange={(event) => onEdit(index, key, event.target.value)}
          aria-invalid={errors[errorKey] ? true : undefined}
          aria-describedby={errors[errorKey] ? `${fieldId}-error` : undefined}
          {...(key === "number" ? { inputMode: "numeric" as const, maxLength: 4, size: 5, autoComplete: "off" } : { maxLength: 60 })}
        />
        {errors[errorKey] && (
          <p id={`${fieldId}-error`} className="field-error">
            {errors[errorKey]}
          </p>
        )}
      </>
    );
  };

  return (
    <tbody>
      {rows.map((row, index) => (
        <tr key={row.role}>
          <th scope="row">{accountRoleLabels[row.role]}</th>
          <td>{input(index, "number", "Kontonummer")}</td>
          <td>{input(index, "name", "Navn")}</td>
        </tr>
      ))}
    </tbody>
  );
}
