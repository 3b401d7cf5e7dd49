import { useId, useState } from "react";
import { eventDoorCounts, eventDoorCountText, searchEventDoor } from "../../shared/events/event-door.ts";
import { eventKindLabels } from "../../shared/events/event-definition.ts";
import { eventDaysText } from "../../shared/events/event-texts.ts";
import { eventDoorPagePath } from "../../shared/site/door-workers.ts";
import { AdminLoading, SignOutButton, useAdminData, type AdminSession } from "../components/admin/AdminShell.tsx";
import type { QueueStorage } from "../components/door/action-queue.ts";
import { DoorArea, DoorResults } from "../components/door/DoorArea.tsx";
import { RefusedActions } from "../components/door/RefusedActions.tsx";
import { getAdminEvents } from "./event-admin-api.ts";
import type { EventQueuedAction } from "./event-door-api.ts";
import { EventDoorCard } from "./EventDoorCard.tsx";
import { withPending, type EventDoorListStore } from "./event-door-device.ts";
import { useEventDoor } from "./use-event-door.ts";

export const eventDoorPath = (slug?: string) => `${eventDoorPagePath}${slug ? `/${slug}` : ""}`;

/** The door's first view: the club's events that have not ended, each a link to its door. */
export function EventDoorChooser({ session }: { session: AdminSession }) {
  const { data: events } = useAdminData(session, getAdminEvents, "Fikk ikke hentet arrangementene.");
  if (!events) return <AdminLoading text="Henter arrangementene …">{<SignOutButton session={session} />}</AdminLoading>;
  const open = events.filter((event) => event.kind !== "vinterleir" && event.phase !== "past");
  return (
    <>
      <div className="admin-toolbar">
        <SignOutButton session={session} />
      </div>
      <h2>Velg arrangement</h2>
      {open.length === 0 ? (
        <p>Ingen graderinger, kurs eller salg pågår eller kommer.</p>
      ) : (
        <ul className="event-door-choices">
          {open.map((event) => (
            <li key={event.slug}>
              <a className="button" href={eventDoorPath(event.slug)}>
                {eventKindLabels[event.kind]}: {event.title}
              </a>{" "}
              <span className="event-door-days">{eventDaysText(event.firstDay, event.lastDay)}</span>
            </li>
          ))}
        </ul>
      )}
      <p>
        Vinterleiren har sin egen innsjekking: <a href="/vinterleir/deltakere/innsjekk">Innsjekking på vinterleiren</a>.
      </p>
    </>
  );
}

/**
 * One event's door: the count, search by name or order id, and a card per order with its buttons. It works
 * with no network as the camp's door does, with the same machinery and page (components/door/): the list
 * kept on the phone, each action queued with its id and shown at once, sent when the network is there.
 */
export function EventDoorArea({
  session,
  slug,
  listStore,
  storage,
}: {
  session: AdminSession;
  slug: string;
  listStore: EventDoorListStore;
  storage?: QueueStorage<EventQueuedAction>;
}) {
  const id = useId();
  const [query, setQuery] = useState("");
  const { list, offline, loadProblem, notice, pending, refused, reload, act } = useEventDoor({ session, slug, listStore, storage });

  const toolbar = (
    <div className="admin-toolbar">
      <a className="button secondary" href={eventDoorPath()}>
        Andre arrangementer
      </a>
      <SignOutButton session={session} />
    </div>
  );
  const problem = loadProblem ?? (offline && !list ? noListOffline : undefined);
  if (problem && !list)
    return (
      <>
        {toolbar}
        <p className="form-error" role="alert">
          {problem}
        </p>
        <button type="button" className="button" onClick={reload}>
          Prøv igjen
        </button>
        <RefusedActions refused={refused} explanation={refusedExplanation} />
      </>
    );
  if (!list) return <AdminLoading text="Henter deltakerne …">{toolbar}</AdminLoading>;

  const { event } = list;
  const sale = event.kind === "salg";
  const views = list.entries.map((entry) => withPending(entry, slug, pending));
  const hits = searchEventDoor(views, query);
  return (
    <DoorArea
      toolbar={toolbar}
      statusHeading={{ text: `${eventKindLabels[event.kind]}: ${event.title}` }}
      status={
        <>
          <p>{eventDaysText(event.firstDay, event.lastDay)}</p>
          <p className="checkin-count" data-testid="event-door-count">
            <strong>{eventDoorCountText(event.kind, eventDoorCounts(event.kind, views))}</strong>
          </p>
        </>
      }
      fetchedAt={list.fetchedAt}
      onRefresh={reload}
      statusProblem={loadProblem}
      waiting={pending.length}
      find={<EventDoorSearch id={id} query={query} onQuery={setQuery} />}
      notice={notice}
      refused={refused}
      refusedExplanation={refusedExplanation}
    >
      <DoorResults
        id={`${id}-hits`}
        heading={query.trim() === "" ? (sale ? "Alle ordrer" : "Alle påmeldte") : hits.length === 1 ? "1 treff" : `${hits.length} treff`}
        notes={hits.length === 0 && <p>Ingen treff. Søk på et annet navn eller ordrenummeret fra e-posten.</p>}
        cards={hits.map((view) => ({ key: view.orderId, card: <EventDoorCard entry={view} sale={sale} onAct={(request) => act(view, request)} /> }))}
      />
    </DoorArea>
  );
}

const noListOffline =
  "Fikk ikke kontakt med serveren, og lista over deltakere er ikke hentet til denne telefonen ennå. Åpne døra med nett én gang, så virker den uten nett etterpå.";
const refusedExplanation = "Serveren sa nei til dette. Det er ikke ført: ta det med lederen.";

/** Search by name or order id; the hits' heading (`${id}-hits`) says how many. */
function EventDoorSearch({ id, query, onQuery }: { id: string; query: string; onQuery: (query: string) => void }) {
  return (
    <form role="search" className="checkin-find" onSubmit={(submitted) => submitted.preventDefault()}>
      <div>
        <label htmlFor={`${id}-q`}>Søk etter navn eller ordrenummer</label>
        <input
          id={`${id}-q`}
          type="search"
          value={query}
          onChange={(change) => onQuery(change.target.value)}
          autoComplete="off"
          enterKeyHint="search"
          aria-describedby={`${id}-hits`}
        />
      </div>
    </form>
  );
}
