import { useCallback, useId, useState, type FormEvent, type ReactNode } from "react";
import { formatOsloDateTime } from "../../../shared/format.ts";
import {
  messageSegmentLabels,
  segmentsWithDay,
  sendMessageSchema,
  type MessageLogEntry,
  type MessagePreview,
  type MessageSegment,
  type SendMessageInput,
} from "../../../shared/messages/message.ts";
import { instantFromOslo } from "../../lib/form-values.ts";
import { ActionResult, type ActionOutcome } from "./ActionResult.tsx";
import { expiredMessage, isUnauthorised, useAdminData, type AdminSession } from "./AdminShell.tsx";
import { MessageLog } from "./MessageLog.tsx";
import { MessageBodyField } from "./MessageBodyField.tsx";
import { MessageSubjectField } from "./MessageSubjectField.tsx";
import { cancelPlannedMessage, getMessageLog, previewMessage, sendFailedAgain, sendMessage, sendPlannedNow } from "./messages-api.ts";
import "./family-messages.css";

const families = (count: number) => `${count} ${count === 1 ? "familie" : "familier"}`;

const failedMessage = "Klarte ikke hente meldingene, så du er logget ut. Logg inn på nytt for å prøve igjen.";

/** An order the leader may pick as a recipient, as the picker lists it. */
export interface PickableOrder {
  orderId: string;
  label: string;
}

export interface FamilyMessagesProps {
  session: AdminSession;
  /** The event's key: `vinterleir-2026`, or a club event's slug. */
  slug: string;
  /** What the heading and the confirmation name: «vinterleiren 2026», «Cupgradering desember». */
  eventName: string;
  intro: ReactNode;
  /** The segments this event offers (the server refuses the others). */
  segments: readonly MessageSegment[];
  /**
   * A check-in segment's day: the camp's leader types a camp day; a club event of one day has only that day,
   * so nothing is asked.
   */
  day: { label: string } | { fixed: string };
  /** The orders the leader may pick from; undefined while they load. */
  pickable: readonly PickableOrder[] | undefined;
  /** The camp may attach its programme (PDF); a club event has none. */
  canAttachProgramme: boolean;
  /** Shown between the form and the log (the camp's reminder). */
  children?: ReactNode;
}

interface Draft {
  segment: MessageSegment;
  day: string;
  orderIds: string[];
  subject: string;
  body: string;
  attachProgramme: boolean;
  when: "now" | "later";
  sendAt: string;
}

const emptyDraft: Draft = { segment: "all", day: "", orderIds: [], subject: "", body: "", attachProgramme: false, when: "now", sendAt: "" };

/** The form as the API's input (a local date and time becomes an instant with its offset). */
function inputOf(draft: Draft, fixedDay: string | undefined): SendMessageInput | { error: string } {
  const day = fixedDay ?? draft.day;
  const parsed = sendMessageSchema.safeParse({
    segment: draft.segment,
    subject: draft.subject,
    body: draft.body,
    ...(segmentsWithDay.includes(draft.segment) && day ? { day } : {}),
    ...(draft.segment === "picked" ? { orderIds: draft.orderIds } : {}),
    ...(draft.attachProgramme ? { attachProgramme: true } : {}),
    ...(draft.when === "later" && laterInstant(draft.sendAt) ? { sendAt: laterInstant(draft.sendAt) } : {}),
  });
  // A time that cannot be read is never taken as «now»: the message would go out at once.
  if (draft.when === "later" && !laterInstant(draft.sendAt)) return { error: "Velg når meldingen skal sendes." };
  return parsed.success ? parsed.data : { error: [...new Set(parsed.error.issues.map((issue) => issue.message))].join(" ") };
}

/** The field's «2030-01-01T12:00» read as Oslo time (the club's clock, wherever the leader's browser is). */
function laterInstant(value: string): string {
  const [date = "", time = ""] = value.split("T");
  return instantFromOslo({ date, time: time.slice(0, 5) });
}

/**
 * «Send melding» to an event's families, for the camp admin and the event admin alike: write to all or some,
 * see the exact mail first, and follow what was sent. Everything here is about the one event `slug` names.
 */
