import { useCallback, useId, useState } from "react";
import { atTheDoor, eventDoorCounts, eventDoorCountText, searchEventDoor, type EventDoorEntry } from "../../shared/events/event-door.ts";
import { eventKindLabels } from "../../shared/events/event-definition.ts";
import { eventDaysText } from "../../shared/events/event-texts.ts";
import { eventDoorPagePath } from "../../shared/site/door-workers.ts";
import { formatKroner, formatOsloClock } from "../../shared/format.ts";
import { AdminLoading, expiredMessage, isUnauthorised, SignOutButton, useAdminData, type AdminSession } from "../components/admin/AdminShell.tsx";
import { localQueueStorage, newActionId, type QueueStorage } from "../components/door/action-queue.ts";
import { DoorMoney } from "../components/door/DoorMoney.tsx";
import { DoorQueueStatus } from "../components/door/DoorQueueStatus.tsx";
import { RefusedActions, useRefusedActions } from "../components/door/RefusedActions.tsx";
import { useActionQueue } from "../components/door/use-action-queue.ts";
import { useDoorList } from "../components/door/use-door-list.ts";
import { ApiError } from "../lib/api-client.ts";
import { getAdminEvents } from "./event-admin-api.ts";
import { getEventDoor, sendEventDoorAction, type EventQueuedAction } from "./event-door-api.ts";
import { eventDoorLocalKeys, withOrder, withPending, type EventDoorListStore, type EventDoorView } from "./event-door-device.ts";

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

type Notice = { ok: boolean; text: string };

/** What the card's buttons ask for: the action, what to say now, and what to say if it already stood so. */
type DoorRequest = { position?: number; undo?: boolean; label: string; duplicateLabel: string };

/**
 * One event's door: the count, search by name or order id, and a card per order with its buttons. It works
 * with no network as the camp's door does, with the same machinery (components/door/): the list kept on the
 * phone, each action queued with its id and shown at once, sent when the network is there.
 */
