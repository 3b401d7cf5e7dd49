import { club } from "../../../../shared/club/club-facts.ts";
import { campSettings } from "../../../../shared/camp/camp-edition.ts";
import { useCampEdition } from "../../../lib/camp-edition.tsx";
import { mayOfferToInstruct, maySleepOver, mayTickGrading, type Athlete } from "../../../../shared/camp/camp-eligibility.ts";
import type { SiblingDraft, SiblingField } from "../../../../shared/camp/camp-siblings.ts";
import { gradeLabel, gradeSearchText, isHomeClub, isMaster, type Club, type Grade } from "../../../../shared/camp/grades.ts";
import type { Voice } from "../../../../shared/person-voice.ts";
import { CheckboxField, FieldMessage } from "../../../components/wizard/fields.tsx";
import { checkboxProps, type FieldSource } from "../../../components/wizard/bind.ts";
import { Combobox } from "../Combobox.tsx";
import type { DataStepProps } from "./step-props.ts";

/** The parts of a further athlete's form, each bound to the form being edited. */
type SiblingSource = FieldSource<SiblingDraft, SiblingField>;

const clubKey = (item: Club) => item.clubId;
const clubName = (item: Club) => item.name;
const gradeKey = (grade: Grade) => grade.gradeId;

/** The athlete's club and grade, each picked from its list. */
export function SiblingClubGradeFields({ source, data }: { source: SiblingSource; data: DataStepProps["data"] }) {
  const form = source.draft;
  return (
    <>
      <Combobox
        id="sibling-clubId"
        label="Klubb"
        items={data.clubs.status === "ready" ? data.clubs.data : []}
        itemKey={clubKey}
        itemLabel={clubName}
        searchText={clubName}
        selected={form.clubId ?? 0}
        onSelect={(clubId) => source.update({ clubId })}
        onBlur={() => source.touch("clubId")}
        error={source.visibleError("clubId")}
        unavailable={data.clubs.status === "loading" ? "Laster klubber…" : data.clubs.status === "error" ? "Klubbene kunne ikke hentes" : undefined}
        toggleLabel="Vis alle klubber"
        chosenPrefix="Valgt klubb"
      />
      <Combobox
        id="sibling-gradeId"
        label="Beltegrad"
        items={data.grades.status === "ready" ? data.grades.data : []}
        itemKey={gradeKey}
        itemLabel={gradeLabel}
        searchText={gradeSearchText}
        selected={form.gradeId}
        onSelect={(gradeId) => source.update({ gradeId })}
        onBlur={() => source.touch("gradeId")}
        error={source.visibleError("gradeId")}
        unavailable={
          data.grades.status === "loading" ? "Laster belter…" : data.grades.status === "error" ? "Beltegradene kunne ikke hentes" : undefined
        }
        toggleLabel="Vis alle beltegrader"
        chosenPrefix="Valgt beltegrad"
        hint="Du kan søke på nummer, farge, «cup» eller «dan»."
      />
    </>
  );
}

/** Grading, sleepover and (for a master) instructing: each offered only to the athletes the rules allow. */
export function SiblingChoiceFields({
  source,
  asRegistration,
  voice: v,
}: {
  source: SiblingSource;
  /** The athlete as a registration of its own, which the eligibility rules read. */
  asRegistration: Athlete;
  voice: Voice;
}) {
  const form = source.draft;
  const { settings } = useCampEdition();
  const gradingAllowed = mayTickGrading(asRegistration);
  const sleepoverAllowed = maySleepOver(asRegistration);
  return (
    <>
      <CheckboxField
        label={`${v.Jeg} ønsker å gradere på leiren`}
        disabled={!gradingAllowed}
        description={
          gradingAllowed
            ? undefined
            : isHomeClub(asRegistration.clubId)
              ? `Cup-gradering på leiren er bare for barn under ${settings.cupGradingBelowAge} år.`
              : `Cup-gradering på leiren er bare for barn under ${settings.cupGradingBelowAge} år fra ${club.name}.`
        }
        {...checkboxProps(source, "gradering")}
      />
      <CheckboxField
        label={`${v.Jeg} overnatter i hallen`}
        disabled={!sleepoverAllowed}
        description={sleepoverAllowed ? undefined : `Barn under ${settings.homeClubSleepoverMinAge} år fra ${club.name} kan ikke overnatte i hallen.`}
        {...checkboxProps(source, "sleepover")}
      />
      {isMaster(form.gradeId) && mayOfferToInstruct(form.gradeId) && (
        <CheckboxField
          label="Kan instruere ved behov"
          description="Mestere betaler for leiren som alle andre."
          checked={form.wantsToInstruct ?? false}
          onChange={(checked) => source.update({ wantsToInstruct: checked })}
          id="sibling-wantsToInstruct"
        />
      )}
    </>
  );
}

/** The athlete's own companions, each with «Slett», and «Legg til ledsager» until the limit. */
export function SiblingCompanionsFieldset({ source, onAdd }: { source: SiblingSource; onAdd: () => void }) {
  const form = source.draft;
  const companions = form.ledsagere ?? [];
  return (
    <fieldset className="fieldset" aria-describedby={source.visibleError("ledsagere") ? "sibling-ledsagere-error" : undefined}>
      <legend>Egen ledsager</legend>
      {companions.length === 0 ? (
        <p>Ingen ledsager lagt inn for denne utøveren.</p>
      ) : (
        <ul className="companion-list" aria-label={`Ledsagere for ${form.firstName.trim() || "utøveren"}`}>
          {companions.map((item) => {
            const name = `${item.firstName} ${item.lastName}`;
            return (
              <li key={item.id} className="companion">
                <div>
                  <strong>{name}</strong>
                  <span className="companion-meta">
                    {item.age} år · {item.telephone} · {item.email}
                    {item.sleepover ? " · overnatter" : ""}
                  </span>
                </div>
                <button
                  type="button"
                  className="button secondary small"
                  onClick={() => source.update({ ledsagere: companions.filter((other) => other.id !== item.id) })}
                  aria-label={`Slett ${name}`}
                >
                  Slett
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {companions.length < campSettings.limits.maxCompanions && (
        <button type="button" className="button secondary" onClick={onAdd}>
          Legg til ledsager
        </button>
      )}
      <FieldMessage id="sibling-ledsagere-error" message={source.visibleError("ledsagere")} />
    </fieldset>
  );
}

/** Whether the athlete is named on the public participant list: a choice that must be made, no default. */
export function SiblingPublicFieldset({ source, name }: { source: SiblingSource; name: string }) {
  const form = source.draft;
  const publicError = source.visibleError("public");
  const choosePublic = (value: boolean) => {
    source.update({ public: value });
    source.touch("public");
  };
  return (
    <fieldset className="fieldset" aria-describedby={publicError ? "sibling-public-error" : undefined}>
      <legend>Skal {name} stå med navn og grad på deltakerlisten?</legend>
      <div className="check-row">
        <input type="radio" id="sibling-public-yes" name="sibling-public" checked={form.public === true} onChange={() => choosePublic(true)} />
        <label htmlFor="sibling-public-yes">Ja, vis navnet og graden på deltakerlisten</label>
      </div>
      <div className="check-row">
        <input type="radio" id="sibling-public-no" name="sibling-public" checked={form.public === false} onChange={() => choosePublic(false)} />
        <label htmlFor="sibling-public-no">Nei, vis bare klubben, uten navn</label>
      </div>
      <FieldMessage id="sibling-public-error" message={publicError} />
    </fieldset>
  );
}
