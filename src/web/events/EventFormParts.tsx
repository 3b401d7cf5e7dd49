import type { Club, Grade } from "../../shared/camp/grades.ts";
import { gradeLabel } from "../../shared/camp/grades.ts";
import type { EventDetail } from "../../shared/events/event-api.ts";
import { maxEventParticipants } from "../../shared/events/event-order.ts";
import { formatKroner } from "../../shared/format.ts";
import type { ApiIssue } from "../lib/api-client.ts";

export interface ParticipantDraft {
  firstName: string;
  lastName: string;
  /** As typed; a number when sent. */
  age: string;
  clubId: number;
  gradeId: number;
  answers: Record<string, string | boolean>;
}

export function emptyParticipant(): ParticipantDraft {
  return { firstName: "", lastName: "", age: "", clubId: 0, gradeId: 0, answers: {} };
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p className="field-error" id={id}>
      {message}
    </p>
  );
}

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
  const update = (index: number, change: Partial<ParticipantDraft>) =>
    onChange(participants.map((person, at) => (at === index ? { ...person, ...change } : person)));
  const allowedGrades = grades.filter(
    (grade) => event.minGradeId === null || event.maxGradeId === null || (grade.gradeId >= event.minGradeId && grade.gradeId <= event.maxGradeId),
  );
  return (
    <>
      {participants.map((person, index) => {
        const id = (name: string) => `p${index}-${name}`;
        const path = (name: string) => `participants.${index}.${name}`;
        const described = (name: string) => (error(path(name)) ? { "aria-invalid": true, "aria-describedby": `${id(name)}-error` } : {});
        return (
          <fieldset key={index}>
            <legend>Deltaker {index + 1}</legend>
            <label htmlFor={id("firstName")}>Fornavn</label>
            <input
              id={id("firstName")}
              type="text"
              autoComplete="off"
              value={person.firstName}
              onChange={(change) => update(index, { firstName: change.target.value })}
              {...described("firstName")}
            />
            <FieldError id={`${id("firstName")}-error`} message={error(path("firstName"))} />
            <label htmlFor={id("lastName")}>Etternavn</label>
            <input
              id={id("lastName")}
              type="text"
              autoComplete="off"
              value={person.lastName}
              onChange={(change) => update(index, { lastName: change.target.value })}
              {...described("lastName")}
            />
            <FieldError id={`${id("lastName")}-error`} message={error(path("lastName"))} />
            <label htmlFor={id("age")}>Alder</label>
            <input
              id={id("age")}
              type="number"
              inputMode="numeric"
              min={1}
              value={person.age}
              onChange={(change) => update(index, { age: change.target.value })}
              {...described("age")}
            />
            <FieldError id={`${id("age")}-error`} message={error(path("age"))} />
            <label htmlFor={id("club")}>Klubb</label>
            <select
              id={id("club")}
              value={person.clubId}
              onChange={(change) => update(index, { clubId: Number(change.target.value) })}
              {...described("clubId")}
            >
              <option value={0}>Velg klubb</option>
              {clubs.map((club) => (
                <option key={club.clubId} value={club.clubId}>
                  {club.name}
                </option>
              ))}
            </select>
            <FieldError id={`${id("clubId")}-error`} message={error(path("clubId"))} />
            <label htmlFor={id("grade")}>Grad</label>
            <select
              id={id("grade")}
              value={person.gradeId}
              onChange={(change) => update(index, { gradeId: Number(change.target.value) })}
              {...described("gradeId")}
            >
              <option value={0}>Velg grad</option>
              {allowedGrades.map((grade) => (
                <option key={grade.gradeId} value={grade.gradeId}>
                  {gradeLabel(grade)}
                </option>
              ))}
            </select>
            <FieldError id={`${id("gradeId")}-error`} message={error(path("gradeId"))} />
            {event.questions.map((question) => (
              <QuestionField
                key={question.id}
                question={question}
                qid={id(`q-${question.id}`)}
                // Own keys only: a question id such as "constructor" is unanswered, never an object's method.
                answer={Object.hasOwn(person.answers, question.id) ? person.answers[question.id] : undefined}
                onAnswer={(value) => update(index, { answers: { ...person.answers, [question.id]: value } })}
                error={error(path(`answers.${question.id}`))}
              />
            ))}
            {participants.length > 1 && (
              <button type="button" className="button secondary" onClick={() => onChange(participants.filter((_, at) => at !== index))}>
                Fjern deltaker {index + 1}
              </button>
            )}
          </fieldset>
        );
      })}
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

/** One of the course's own questions: yes or no, a choice, or a text. */
function QuestionField({
  question,
  qid,
  answer,
  onAnswer,
  error,
}: {
  question: EventDetail["questions"][number];
  qid: string;
  answer: ParticipantDraft["answers"][string] | undefined;
  onAnswer: (value: string | boolean) => void;
  error: string | undefined;
}) {
  const label = `${question.label}${question.required ? "" : " (valgfritt)"}`;
  return (
    <div>
      {question.type === "yesno" ? (
        <fieldset>
          <legend>{label}</legend>
          {[true, false].map((value) => (
            <span className="check" key={String(value)}>
              <input type="radio" id={`${qid}-${value}`} name={qid} checked={answer === value} onChange={() => onAnswer(value)} />
              <label htmlFor={`${qid}-${value}`}>{value ? "Ja" : "Nei"}</label>{" "}
            </span>
          ))}
        </fieldset>
      ) : question.type === "choice" ? (
        <>
          <label htmlFor={qid}>{label}</label>
          <select id={qid} value={typeof answer === "string" ? answer : ""} onChange={(change) => onAnswer(change.target.value)}>
            <option value="">Velg</option>
            {question.choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        </>
      ) : (
        <>
          <label htmlFor={qid}>{label}</label>
          <input id={qid} type="text" value={typeof answer === "string" ? answer : ""} onChange={(change) => onAnswer(change.target.value)} />
        </>
      )}
      <FieldError id={`${qid}-error`} message={error} />
    </div>
  );
}