export function EventDoorArea({
  session,
  slug,
  listStore,
  storage: storageOption,
}: {
  session: AdminSession;
  slug: string;
  listStore: EventDoorListStore;
  storage?: QueueStorage<EventQueuedAction>;
}) {
  const id = useId();
  const { token, signOut } = session;
  const [loadProblem, setLoadProblem] = useState<string>();
  const [query, setQuery] = useState("");
  const [notice, setNotice] = useState<Notice>();
  const expire = useCallback(() => signOut(expiredMessage), [signOut]);
  const refused = useRefusedActions(eventDoorLocalKeys.refused);
  const [storage] = useState(() => storageOption ?? localQueueStorage<EventQueuedAction>(eventDoorLocalKeys.queue));

  const { pending, add, remove } = useActionQueue(storage, (action: EventQueuedAction) => sendEventDoorAction(token, action), {
    onSent: (action, answer) => {
      if (action.slug === slug) update((current) => withOrder(current, answer.entry));
      if (answer.duplicate) setNotice({ ok: true, text: action.duplicateLabel });
    },
    onRefused: (action, message) => {
      setNotice({ ok: false, text: `«${action.label}» ble ikke registrert: ${message}` });
      refused.add({ actionId: action.actionId, label: action.label, message });
    },
    onUnauthorised: expire,
  });

  // The door has closed (or the event is gone): its list and what waits for it leave the phone.
  const closeDoor = () => {
    forget();
    void listStore.remove();
    remove((action) => action.slug === slug);
  };
  const { list, offline, refresh, update, forget } = useDoorList(listStore, {
    fetchList: () => getEventDoor(slug, token),
    keepUntil: (kept) => kept.keepUntil,
    onExpired: closeDoor,
    onError: (error) => {
      if (isUnauthorised(error)) return expire();
      if (!(error instanceof ApiError)) return setLoadProblem("Fikk ikke hentet lista. Prøv igjen.");
      if (error.status === 403) return setLoadProblem("Kontoen din kan ikke åpne døra. Logg inn med en innsjekk- eller lederkonto.");
      if (error.status === 404 || error.status === 409) closeDoor();
      setLoadProblem(errorText(error) ?? "Fikk ikke hentet lista. Prøv igjen.");
    },
  });
  const reload = () => {
    setLoadProblem(undefined);
    void refresh();
  };

  function act(entry: EventDoorEntry, { position, undo, label, duplicateLabel }: DoorRequest) {
    add({
      actionId: newActionId(),
      slug,
      orderId: entry.orderId,
      ...(position !== undefined ? { position } : {}),
      ...(undo ? { undo: true } : {}),
      label,
      duplicateLabel,
      madeAt: new Date().toISOString(),
    });
    setNotice({ ok: true, text: `${label}.` });
  }

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
    <div className="checkin-area">
      {toolbar}
      <section className="checkin-status" aria-labelledby={`${id}-event`}>
        <h2 id={`${id}-event`}>
          {eventKindLabels[event.kind]}: {event.title}
        </h2>
        <p>{eventDaysText(event.firstDay, event.lastDay)}</p>
        <p className="checkin-count" data-testid="event-door-count">
          <strong>{eventDoorCountText(event.kind, eventDoorCounts(event.kind, views))}</strong>
        </p>
        <p className="checkin-list-age">
          Lista er hentet {formatOsloClock(new Date(list.fetchedAt), new Date())}.{" "}
          <button type="button" className="button secondary" onClick={reload}>
            Oppdater
          </button>
        </p>
        {loadProblem && <p className="form-error">{loadProblem}</p>}
        <DoorQueueStatus waiting={pending.length} />
      </section>

      <form role="search" className="checkin-find" onSubmit={(submitted) => submitted.preventDefault()}>
        <div>
          <label htmlFor={`${id}-q`}>Søk etter navn eller ordrenummer</label>
          <input
            id={`${id}-q`}
            type="search"
            value={query}
            onChange={(change) => setQuery(change.target.value)}
            autoComplete="off"
            enterKeyHint="search"
            aria-describedby={`${id}-hits`}
          />
        </div>
      </form>

      <div role="status" aria-live="polite" className={notice?.ok === false ? "action-result form-error" : "action-result ok"}>
        {notice?.text ?? ""}
      </div>

      <RefusedActions refused={refused} explanation={refusedExplanation} />

      <section aria-labelledby={`${id}-hits`}>
        <h2 id={`${id}-hits`}>
          {query.trim() === "" ? (sale ? "Alle ordrer" : "Alle påmeldte") : hits.length === 1 ? "1 treff" : `${hits.length} treff`}
        </h2>
        {hits.length === 0 && <p>Ingen treff. Søk på et annet navn eller ordrenummeret fra e-posten.</p>}
        <ul className="checkin-hits">
          {hits.map((view) => (
            <li key={view.orderId}>
              <DoorCard entry={view} sale={sale} onAct={(request) => act(view, request)} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

const noListOffline =
  "Fikk ikke kontakt med serveren, og lista over deltakere er ikke hentet til denne telefonen ennå. Åpne døra med nett én gang, så virker den uten nett etterpå.";
const refusedExplanation = "Serveren sa nei til dette. Det er ikke ført: ta det med lederen.";

function errorText(error: ApiError): string | undefined {
  const body = /svarte \d+: (.*)$/s.exec(error.detail)?.[1];
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    return typeof parsed.error === "string" ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}

const statusWarnings: Partial<Record<EventDoorEntry["status"], string>> = {
  cancelled: "Ordren er avbestilt.",
  waiting: "Står på venteliste – har ikke plass.",
  pending_payment: "Betalingen med Vipps ble ikke fullført.",
};

/**
 * One order at the door: who it is for, what is owed, and the buttons. «Sjekk inn» and «Angre» are one
 * button that changes (so the keyboard's focus stays on it); what waits for the network says so.
 */
function DoorCard({ entry, sale, onAct }: { entry: EventDoorView; sale: boolean; onAct: (request: DoorRequest) => void }) {
  const id = useId();
  const active = atTheDoor(entry);
  const heading = sale || entry.persons.length === 0 ? entry.contactName : entry.persons.map((person) => person.name).join(", ");
  const when = (done: { at: string; by: string }, waiting: boolean) =>
    waiting ? "(venter på nett)" : `${formatOsloClock(new Date(done.at), new Date())} av ${done.by}`;
  const warning = statusWarnings[entry.status];
  const orderWaiting = entry.waiting.has("order");

  return (
    <article className={active ? "checkin-card" : "checkin-card cancelled"} aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>{heading}</h3>
      <p className="checkin-club">
        {entry.orderId}
        {!sale && ` · bestilt av ${entry.contactName}`}
      </p>
      {warning && <p className="checkin-warning">{warning}</p>}
      {active &&
        (entry.outstanding > 0 ? (
          <p className="event-door-owes owing">
            Skylder {formatKroner(entry.outstanding)}
            <span className="event-door-hint"> – send til kiosken</span>
          </p>
        ) : (
          <p className="event-door-owes paid">{entry.charged > 0 ? "Betalt" : "Ingenting å betale"}</p>
        ))}
      <DoorMoney charged={entry.charged} paid={entry.paid} outstanding={entry.outstanding} />

      {sale ? (
        <div className={entry.pickedUp ? "event-door-sale here" : "event-door-sale"}>
          <ul className="event-door-items">
            {entry.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          {entry.pickedUp && <p className="checkin-done">Hentet {when(entry.pickedUp, orderWaiting)}</p>}
          {!entry.pickedUp && orderWaiting && <p className="checkin-waiting">Angret (venter på nett)</p>}
          {entry.pickedUp ? (
            <button
              type="button"
              className="button secondary"
              onClick={() =>
                onAct({
                  undo: true,
                  label: `Angret: ordre ${entry.orderId} er ikke hentet`,
                  duplicateLabel: `Ordre ${entry.orderId} var ikke hentet.`,
                })
              }
            >
              Angre<span className="visually-hidden"> hentet for ordre {entry.orderId}</span>
            </button>
          ) : (
            active && (
              <button
                type="button"
                className="button"
                onClick={() => onAct({ label: `Ordre ${entry.orderId} er hentet`, duplicateLabel: `Ordre ${entry.orderId} var allerede hentet.` })}
              >
                Hentet<span className="visually-hidden"> – ordre {entry.orderId}</span>
              </button>
            )
          )}
        </div>
      ) : (
        <ul className="checkin-persons">
          {entry.persons.map((person) => {
            const waiting = entry.waiting.has(person.position);
            return (
              <li key={person.position} className={person.checkedIn ? "here" : undefined}>
                <div className="checkin-person">
                  <p className="checkin-person-name">{person.name}</p>
                  <p className="checkin-tags">{[person.grade, person.club].filter(Boolean).join(" · ")}</p>
                  {person.cancelled && <p className="checkin-tags">Avbestilt</p>}
                  {person.checkedIn && <p className="checkin-done">Sjekket inn {when(person.checkedIn, waiting)}</p>}
                  {!person.checkedIn && waiting && <p className="checkin-waiting">Angret (venter på nett)</p>}
                </div>
                {person.checkedIn ? (
                  <button
                    type="button"
                    className="button secondary"
                    onClick={() =>
                      onAct({
                        position: person.position,
                        undo: true,
                        label: `Angret innsjekking av ${person.name}`,
                        duplicateLabel: `${person.name} var ikke sjekket inn.`,
                      })
                    }
                  >
                    Angre<span className="visually-hidden"> innsjekking av {person.name}</span>
                  </button>
                ) : (
                  active &&
                  !person.cancelled && (
                    <button
                      type="button"
                      className="button"
                      onClick={() =>
                        onAct({
                          position: person.position,
                          label: `Sjekket inn ${person.name}`,
                          duplicateLabel: `${person.name} var allerede sjekket inn.`,
                        })
                      }
                    >
                      Sjekk inn<span className="visually-hidden"> {person.name}</span>
                    </button>
                  )
                )}
              </li>
            );
          })}
        </ul>
      )}
    </article>
  );
}
