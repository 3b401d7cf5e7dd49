import { isFamily } from "../../../../shared/camp/camp-steps.ts";
import { stepNav } from "../../../components/wizard/bind.ts";
import { StepLayout } from "../../../components/wizard/StepLayout.tsx";
import type { StepProps } from "./step-props.ts";

/**
 * Asked right after the consents: one athlete, or several from one family paid together. Each further
 * athlete is then added with its own club, grade, grading, companions and public-list answer.
 */
export function AthletesStep({ wizard }: StepProps) {
  const { draft } = wizard;
  const family = isFamily(draft);
  const added = draft.siblings?.length ?? 0;
  return (
    <StepLayout title="Hvem melder du på?" {...stepNav(wizard, null)}>
      <p>
        Skal flere fra samme familie være med, for eksempel søsken, kan du melde på alle i én påmelding og betale samlet. Du fyller først ut for den
        første utøveren, og legger så inn de andre.
      </p>
      <fieldset className="fieldset" aria-describedby={added > 0 ? "athletes-keep" : undefined}>
        <legend>Hvor mange utøvere melder du på nå?</legend>
        <div className="check-row">
          <input type="radio" id="athletes-one" name="athletes" checked={!family} onChange={() => wizard.setFamily(false)} />
          <label htmlFor="athletes-one">Én utøver</label>
        </div>
        <div className="check-row">
          <input type="radio" id="athletes-several" name="athletes" checked={family} onChange={() => wizard.setFamily(true)} />
          <label htmlFor="athletes-several">Flere utøvere fra samme familie, som betales samlet</label>
        </div>
        {added > 0 && (
          <p id="athletes-keep" className="check-description">
            Du har lagt inn {added === 1 ? "én utøver" : `${added} utøvere`} til. Velger du «Én utøver», fjernes de.
          </p>
        )}
      </fieldset>
      <p className="field-hint">Alle i samme påmelding får bekreftelsen på samme e-postadresse. Hver utøver kan avbestilles for seg.</p>
    </StepLayout>
  );
}
