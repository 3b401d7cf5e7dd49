import type { EventQuestion } from "../../shared/events/event-definition.ts";
import { AdminField, fieldId } from "../components/admin/AdminField.tsx";
import { RowButtons, focusSoon, moveRow } from "../components/admin/RowButtons.tsx";
import { newChoice, newQuestion, type FieldErrors, type QuestionDraft } from "./event-draft.ts";

export const questionTypeLabels: Record<EventQuestion["type"], string> = { text: "Kort tekst", choice: "Valg", yesno: "Ja/nei" };

function ListError({ formId, path, errors }: { formId: string; path: string; errors: FieldErrors }) {
  if (!errors[path]) return null;
  return (
    <p id={`${fieldId(formId, path)}-error`} className="field-error">
      {errors[path]}
    </p>
  );
}

/** A «Valg» question's options: one text field each, in the order the participant sees them. */
function ChoiceList({
  formId,
  number,
  question,
  path,
  errors,
  onChange,
}: {
  formId: string;
  number: number;
  question: QuestionDraft;
  path: string;
  errors: FieldErrors;
  onChange: (question: QuestionDraft) => void;
}) {
  const setChoices = (choices: QuestionDraft["choices"]) => onChange({ ...question, choices });
  return (
    <fieldset className="list-editor nested">
      <legend>Valgene i spørsmål {number}</legend>
      <ListError formId={formId} path={`${path}.choices`} errors={errors} />
      {question.choices.map((choice, index) => (
        <div key={choice.key} className="list-row compact">
          <AdminField
            formId={formId}
            path={`${path}.choices.${index}`}
            label={`Valg ${index + 1}`}
            error={errors[`${path}.choices.${index}`]}
            className="grow"
          >
            {(a11y) => (
              <input
                {...a11y}
                type="text"
                autoComplete="off"
                value={choice.text}
                onChange={(event) =>
                  setChoices(question.choices.map((other) => (other === choice ? { ...choice, text: event.target.value } : other)))
                }
              />
            )}
          </AdminField>
          <RowButtons
            idPrefix={`${formId}-choice`}
            rowKey={choice.key}
            index={index}
            count={question.choices.length}
            noun={`valg ${index + 1} i spørsmål ${number}`}
            onMove={(to) => setChoices(moveRow(question.choices, index, to))}
            onRemove={() => setChoices(question.choices.filter((other) => other !== choice))}
          />
        </div>
      ))}
      <button
        type="button"
        className="button secondary small"
        aria-label={`Legg til valg i spørsmål ${number}`}
        onClick={() => {
          setChoices([...question.choices, newChoice()]);
          focusSoon(fieldId(formId, `${path}.choices.${question.choices.length}`));
        }}
      >
        Legg til valg
      </button>
    </fieldset>
  );
}

/** A course's own questions to each participant: text, type, required, and a «Valg» question's options. */
export function QuestionEditor({
  formId,
  questions,
  errors,
  onChange,
}: {
  formId: string;
  questions: QuestionDraft[];
  errors: FieldErrors;
  onChange: (questions: QuestionDraft[]) => void;
}) {
  return (
    <fieldset className="list-editor">
      <legend>Spørsmål til deltakerne</legend>
      <p className="field-hint">Spørsmålene kommer på påmeldingen, under hver deltaker, i denne rekkefølgen.</p>
      <ListError formId={formId} path="questions" errors={errors} />
      {questions.length === 0 && <p className="muted">Ingen spørsmål.</p>}
      {questions.map((question, index) => {
        const number = index + 1;
        const path = `questions.${index}`;
        const set = (change: Partial<QuestionDraft>) => onChange(questions.map((other) => (other === question ? { ...question, ...change } : other)));
        return (
          <fieldset key={question.key} className="list-row">
            <legend>Spørsmål {number}</legend>
            <AdminField formId={formId} path={`${path}.label`} label="Spørsmålet" error={errors[`${path}.label`]} className="grow">
              {(a11y) => (
                <input {...a11y} type="text" autoComplete="off" value={question.label} onChange={(event) => set({ label: event.target.value })} />
              )}
            </AdminField>
            <AdminField formId={formId} path={`${path}.type`} label="Type svar" error={errors[`${path}.type`]}>
              {(a11y) => (
                <select
                  {...a11y}
                  value={question.type}
                  onChange={(event) => {
                    const type = event.target.value as QuestionDraft["type"];
                    // A new «Valg» question starts with two empty options to fill in.
                    const choices = type === "choice" && question.choices.length === 0 ? [newChoice(), newChoice()] : question.choices;
                    set({ type, choices });
                  }}
                >
                  {(Object.keys(questionTypeLabels) as QuestionDraft["type"][]).map((type) => (
                    <option key={type} value={type}>
                      {questionTypeLabels[type]}
                    </option>
                  ))}
                </select>
              )}
            </AdminField>
            <div className="check-row">
              <input
                id={fieldId(formId, `${path}.required`)}
                type="checkbox"
                checked={question.required}
                onChange={(event) => set({ required: event.target.checked })}
              />
              <label htmlFor={fieldId(formId, `${path}.required`)}>Må besvares</label>
            </div>
            <ListError formId={formId} path={`${path}.id`} errors={errors} />
            {question.type === "choice" && (
              <ChoiceList formId={formId} number={number} question={question} path={path} errors={errors} onChange={(next) => set(next)} />
            )}
            <RowButtons
              idPrefix={`${formId}-question`}
              rowKey={question.key}
              index={index}
              count={questions.length}
              noun={`spørsmål ${number}`}
              onMove={(to) => onChange(moveRow(questions, index, to))}
              onRemove={() => onChange(questions.filter((other) => other !== question))}
            />
          </fieldset>
        );
      })}
      {questions.length < 20 && (
        <button
          type="button"
          className="button secondary small"
          onClick={() => {
            onChange([...questions, newQuestion(questions)]);
            focusSoon(fieldId(formId, `questions.${questions.length}.label`));
          }}
        >
          Legg til spørsmål
        </button>
      )}
    </fieldset>
  );
}
