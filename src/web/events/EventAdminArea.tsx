import { useCallback, useState } from "react";
import type { AdminEvent } from "../../shared/events/event-api.ts";
import type { EventDefinition, EventKind } from "../../shared/events/event-definition.ts";
import { useNow } from "../lib/use-now.ts";
import { useAdminData, AdminLoading, SignOutButton, expiredMessage, type AdminSession } from "../components/admin/AdminShell.tsx";
import { copyEvent, getAdminEvents, publishEvent, putEvent, type AdminWriteResult } from "./event-admin-api.ts";
import { EventAdminTable, type EventRowActions } from "./EventAdminTable.tsx";
import { EventChangeLog } from "./EventChangeLog.tsx";
import { EventEditor } from "./EventEditor.tsx";
import { draftFrom, type EventDraft } from "./event-draft.ts";
import { template } from "./event-template.ts";
import { ParticipantArea } from "./ParticipantArea.tsx";
import { EventMessages } from "./EventMessages.tsx";

const newLabels: Record<EventKind, string> = { gradering: "Ny gradering", kurs: "Nytt kurs", salg: "Nytt salg av klubbtøy" };

/** The event open in the form: empty `slug` for a new one; `key` starts a fresh form each time one is opened. */
type Editing = { slug: string; draft: EventDraft; key: number; stockLeft?: AdminEvent["stockLeft"] };

/** The events admin once signed in: new events, the list with its actions, the event's form and the opened event's participants. */
export function EventAdminArea({ session }: { session: AdminSession }) {
  const { data: events, load } = useAdminData(session, getAdminEvents, "Fikk ikke hentet arrangementene.");
  const [open, setOpen] = useState<string>();
  /** The event whose «Send melding» is open (beside its participants, if those are open too). */
  const [messaging, setMessaging] = useState<string>();
  const [editing, setEditing] = useState<Editing>();
  const [result, setResult] = useState<string>();
  const now = useNow();
  const { write, report } = useEventAdminWrites(session, load, setResult);

  if (!events) return <AdminLoading text="Henter arrangementene …">{<SignOutButton session={session} />}</AdminLoading>;
  const chosen = events.find((event) => event.slug === open);
  const toMessage = events.find((event) => event.slug === messaging);
  const actions: EventRowActions = {
    onParticipants: (event) => setOpen(event.slug),
    onMessage: (event) => setMessaging(event.slug),
    onEdit: (event) =>
      event.definition &&
      event.kind !== "vinterleir" &&
      setEditing({
        slug: event.slug,
        draft: draftFrom({ ...event.definition, kind: event.kind }),
        key: Date.now(),
        stockLeft: event.stockLeft,
      }),
    onPublish: (event) => void report(publishEvent(event.slug, session.token), `«${event.title}» er publisert.`),
    onCopy: (event, toSlug) =>
      void report(
        copyEvent(event.slug, toSlug, 52, session.token),
        `Kopiert til ${toSlug}, 52 uker senere. Endre det som er annerledes, og publiser.`,
      ),
  };

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
        <EventEditing
          editing={editing}
          takenSlugs={events.map((event) => event.slug)}
          session={session}
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
      <EventAdminTable events={events} now={now} actions={actions} />
      {chosen && chosen.kind !== "vinterleir" && <ParticipantArea key={chosen.slug} event={chosen} session={session} />}
      {toMessage && toMessage.kind !== "vinterleir" && (
        <div className="no-print">
          <EventMessages key={toMessage.slug} event={{ ...toMessage, kind: toMessage.kind }} session={session} />
        </div>
      )}
    </>
  );
}

/**
 * The list's writes. `write`: the write's answer; an expired sign-in signs out (undefined). `report`: a write
 * whose outcome is said in `setResult`, the list read again when it went through.
 */
function useEventAdminWrites(session: AdminSession, load: () => Promise<unknown>, setResult: (text: string) => void) {
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
    [load, write, setResult],
  );
  return { write, report };
}

/** The open event's form and, for a saved one, its change log. */
function EventEditing({
  editing,
  takenSlugs,
  session,
  onCancel,
  onSave,
}: {
  editing: Editing;
  takenSlugs: string[];
  session: AdminSession;
  onCancel: () => void;
  onSave: (slug: string, definition: EventDefinition) => Promise<AdminWriteResult | undefined>;
}) {
  const { signOut } = session;
  const onUnauthorised = useCallback(() => signOut(expiredMessage), [signOut]);
  return (
    <>
      <EventEditor
        key={editing.key}
        slug={editing.slug}
        initial={editing.draft}
        stockLeft={editing.stockLeft}
        takenSlugs={takenSlugs}
        onCancel={onCancel}
        onSave={onSave}
      />
      {editing.slug !== "" && (
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
    </>
  );
}
