import { useId, useRef, useState, type FormEvent } from "react";
import { adminApiNames } from "../../shared/admin/admin-api.ts";
import type { Route } from "./+types/InvoiceAdminPage";
import { osloDateTimeLabel } from "../../shared/format.ts";
import { club } from "../../shared/club/club-facts.ts";
import { formatKronerOre } from "../../shared/format.ts";
import type { ImportResult, InvoiceGroup, InvoiceStatus } from "../../shared/invoices/invoice-groups.ts";
import {
  AdminLoading,
  AdminShell,
  expiredMessage,
  isUnauthorised,
  SignOutButton,
  useAdminData,
  type AdminSession,
} from "../components/admin/AdminShell.tsx";
import { sha256Hex } from "../components/admin/sha256.ts";
import { getInvoiceAdminToken, getInvoiceGroups, getInvoiceStatus, invoiceCsvUrl, refreshInvoices, uploadInvoiceFile } from "./invoice-api.ts";
import { invoiceAdminToken } from "./invoice-admin-token.ts";
import { daysLabel, importErrorLabel, invoicesLabel, norwegianDate } from "./invoice-format.ts";
import "../components/admin/admin.css";
import "./invoices.css";

export function meta(_: Route.MetaArgs) {
  const title = `Purringer – ${club.name}`;
  return [
    { title },
    { name: "description", content: `Forfalte, ubetalte fakturaer per medlem, for kassereren i ${club.name}.` },
    { name: "robots", content: "noindex" },
    { property: "og:title", content: title },
    { property: "og:locale", content: "nb_NO" },
  ];
}

const failedMessage = "Klarte ikke hente fakturaene, så du er logget ut. Logg inn på nytt for å prøve igjen.";

/** The invoice-reminder admin (docs/requirements.md §2 "Admin screens", D8): password login, then the reminders per person. */
export function InvoiceAdmin({ hash = sha256Hex }: { hash?: (password: string) => Promise<string> }) {
  return (
    <AdminShell
      className="page page-wide admin-area invoice-admin"
      title="Purringer"
      apiName={adminApiNames.invoice}
      cookie={invoiceAdminToken}
      hash={hash}
      login={getInvoiceAdminToken}
      wrongMessage="Feil passord."
      intro="Oversikten over ubetalte fakturaer er bare for kassereren og styret. Logg inn for å se den."
    >
      {(session) => <Reminders session={session} />}
    </AdminShell>
  );
}

type Data = { groups: InvoiceGroup[]; status: InvoiceStatus };

async function fetchData(token: string): Promise<Data> {
  const [groups, status] = await Promise.all([getInvoiceGroups(token), getInvoiceStatus(token)]);
  return { groups, status };
}

type Feedback = { action: "refresh" | "upload"; result: ImportResult } | { action: "failed"; message: string };

