/** The treasurer's import of the invoice export: its status, «Hent nå» from the source, a file upload, and what the import found. */
import { useId, useRef, useState, type FormEvent } from "react";
import { osloDateTimeLabel } from "../../shared/format.ts";
import type { ImportResult, InvoiceStatus } from "../../shared/invoices/invoice-groups.ts";
import { importErrorLabel, invoicesLabel } from "./invoice-format.ts";

export type Feedback = { action: "refresh" | "upload"; result: ImportResult } | { action: "failed"; message: string };

export function ImportStatus({ status }: { status: InvoiceStatus }) {
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

export function RefreshAction({ status, busy, onRefresh }: { status: InvoiceStatus; busy?: string; onRefresh: () => void }) {
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

export function UploadAction({ busy, onUpload }: { busy?: string; onUpload: (file: File) => void }) {
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

export function ImportFeedback({ feedback }: { feedback?: Feedback }) {
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
