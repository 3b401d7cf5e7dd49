import { useId } from "react";
import { formatOsloDateTime } from "../../../shared/format.ts";
import { messageSegmentLabels, plannedMessageGraceHours, recipientStateLabels, type MessageLogEntry } from "../../../shared/messages/message.ts";
import { useNow } from "../../lib/use-now.ts";
import "./message-log.css";

const families = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** When a message went, goes, or was called off (a date of another year says its year). */
function when(entry: MessageLogEntry, now: Date): string {
  const at = (iso: string) => formatOsloDateTime(new Date(iso), { now });
  if (entry.cancelledAt) return `avlyst ${at(entry.cancelledAt)} av ${entry.cancelledBy ?? ""} (skulle gått ${at(entry.sendAt)})`;
  if (entry.queuedAt) return `sendt ${at(entry.queuedAt)} av ${entry.createdBy}`;
  if (entry.timing === "waiting") return `sendes ${at(entry.sendAt)}, skrevet av ${entry.createdBy}`;
  return `skulle gått ${at(entry.sendAt)}, skrevet av ${entry.createdBy}`;
}

/** What a message not yet sent is waiting for, by the server's reading of its time. */
function plannedText(entry: MessageLogEntry, now: Date): string {
  if (entry.timing === "missed")
    return `Ble ikke sendt: tidspunktet gikk uten at meldingen ble sendt (nettstedet kan ha vært nede), og mer enn ${plannedMessageGraceHours} timer for sent sendes den ikke av seg selv. Send den nå hvis den fortsatt passer, eller avlys den.`;
  if (entry.timing === "due") return "Tidspunktet er passert; meldingen sendes innen et minutt, og mottakerne velges da.";
  return `Venter på tidspunktet (${formatOsloDateTime(new Date(entry.sendAt), { now })}); mottakerne velges da.`;
}

/**
 * The log of messages (the camp's «Send melding», the new-member admin's «Skriv til interesserte»): each
 * message's recipients and their states, «Send igjen» for the failed, and «Avlys» for one waiting for its time.
 */
export function MessageLog({
  entries,
  onAgain,
  onCancel,
  onSendNow,
  onRefresh,
  busy,
  recipientWords = ["familie", "familier"],
  showSegment = true,
}: {
  entries: MessageLogEntry[] | undefined;
  onAgain?: (entry: MessageLogEntry) => void;
  onCancel?: (entry: MessageLogEntry) => void;
  /** «Send nå» for a message not yet sent (waiting for its time, or missed). */
  onSendNow?: (entry: MessageLogEntry) => void;
  onRefresh: () => void;
  busy: boolean;
  recipientWords?: [string, string];
  showSegment?: boolean;
}) {
  const id = useId();
  const now = useNow();
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
            const planned = entry.timing !== null && !entry.queuedAt && !entry.cancelledAt;
            return (
              <li key={entry.id}>
                <h4>{entry.subject ?? "(teksten er slettet)"}</h4>
                <p className="muted">
                  {showSegment && `${messageSegmentLabels[entry.segment]}${entry.day ? ` ${entry.day}` : ""} · `}
                  {when(entry, now)}
                  {entry.attachment ? ` · vedlegg ${entry.attachment}` : ""}
                </p>
                {entry.cancelledAt ? (
                  <p>
                    <strong>Avlyst</strong> – ble ikke sendt til noen.
                  </p>
                ) : planned ? (
                  <p className={entry.timing === "missed" ? "message-missed" : undefined}>
                    {entry.timing === "missed" && <strong>Ikke sendt. </strong>}
                    {plannedText(entry, now)}
                  </p>
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
                {onSendNow && planned && (
                  <button type="button" className="button secondary small" onClick={() => onSendNow(entry)} disabled={busy}>
                    Send «{entry.subject}» nå
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