function Reminders({ session }: { session: AdminSession }) {
  const { token, signOut } = session;
  const { data, load } = useAdminData(session, fetchData, failedMessage);
  const [busy, setBusy] = useState<"refresh" | "upload">();
  const [feedback, setFeedback] = useState<Feedback>();

  async function run(action: "refresh" | "upload", call: () => Promise<ImportResult>) {
    if (busy) return;
    setBusy(action);
    setFeedback(undefined);
    try {
      setFeedback({ action, result: await call() });
      await load();
    } catch (error) {
      if (isUnauthorised(error)) return signOut(expiredMessage);
      setFeedback({ action: "failed", message: "Fikk ikke kontakt med serveren. Listen er ikke endret. Prøv igjen om litt." });
    } finally {
      setBusy(undefined);
    }
  }

  const signOutButton = <SignOutButton session={session} />;

  if (!data) return <AdminLoading text="Laster inn fakturaene...">{signOutButton}</AdminLoading>;

  const { groups, status } = data;
  const invoiceCount = groups.reduce((sum, group) => sum + group.invoices.length, 0);
  const total = groups.reduce((sum, group) => sum + group.total, 0);

  return (
    <>
      <div className="admin-toolbar">{signOutButton}</div>

      <dl className="admin-totals invoice-totals">
        <div>
          <dt>Personer</dt>
          <dd>{groups.length}</dd>
        </div>
        <div>
          <dt>Forfalte fakturaer</dt>
          <dd>{invoiceCount}</dd>
        </div>
        <div>
          <dt>Utestående</dt>
          <dd>{formatKronerOre(total)}</dd>
        </div>
      </dl>
      <ImportStatus status={status} />

      <section className="invoice-actions" aria-labelledby="invoice-actions-heading">
        <h2 id="invoice-actions-heading">Oppdater listen</h2>
        <div className="invoice-action-grid">
          <RefreshAction status={status} busy={busy} onRefresh={() => run("refresh", () => refreshInvoices(token))} />
          <UploadAction busy={busy} onUpload={(file) => run("upload", () => uploadInvoiceFile(token, file))} />
        </div>
        <ImportFeedback feedback={feedback} />
      </section>

      <section aria-labelledby="invoice-list-heading">
        <div className="invoice-list-heading">
          <h2 id="invoice-list-heading">Forfalte fakturaer per person</h2>
          {groups.length > 0 && (
            <a className="button secondary" href={invoiceCsvUrl(token)} download="purringer.csv">
              Last ned CSV
            </a>
          )}
        </div>
        {groups.length === 0 ? (
          <p className="notice">
            {status.storedInvoices === 0
              ? "Ingen fakturaer er lest inn ennå. Last opp eksporten fra regnskapssystemet."
              : "Ingen fakturaer er forfalt. Alle har betalt i tide, eller forfallsdatoen er ikke passert ennå."}
          </p>
        ) : (
          <InvoiceTable groups={groups} />
        )}
      </section>
    </>
  );
}

function ImportStatus({ status }: { status: InvoiceStatus }) {
  const { lastImport, lastSuccess } = status;
  return (
    <div className="invoice-status">
      {lastSuccess ? (
        <p>
          Sist lest inn {osloDateTimeLabel(lastSuccess.at)} fra {lastSuccess.source} ({invoicesLabel(lastSuccess.rowCount)}, også de som ikke er
          forfalt ennå).
        </p>
      ) : (
        <p>Ingen fil er lest inn ennå.</p>
      )}
      {lastImport && !lastImport.ok && (
        <p className="invoice-status-warning">
          Siste forsøk {osloDateTimeLabel(lastImport.at)} ble avvist ({lastImport.errorCount === 1 ? "1 feil" : `${lastImport.errorCount} feil`}).
          Listen viser forrige innlesing.
        </p>
      )}
    </div>
  );
}

function RefreshAction({ status, busy, onRefresh }: { status: InvoiceStatus; busy?: string; onRefresh: () => void }) {
  const hint = {
    configured: "Henter eksporten fra regnskapssystemet på nytt.",
    upload: "Leser den sist opplastede filen på nytt, med dagens dato.",
    none: "Det finnes ingen fil å lese inn ennå. Last opp en eksport først.",
  }[status.refreshSource];
  return (
    <div className="invoice-action">
      <h3>Les inn på nytt</h3>
      <p className="field-hint" id="invoice-refresh-hint">
        {hint}
      </p>
      <button
        type="button"
        className="button"
        onClick={onRefresh}
        aria-describedby="invoice-refresh-hint"
        aria-disabled={busy !== undefined || undefined}
      >
        {busy === "refresh" ? "Leser inn..." : "Oppdater"}
      </button>
    </div>
  );
}

