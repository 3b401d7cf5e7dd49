import type { Club, Grade } from "../../shared/camp/grades.ts";
import { gradeLabel } from "../../shared/camp/grades.ts";
import type { EventDetail } from "../../shared/events/event-api.ts";
import type { ParticipantDraft } from "./participant-draft.ts";

/** A field's message under it, with the id the field points to; nothing when there is none. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p className="field-error" id={id}>
      {message}
    </p>
  );
}

/** A participant's field by name: its id, its message, and the attributes that tie the field to the message. */
interface FieldNames {
  id: (name: string) => string;
  message: (name: string) => string | undefined;
  described: (name: string) => { "aria-invalid"?: true; "aria-describedby"?: string };
}

/** One participant's fieldset: name, age, club, grade and the course's questions; «Fjern» when there are more than one. */
export function ParticipantFieldset({
  event,
  clubs,
  allowedGrades,
  person,
  index,
  error,
  onUpdate,
  onRemove,
}: {
  event: EventDetail;
  clubs: Club[];
  allowedGrades: Grade[];
  person: ParticipantDraft;
  index: number;
  /** The message for a field's path in the order, if any. */
  error: (path: string) => string | undefined;
  onUpdate: (change: Partial<ParticipantDraft>) => void;
  /** Absent for the only participant. */
  onRemove?: () => void;
}) {
  const id = (name: string) => `p${index}-${name}`;
  const message = (name: string) => error(`participants.${index}.${name}`);
  const names: FieldNames = {
    id,
    message,
    described: (name) => (message(name) ? { "aria-invalid": true, "aria-describedby": `${id(name)}-error` } : {}),
  };
  return (
    <fieldset>
      <legend>Deltaker {index + 1}</legend>
      <label htmlFor={id("firstName")}>Fornavn</label>
      <input
        id={id("firstName")}
        type="text"
        autoComplete="off"
        value={person.firstName}
        onChange={(change) => onUpdate({ firstName: change.target.value })}
        {...names.described("firstName")}
      />
      <FieldError id={`${id("firstName")}-error`} message={message("firstName")} />
      <label htmlFor={id("lastName")}>Etternavn</label>
      <input
        id={id("lastName")}
        type="text"
        autoComplete="off"
        value={person.lastName}
        onChange={(change) => onUpdate({ lastName: change.target.value })}
        {...names.described("lastName")}
      />
      <FieldError id={`${id("lastName")}-error`} message={message("lastName")} />
      <label htmlFor={id("age")}>Alder</label>
      <input
        id={id("age")}
        type="number"
        inputMode="numeric"
        min={1}
        value={person.age}
        onChange={(change) => onUpdate({ age: change.target.value })}
        {...names.described("age")}
      />
      <FieldError id={`${id("age")}-error`} message={message("age")} />
      <ClubAndGrade names={names} person={person} clubs={clubs} allowedGrades={allowedGrades} onUpdate={onUpdate} />
      {event.questions.map((question) => (
        <QuestionField
          key={question.id}
          question={question}
          qid={id(`q-${question.id}`)}
          // Own keys only: a question id such as "constructor" is unanswered, never an object's method.
          answer={Object.hasOwn(person.answers, question.id) ? person.answers[question.id] : undefined}
          onAnswer={(value) => onUpdate({ answers: { ...person.answers, [question.id]: value } })}
          error={message(`answers.${question.id}`)}
        />
      ))}
      {onRemove && (
        <button type="button" className="button secondary" onClick={onRemove}>
          Fjern deltaker {index + 1}
        </button>
      )}
    </fieldset>
  );
}

/** The participant's club, and grade among those the event allows. */
function ClubAndGrade({
  names,
  person,
  clubs,
  allowedGrades,
  onUpdate,
}: {
  names: FieldNames;
  person: ParticipantDraft;
  clubs: Club[];
  allowedGrades: Grade[];
  onUpdate: (change: Partial<ParticipantDraft>) => void;
}) {
  const { id, message, described } = names;
  return (
    <>
      <label htmlFor={id("club")}>Klubb</label>
      <select id={id("club")} value={person.clubId} onChange={(change) => onUpdate({ clubId: Number(change.target.value) })} {...described("clubId")}>
        <option value={0}>Velg klubb</option>
        {clubs.map((club) => (
          <option key={club.clubId} value={club.clubId}>
            {club.name}
          </option>
        ))}
      </select>
      <FieldError id={`${id("clubId")}-error`} message={message("clubId")} />
      <label htmlFor={id("grade")}>Grad</label>
      <select
        id={id("grade")}
        value={person.gradeId}
        onChange={(change) => onUpdate({ gradeId: Number(change.target.value) })}
        {...described("gradeId")}
      >
        <option value={0}>Velg grad</option>
        {allowedGrades.map((grade) => (
          <option key={grade.gradeId} value={grade.gradeId}>
            {gradeLabel(grade)}
          </option>
        ))}
      </select>
      <FieldError id={`${id("gradeId")}-error`} message={message("gradeId")} />
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
