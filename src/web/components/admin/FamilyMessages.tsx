import { useCallback, useId, useState, type FormEvent } from "react";
import { formatOsloDateTime } from "../../../shared/format.ts";
import type { MessageLogEntry, MessagePreview } from "../../../shared/messages/message.ts";
import { ActionResult, type ActionOutcome } from "./ActionResult.tsx";
import { expiredMessage, isUnauthorised, useAdminData, type AdminSession } from "./AdminShell.tsx";
import { MessageLog } from "./MessageLog.tsx";
import { MessageBodyField } from "./MessageBodyField.tsx";
import { MessageSubjectField } from "./MessageSubjectField.tsx";
import { cancelPlannedMessage, getMessageLog, previewMessage, sendFailedAgain, sendMessage, sendPlannedNow } from "./messages-api.ts";
import "./family-messages.css";
import { type Draft, emptyDraft, inputOf, families } from "./message-draft.ts";
import { PreviewView } from "./MessagePreview.tsx";
import { MessageRecipientFields, MessageWhenField, MessageFormActions } from "./MessageFormFields.tsx";
import type { FamilyMessagesProps } from "./family-messages-props.ts";

const failedMessage = "Klarte ikke hente meldingene, så du er logget ut. Logg inn på nytt for å prøve igjen.";

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
  const { busy, result, setResult, act } = useMessageAction(signOut);
  const fixedDay = "fixed" in day ? day.fixed : undefined;
  const update = (change: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...change }));
    setPreview(undefined);
    setConfirming(false);
  };

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

  const { again, cancel, sendNow } = logActions(slug, token, act, load, setResult);

  return (
    <section aria-labelledby={`${id}-heading`} className="messages-admin">
      <h2 id={`${id}-heading`}>Send melding – {eventName}</h2>
      <p>{intro}</p>
      <form className="message-form" onSubmit={submit} noValidate>
        <MessageRecipientFields id={id} draft={draft} update={update} segments={segments} day={day} pickable={pickable} />
        <MessageSubjectField id={`${id}-subject`} value={draft.subject} onChange={(subject) => update({ subject })} />
        <MessageBodyField id={`${id}-body`} value={draft.body} onChange={(body) => update({ body })} />
        {canAttachProgramme && (
          <label className="message-attach">
            <input type="checkbox" checked={draft.attachProgramme} onChange={(event) => update({ attachProgramme: event.target.checked })} /> Legg ved
            programmet (PDF)
          </label>
        )}
        <MessageWhenField id={id} draft={draft} update={update} />
        <MessageFormActions
          busy={busy}
          confirming={confirming}
          segment={draft.segment}
          eventName={eventName}
          onPreview={() => void showPreview()}
          onCancel={() => setConfirming(false)}
        />
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

/**
 * One action at a time: `act` runs it unless one is under way, shows its failure (an expired session signs the
 * leader out), and answers its result, or undefined when it did not run or failed.
 */
function useMessageAction(signOut: AdminSession["signOut"]) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ActionOutcome>();
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
  return { busy, result, setResult, act };
}

/** The log's actions on one message: «Send igjen», «Avlys» and «Send nå», each followed by the log read again. */
function logActions(
  slug: string,
  token: string,
  act: ReturnType<typeof useMessageAction>["act"],
  load: () => Promise<void>,
  setResult: (result: ActionOutcome) => void,
) {
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

  return { again, cancel, sendNow };
}
