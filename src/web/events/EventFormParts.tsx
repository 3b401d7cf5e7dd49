import type { Club, Grade } from "../../shared/camp/grades.ts";
import type { EventDetail } from "../../shared/events/event-api.ts";
import { maxEventParticipants } from "../../shared/events/event-order.ts";
import { formatKroner } from "../../shared/format.ts";
import type { ApiIssue } from "../lib/api-client.ts";
import { FieldError, ParticipantFieldset } from "./ParticipantFieldset.tsx";
import { emptyParticipant, type ParticipantDraft } from "./participant-draft.ts";

/** Who takes part: one fieldset per participant, with the course's own questions. */
export function ParticipantFields({
  event,
  clubs,
  grades,
  participants,
  onChange,
  issues,
}: {
  event: EventDetail;
  clubs: Club[];
  grades: Grade[];
  participants: ParticipantDraft[];
  onChange: (next: ParticipantDraft[]) => void;
  issues: ApiIssue[];
}) {
  const error = (path: string) => issues.find((issue) => issue.path === path)?.message;
  const allowedGrades = grades.filter(
    (grade) => event.minGradeId === null || event.maxGradeId === null || (grade.gradeId >= event.minGradeId && grade.gradeId <= event.maxGradeId),
  );
  return (
    <>
      {participants.map((person, index) => (
        <ParticipantFieldset
          key={index}
          event={event}
          clubs={clubs}
          allowedGrades={allowedGrades}
          person={person}
          index={index}
          error={error}
          onUpdate={(change) => onChange(participants.map((other, at) => (at === index ? { ...other, ...change } : other)))}
          onRemove={participants.length > 1 ? () => onChange(participants.filter((_, at) => at !== index)) : undefined}
        />
      ))}
      {participants.length < maxEventParticipants && (
        <button
          type="button"
          className="button secondary"
          onClick={() => onChange([...participants, { ...emptyParticipant(), lastName: participants[0]?.lastName ?? "" }])}
        >
          Legg til en deltaker til
        </button>
      )}
      <FieldError id="participants-error" message={error("participants")} />
    </>
  );
}

/** What to order: a number per item and variant, sold out ones disabled. */
export function SaleFields({
  event,
  quantities,
  onChange,
  issues,
}: {
  event: EventDetail;
  quantities: Record<string, number>;
  onChange: (next: Record<string, number>) => void;
  issues: ApiIssue[];
}) {
  const error = issues.find((issue) => issue.path.startsWith("items"))?.message;
  return (
    <>
      {event.items.map((item) => (
        <fieldset key={item.id}>
          <legend>
            {item.name} – {formatKroner(item.price)}
          </legend>
          {item.variants.map((variant) => {
            const key = `${item.id}\u0000${variant.id}`;
            const id = `item-${item.id}-${variant.id}`;
            return (
              <div key={variant.id}>
                <label htmlFor={id}>
                  Antall i {variant.id}
                  {variant.left === 0 ? " (utsolgt)" : ""}
                </label>
                <input
                  id={id}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={Math.min(20, variant.left)}
                  disabled={variant.left === 0}
                  value={quantities[key] ?? 0}
                  onChange={(change) => onChange({ ...quantities, [key]: Math.max(0, Math.floor(Number(change.target.value) || 0)) })}
                />
              </div>
            );
          })}
        </fieldset>
      ))}
      <FieldError id="items-error" message={error} />
    </>
  );
}
