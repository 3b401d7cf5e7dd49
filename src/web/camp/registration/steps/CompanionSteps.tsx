import { campSettings } from "../../../../shared/camp/camp-edition.ts";
import { formatKroner } from "../../../../shared/format.ts";
import { campEdition } from "../../../lib/camp-edition.ts";
import { AgeField, CheckboxField, TextField } from "../../../components/wizard/fields.tsx";
import { StepLayout } from "../../../components/wizard/StepLayout.tsx";
import type { StepProps } from "./step-props.ts";

const fee = formatKroner(campEdition.settings.companionFee);

export function LedsagerStep({ wizard }: StepProps) {
  const { draft, update } = wizard;
  return (
    <StepLayout
      title="Ledsager"
      focusHeading={wizard.moved}
      onBack={wizard.back}
      onNext={wizard.next}
      onAttempt={wizard.attempt}
      canContinue={wizard.canContinue}
    >
      <p>
        En ledsager er en forelder eller foresatt som er med utøveren på leiren og vil spise måltidene og eventuelt
        overnatte i hallen. Det koster {fee} per ledsager, og dekker mat og overnatting.
      </p>
      <p>
        Skal du bare se på, eller hente og bringe, trenger du ikke å melde deg på. Tilskuere er hjertelig velkomne.
      </p>
      <CheckboxField
        id="hasLedsager"
        label="Utøver har egen ledsager"
        checked={draft.hasLedsager}
        description={
          draft.ledsagere.length > 0 ? "Fjerner du krysset, slettes ledsagerne du har lagt inn." : undefined
        }
        onChange={(hasLedsager) => update({ hasLedsager })}
      />
    </StepLayout>
  );
}

export function LedsagerManagementStep({ wizard }: StepProps) {
  const { draft } = wizard;
  const full = draft.ledsagere.length >= campSettings.limits.maxCompanions;
  return (
    <StepLayout
      title="Ledsagere"
      focusHeading={wizard.moved}
      onBack={wizard.back}
      onNext={wizard.next}
      onAttempt={wizard.attempt}
      canContinue={wizard.canContinue}
      blockedHint="Legg til minst én ledsager for å gå videre, eller gå tilbake og fjern krysset for ledsager."
    >
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
      <p className="field-hint">
        Ledsagere som allerede er påmeldt for en annen utøver, betaler ikke på nytt. Hver ny ledsager koster {fee}.
      </p>
    </StepLayout>
  );
}

export function LedsagerAddStep({ wizard }: StepProps) {
  const { companion, updateCompanion, companionError, touch } = wizard;
  if (!companion) return null;
  const canAdd = Object.keys(wizard.companionErrors).length === 0;
  const anyShown = Object.keys(wizard.companionErrors).some((field) => companionError(field as never));
  const field = (name: string) => `companion-${name}`;
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
      <TextField
        id={field("firstName")}
        label="Fornavn"
        value={companion.firstName}
        onChange={(firstName) => updateCompanion({ firstName })}
        onBlur={() => touch("companion.firstName")}
        error={companionError("firstName")}
      />
      <TextField
        id={field("lastName")}
        label="Etternavn"
        value={companion.lastName}
        onChange={(lastName) => updateCompanion({ lastName })}
        onBlur={() => touch("companion.lastName")}
        error={companionError("lastName")}
      />
      <AgeField
        id={field("age")}
        label="Alder"
        hint="En ledsager må være myndig."
        value={companion.age}
        onChange={(age) => updateCompanion({ age })}
        onBlur={() => touch("companion.age")}
        error={companionError("age")}
      />
      <TextField
        id={field("telephone")}
        label="Telefonnummer"
        type="tel"
        inputMode="tel"
        value={companion.telephone}
        onChange={(telephone) => updateCompanion({ telephone })}
        onBlur={() => touch("companion.telephone")}
        error={companionError("telephone")}
      />
      <TextField
        id={field("email")}
        label="E-post"
        type="email"
        inputMode="email"
        value={companion.email}
        onChange={(email) => updateCompanion({ email })}
        onBlur={() => touch("companion.email")}
        error={companionError("email")}
      />
      <CheckboxField
        id={field("sleepover")}
        label="Overnatter"
        checked={companion.sleepover}
        onChange={(sleepover) => updateCompanion({ sleepover })}
      />
      <CheckboxField
        id={field("alreadyRegistered")}
        label="Er allerede påmeldt som ledsager for en annen utøver"
        description="Da betaler ledsageren ikke en gang til."
        checked={companion.alreadyRegistered}
        onChange={(alreadyRegistered) => updateCompanion({ alreadyRegistered })}
      />
    </StepLayout>
  );
}
