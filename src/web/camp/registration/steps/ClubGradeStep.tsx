import { gradeLabel, gradeSearchText, isMaster, type Club, type Grade } from "../../../../shared/camp/grades.ts";
import { Combobox } from "../Combobox.tsx";
import { LoadProblem } from "../../../components/LoadProblem.tsx";
import { blockedHint, stepNav } from "../../../components/wizard/bind.ts";
import { StepLayout } from "../../../components/wizard/StepLayout.tsx";
import type { DataStepProps } from "./step-props.ts";
import { ContactEmailLink } from "../../../components/ContactEmailLink.tsx";
import { nouns, voiceFor } from "../../../../shared/person-voice.ts";

const clubKey = (club: Club) => club.clubId;
const clubName = (club: Club) => club.name;
const gradeKey = (grade: Grade) => grade.gradeId;

export function ClubGradeStep({ wizard, data }: DataStepProps) {
  const { draft, update, touch, visibleError } = wizard;
  const { clubs, grades } = data;
  const v = voiceFor(draft);
  return (
    <StepLayout title="Klubb og beltegrad" {...stepNav(wizard, blockedHint(wizard, "Velg klubb og beltegrad fra listene for å gå videre."))}>
      <p>Søk etter {v.din(nouns.clubAndGrade)}, og velg fra listen.</p>
      <Combobox
        id="clubId"
        label="Klubb"
        items={clubs.status === "ready" ? clubs.data : []}
        itemKey={clubKey}
        itemLabel={clubName}
        searchText={clubName}
        selected={draft.clubId}
        onSelect={(clubId) => update({ clubId })}
        onBlur={() => touch("clubId")}
        error={visibleError("clubId")}
        unavailable={clubs.status === "loading" ? "Laster klubber…" : clubs.status === "error" ? "Klubbene kunne ikke hentes" : undefined}
        toggleLabel="Vis alle klubber"
        chosenPrefix="Valgt klubb"
        hint={
          <>
            Finner du ikke {v.din(nouns.club)}? Ta kontakt med oss på <ContactEmailLink />, så legger vi den til.
          </>
        }
      />
      {clubs.status === "error" && <LoadProblem what="klubbene" detail={clubs.detail} onRetry={data.retryClubs} />}
      <Combobox
        id="gradeId"
        label="Beltegrad"
        items={grades.status === "ready" ? grades.data : []}
        itemKey={gradeKey}
        itemLabel={gradeLabel}
        searchText={gradeSearchText}
        selected={draft.gradeId}
        onSelect={(gradeId) => update({ gradeId })}
        onBlur={() => touch("gradeId")}
        error={visibleError("gradeId")}
        unavailable={grades.status === "loading" ? "Laster belter…" : grades.status === "error" ? "Beltegradene kunne ikke hentes" : undefined}
        toggleLabel="Vis alle beltegrader"
        chosenPrefix="Valgt beltegrad"
        hint="Du kan søke på nummer, farge, «cup» eller «dan»."
      />
      {grades.status === "error" && <LoadProblem what="beltegradene" detail={grades.detail} onRetry={data.retryGrades} />}
      {isMaster(draft.gradeId) && (
        <div className="notice">
          <p>
            <strong>Til mestere:</strong> Mestere betaler for leiren som alle andre.{" "}
            {v.self
              ? "Har du lyst og anledning, kan du tilby deg å instruere ved behov – det krysser du av for senere i påmeldingen."
              : `Har ${v.name} lyst og anledning, kan ${v.name} tilby seg å instruere ved behov – det krysser du av for senere i påmeldingen.`}
          </p>
        </div>
      )}
    </StepLayout>
  );
}
