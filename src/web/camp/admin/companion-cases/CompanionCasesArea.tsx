import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  companionCaseCauseLabels,
  companionCaseReasonMax,
  CompanionCaseDecisionSchema,
  type CompanionCase,
} from "../../../../shared/camp/companion-cases.ts";
import { ledgerFigureLabels } from "../../../../shared/camp/camp-ledger-labels.ts";
import { formatKroner, formatOsloDateTime } from "../../../../shared/format.ts";
import { expiredMessage, isUnauthorised, useAdminData, type AdminSession } from "../../../components/admin/AdminShell.tsx";
import { ActionResult, type ActionOutcome } from "../../../components/admin/ActionResult.tsx";
import { useAdminEditionYear, useEditionFetcher } from "../admin-edition.tsx";
import { decideCompanionCase, getCompanionCases } from "./companion-cases-api.ts";
import "./companion-cases.css";

const failedMessage = "Klarte ikke hente ledsagersakene, så du er logget ut. Logg inn på nytt for å prøve igjen.";

/**
 * «Ledsagersaker»: companions listed «allerede påmeldt» (0 kr) whose paying registration, or paying companion, is
 * cancelled. Each case is decided once: charge the companion's fee on their own registration (the family is
 * mailed), or let them come free with a reason. The server decides and says so when another leader was first.
 */
export function CompanionCasesArea({ session }: { session: AdminSession }) {
  const id = useId();
  const { token, signOut } = session;
  const { data, load } = useAdminData(session, useEditionFetcher(getCompanionCases), failedMessage);
  const year = useAdminEditionYear();
  const [busy, setBusy] = useState(false);
  const [freeing, setFreeing] = useState<number>();
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string>();
  const [result, setResult] = useState<ActionOutcome>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [focusHeading, setFocusHeading] = useState(0);

  useEffect(() => {
    if (focusHeading > 0) headingRef.current?.focus();
  }, [focusHeading]);
  useEffect(() => {
    if (freeing !== undefined) reasonRef.current?.focus();
  }, [freeing]);

  async function decide(found: CompanionCase, body: { decision: "charge" } | { decision: "free"; reason: string }) {
    if (busy) return;
    setBusy(true);
    setResult(undefined);
    try {
      const outcome = await decideCompanionCase(found.id, body, token);
      setResult({
        ok: true,
        text:
          outcome.decision === "charge"
            ? `${found.companionName} betaler ${formatKroner(outcome.amount)} på ${found.orderId}, og familien har fått e-post. ${ledgerFigureLabels.outstanding}: ${formatKroner(outcome.outstanding)}.`
            : `${found.companionName} er med uten å betale. Begrunnelsen er lagret på ${found.orderId}.`,
      });
    } catch (error) {
      if (isUnauthorised(error)) return signOut(expiredMessage);
      // Another leader may have been first: the server's words say who, and the list shows what is left.
      setResult({ ok: false, text: error instanceof Error ? error.message : "Klarte ikke lagre avgjørelsen. Prøv igjen." });
    } finally {
      setBusy(false);
    }
    setFreeing(undefined);
    setReason("");
    await load();
    setFocusHeading((count) => count + 1);
  }

  function submitFree(event: FormEvent, found: CompanionCase) {
    event.preventDefault();
    const parsed = CompanionCaseDecisionSchema.safeParse({ decision: "free", reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      reasonRef.current?.focus();
      return;
    }
    setReasonError(undefined);
    void decide(found, { decision: "free", reason });
  }

  if (!data)
    return (
      <p className="loading" role="status">
        Laster inn ledsagersakene...
      </p>
    );
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        Ledsagersaker – vinterleiren {year}
      </h2>
      <p>
        Ledsagere som er oppgitt som allerede påmeldt, betaler ingenting på sin egen påmelding. Når påmeldingen som betalte for dem blir avbestilt, må
        du velge: ta betalt for ledsageren, eller la ledsageren være med uten å betale.
      </p>
      <ActionResult result={result} />
      {data.length === 0 ? (
        <p>Ingen saker venter.</p>
      ) : (
        <ul className="companion-cases" aria-labelledby={`${id}-heading`}>
          {data.map((found) => {
            const reasonId = `${id}-reason-${found.id}`;
            const noteId = `${id}-note-${found.id}`;
            return (
              <li key={found.id} className="companion-case">
                <h3>{found.companionName}</h3>
                <p>
                  Ledsager på påmeldingen til {found.athleteName} ({found.orderId}). Var oppgitt som allerede påmeldt med {found.payingAthleteName} (
                  {found.payingOrderId}), men {companionCaseCauseLabels[found.cause]}.
                </p>
                <p className="muted">Saken ble åpnet {formatOsloDateTime(new Date(found.openedAt))}.</p>
                {!found.chargeable && <p id={noteId}>Påmeldingen er ikke bekreftet ennå, så ledsageren kan ikke belastes nå.</p>}
                {freeing === found.id ? (
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
                      <button
                        type="button"
                        className="button secondary"
                        onClick={() => {
                          setFreeing(undefined);
                          setReasonError(undefined);
                        }}
                      >
                        Avbryt
                      </button>
                    </div>
                  </form>
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
                    <button
                      type="button"
                      className="button secondary"
                      aria-disabled={busy || undefined}
                      onClick={() => {
                        if (busy) return;
                        setReason("");
                        setReasonError(undefined);
                        setFreeing(found.id);
                      }}
                    >
                      Uten betaling
                      <span className="visually-hidden"> for {found.companionName}</span>
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
