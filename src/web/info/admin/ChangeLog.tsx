import { useState } from "react";
import { siteSectionLabels, type SiteChange } from "../../../shared/site/site-content.ts";
import { osloDateTimeLabel } from "../../../shared/format.ts";
import { ActionResult, type ActionOutcome } from "../../components/admin/ActionResult.tsx";
import { expiredMessage, isUnauthorised, type AdminSession } from "../../components/admin/AdminShell.tsx";
import { undoSiteChange } from "./site-admin-api.ts";

/** The change log: who changed what when, newest first, with «Angre» on the latest change of each section. */
export function ChangeLog({ changes, session, onUndone }: { changes: SiteChange[]; session: AdminSession; onUndone: () => Promise<void> }) {
  const [busy, setBusy] = useState<number>();
  const [result, setResult] = useState<ActionOutcome>();

  async function undo(change: SiteChange) {
    setBusy(change.id);
    setResult(undefined);
    try {
      await undoSiteChange(change.id, session.token);
      await onUndone();
      setResult({ ok: true, text: `Endringen i ${siteSectionLabels[change.section].toLocaleLowerCase("nb-NO")} er angret.` });
    } catch (caught) {
      if (isUnauthorised(caught)) return session.signOut(expiredMessage);
      setResult({ ok: false, text: caught instanceof Error ? caught.message : String(caught) });
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <section aria-labelledby="site-changes-heading">
      <h2 id="site-changes-heading">Endringer</h2>
      <ActionResult result={result} />
      {changes.length === 0 ? (
        <p>Ingen endringer ennå.</p>
      ) : (
        <ol className="site-changes">
          {changes.map((change) => (
            <li key={change.id}>
              <p className="site-change-meta">
                <strong>{siteSectionLabels[change.section]}</strong> · {osloDateTimeLabel(change.changedAt)} · {change.changedBy}
                {change.undoOf !== null && " · angret en endring"}
                {change.undoneBy !== null && " · angret senere"}
              </p>
              <ul className="site-change-summary">
                {change.summary.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
              {change.undoable && (
                <button
                  type="button"
                  className="button secondary small"
                  aria-disabled={busy !== undefined || undefined}
                  onClick={() => busy === undefined && void undo(change)}
                >
                  {busy === change.id ? "Angrer …" : "Angre"}
                  <span className="visually-hidden">
                    {" "}
                    endringen i {siteSectionLabels[change.section].toLocaleLowerCase("nb-NO")} {osloDateTimeLabel(change.changedAt)}
                  </span>
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