export function FamilyMessages({ session, slug, eventName, intro, segments, day, pickable, canAttachProgramme, children }: FamilyMessagesProps) {
  const id = useId();
  const { token, signOut } = session;
  // One fetcher per slug: a new one on every render would fetch the log again after every render.
  const fetchLog = useCallback((adminToken: string) => getMessageLog(slug, adminToken), [slug]);
  const { data: log, load } = useAdminData(session, fetchLog, failedMessage);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [preview, setPreview] = useState<MessagePreview>();
  const [previewOrder, setPreviewOrder] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ActionOutcome>();
  const fixedDay = "fixed" in day ? day.fixed : undefined;
  const update = (change: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...change }));
    setPreview(undefined);
    setConfirming(false);
  };

  async function act<T>(action: () => Promise<T>, failure: string): Promise<T | undefined> {
    if (busy) return undefined;
    setBusy(true);
    setResult(undefined);
    try {
      return await action();
    } catch (error) {
      if (isUnauthorised(error)) signOut(expiredMessage);
      else setResult({ ok: false, text: `${failure} ${error instanceof Error ? error.message : ""}`.trim() });
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function showPreview(orderId?: string) {
    const input = inputOf(draft, fixedDay);
    if ("error" in input) return setResult({ ok: false, text: input.error });
    const shown = await act(() => previewMessage(slug, token, input, orderId), "Klarte ikke vise meldingen.");
    if (shown) {
      setPreview(shown);
      setPreviewOrder(orderId);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = inputOf(draft, fixedDay);
    if ("error" in input) return setResult({ ok: false, text: input.error });
    if (!confirming) return setConfirming(true);
    const sent = await act(() => sendMessage(slug, token, input), "Meldingen ble ikke sendt.");
    if (!sent) return;
    setConfirming(false);
    setDraft(emptyDraft);
    setPreview(undefined);
    await load();
    setResult({
      ok: true,
      text: input.sendAt
        ? `Meldingen sendes ${formatOsloDateTime(new Date(input.sendAt))} til ${families(sent.recipients)}.`
        : `Meldingen er lagt i kø til ${families(sent.recipients)}.`,
    });
  }

  async function again(entry: MessageLogEntry) {
    const answer = await act(() => sendFailedAgain(slug, token, entry.id), "Klarte ikke sende på nytt.");
    if (!answer) return;
    await load();
    setResult({ ok: true, text: `${answer.requeued} e-poster sendes på nytt.` });
  }

  async function cancel(entry: MessageLogEntry) {
    if (!(await act(() => cancelPlannedMessage(slug, token, entry.id), "Klarte ikke avlyse meldingen."))) return;
    await load();
    setResult({ ok: true, text: `Meldingen «${entry.subject ?? ""}» er avlyst og blir ikke sendt.` });
  }

  async function sendNow(entry: MessageLogEntry) {
    if (!(await act(() => sendPlannedNow(slug, token, entry.id), "Klarte ikke sende meldingen."))) return;
    await load();
    setResult({ ok: true, text: `Meldingen «${entry.subject ?? ""}» er lagt i kø.` });
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="messages-admin">
      <h2 id={`${id}-heading`}>Send melding – {eventName}</h2>
      <p>{intro}</p>
      <form className="message-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-segment`}>Til</label>
          <select id={`${id}-segment`} value={draft.segment} onChange={(event) => update({ segment: event.target.value as MessageSegment })}>
            {segments.map((segment) => (
              <option key={segment} value={segment}>
                {messageSegmentLabels[segment]}
              </option>
            ))}
          </select>
        </div>
        {segmentsWithDay.includes(draft.segment) && "label" in day && (
          <div className="field">
            <label htmlFor={`${id}-day`}>{day.label}</label>
            <input id={`${id}-day`} type="date" value={draft.day} onChange={(event) => update({ day: event.target.value })} />
          </div>
        )}
        {draft.segment === "picked" && (
          <fieldset className="message-picked">
            <legend>Velg påmeldinger ({draft.orderIds.length} valgt)</legend>
            {pickable?.length === 0 && <p>Ingen påmeldte ennå.</p>}
            <ul>
              {(pickable ?? []).map((order) => (
                <li key={order.orderId}>
                  <label>
                    <input
                      type="checkbox"
                      checked={draft.orderIds.includes(order.orderId)}
                      onChange={(event) =>
                        update({
                          orderIds: event.target.checked
                            ? [...draft.orderIds, order.orderId]
                            : draft.orderIds.filter((orderId) => orderId !== order.orderId),
                        })
                      }
                    />{" "}
                    {order.label} <span className="muted">({order.orderId})</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <MessageSubjectField id={`${id}-subject`} value={draft.subject} onChange={(subject) => update({ subject })} />
        <MessageBodyField id={`${id}-body`} value={draft.body} onChange={(body) => update({ body })} />
        {canAttachProgramme && (
          <label className="message-attach">
            <input type="checkbox" checked={draft.attachProgramme} onChange={(event) => update({ attachProgramme: event.target.checked })} /> Legg ved
            programmet (PDF)
          </label>
        )}
        <fieldset className="message-when">
          <legend>Når</legend>
          <label>
            <input type="radio" name={`${id}-when`} checked={draft.when === "now"} onChange={() => update({ when: "now" })} /> Send nå
          </label>
          <label>
            <input type="radio" name={`${id}-when`} checked={draft.when === "later"} onChange={() => update({ when: "later" })} /> Send senere
          </label>
          {draft.when === "later" && (
            <div className="field">
              <label htmlFor={`${id}-at`}>Tidspunkt</label>
              <input id={`${id}-at`} type="datetime-local" value={draft.sendAt} onChange={(event) => update({ sendAt: event.target.value })} />
            </div>
          )}
        </fieldset>
        <div className="button-row">
          <button type="button" className="button secondary" onClick={() => void showPreview()} disabled={busy}>
            Forhåndsvis
          </button>
          <button type="submit" className="button" disabled={busy}>
            {confirming ? "Ja, send" : "Send melding"}
          </button>
          {confirming && (
            <button type="button" className="button secondary" onClick={() => setConfirming(false)}>
              Avbryt
            </button>
          )}
        </div>
        {confirming && (
          <p role="status">
            Trykk «Ja, send» for å sende til {messageSegmentLabels[draft.segment].toLocaleLowerCase("nb-NO")} på {eventName}.
          </p>
        )}
      </form>
      <ActionResult result={result} />
      {preview && <PreviewView preview={preview} selected={previewOrder} onSelect={(orderId) => void showPreview(orderId)} />}
      {children}
      <MessageLog
        entries={log}
        onAgain={(entry) => void again(entry)}
        onCancel={(entry) => void cancel(entry)}
        onSendNow={(entry) => void sendNow(entry)}
        onRefresh={() => void load()}
        busy={busy}
      />
    </section>
  );
}

function PreviewView({
  preview,
  selected,
  onSelect,
}: {
  preview: MessagePreview;
  selected: string | undefined;
  onSelect: (orderId: string) => void;
}) {
  const id = useId();
  return (
    <section className="message-preview" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Slik blir e-posten ({families(preview.recipients.length)} får den)</h3>
      <div className="field">
        <label htmlFor={`${id}-who`}>Vis e-posten til</label>
        <select id={`${id}-who`} value={selected ?? preview.recipients[0]?.orderIds[0] ?? ""} onChange={(event) => onSelect(event.target.value)}>
          {preview.recipients.map((recipient) => (
            <option key={recipient.orderIds[0]} value={recipient.orderIds[0]}>
              {recipient.participants}
            </option>
          ))}
        </select>
      </div>
      <dl className="message-headers">
        <dt>Til</dt>
        <dd>{preview.to}</dd>
        <dt>Svar til</dt>
        <dd>{preview.replyTo}</dd>
        <dt>Emne</dt>
        <dd>{preview.subject}</dd>
        {preview.attachment && (
          <>
            <dt>Vedlegg</dt>
            <dd>{preview.attachment}</dd>
          </>
        )}
      </dl>
      <pre className="message-text">{preview.text}</pre>
    </section>
  );
}
