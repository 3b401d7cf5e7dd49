import { useCallback, useState } from "react";
import type { AdminEvent } from "../../shared/events/event-api.ts";
import { eventKindLabels, type EventKind } from "../../shared/events/event-definition.ts";
import { eventStateLabels } from "../../shared/events/event-rules.ts";
import { eventDaysText } from "../../shared/events/event-texts.ts";
import { useAdminData, AdminLoading, SignOutButton, type AdminSession } from "../components/admin/AdminShell.tsx";
import { copyEvent, getAdminEvents, publishEvent, putEvent, type AdminWriteResult } from "./event-admin-api.ts";
import { CopyButton } from "./CopyButton.tsx";
import { template } from "./event-template.ts";
import { ParticipantArea } from "./ParticipantArea.tsx";

const newLabels: Record<EventKind, string> = { gradering: "Ny gradering", kurs: "Nytt kurs", salg: "Nytt salg av klubbtøy" };
const phaseLabels: Record<AdminEvent["phase"], string> = { upcoming: "Kommer", running: "Pågår", past: "Ferdig" };

/** The events admin once signed in: new events, the list with its actions, the JSON editor and the opened event's participants. */
export function EventAdminArea({ session }: { session: AdminSession }) {
  const { data: events, load } = useAdminData(session, getAdminEvents, "Fikk ikke hentet arrangementene.");
  const [open, setOpen] = useState<string>();
  const [editing, setEditing] = useState<{ slug: string; text: string; isNew: boolean }>();
  const [result, setResult] = useState<string>();

  const report = useCallback(
    async (action: Promise<AdminWriteResult>, done: string) => {
      const outcome = await action.catch((error: unknown) => {
        session.signOut(error instanceof Error ? error.message : undefined);
        return undefined;
      });
      if (!outcome) return false;
      setResult(outcome.ok ? done : [outcome.message, ...outcome.issues.map((issue) => `${issue.path}: ${issue.message}`)].join(" "));
      if (outcome.ok) await load();
      return outcome.ok;
    },
    [load, session],
  );

  if (!events) return <AdminLoading text="Henter arrangementene …">{<SignOutButton session={session} />}</AdminLoading>;
  const chosen = events.find((event) => event.slug === open);

  return (
    <>
      <div className="no-print button-row">
        {(["gradering", "kurs", "salg"] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            className="button secondary"
            onClick={() => setEditing({ slug: "", text: JSON.stringify(template(kind), null, 2), isNew: true })}
          >
            {newLabels[kind]}
          </button>
        ))}
        <SignOutButton session={session} />
      </div>
      {result && (
        <p role="status" className="no-print">
          {result}
        </p>
      )}
      {editing && (
        <form
          className="no-print event-form"
          onSubmit={(formEvent) => {
            formEvent.preventDefault();
            let definition: unknown;
            try {
              definition = JSON.parse(editing.text);
            } catch {
              setResult("Teksten er ikke gyldig JSON.");
              return;
            }
            void report(putEvent(editing.slug, definition, session.token), "Lagret.").then((ok) => ok && setEditing(undefined));
          }}
        >
          <label htmlFor="event-slug">Adresse (/arrangementer/…)</label>
          <input
            id="event-slug"
            type="text"
            value={editing.slug}
            readOnly={!editing.isNew}
            onChange={(change) => setEditing({ ...editing, slug: change.target.value })}
          />
          <label htmlFor="event-definition">Arrangementet (datoer ÅÅÅÅ-MM-DD, tidspunkter med tidssone)</label>
          <textarea id="event-definition" value={editing.text} onChange={(change) => setEditing({ ...editing, text: change.target.value })} />
          <div className="button-row">
            <button type="button" className="button secondary" onClick={() => setEditing(undefined)}>
              Avbryt
            </button>
            <button type="submit" className="button">
              Lagre
            </button>
          </div>
        </form>
      )}
      <table className="no-print">
        <caption className="visually-hidden">Alle arrangementer</caption>
        <thead>
          <tr>
            <th scope="col">Arrangement</th>
            <th scope="col">Dager</th>
            <th scope="col">Status</th>
            <th scope="col">Påmeldt</th>
            <th scope="col">Handling</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.slug}>
              <td>
                {eventKindLabels[event.kind]}: {event.title}
                <br />
                <small>{event.slug}</small>
              </td>
              <td>{eventDaysText(event.firstDay, event.lastDay)}</td>
              <td>
                {phaseLabels[event.phase]}
                {event.state ? `, ${eventStateLabels[event.state].toLowerCase()}` : ""}
                {event.published ? "" : " (ikke publisert)"}
              </td>
              <td>
                {event.participants}
                {event.waiting > 0 ? ` (+${event.waiting} på venteliste)` : ""}
              </td>
              <td>
                {event.kind === "vinterleir" ? (
                  <a href="/vinterleir/deltakere/admin">Åpne i leir-admin</a>
                ) : (
                  <div className="button-row">
                    <button type="button" className="button secondary" onClick={() => setOpen(event.slug)}>
                      Deltakere<span className="visually-hidden">: {event.title}</span>
                    </button>
                    <button
                      type="button"
                      className="button secondary"
                      onClick={() => setEditing({ slug: event.slug, text: JSON.stringify(event.definition, null, 2), isNew: false })}
                    >
                      Endre<span className="visually-hidden">: {event.title}</span>
                    </button>
                    {!event.published && (
                      <button
                        type="button"
                        className="button"
                        onClick={() => void report(publishEvent(event.slug, session.token), `«${event.title}» er publisert.`)}
                      >
                        Publiser<span className="visually-hidden">: {event.title}</span>
                      </button>
                    )}
                    <CopyButton
                      event={event}
                      onCopy={(toSlug) =>
                        void report(
                          copyEvent(event.slug, toSlug, 52, session.token),
                          `Kopiert til ${toSlug}, 52 uker senere. Endre det som er annerledes, og publiser.`,
                        )
                      }
                    />
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {chosen && chosen.kind !== "vinterleir" && <ParticipantArea key={chosen.slug} event={chosen} session={session} />}
    </>
  );
}
