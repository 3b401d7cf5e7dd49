import { useEffect, useId, useRef, useState } from "react";
import type { WaitlistEntry } from "../../../../shared/camp/camp-waitlist.ts";
import { offerStateLabels, offerSummary } from "../../../../shared/camp/camp-waitlist-labels.ts";
import { formatOsloDateTime } from "../../../../shared/format.ts";
import { expiredMessage, isUnauthorised, useAdminData, type AdminSession } from "../../../components/admin/AdminShell.tsx";
import { ActionResult, type ActionOutcome } from "../../../components/admin/ActionResult.tsx";
import { ConfirmAction, useConfirmation } from "../../../components/ConfirmAction.tsx";
import { useAdminEditionYear, useEditionFetcher } from "../admin-edition.tsx";
import { getWaitlist, moveOnWaitlist, removeFromWaitlist } from "./waitlist-admin-api.ts";
import "./waitlist-admin.css";

const failedMessage = "Klarte ikke hente ventelisten, så du er logget ut. Logg inn på nytt for å prøve igjen.";

type Control = `${number}:${"up" | "down"}`;

/** "Venteliste": who waits for a place, in order, with each one's latest offer; move up or down, or remove. */
export function WaitlistArea({ session }: { session: AdminSession }) {
  const id = useId();
  const { token, signOut } = session;
  const { data, load } = useAdminData(session, useEditionFetcher(getWaitlist), failedMessage);
  const year = useAdminEditionYear();
  const [busy, setBusy] = useState(false);
  const confirmation = useConfirmation<number>();
  const [result, setResult] = useState<ActionOutcome>();
  const controls = useRef(new Map<Control, HTMLButtonElement>());
  const [focusTo, setFocusTo] = useState<{ control: Control } | { heading: true }>();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!focusTo) return;
    if ("heading" in focusTo) headingRef.current?.focus();
    else controls.current.get(focusTo.control)?.focus();
  }, [focusTo, data]);

  async function run(entry: WaitlistEntry, action: "up" | "down" | "remove") {
    if (busy) return;
    setBusy(true);
    setResult(undefined);
    const position = action === "up" ? entry.position - 1 : entry.position + 1;
    try {
      if (action === "remove") await removeFromWaitlist(entry.registrationId, token);
      else await moveOnWaitlist(entry.registrationId, position, token);
    } catch (error) {
      setBusy(false);
      if (isUnauthorised(error)) signOut(expiredMessage);
      else
        setResult({
          ok: false,
          text: `Klarte ikke ${action === "remove" ? "fjerne" : "flytte"} ${entry.name}. ${error instanceof Error ? error.message : ""}`.trim(),
        });
      return;
    }
    confirmation.close();
    await load();
    setBusy(false);
    setResult({
      ok: true,
      text: action === "remove" ? `${entry.name} er fjernet fra ventelisten.` : `${entry.name} er flyttet til plass ${position}.`,
    });
    setFocusTo(action === "remove" ? { heading: true } : { control: `${entry.registrationId}:${action}` });
  }

  if (!data)
    return (
      <p className="loading" role="status">
        Laster inn ventelisten...
      </p>
    );

  const entries = [...data].sort((a, b) => a.position - b.position);
  const ref = (control: Control) => (element: HTMLButtonElement | null) => {
    if (element) controls.current.set(control, element);
    else controls.current.delete(control);
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="waitlist-admin">
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        Venteliste – vinterleiren {year}
      </h2>
      <p>Når en plass blir ledig, får den første på listen et tilbud på e-post. Flytt noen opp eller ned for å endre hvem som får neste tilbud.</p>
      <ActionResult result={result} />
      {entries.length === 0 ? (
        <p>Ventelisten er tom.</p>
      ) : (
        <ol className="waitlist-entries">
          {entries.map((entry, index) => (
            <li key={entry.registrationId} className="waitlist-entry">
              <div className="waitlist-place" aria-hidden="true">
                {entry.position}
              </div>
              <div className="waitlist-body">
                <h3>
                  <span className="visually-hidden">Plass {entry.position}: </span>
                  {entry.name}
                </h3>
                <p className="waitlist-meta">
                  {entry.club} · <a href={`mailto:${entry.email}`}>{entry.email}</a> · {entry.orderId}
                </p>
                <p className="waitlist-meta">Påmeldt {formatOsloDateTime(new Date(entry.createdAt))}</p>
                <p>
                  {entry.offer && <span className={`status-badge offer-${entry.offer.state}`}>{offerStateLabels[entry.offer.state]}</span>}{" "}
                  <span className="muted">{offerSummary(entry.offer)}</span>
                </p>
                {confirmation.isOpen(entry.registrationId) ? (
                  <ConfirmAction
                    confirmLabel="Ja, fjern"
                    busyLabel="Fjerner..."
                    busy={busy}
                    onConfirm={() => run(entry, "remove")}
                    onCancel={confirmation.cancel}
                  >
                    Fjerne {entry.name} fra ventelisten? {entry.name.split(" ")[0]} får da ikke tilbud om plass.
                  </ConfirmAction>
                ) : (
                  <div className="button-row compact">
                    <button
                      type="button"
                      className="button secondary small"
                      ref={ref(`${entry.registrationId}:up`)}
                      aria-label={`Flytt opp: ${entry.name}`}
                      aria-disabled={index === 0 || busy || undefined}
                      onClick={() => index > 0 && void run(entry, "up")}
                    >
                      Flytt opp
                    </button>
                    <button
                      type="button"
                      className="button secondary small"
                      ref={ref(`${entry.registrationId}:down`)}
                      aria-label={`Flytt ned: ${entry.name}`}
                      aria-disabled={index === entries.length - 1 || busy || undefined}
                      onClick={() => index < entries.length - 1 && void run(entry, "down")}
                    >
                      Flytt ned
                    </button>
                    <button
                      type="button"
                      className="button secondary small"
                      ref={confirmation.trigger(entry.registrationId)}
                      aria-label={`Fjern: ${entry.name}`}
                      onClick={() => confirmation.ask(entry.registrationId)}
                    >
                      Fjern
                    </button>
                  </div>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
