// One companion case: who and why, then «Ta betalt» or «Uten betaling» (which asks for a reason first).
import { companionCaseCauseLabels, companionCaseReasonMax, type CompanionCase } from "../../../../shared/camp/companion-cases.ts";
import { formatKroner, formatOsloDateTime } from "../../../../shared/format.ts";
import type { CompanionCases } from "./use-companion-cases.ts";

/** Why the companion comes free, saved on the registration. */
function FreeForm({ found, reasonId, cases }: { found: CompanionCase; reasonId: string; cases: CompanionCases }) {
  const { busy, reason, setReason, reasonError, reasonRef, submitFree, cancelFreeing } = cases;
  return (
    <form onSubmit={(event) => submitFree(event, found)} noValidate>
      <label htmlFor={reasonId}>Hvorfor skal {found.companionName} være med uten å betale?</label>
      <textarea
        id={reasonId}
        ref={reasonRef}
        rows={3}
        maxLength={companionCaseReasonMax}
        value={reason}
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={reasonError ? `${reasonId}-error` : `${reasonId}-hint`}
        onChange={(event) => setReason(event.target.value)}
      />
      <p id={`${reasonId}-hint`} className="muted">
        Begrunnelsen lagres på påmeldingen og følger med hvis familien ber om innsyn.
      </p>
      {reasonError && (
        <p id={`${reasonId}-error`} className="form-error" role="alert">
          {reasonError}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? "Lagrer..." : "Lagre: uten betaling"}
        </button>
        <button type="button" className="button secondary" onClick={cancelFreeing}>
          Avbryt
        </button>
      </div>
    </form>
  );
}

export function CompanionCaseItem({ id, found, cases }: { id: string; found: CompanionCase; cases: CompanionCases }) {
  const { busy, freeing, decide, startFreeing } = cases;
  const reasonId = `${id}-reason-${found.id}`;
  const noteId = `${id}-note-${found.id}`;
  return (
    <li className="companion-case">
      <h3>{found.companionName}</h3>
      <p>
        Ledsager på påmeldingen til {found.athleteName} ({found.orderId}). Var oppgitt som allerede påmeldt med {found.payingAthleteName} (
        {found.payingOrderId}), men {companionCaseCauseLabels[found.cause]}.
      </p>
      <p className="muted">Saken ble åpnet {formatOsloDateTime(new Date(found.openedAt))}.</p>
      {!found.chargeable && <p id={noteId}>Påmeldingen er ikke bekreftet ennå, så ledsageren kan ikke belastes nå.</p>}
      {freeing === found.id ? (
        <FreeForm found={found} reasonId={reasonId} cases={cases} />
      ) : (
        <div className="button-row">
          <button
            type="button"
            className="button"
            aria-disabled={busy || !found.chargeable || undefined}
            aria-describedby={found.chargeable ? undefined : noteId}
            onClick={() => found.chargeable && void decide(found, { decision: "charge" })}
          >
            Ta betalt {formatKroner(found.fee)}
            <span className="visually-hidden"> for {found.companionName}</span>
          </button>
          <button type="button" className="button secondary" aria-disabled={busy || undefined} onClick={() => startFreeing(found)}>
            Uten betaling
            <span className="visually-hidden"> for {found.companionName}</span>
          </button>
        </div>
      )}
    </li>
  );
}
