import { useCallback, useState } from "react";
import type { AdminEvent } from "../../shared/events/event-api.ts";
import { eventKindLabels, type EventKind } from "../../shared/events/event-definition.ts";
import { eventStatusText } from "../../shared/events/event-status.ts";
import { eventDaysText } from "../../shared/events/event-texts.ts";
import { useNow } from "../lib/use-now.ts";
import { useAdminData, AdminLoading, SignOutButton, expiredMessage, type AdminSession } from "../components/admin/AdminShell.tsx";
import { copyEvent, getAdminEvents, publishEvent, putEvent, type AdminWriteResult } from "./event-admin-api.ts";
import { CopyButton } from "./CopyButton.tsx";
import { EventChangeLog } from "./EventChangeLog.tsx";
import { EventEditor } from "./EventEditor.tsx";
import { draftFrom, type EventDraft } from "./event-draft.ts";
import { template } from "./event-template.ts";
import { eventDoorPath } from "./EventDoorArea.tsx";
import { ParticipantArea } from "./ParticipantArea.tsx";
import { EventMessages } from "./EventMessages.tsx";

const newLabels: Record<EventKind, string> = { gradering: "Ny gradering", kurs: "Nytt kurs", salg: "Nytt salg av klubbtøy" };

/** The events admin once signed in: new events, the list with its actions, the event's form and the opened event's participants. */
export function EventAdminArea({ session }: { session: AdminSession }) {
  const { data: events, load } = useAdminData(session, getAdminEvents, "Fikk ikke hentet arrangementene.");
  const [open, setOpen] = useState<string>();
  /** The event whose «Send melding» is open (beside its participants, if those are open too). */
  const [messaging, setMessaging] = useState<string>();
  const [editing, setEditing] = useState<{ slug: string; draft: EventDraft; key: number; stockLeft?: AdminEvent["stockLeft"] }>();
  const [result, setResult] = useState<string>();
  const now = useNow();
  const { signOut } = session;
  const onUnauthorised = useCallback(() => signOut(expiredMessage), [signOut]);

  /** The write's answer; an expired sign-in signs out (undefined). */
  const write = useCallback(
    (action: Promise<AdminWriteResult>) =>
      action.catch((error: unknown) => {
        session.signOut(error instanceof Error ? error.message : undefined);
        return undefined;
      }),
    [session],
  );
  const report = useCallback(
    async (action: Promise<AdminWriteResult>, done: string) => {
      const outcome = await write(action);
      if (!outcome) return false;
      setResult(outcome.ok ? done : [outcome.message, ...outcome.issues.map((issue) => `${issue.path}: ${issue.message}`)].join(" "));
      if (outcome.ok) await load();
      return outcome.ok;
    },
    [load, write],
  );

  if (!events) return <AdminLoading text="Henter arrangementene …">{<SignOutButton session={session} />}</AdminLoading>;
  const chosen = events.find((event) => event.slug === open);
  const toMessage = events.find((event) => event.slug === messaging);

  return (
    <>
      <div className="no-print button-row">
        {(["gradering", "kurs", "salg"] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            className="button secondary"
            onClick={() => setEditing({ slug: "", draft: draftFrom({ ...template(kind), kind }), key: Date.now() })}
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
        <EventEditor
          key={editing.key}
          slug={editing.slug}
          initial={editing.draft}
          stockLeft={editing.stockLeft}
          takenSlugs={events.map((event) => event.slug)}
          onCancel={() => setEditing(undefined)}
          onSave={async (slug, definition) => {
            const outcome = await write(putEvent(slug, definition, session.token, { create: editing.slug === "" }));
            if (outcome?.ok) {
              setEditing(undefined);
              setResult(`«${definition.title}» er lagret.`);
              await load();
            }
            return outcome;
          }}
        />
      )}
      {editing && editing.slug !== "" && (
        // What was changed before, by whom: beside the form the leader is about to change it in.
        <EventChangeLog
          key={`changes-${editing.key}`}
          slug={editing.slug}
          kind={editing.draft.kind}
          firstDay={editing.draft.fields.firstDay}
          token={session.token}
          headingId="event-changes-heading"
          onUnauthorised={onUnauthorised}
        />
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
              <td>{eventStatusText(event, now)}</td>
              <td data-label="Påmeldt">
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
                    <button type="button" className="button secondary" onClick={() => setMessaging(event.slug)}>
                      Send melding<span className="visually-hidden">: {event.title}</span>
                    </button>
                    {event.phase !== "past" && (
                      <a className="button secondary" href={eventDoorPath(event.slug)}>
                        Dør<span className="visually-hidden">: {event.title}</span>
                      </a>
                    )}
                    <button
                      type="button"
                      className="button secondary"
                      onClick={() =>
                        event.definition &&
                        event.kind !== "vinterleir" &&
                        setEditing({
                          slug: event.slug,
                          draft: draftFrom({ ...event.definition, kind: event.kind }),
                          key: Date.now(),
                          stockLeft: event.stockLeft,
                        })
                      }
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
      {toMessage && toMessage.kind !== "vinterleir" && (
        <div className="no-print">
          <EventMessages key={toMessage.slug} event={{ ...toMessage, kind: toMessage.kind }} session={session} />
        </div>
      )}
    </>
  );
}
