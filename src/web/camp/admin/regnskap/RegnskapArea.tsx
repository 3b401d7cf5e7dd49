import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { accountsFileName, PeriodSchema, yearSoFar, type AccountTotalsAnswer, type Period } from "../../../../shared/accounts/accounts-chart.ts";
import { expiredMessage, isUnauthorised, type AdminSession } from "../../../components/admin/AdminShell.tsx";
import { useNow } from "../../../lib/use-now.ts";
import { AccountTotals } from "./AccountTotals.tsx";
import { ChartEditor } from "./ChartEditor.tsx";
import { accountsCsvPath, accountsXlsxPath, getAccountTotals } from "./regnskap-api.ts";
import { errorsOf, zodIssues } from "./regnskap-errors.ts";
import "./regnskap.css";

/**
 * «Regnskap» (a `leder`'s tab): a period (this year so far to start with), its files for the accounts (Excel and
 * CSV: every money movement as a voucher of debit and credit), its totals per account, and the chart of
 * accounts the files post to, editable, with its change log.
 */
export function RegnskapArea({ session }: { session: AdminSession }) {
  const id = useId();
  const now = useNow();
  const [period, setPeriod] = useState<Period>(() => yearSoFar(now));
  const [shown, setShown] = useState<Period>(period);
  const checked = PeriodSchema.safeParse(period);
  const periodErrors = checked.success ? {} : errorsOf(zodIssues(checked.error.issues), "");
  const valid = checked.success ? checked.data : undefined;

  const [totals, setTotals] = useState<AccountTotalsAnswer | "failed">();
  const { token, signOut } = session;
  const loadTotals = useCallback(
    async (of: Period) => {
      setTotals(undefined);
      try {
        setTotals(await getAccountTotals(of, token));
      } catch (error) {
        if (isUnauthorised(error)) signOut(expiredMessage);
        else setTotals("failed");
      }
    },
    [token, signOut],
  );
  useEffect(() => {
    void loadTotals(shown);
  }, [loadTotals, shown]);

  const showPeriod = (event: FormEvent) => {
    event.preventDefault();
    if (valid) setShown(valid);
  };

  const dateField = (key: "from" | "to", label: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type="date"
        value={period[key]}
        required
        onChange={(event) => setPeriod({ ...period, [key]: event.target.value })}
        aria-invalid={periodErrors[key] ? true : undefined}
        aria-describedby={periodErrors[key] ? `${id}-${key}-error` : undefined}
      />
      {periodErrors[key] && (
        <p id={`${id}-${key}-error`} className="field-error">
          {periodErrors[key]}
        </p>
      )}
    </div>
  );

  return (
    <section aria-labelledby={`${id}-heading`} className="regnskap">
      <h2 id={`${id}-heading`}>Regnskap</h2>
      <p>
        Filene har hver innbetaling og tilbakebetaling i perioden som et bilag med debet og kredit, etter kontoplanen under. Inntekten føres når
        pengene kommer inn. Bilagsnumrene gis første gang en fil lastes ned, og endres aldri.
      </p>
      <form className="regnskap-period" onSubmit={showPeriod} noValidate aria-labelledby={`${id}-period`}>
        <h3 id={`${id}-period`}>Periode</h3>
        <div className="regnskap-dates">
          {dateField("from", "Fra og med")}
          {dateField("to", "Til og med")}
        </div>
        <div className="button-row">
          <button type="submit" className="button" aria-disabled={!valid || undefined}>
            Vis summer
          </button>
          {valid && (
            <>
              <a className="button secondary" href={accountsXlsxPath(valid, token)} download={accountsFileName(valid, "xlsx")}>
                Last ned Excel
              </a>
              <a className="button secondary" href={accountsCsvPath(valid, token)} download={accountsFileName(valid, "csv")}>
                Last ned CSV
              </a>
            </>
          )}
        </div>
      </form>
      <AccountTotals totals={totals} shown={shown} headingId={`${id}-totals`} />
      <ChartEditor session={session} headingId={`${id}-chart`} onSaved={() => void loadTotals(shown)} />
    </section>
  );
}
