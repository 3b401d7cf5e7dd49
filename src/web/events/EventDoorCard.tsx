import { atTheDoor, type EventDoorEntry } from "../../shared/events/event-door.ts";
import { formatKroner, formatOsloClock } from "../../shared/format.ts";
import { DoorCard, DoorPersonRow } from "../components/door/DoorCard.tsx";
import type { EventDoorView } from "./event-door-device.ts";

/** What the card's buttons ask for: the action, what to say now, and what to say if it already stood so. */
export type DoorRequest = { position?: number; undo?: boolean; label: string; duplicateLabel: string };

const statusWarnings: Partial<Record<EventDoorEntry["status"], string>> = {
  cancelled: "Ordren er avbestilt.",
  waiting: "Står på venteliste – har ikke plass.",
  pending_payment: "Betalingen med Vipps ble ikke fullført.",
};

/**
 * One order at an event's door (the doors' one card): who it is for, what is owed (the door takes no money:
 * it sends to the kiosk), and a participant's check-in or a sale's pick-up, each with undo.
 */
export function EventDoorCard({ entry, sale, onAct }: { entry: EventDoorView; sale: boolean; onAct: (request: DoorRequest) => void }) {
  const active = atTheDoor(entry);
  const heading = sale || entry.persons.length === 0 ? entry.contactName : entry.persons.map((person) => person.name).join(", ");
  const when = (done: { at: string; by: string }, waiting: boolean) =>
    waiting ? "(venter på nett)" : `${formatOsloClock(new Date(done.at), new Date())} av ${done.by}`;
  const owes =
    active &&
    (entry.outstanding > 0 ? (
      <p className="event-door-owes owing">
        Skylder {formatKroner(entry.outstanding)}
        <span className="event-door-hint"> – send til kiosken</span>
      </p>
    ) : (
      <p className="event-door-owes paid">{entry.charged > 0 ? "Betalt" : "Ingenting å betale"}</p>
    ));

  return (
    <DoorCard
      heading={heading}
      subline={sale ? entry.orderId : `${entry.orderId} · bestilt av ${entry.contactName}`}
      warnings={[statusWarnings[entry.status]]}
      inactive={!active}
      money={{ before: owes, charged: entry.charged, paid: entry.paid, outstanding: entry.outstanding }}
    >
      {sale ? (
        <SalePickUp entry={entry} active={active} when={when} onAct={onAct} />
      ) : (
        <ul className="checkin-persons">
          {entry.persons.map((person) => {
            const waiting = entry.waiting.has(person.position);
            return (
              <DoorPersonRow
                key={person.position}
                name={person.name}
                tags={[person.grade, person.club].filter(Boolean).join(" · ")}
                notes={person.cancelled && <p className="checkin-tags">Avbestilt</p>}
                here={person.checkedIn !== null}
                done={person.checkedIn ? when(person.checkedIn, waiting) : ""}
                waiting={waiting}
                canCheckIn={active && !person.cancelled}
                onCheckIn={() =>
                  onAct({
                    position: person.position,
                    label: `Sjekket inn ${person.name}`,
                    duplicateLabel: `${person.name} var allerede sjekket inn.`,
                  })
                }
                onUndo={() =>
                  onAct({
                    position: person.position,
                    undo: true,
                    label: `Angret innsjekking av ${person.name}`,
                    duplicateLabel: `${person.name} var ikke sjekket inn.`,
                  })
                }
              />
            );
          })}
        </ul>
      )}
    </DoorCard>
  );
}

/** A sale's order: its lines, picked up whole, with undo. */
function SalePickUp({
  entry,
  active,
  when,
  onAct,
}: {
  entry: EventDoorView;
  active: boolean;
  when: (done: { at: string; by: string }, waiting: boolean) => string;
  onAct: (request: DoorRequest) => void;
}) {
  const waiting = entry.waiting.has("order");
  return (
    <div className={entry.pickedUp ? "event-door-sale here" : "event-door-sale"}>
      <ul className="event-door-items">
        {entry.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {entry.pickedUp && <p className="checkin-done">Hentet {when(entry.pickedUp, waiting)}</p>}
      {!entry.pickedUp && waiting && <p className="checkin-waiting">Angret (venter på nett)</p>}
      {entry.pickedUp ? (
        <button
          type="button"
          className="button secondary"
          onClick={() =>
            onAct({ undo: true, label: `Angret: ordre ${entry.orderId} er ikke hentet`, duplicateLabel: `Ordre ${entry.orderId} var ikke hentet.` })
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
  );
}
