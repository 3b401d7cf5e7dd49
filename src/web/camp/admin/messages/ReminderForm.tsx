import { useEffect, useId, useState, type FormEvent } from "react";
import { formatOsloDateTime } from "../../../../shared/format.ts";
import { ReminderSchema, type Reminder } from "../../../../shared/messages/message.ts";
import { expiredMessage, isUnauthorised, useAdminData, type AdminSession } from "../../../components/admin/AdminShell.tsx";
import { ActionResult, type ActionOutcome } from "../../../components/admin/ActionResult.tsx";
import { getReminder, saveReminder } from "./messages-api.ts";

const failedMessage = "Klarte ikke hente påminnelsen, så du er logget ut. Logg inn på nytt for å prøve igjen.";

/** «Påminnelse før leiren»: the mail the site sends every family by itself a set number of days before the camp. */
export function ReminderForm({ session, slug }: { session: AdminSession; slug: string }) {
  const id = useId();
  const { token, signOut } = session;
  const { data, load } = useAdminData(session, (adminToken) => getReminder(slug, adminToken), failedMessage);
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
      setResult({
        ok: true,
        text: saved.enabled ? `Påminnelsen er lagret og sendes ${formatOsloDateTime(new Date(saved.sendsAt))}.` : "Påminnelsen er slått av.",
      });
    } catch (error) {
      if (isUnauthorised(error)) signOut(expiredMessage);
      else setResult({ ok: false, text: `Klarte ikke lagre påminnelsen. ${error instanceof Error ? error.message : ""}`.trim() });
    } finally {
      setBusy(false);
    }
  }

  if (!data || !draft) return <p role="status">Laster inn påminnelsen...</p>;
  const update = (change: Partial<Reminder>) => setDraft({ ...draft, ...change });
  return (
    <section aria-labelledby={`${id}-heading`} className="message-reminder">
      <h3 id={`${id}-heading`}>Påminnelse før leiren</h3>
      <p>
        {data.sentMessageId !== null
          ? "Påminnelsen er sendt (se listen under)."
          : data.enabled
            ? `Sendes av seg selv ${formatOsloDateTime(new Date(data.sendsAt))} til alle påmeldte, med programmet vedlagt.`
            : "Påminnelsen er slått av."}
      </p>
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
        <div className="field">
          <label htmlFor={`${id}-subject`}>Emne for påminnelsen</label>
          <input
            id={`${id}-subject`}
            type="text"
            maxLength={200}
            value={draft.subject}
            onChange={(event) => update({ subject: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-body`}>Tekst i påminnelsen</label>
          <textarea id={`${id}-body`} rows={6} value={draft.body} onChange={(event) => update({ body: event.target.value })} />
        </div>
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
