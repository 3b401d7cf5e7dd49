import type { AdminEvent } from "../../shared/events/event-api.ts";
import { eventKindLabels } from "../../shared/events/event-definition.ts";
import { eventStatusText } from "../../shared/events/event-status.ts";
import { eventDaysText } from "../../shared/events/event-texts.ts";
import { CopyButton } from "./CopyButton.tsx";
import { eventDoorPath } from "./EventDoorArea.tsx";

/** What a row's buttons do; the admin area holds the state they change. */
export interface EventRowActions {
  onParticipants: (event: AdminEvent) => void;
  onMessage: (event: AdminEvent) => void;
  onEdit: (event: AdminEvent) => void;
  onPublish: (event: AdminEvent) => void;
  onCopy: (event: AdminEvent, toSlug: string) => void;
}

/** Every event with its days, status and count, and its actions. */
export function EventAdminTable({ events, now, actions }: { events: AdminEvent[]; now: Date; actions: EventRowActions }) {
  return (
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
          <EventAdminRow key={event.slug} event={event} now={now} actions={actions} />
        ))}
      </tbody>
    </table>
  );
}

/** One event's row; the camp is only linked to, since its own admin handles it. */
function EventAdminRow({ event, now, actions }: { event: AdminEvent; now: Date; actions: EventRowActions }) {
  return (
    <tr>
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
          <EventRowButtons event={event} actions={actions} />
        )}
      </td>
    </tr>
  );
}

/** Participants, message, door (until the event is past), edit, publish (until published) and copy. */
function EventRowButtons({ event, actions }: { event: AdminEvent; actions: EventRowActions }) {
  return (
    <div className="button-row">
      <button type="button" className="button secondary" onClick={() => actions.onParticipants(event)}>
        Deltakere<span className="visually-hidden">: {event.title}</span>
      </button>
      <button type="button" className="button secondary" onClick={() => actions.onMessage(event)}>
        Send melding<span className="visually-hidden">: {event.title}</span>
      </button>
      {event.phase !== "past" && (
        <a className="button secondary" href={eventDoorPath(event.slug)}>
          Dør<span className="visually-hidden">: {event.title}</span>
        </a>
      )}
      <button type="button" className="button secondary" onClick={() => actions.onEdit(event)}>
        Endre<span className="visually-hidden">: {event.title}</span>
      </button>
      {!event.published && (
        <button type="button" className="button" onClick={() => actions.onPublish(event)}>
          Publiser<span className="visually-hidden">: {event.title}</span>
        </button>
      )}
      <CopyButton event={event} onCopy={(toSlug) => actions.onCopy(event, toSlug)} />
    </div>
  );
}
