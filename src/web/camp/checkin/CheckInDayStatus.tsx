import { campDayLabel } from "../../../shared/camp/camp-checkin.ts";
import type { QueuedAction } from "./checkin-api.ts";
import { arrivedWithPending, type DoorHit } from "./pending-view.ts";

/** The camp day at the door, how many have come today, and per day. */
export function CheckInDayStatus({
  id,
  list,
  day,
  days,
  pending,
  onDay,
}: {
  id: string;
  list: { entries: readonly DoorHit[] } | undefined;
  day: string | undefined;
  days: readonly string[];
  pending: readonly QueuedAction[];
  onDay: (day: string) => void;
}) {
  const today = list && day ? arrivedWithPending(list.entries, pending, day) : undefined;
  return (
    <>
      {list && day && (
        <div className="checkin-day">
          <label htmlFor={`${id}-day`}>Leirdag</label>
          <select id={`${id}-day`} value={day} onChange={(event) => onDay(event.target.value)}>
            {days.map((entry) => (
              <option key={entry} value={entry}>
                {campDayLabel(entry)}
              </option>
            ))}
          </select>
        </div>
      )}
      {today && (
        <p className="checkin-count">
          Kommet: <strong>{today.arrived}</strong> av {today.expected}
          {today.waiting > 0 && <span className="checkin-waiting"> ({today.waiting} venter på nett)</span>}
        </p>
      )}
      {list && day && (
        <ul className="checkin-days" aria-label="Kommet per dag">
          {days.map((entry) => {
            const counted = arrivedWithPending(list.entries, pending, entry);
            return (
              <li key={entry}>
                {campDayLabel(entry)}: {counted.arrived} av {counted.expected}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
