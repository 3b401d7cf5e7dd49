import { FieldMessage } from "../../../components/wizard/fields.tsx";
import { stepNav } from "../../../components/wizard/bind.ts";
import { StepLayout } from "../../../components/wizard/StepLayout.tsx";
import { isFamily } from "../../../../shared/camp/camp-steps.ts";
import type { StepProps } from "./step-props.ts";
import { nouns, voiceFor } from "../../../../shared/person-voice.ts";

export function PublicStep({ wizard }: StepProps) {
  const { draft, update, touch, visibleError } = wizard;
  const error = visibleError("public");
  const v = voiceFor(draft);
  const choose = (value: boolean) => {
    update({ public: value });
    touch("public");
  };
  return (
    <StepLayout title="Deltakerlisten" {...stepNav(wizard, "Velg ett av alternativene for å gå videre.")}>
      <p>
        På nettsiden har vi en liste over hvem som er påmeldt. Du bestemmer selv om {v.din(nouns.nameAndGrade)} skal stå der. Sier du nei, står {v.du}{" "}
        bare oppført med klubben, uten navn. Listen slettes etter leiren.
      </p>
      {isFamily(draft) && <p>Hver utøver svarer for seg: de andre utøverne får det samme spørsmålet når du legger dem inn.</p>}
      <fieldset className="fieldset" aria-describedby={error ? "public-error" : undefined}>
        <legend>{v.self ? "Vil du stå med navn på deltakerlisten?" : `Skal ${v.name} stå med navn på deltakerlisten?`}</legend>
        <div className="check-row">
          <input type="radio" id="public-yes" name="public" checked={draft.public === true} onChange={() => choose(true)} />
          <label htmlFor="public-yes">Vis {v.min(nouns.nameAndGrade)} på deltakerlisten</label>
        </div>
        <div className="check-row">
          <input type="radio" id="public-no" name="public" checked={draft.public === false} onChange={() => choose(false)} />
          <label htmlFor="public-no">Ikke vis {v.meg} på deltakerlisten</label>
        </div>
        <FieldMessage id="public-error" message={error} />
      </fieldset>
    </StepLayout>
  );
}
