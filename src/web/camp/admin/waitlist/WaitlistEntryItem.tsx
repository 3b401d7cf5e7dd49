// One entry on the waitlist: place, who, the latest offer, and moving up or down or removing (after a confirmation).
import type { WaitlistEntry } from "../../../../shared/camp/camp-waitlist.ts";
import { offerStateLabels, offerSummary } from "../../../../shared/camp/camp-waitlist-labels.ts";
import { formatOsloDateTime } from "../../../../shared/format.ts";
import { ConfirmAction } from "../../../components/ConfirmAction.tsx";
import type { Waitlist } from "./use-waitlist.ts";

export function WaitlistEntryItem({ entry, first, last, waitlist }: { entry: WaitlistEntry; first: boolean; last: boolean; waitlist: Waitlist }) {
  const { busy, confirmation, run, ref } = waitlist;
  return (
    <li className="waitlist-entry">
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
              aria-disabled={first || busy || undefined}
              onClick={() => !first && void run(entry, "up")}
            >
              Flytt opp
            </button>
            <button
              type="button"
              className="button secondary small"
              ref={ref(`${entry.registrationId}:down`)}
              aria-label={`Flytt ned: ${entry.name}`}
              aria-disabled={last || busy || undefined}
              onClick={() => !last && void run(entry, "down")}
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
  );
}
