import { useId } from "react";
import { formatOsloDateTime } from "../../../shared/format.ts";
import { messageSegmentLabels, recipientStateLabels, type MessageLogEntry } from "../../../shared/messages/message.ts";
import "./message-log.css";

const families = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** When a message went, goes, or was called off. */
function when(entry: MessageLogEntry): string {
  if (entry.cancelledAt)
    return `avlyst ${formatOsloDateTime(new Date(entry.cancelledAt))} av ${entry.cancelledBy ?? ""} (skulle gått ${formatOsloDateTime(new Date(entry.sendAt))})`;
  if (entry.queuedAt) return `sendt ${formatOsloDateTime(new Date(entry.queuedAt))} av ${entry.createdBy}`;
  return `sendes ${formatOsloDateTime(new Date(entry.sendAt))}, skrevet av ${entry.createdBy}`;
}

/**
 * The log of messages (the camp's «Send melding», the new-member admin's «Skriv til interesserte»): each
 * message's recipients and their states, «Send igjen» for the failed, and «Avlys» for one waiting for its time.
 */
export function MessageLog({
  entries,
  onAgain,
  onCancel,
  onRefresh,
  busy,
  recipientWords = ["familie", "familier"],
  showSegment = true,
}: {
  entries: MessageLogEntry[] | undefined;
  onAgain?: (entry: MessageLogEntry) => void;
  onCancel?: (entry: MessageLogEntry) => void;
  onRefresh: () => void;
  busy: boolean;
  recipientWords?: [string, string];
  showSegment?: boolean;
}) {
  const id = useId();
  const [one, many] = recipientWords;
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Sendte meldinger</h3>
      <button type="button" className="button secondary small" onClick={onRefresh}>
        Oppdater
      </button>
      {!entries ? (
        <p role="status">Laster inn meldingene...</p>
      ) : entries.length === 0 ? (
        <p>Ingen meldinger er sendt ennå.</p>
      ) : (
        <ul className="message-log">
          {entries.map((entry) => {
            const planned = !entry.queuedAt && !entry.cancelledAt;
            return (
              <li key={entry.id}>
                <h4>{entry.subject ?? "(teksten er slettet)"}</h4>
                <p className="muted">
                  {showSegment && `${messageSegmentLabels[entry.segment]}${entry.day ? ` ${entry.day}` : ""} · `}
                  {when(entry)}
                  {entry.attachment ? ` · vedlegg ${entry.attachment}` : ""}
                </p>
                {entry.cancelledAt ? (
                  <p>
                    <strong>Avlyst</strong> – ble ikke sendt til noen.
                  </p>
                ) : planned ? (
                  <p>Venter på tidspunktet; mottakerne velges da.</p>
                ) : (
                  <p>
                    {families(entry.recipients, one, many)}: {recipientStateLabels.sent} {entry.counts.sent},{" "}
                    {recipientStateLabels.queued.toLocaleLowerCase("nb-NO")} {entry.counts.queued},{" "}
                    {recipientStateLabels.failed.toLocaleLowerCase("nb-NO")} {entry.counts.failed}
                  </p>
                )}
                {entry.families.length > 0 && (
                  <details>
                    <summary>Hvem fikk den</summary>
                    <ul>
                      {entry.families.map((family, index) => (
                        <li key={index}>
                          {family.participants ?? "(slettet)"} – {family.address ?? ""}: <strong>{recipientStateLabels[family.state]}</strong>
                          {family.error ? ` (${family.error})` : ""}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
                {onAgain && entry.counts.failed > 0 && (
                  <button type="button" className="button secondary small" onClick={() => onAgain(entry)} disabled={busy}>
                    Send igjen til {entry.counts.failed} som feilet
                  </button>
                )}
                {onCancel && planned && (
                  <button type="button" className="button secondary small" onClick={() => onCancel(entry)} disabled={busy}>
                    Avlys «{entry.subject}»
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
