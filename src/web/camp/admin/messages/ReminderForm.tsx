import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { formatOsloDateTime } from "../../../../shared/format.ts";
import { ReminderSchema, type Reminder, type ReminderView } from "../../../../shared/messages/message.ts";
import { expiredMessage, isUnauthorised, useAdminData, type AdminSession } from "../../../components/admin/AdminShell.tsx";
import { ActionResult, type ActionOutcome } from "../../../components/admin/ActionResult.tsx";
import { MessageBodyField } from "../../../components/admin/MessageBodyField.tsx";
import { MessageSubjectField } from "../../../components/admin/MessageSubjectField.tsx";
import { useNow } from "../../../lib/use-now.ts";
import { getReminder, saveReminder, sendReminderNow } from "../../../components/admin/messages-api.ts";

const failedMessage = "Klarte ikke hente påminnelsen, så du er logget ut. Logg inn på nytt for å prøve igjen.";

const families = (count: number) => `${count} ${count === 1 ? "familie" : "familier"}`;

/** What the reminder's state means for the leader, in the server's words (ReminderState); `now` only decides whether a date says its year. */
export function reminderStatusText(view: ReminderView, now: Date): string {
  const at = (iso: string) => formatOsloDateTime(new Date(iso), { now });
  switch (view.state) {
    case "off":
      return "Påminnelsen er slått av.";
    case "planned":
      return `Sendes av seg selv ${at(view.sendsAt)} til alle påmeldte, med programmet vedlagt.`;
    case "due":
      return `Tidspunktet (${at(view.sendsAt)}) er passert, men påminnelsen er ikke sendt ennå. Den sendes av seg selv innen et minutt, så lenge leiren ikke har begynt. Du kan også sende den nå.`;
    case "sent":
      return view.sentAt
        ? `Sendt ${at(view.sentAt)} til ${families(view.recipients ?? 0)}, med programmet vedlagt (se listen under).`
        : "Påminnelsen er sendt (se listen under).";
    case "missed":
      return `Påminnelsen ble ikke sendt. Den skulle gått ${at(view.sendsAt)}, men var ikke sendt da leiren begynte (nettstedet kan ha vært nede, eller tidspunktet var passert da den ble satt), og etter at leiren har begynt sendes den ikke. Vil dere si noe til familiene, skriv en melding over.`;
  }
}

/** The line after «Lagre påminnelsen»: what will happen with the reminder as saved. */
function savedText(view: ReminderView, now: Date): string {
  switch (view.state) {
    case "off":
      return "Påminnelsen er slått av.";
    case "planned":
      return `Påminnelsen er lagret og sendes ${formatOsloDateTime(new Date(view.sendsAt), { now })}.`;
    case "due":
      return "Påminnelsen er lagret. Tidspunktet er passert, så den sendes innen et minutt.";
    case "sent":
      return "Påminnelsen er lagret, men den er allerede sendt, så endringen gjelder ikke.";
    case "missed":
      return "Påminnelsen er lagret, men leiren har begynt, så den sendes ikke.";
  }
}

/** «Påminnelse før leiren»: the mail the site sends every family by itself a set number of days before the camp. */
export function ReminderForm({ session, slug }: { session: AdminSession; slug: string }) {
  const id = useId();
  const now = useNow();
  const { token, signOut } = session;
  // One fetcher per slug: a new one on every render would fetch again after every render.
  const fetchReminder = useCallback((adminToken: string) => getReminder(slug, adminToken), [slug]);
  const { data, load } = useAdminData(session, fetchReminder, failedMessage);
  const [draft, setDraft] = useState<Reminder>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ActionOutcome>();
  useEffect(() => {
    if (data) setDraft({ enabled: data.enabled, daysBefore: data.daysBefore, subject: data.subject, body: data.body });
  }, [data]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft || busy) return;
    const parsed = ReminderSchema.safeParse(draft);
    if (!parsed.success) return setResult({ ok: false, text: [...new Set(parsed.error.issues.map((issue) => issue.message))].join(" ") });
    setBusy(true);
    try {
      const saved = await saveReminder(slug, token, parsed.data);
      await load();
      setResult({ ok: true, text: savedText(saved, now) });
    } catch (error) {
      if (isUnauthorised(error)) signOut(expiredMessage);
      else setResult({ ok: false, text: `Klarte ikke lagre påminnelsen. ${error instanceof Error ? error.message : ""}`.trim() });
    } finally {
      setBusy(false);
    }
  }

  async function sendNow() {
    if (busy) return;
    setBusy(true);
    try {
      const sent = await sendReminderNow(slug, token);
      await load();
      setResult({ ok: true, text: sent.recipients === null ? "Påminnelsen sendes nå." : `Påminnelsen er sendt til ${families(sent.recipients)}.` });
    } catch (error) {
      if (isUnauthorised(error)) signOut(expiredMessage);
      else setResult({ ok: false, text: `Klarte ikke sende påminnelsen. ${error instanceof Error ? error.message : ""}`.trim() });
    } finally {
      setBusy(false);
    }
  }

  if (!data || !draft) return <p role="status">Laster inn påminnelsen...</p>;
  const update = (change: Partial<Reminder>) => setDraft({ ...draft, ...change });
  return (
    <section aria-labelledby={`${id}-heading`} className="message-reminder">
      <h3 id={`${id}-heading`}>Påminnelse før leiren</h3>
      <p>{reminderStatusText(data, now)}</p>
      {data.state === "due" && (
        <div className="button-row">
          <button type="button" className="button" onClick={() => void sendNow()} disabled={busy}>
            Send påminnelsen nå
          </button>
        </div>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate className="message-form">
        <label className="message-attach">
          <input type="checkbox" checked={draft.enabled} onChange={(event) => update({ enabled: event.target.checked })} /> Send påminnelse
        </label>
        <div className="field">
          <label htmlFor={`${id}-days`}>Dager før leiren</label>
          <input
            id={`${id}-days`}
            type="number"
            min={1}
            max={30}
            inputMode="numeric"
            value={draft.daysBefore}
            onChange={(event) => update({ daysBefore: Number(event.target.value) })}
          />
        </div>
        <MessageSubjectField id={`${id}-subject`} label="Emne for påminnelsen" value={draft.subject} onChange={(subject) => update({ subject })} />
        <MessageBodyField id={`${id}-body`} label="Tekst i påminnelsen" value={draft.body} onChange={(body) => update({ body })} />
        <div className="button-row">
          <button type="submit" className="button secondary" disabled={busy}>
            Lagre påminnelsen
          </button>
        </div>
      </form>
      <ActionResult result={result} />
    </section>
  );
}
