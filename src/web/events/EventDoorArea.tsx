import { useCallback, useEffect, useId, useState } from "react";
import {
  atTheDoor,
  eventDoorCountText,
  searchEventDoor,
  type EventDoorAction,
  type EventDoorEntry,
  type EventDoorList,
} from "../../shared/events/event-door.ts";
import { eventKindLabels } from "../../shared/events/event-definition.ts";
import { eventDaysText } from "../../shared/events/event-texts.ts";
import { formatKroner, formatOsloClock } from "../../shared/format.ts";
import { AdminLoading, expiredMessage, isUnauthorised, SignOutButton, useAdminData, type AdminSession } from "../components/admin/AdminShell.tsx";
import { DoorMoney } from "../components/door/DoorMoney.tsx";
import { ApiError } from "../lib/api-client.ts";
import { getEventDoor, sendEventDoorAction } from "./event-door-api.ts";
import { getAdminEvents } from "./event-admin-api.ts";

export const eventDoorPath = (slug?: string) => `/arrangementer/admin/dor${slug ? `/${slug}` : ""}`;
const offlineText = "Fikk ikke kontakt med serveren. Døra for arrangementer virker bare med nett: prøv igjen når telefonen har dekning.";

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

/** One event's door: the count, search by name or order id, and a card per order with its buttons. */
export function EventDoorArea({ session, slug }: { session: AdminSession; slug: string }) {
  const id = useId();
  const { token, signOut } = session;
  const [list, setList] = useState<EventDoorList>();
  const [loadProblem, setLoadProblem] = useState<string>();
  const [query, setQuery] = useState("");
  const [notice, setNotice] = useState<Notice>();
  const [busy, setBusy] = useState<string>();
  const expire = useCallback(() => signOut(expiredMessage), [signOut]);

  const load = useCallback(async () => {
    try {
      setList(await getEventDoor(slug, token));
      setLoadProblem(undefined);
    } catch (error) {
      if (isUnauthorised(error)) return expire();
      if (!(error instanceof ApiError) || error.status === undefined) return setLoadProblem(offlineText);
      if (error.status === 403) return setLoadProblem("Kontoen din kan ikke åpne døra. Logg inn med en innsjekk- eller lederkonto.");
      setLoadProblem(errorText(error) ?? "Fikk ikke hentet lista. Prøv igjen.");
    }
  }, [slug, token, expire]);
  useEffect(() => void load(), [load]);

  // Focus stays on the button pressed («Sjekk inn» turns into «Angre» on the same element).
  async function act(entry: EventDoorEntry, action: EventDoorAction, label: string, duplicateLabel: string) {
    const key = `${entry.orderId}:${action.position ?? ""}`;
    if (busy) return;
    setBusy(key);
    setNotice(undefined);
    try {
      const result = await sendEventDoorAction(slug, token, action);
      if (result.kind === "unauthorised") return expire();
      if (result.kind === "refused") return setNotice({ ok: false, text: result.message });
      const { answer } = result;
      setList(
        (current) =>
          current && {
            ...current,
            counts: answer.counts,
            entries: current.entries.map((candidate) => (candidate.orderId === answer.entry.orderId ? answer.entry : candidate)),
          },
      );
      setNotice({ ok: true, text: answer.duplicate ? duplicateLabel : label });
    } catch {
      setNotice({ ok: false, text: offlineText });
    } finally {
      setBusy(undefined);
    }
  }

  const toolbar = (
    <div className="admin-toolbar">
      <a className="button secondary" href={eventDoorPath()}>
        Andre arrangementer
      </a>
      <SignOutButton session={session} />
    </div>
  );
  if (loadProblem && !list)
    return (
      <>
        {toolbar}
        <p className="form-error" role="alert">
          {loadProblem}
        </p>
        <button type="button" className="button" onClick={() => void load()}>
          Prøv igjen
        </button>
      </>
    );
  if (!list) return <AdminLoading text="Henter deltakerne …">{toolbar}</AdminLoading>;

  const { event } = list;
  const sale = event.kind === "salg";
  const hits = searchEventDoor(list.entries, query);
  return (
    <div className="checkin-area">
      {toolbar}
      <section className="checkin-status" aria-labelledby={`${id}-event`}>
        <h2 id={`${id}-event`}>
          {eventKindLabels[event.kind]}: {event.title}
        </h2>
        <p>{eventDaysText(event.firstDay, event.lastDay)}</p>
        <p className="checkin-count" data-testid="event-door-count">
          <strong>{eventDoorCountText(event.kind, list.counts)}</strong>
        </p>
        <p className="checkin-list-age">
          Lista er hentet {formatOsloClock(new Date(list.fetchedAt), new Date())}.{" "}
          <button type="button" className="button secondary" onClick={() => void load()}>
            Oppdater
          </button>
        </p>
        {loadProblem && <p className="form-error">{loadProblem}</p>}
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

      <section aria-labelledby={`${id}-hits`}>
        <h2 id={`${id}-hits`}>
          {query.trim() === "" ? (sale ? "Alle ordrer" : "Alle påmeldte") : hits.length === 1 ? "1 treff" : `${hits.length} treff`}
        </h2>
        {hits.length === 0 && <p>Ingen treff. Søk på et annet navn eller ordrenummeret fra e-posten.</p>}
        <ul className="checkin-hits">
          {hits.map((entry) => (
            <li key={entry.orderId}>
              <DoorCard entry={entry} sale={sale} busy={busy} onAct={(...args) => void act(entry, ...args)} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

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

/** One order at the door: who it is for, what is owed, and the buttons. */
function DoorCard({
  entry,
  sale,
  busy,
  onAct,
}: {
  entry: EventDoorEntry;
  sale: boolean;
  busy: string | undefined;
  onAct: (action: EventDoorAction, label: string, duplicateLabel: string) => void;
}) {
  const id = useId();
  const active = atTheDoor(entry);
  const heading = sale || entry.persons.length === 0 ? entry.contactName : entry.persons.map((person) => person.name).join(", ");
  const when = (done: { at: string; by: string }) => `${formatOsloClock(new Date(done.at), new Date())} av ${done.by}`;
  const isBusy = (position?: number) => busy === `${entry.orderId}:${position ?? ""}`;
  const warning = statusWarnings[entry.status];

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
          {entry.pickedUp && <p className="checkin-done">Hentet {when(entry.pickedUp)}</p>}
          {entry.pickedUp ? (
            <button
              type="button"
              className="button secondary"
              aria-disabled={isBusy() || undefined}
              onClick={() =>
                onAct(
                  { orderId: entry.orderId, undo: true },
                  `Angret: ordre ${entry.orderId} er ikke hentet.`,
                  `Ordre ${entry.orderId} var ikke hentet.`,
                )
              }
            >
              Angre<span className="visually-hidden"> hentet for ordre {entry.orderId}</span>
            </button>
          ) : (
            active && (
              <button
                type="button"
                className="button"
                aria-disabled={isBusy() || undefined}
                onClick={() => onAct({ orderId: entry.orderId }, `Ordre ${entry.orderId} er hentet.`, `Ordre ${entry.orderId} var allerede hentet.`)}
              >
                Hentet<span className="visually-hidden"> – ordre {entry.orderId}</span>
              </button>
            )
          )}
        </div>
      ) : (
        <ul className="checkin-persons">
          {entry.persons.map((person) => (
            <li key={person.position} className={person.checkedIn ? "here" : undefined}>
              <div className="checkin-person">
                <p className="checkin-person-name">{person.name}</p>
                <p className="checkin-tags">{[person.grade, person.club].filter(Boolean).join(" · ")}</p>
                {person.cancelled && <p className="checkin-tags">Avbestilt</p>}
                {person.checkedIn && <p className="checkin-done">Sjekket inn {when(person.checkedIn)}</p>}
              </div>
              {person.checkedIn ? (
                <button
                  type="button"
                  className="button secondary"
                  aria-disabled={isBusy(person.position) || undefined}
                  onClick={() =>
                    onAct(
                      { orderId: entry.orderId, position: person.position, undo: true },
                      `Angret innsjekking av ${person.name}.`,
                      `${person.name} var ikke sjekket inn.`,
                    )
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
                    aria-disabled={isBusy(person.position) || undefined}
                    onClick={() =>
                      onAct(
                        { orderId: entry.orderId, position: person.position },
                        `Sjekket inn ${person.name}.`,
                        `${person.name} var allerede sjekket inn.`,
                      )
                    }
                  >
                    Sjekk inn<span className="visually-hidden"> {person.name}</span>
                  </button>
                )
              )}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
