import { club } from "../../../../shared/club/club-facts.ts";
import { isDanCandidate, mayCupGrade, maySleepOver, mayTickGrading } from "../../../../shared/camp/camp-eligibility.ts";
import { gradingDays } from "../../../../shared/camp/camp-program.ts";
import { isHomeClub } from "../../../../shared/camp/grades.ts";
import { formatKroner, formatLongDate, weekdayName } from "../../../../shared/format.ts";
import type { CalendarDate } from "../../../../shared/time.ts";
import type { CampSettings } from "../../../../shared/camp/camp-edition.ts";
import { useCampEdition } from "../../../lib/camp-edition.tsx";
import { CheckboxField } from "../../../components/wizard/fields.tsx";
import { checkboxProps, stepNav, toggleProps } from "../../../components/wizard/bind.ts";
import { StepLayout } from "../../../components/wizard/StepLayout.tsx";
import type { StepProps } from "./step-props.ts";
import { nouns, voiceFor } from "../../../../shared/person-voice.ts";

/** "søndag 30. november 2026" */
const onDay = (date: CalendarDate) => `${weekdayName(date)} ${formatLongDate(date)}`;

/** Why the grading box cannot be ticked, in the user's terms. */
function gradingBlockedReason(draft: StepProps["wizard"]["draft"], settings: CampSettings): string {
  if (!isHomeClub(draft.clubId)) {
    return `Cup-gradering på leiren er bare for barn under ${settings.cupGradingBelowAge} år fra ${club.name}. Utøvere fra andre klubber graderer i sin egen klubb.`;
  }
  return `Cup-gradering på leiren er bare for barn under ${settings.cupGradingBelowAge} år. Ungdom og voksne med cup-grad graderer på klubbens vanlige graderinger.`;
}

export function GraderingStep({ wizard }: StepProps) {
  const { draft } = wizard;
  const allowed = mayTickGrading(draft);
  const campEdition = useCampEdition();
  const { settings } = campEdition;
  const days = gradingDays(campEdition);
  const v = voiceFor(draft);
  return (
    <StepLayout title="Gradering" {...stepNav(wizard, "Fjern krysset for gradering for å gå videre.")}>
      {mayCupGrade(draft) && (
        <p>
          Cup-graderingen er på leirens siste dag, {onDay(days.cup)}. Den koster {formatKroner(settings.gradingFee)}, som legges til prisen for
          leiren. {v.self ? "Treneren din vet om du er klar til å gradere." : `${v.din(nouns.coach)} vet om ${v.name} er klar til å gradere.`}
        </p>
      )}
      {isDanCandidate(draft.gradeId) && (
        <p>
          Dan-graderingen er på leirens første dag, {onDay(days.dan)}.{" "}
          {v.self ? "Du melder deg på og betaler den" : `Påmeldingen og betalingen for ${v.name} går`} direkte til forbundet ({club.union.name}), ikke
          her. Kryss av likevel, så vet vi at {v.du} kommer for å gradere.
        </p>
      )}
      <CheckboxField
        label={`${v.Jeg} ønsker å gradere på leiren`}
        disabled={!allowed}
        description={allowed ? undefined : gradingBlockedReason(draft, settings)}
        {...checkboxProps(wizard, "gradering")}
      />
    </StepLayout>
  );
}

export function SleepoverStep({ wizard }: StepProps) {
  const { draft } = wizard;
  const allowed = maySleepOver(draft);
  const { settings } = useCampEdition();
  const v = voiceFor(draft);
  return (
    <StepLayout title="Overnatting" {...stepNav(wizard, "Fjern krysset for overnatting for å gå videre.")}>
      <p>Det er gratis å overnatte i hallen under leiren. Ta med eget sengetøy: liggeunderlag eller luftmadrass, sovepose og pute.</p>
      <CheckboxField
        label={`${v.Jeg} ønsker å overnatte i hallen`}
        disabled={!allowed}
        description={allowed ? undefined : `Barn under ${settings.homeClubSleepoverMinAge} år fra ${club.name} kan ikke overnatte i hallen.`}
        {...checkboxProps(wizard, "sleepover")}
      />
    </StepLayout>
  );
}

export function FoodPreferenceStep({ wizard }: StepProps) {
  const v = voiceFor(wizard.draft);
  return (
    <StepLayout title="Mat" {...stepNav(wizard, null)}>
      <p>
        Vi serverer måltider under leiren. Spiser {v.du} ikke kjøtt eller fisk, lager vi et eget alternativ til {v.deg}.
      </p>
      <CheckboxField label={`${v.Jeg} er vegetarianer eller veganer`} {...toggleProps(wizard, "vegan")} />
    </StepLayout>
  );
}
