import { maxSiblings, validateSibling } from "../../../../shared/camp/camp-siblings.ts";
import { gradeLabel } from "../../../../shared/camp/grades.ts";
import { stepNav } from "../../../components/wizard/bind.ts";
import { StepLayout } from "../../../components/wizard/StepLayout.tsx";
import { personName as athleteName } from "../../../../shared/camp/camp-athletes.ts";
import type { CampWizard } from "../use-camp-wizard.ts";
import type { DataStepProps } from "./step-props.ts";

/** The siblings step's list view: the further athletes added so far, each with «Endre» and «Fjern», and «Legg til utøver». */
export function SiblingList({
  wizard,
  data,
  onAdd,
  onEdit,
  focusHeading,
}: {
  wizard: CampWizard;
  data: DataStepProps["data"];
  onAdd: () => void;
  onEdit: (index: number) => void;
  focusHeading: boolean;
}) {
  const { draft } = wizard;
  const siblings = draft.siblings ?? [];
  const { siblings: _, ...first } = draft;
  const clubOf = (clubId: number) => (data.clubs.status === "ready" ? data.clubs.data.find((item) => item.clubId === clubId)?.name : undefined);
  const gradeOf = (gradeId: number) => {
    const grade = data.grades.status === "ready" ? data.grades.data.find((item) => item.gradeId === gradeId) : undefined;
    return grade ? gradeLabel(grade) : undefined;
  };
  return (
    <StepLayout key="list" title="Flere utøvere" {...stepNav(wizard, wizard.errors.siblings)} focusHeading={focusHeading}>
      <p>
        Legg inn de andre utøverne i familien. Hver utøver får sin egen klubb, grad, gradering, ledsager og sitt eget svar om deltakerlisten.{" "}
        {athleteName(draft)} er allerede med.
      </p>
      {siblings.length > 0 && (
        <ul className="sibling-list" aria-label="Utøvere du har lagt til">
          {siblings.map((sibling, index) => {
            const name = athleteName(sibling);
            const incomplete = Object.keys(validateSibling(first, sibling)).length > 0;
            const details = [`${sibling.age} år`, clubOf(sibling.clubId ?? draft.clubId), gradeOf(sibling.gradeId)].filter(Boolean).join(" · ");
            return (
              <li key={`${name}-${index}`}>
                <div>
                  <strong>{name}</strong>
                  <span className="companion-meta">{details}</span>
                  {incomplete && <span className="field-error">Mangler opplysninger – trykk «Endre».</span>}
                </div>
                <div className="sibling-actions">
                  <button type="button" className="button secondary small" onClick={() => onEdit(index)} aria-label={`Endre ${name}`}>
                    Endre
                  </button>
                  <button type="button" className="button secondary small" onClick={() => wizard.removeSibling(index)} aria-label={`Fjern ${name}`}>
                    Fjern
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {siblings.length < maxSiblings ? (
        <p>
          <button type="button" className="button secondary" onClick={onAdd}>
            {siblings.length === 0 ? "Legg til utøver" : "Legg til en utøver til"}
          </button>
        </p>
      ) : (
        <p className="field-hint">Du kan melde på høyst {maxSiblings} utøvere i tillegg i én påmelding.</p>
      )}
    </StepLayout>
  );
}