function UploadAction({ busy, onUpload }: { busy?: string; onUpload: (file: File) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setError("Velg en fil først.");
      return;
    }
    setError(undefined);
    onUpload(file);
  }

  return (
    <form className="invoice-action" onSubmit={submit} noValidate>
      <h3>Last opp ny eksport</h3>
      <div className="field">
        <label htmlFor={`${id}-file`}>Fil fra regnskapssystemet (CSV eller Excel)</label>
        <input
          ref={input}
          id={`${id}-file`}
          name="file"
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          onChange={() => setError(undefined)}
        />
        <p className="field-hint" id={`${id}-hint`}>
          Kolonnene Navn, Epost, Beløp, Forfallsdato og AvtaleGiro må være med. Listen byttes bare ut hvis hele filen er i orden.
        </p>
      </div>
      {error && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" aria-disabled={busy !== undefined || undefined}>
        {busy === "upload" ? "Laster opp..." : "Last opp og les inn"}
      </button>
    </form>
  );
}

function ImportFeedback({ feedback }: { feedback?: Feedback }) {
  // Always rendered, so screen readers announce the result when it arrives.
  return (
    <div className="invoice-feedback" role="status" aria-live="polite">
      {feedback?.action === "failed" && <p className="form-error">{feedback.message}</p>}
      {feedback && feedback.action !== "failed" && feedback.result.ok && (
        <p className="action-result ok">
          {feedback.action === "upload" ? "Filen er lastet opp og lest inn" : "Listen er oppdatert"}: {invoicesLabel(feedback.result.imported)}.
        </p>
      )}
      {feedback && feedback.action !== "failed" && !feedback.result.ok && (
        <div className="import-errors">
          <p className="form-error">
            {feedback.action === "upload" ? "Filen ble ikke lest inn" : "Oppdateringen ble avvist"}, og listen er som før.
            {feedback.result.errors.some((error) => error.line > 0) ? " Rett disse radene og prøv igjen:" : ""}
          </p>
          <ul>
            {feedback.result.errors.map((error, index) => (
              <li key={index}>{importErrorLabel(error)}</li>
            ))}
          </ul>
          {feedback.result.errorCount > feedback.result.errors.length && (
            <p>… og {feedback.result.errorCount - feedback.result.errors.length} feil til.</p>
          )}
        </div>
      )}
    </div>
  );
}

function InvoiceTable({ groups }: { groups: InvoiceGroup[] }) {
  return (
    <table className="data admin-table invoice-table">
      <caption className="visually-hidden">Forfalte fakturaer per person, de som har ventet lengst først</caption>
      <thead>
        <tr>
          <th scope="col">Navn</th>
          <th scope="col">E-post</th>
          <th scope="col">Fakturaer</th>
          <th scope="col" className="amount">
            Sum
          </th>
          <th scope="col" className="amount">
            Over forfall
          </th>
        </tr>
      </thead>
      <tbody>
        {groups.map((group) => (
          <tr key={`${group.name}\u0000${group.email}`}>
            <th scope="row" data-label="Navn">
              {group.name}
            </th>
            <td data-label="E-post">{group.email ? <a href={`mailto:${group.email}`}>{group.email}</a> : <span className="muted">mangler</span>}</td>
            <td data-label="Fakturaer">
              <ul className="invoice-lines">
                {group.invoices.map((invoice, index) => (
                  <li key={invoice.InvoiceNumber ?? index}>
                    <strong>{formatKronerOre(invoice.Amount)}</strong>, forfalt {norwegianDate(invoice.DueDate)}, AvtaleGiro:{" "}
                    {invoice.Avtalegiro ? "Ja" : "Nei"}
                    {invoice.InvoiceNumber && <span className="muted">, faktura {invoice.InvoiceNumber}</span>}
                    {invoice.Kid && <span className="muted">, KID {invoice.Kid}</span>}
                  </li>
                ))}
              </ul>
            </td>
            <td data-label="Sum" className="amount">
              {formatKronerOre(group.total)}
            </td>
            <td data-label="Over forfall" className="amount">
              {daysLabel(group.daysOverdue)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function InvoiceAdminPage() {
  return <InvoiceAdmin />;
}
