import { campSettings } from "../../../../shared/camp/camp-edition.ts";
import type { CompanionDraft, CompanionField } from "../../../../shared/camp/camp-registration-fields.ts";
import { formatKroner } from "../../../../shared/format.ts";
import { useCampEdition } from "../../../lib/camp-edition.tsx";
import { AgeField, CheckboxField, TextField } from "../../../components/wizard/fields.tsx";
import { fieldProps, stepNav, toggleProps, type FieldSource } from "../../../components/wizard/bind.ts";
import { StepLayout } from "../../../components/wizard/StepLayout.tsx";
import type { StepProps } from "./step-props.ts";
import { voiceFor } from "../../../../shared/person-voice.ts";

/** The companion price of the edition shown. */
const useCompanionFee = () => formatKroner(useCampEdition().settings.companionFee);

export function CompanionChoiceStep({ wizard }: StepProps) {
  const { draft } = wizard;
  const fee = useCompanionFee();
  const v = voiceFor(draft);
  return (
    <StepLayout title="Ledsager" {...stepNav(wizard, null)}>
      <p>
        En ledsager er en forelder eller foresatt som er med utøveren på leiren og vil spise måltidene og eventuelt overnatte i hallen. Det koster{" "}
        {fee} per ledsager, og dekker mat og overnatting.
      </p>
      <p>Skal du bare se på, eller hente og bringe, trenger du ikke å melde deg på. Tilskuere er hjertelig velkomne.</p>
      <CheckboxField
        label={`${v.Jeg} har egen ledsager`}
        description={draft.ledsagere.length > 0 ? "Fjerner du krysset, slettes ledsagerne du har lagt inn." : undefined}
        {...toggleProps(wizard, "hasLedsager")}
      />
    </StepLayout>
  );
}

export function CompanionListStep({ wizard }: StepProps) {
  const { draft } = wizard;
  const full = draft.ledsagere.length >= campSettings.limits.maxCompanions;
  const fee = useCompanionFee();
  return (
    <StepLayout title="Ledsagere" {...stepNav(wizard, "Legg til minst én ledsager for å gå videre, eller gå tilbake og fjern krysset for ledsager.")}>
      {draft.ledsagere.length === 0 ? (
        <p>Du har ikke lagt til noen ledsagere ennå.</p>
      ) : (
        <ul className="companion-list" aria-label="Ledsagere du har lagt til">
          {draft.ledsagere.map((companion) => {
            const name = `${companion.firstName} ${companion.lastName}`;
            return (
              <li key={companion.id} className="companion">
                <div>
                  <strong>{name}</strong>
                  <span className="companion-meta">
                    {companion.age} år · {companion.telephone} · {companion.email}
                    {companion.sleepover ? " · overnatter" : ""}
                    {companion.alreadyRegistered ? " · allerede påmeldt" : ""}
                  </span>
                </div>
                <button
                  type="button"
                  className="button secondary small"
                  onClick={() => wizard.removeCompanion(companion.id)}
                  aria-label={`Slett ${name}`}
                >
                  Slett
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p className="companion-add">
        <button type="button" className="button secondary" onClick={wizard.startCompanion} disabled={full}>
          Legg til ledsager
        </button>
      </p>
      {full && <p className="field-hint">Du kan legge til høyst {campSettings.limits.maxCompanions} ledsagere.</p>}
      <p className="field-hint">Ledsagere som allerede er påmeldt for en annen utøver, betaler ikke på nytt. Hver ny ledsager koster {fee}.</p>
    </StepLayout>
  );
}

export function CompanionAddStep({ wizard }: StepProps) {
  const { companion, companionError } = wizard;
  if (!companion) return null;
  const canAdd = Object.keys(wizard.companionErrors).length === 0;
  const anyShown = Object.keys(wizard.companionErrors).some((field) => companionError(field as never));
  const form: FieldSource<CompanionDraft, CompanionField> = {
    draft: companion,
    update: wizard.updateCompanion,
    touch: (name) => wizard.touch(`companion.${name}`),
    visibleError: companionError,
    idPrefix: "companion-",
  };
  return (
    <StepLayout
      title="Legg til ledsager"
      focusHeading={wizard.moved}
      onBack={wizard.back}
      onNext={wizard.addCompanion}
      onAttempt={wizard.attemptCompanion}
      canContinue={canAdd}
      nextLabel="Legg til"
      blockedHint={anyShown ? "Rett opp det som er markert, så kan du legge til ledsageren." : "Fyll ut alle feltene for å legge til ledsageren."}
    >
      <TextField label="Fornavn" {...fieldProps(form, "firstName")} />
      <TextField label="Etternavn" {...fieldProps(form, "lastName")} />
      <AgeField label="Alder" hint="En ledsager må være myndig." {...fieldProps(form, "age")} />
      <TextField label="Telefonnummer" type="tel" inputMode="tel" {...fieldProps(form, "telephone")} />
      <TextField label="E-post" type="email" inputMode="email" {...fieldProps(form, "email")} />
      <CheckboxField label="Overnatter" {...toggleProps(form, "sleepover")} />
      <CheckboxField
        label="Er allerede påmeldt som ledsager for en annen utøver"
        description="Da betaler ledsageren ikke en gang til."
        {...toggleProps(form, "alreadyRegistered")}
      />
    </StepLayout>
  );
}
