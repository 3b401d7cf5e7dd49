import { useId, useState, type FormEvent } from "react";
import type { NewMemberAdminEntry } from "../../shared/members/new-member-admin.ts";
import { newMemberMessageSchema } from "../../shared/messages/message.ts";
import { expiredMessage, isUnauthorised, useAdminData, type AdminSession } from "../components/admin/AdminShell.tsx";
import { MessageLog } from "../components/admin/MessageLog.tsx";
import { MessageSubjectField } from "../components/admin/MessageSubjectField.tsx";
import { ActionResult, type ActionOutcome } from "../components/admin/ActionResult.tsx";
import { getNewMemberMessages, writeToNewMembers } from "./member-api.ts";

/** «Skriv til interesserte»: a mail to one or all who showed interest (e.g. an invitation to a trial lesson). */
export function WriteToInterested({ session, entries }: { session: AdminSession; entries: NewMemberAdminEntry[] }) {
  const id = useId();
  const [to, setTo] = useState("all");
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ActionOutcome>();
  const { data: log, load } = useAdminData(
    session,
    getNewMemberMessages,
    "Klarte ikke hente meldingene, så du er logget ut. Logg inn på nytt for å prøve igjen.",
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = newMemberMessageSchema.safeParse({ subject, body, ...(to === "all" ? {} : { registrationIds: [Number(to)] }) });
    if (!parsed.success) return setResult({ ok: false, text: [...new Set(parsed.error.issues.map((issue) => issue.message))].join(" ") });
    setBusy(true);
    setResult(undefined);
    try {
      const sent = await writeToNewMembers(session.token, parsed.data);
      setSubject("");
      setBody("");
      await load();
      setResult({
        ok: true,
        text: `Meldingen er lagt i kø til ${sent.recipients} ${sent.recipients === 1 ? "adresse" : "adresser"}. Klubben får en kopi.`,
      });
    } catch (error) {
      if (isUnauthorised(error)) session.signOut(expiredMessage);
      else setResult({ ok: false, text: `Meldingen ble ikke sendt. ${error instanceof Error ? error.message : ""}`.trim() });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Skriv til interesserte</h2>
      <p>Hver adresse får én e-post som hilser den foresatte (eller den voksne selv). Svar går til klubbens adresse.</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-to`}>Til</label>
          <select id={`${id}-to`} value={to} onChange={(event) => setTo(event.target.value)}>
            <option value="all">Alle som har meldt interesse</option>
            {entries.map((entry) => (
              <option key={entry.registrationId} value={String(entry.registrationId)}>
                {entry.firstName} {entry.lastName}
              </option>
            ))}
          </select>
        </div>
        <MessageSubjectField id={`${id}-subject`} value={subject} onChange={setSubject} />
        <div className="field">
          <label htmlFor={`${id}-body`}>Melding</label>
          <textarea id={`${id}-body`} rows={6} value={body} onChange={(event) => setBody(event.target.value)} />
        </div>
        <div className="button-row">
          <button type="submit" className="button" disabled={busy}>
            Send melding
          </button>
        </div>
      </form>
      <ActionResult result={result} />
      <MessageLog entries={log} onRefresh={() => void load()} busy={busy} recipientWords={["adresse", "adresser"]} showSegment={false} />
    </section>
  );
}
