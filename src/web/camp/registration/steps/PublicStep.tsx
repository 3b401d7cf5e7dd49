import { FieldMessage } from "../../../components/wizard/fields.tsx";
import { stepNav } from "../../../components/wizard/bind.ts";
import { StepLayout } from "../../../components/wizard/StepLayout.tsx";
import { isFamily } from "../../../../shared/camp/camp-steps.ts";
import type { StepProps } from "./step-props.ts";

export function PublicStep({ wizard }: StepProps) {
  const { draft, update, touch, visibleError } = wizard;
  const error = visibleError("public");
  const choose = (value: boolean) => {
    update({ public: value });
    touch("public");
  };
  return (
    <StepLayout title="Deltakerlisten" {...stepNav(wizard, "Velg ett av alternativene for å gå videre.")}>
      <p>
        På nettsiden har vi en liste over hvem som er påmeldt. Du bestemmer selv om navnet og graden din skal stå der. Sier du nei, står du bare
        oppført med klubben din, uten navn. Listen slettes etter leiren.
      </p>
      {isFamily(draft) && <p>Hver utøver svarer for seg: de andre utøverne får det samme spørsmålet når du legger dem inn.</p>}
      <fieldset className="fieldset" aria-describedby={error ? "public-error" : undefined}>
        <legend>
          {isFamily(draft) ? `Skal ${draft.firstName.trim()} stå med navn på deltakerlisten?` : "Vil du stå med navn på deltakerlisten?"}
        </legend>
        <div className="check-row">
          <input type="radio" id="public-yes" name="public" checked={draft.public === true} onChange={() => choose(true)} />
          <label htmlFor="public-yes">Vis navnet og graden min på deltakerlisten</label>
        </div>
        <div className="check-row">
          <input type="radio" id="public-no" name="public" checked={draft.public === false} onChange={() => choose(false)} />
          <label htmlFor="public-no">Ikke vis meg på deltakerlisten</label>
        </div>
        <FieldMessage id="public-error" message={error} />
      </fieldset>
    </StepLayout>
  );
}
