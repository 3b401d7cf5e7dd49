import { useState } from "react";
import { usePriceQuote } from "../use-price-quote.ts";
import type { StepField } from "../../../../shared/camp/camp-steps.ts";
import { formatKroner } from "../../../../shared/format.ts";
import { useCampEdition } from "../../../lib/camp-edition.tsx";
import { AvailabilityNotice, takesRegistrations } from "../AvailabilityNotice.tsx";
import { duringCamp, type Availability } from "../current-edition-api.ts";
import { fieldLabels, stepOfField } from "../field-labels.ts";
import { LoadProblem } from "../../../components/LoadProblem.tsx";
import { ReceiptTable } from "../ReceiptTable.tsx";
import { StepLayout } from "../../../components/wizard/StepLayout.tsx";
import { SubmitError, SubmitInvalid } from "../../../components/wizard/SubmitError.tsx";
import type { StepProps } from "./step-props.ts";
import type { CampWizard } from "../use-camp-wizard.ts";
import "../../../components/vipps-button.css";
import { campPeople } from "../../../../shared/camp/camp-athletes.ts";
import { objectOf } from "../../../../shared/person-voice.ts";

interface PaymentStepProps extends StepProps {
  vippsEnabled: boolean;
  availability: Availability;
}

export function PaymentStep({ wizard, vippsEnabled: vippsOffered, availability }: PaymentStepProps) {
  const campEdition = useCampEdition();
  // While the camp is under way a registration is paid at the door: Vipps is not offered (the server refuses it).
  const running = duringCamp(availability);
  const vippsEnabled = vippsOffered && !running;
  const [view, setView] = useState<"choose" | "confirm">("choose");
  /** On the waiting list: how the person wants to pay if offered a place. */
  const [laterVipps, setLaterVipps] = useState(vippsEnabled);
  const open = takesRegistrations(availability);
  const full = availability.state === "full";
  const { submission, draft } = wizard;
  const sending = submission.state === "sending";
  const [quote, retryQuote] = usePriceQuote(draft);

  if (quote.status !== "ready") {
    return (
      <StepLayout title="Oppsummering og betaling" focusHeading={wizard.moved} onBack={wizard.back}>
        {quote.status === "loading" ? <p role="status">Henter prisen …</p> : <LoadProblem what="prisen" detail={quote.detail} onRetry={retryQuote} />}
      </StepLayout>
    );
  }

  const family = quote.data;
  const price = { lines: family.athletes[0]!.lines, ownTotal: family.athletes[0]!.total, total: family.total };
  /** Further athletes in the same submission, each priced on its own; the total is everyone's. */
  const others = family.athletes.slice(1);
  const group = others.length > 0;
  const back = view === "confirm" ? () => setView("choose") : wizard.back;

  const status = <SubmissionStatus submission={submission} edit={wizard.edit} />;

  const backButton = (
    <button type="button" className="button secondary" onClick={back} disabled={sending}>
      Tilbake
    </button>
  );

  let body;
  let actions;
  if (!open) {
    // The notice above says why; the draft stays for when registration opens.
    body = null;
    actions = <div className="wizard-nav">{backButton}</div>;
  } else if (full) {
    body = (
      <>
        <p>
          Leiren er full. På ventelisten betaler du ingenting nå. Blir en plass ledig, får du en e-post med en lenke der du bekrefter plassen og
          betaler prisen over.
        </p>
        {price.total > 0 && vippsEnabled && <LaterPaymentChoice laterVipps={laterVipps} onChange={setLaterVipps} sending={sending} />}
      </>
    );
    actions = (
      <div className="wizard-nav">
        <button type="button" className="button" onClick={() => wizard.submit(price.total > 0 && vippsEnabled && laterVipps)} disabled={sending}>
          {sending ? "Sender påmeldingen …" : `Sett ${objectOf(campPeople(draft))} på venteliste`}
        </button>
        {backButton}
      </div>
    );
  } else if (price.total === 0) {
    body = <p>Påmeldingen er gratis. Trykk «Fullfør» for å sende den.</p>;
    actions = (
      <div className="wizard-nav">
        <button type="button" className="button" onClick={() => wizard.submit(false)} disabled={sending}>
          {sending ? "Sender påmeldingen …" : "Fullfør"}
        </button>
        {backButton}
      </div>
    );
  } else if (view === "confirm" || running) {
    body = (
      <div className="notice">
        <p>
          {running && <>Vinterleiren pågår, så påmeldinger nå betales ved oppmøte, ikke med Vipps. </>}
          Du betaler <strong>{formatKroner(price.total)}</strong> med kort eller kontant når du kommer til leiren. Ta med kvitteringen du får på
          e-post.
        </p>
      </div>
    );
    actions = (
      <div className="wizard-nav">
        <button type="button" className="button" onClick={() => wizard.submit(false)} disabled={sending}>
          {sending ? "Sender påmeldingen …" : "Fullfør registrering"}
        </button>
        {backButton}
      </div>
    );
  } else {
    body = <h3 className="payment-question">Hvordan vil du betale?</h3>;
    actions = (
      <>
        <PaymentChoices
          vippsEnabled={vippsEnabled}
          sending={sending}
          sendingVipps={sending && draft.vipps}
          group={group}
          total={price.total}
          onVipps={() => wizard.submit(true)}
          onLater={() => setView("confirm")}
        />
        <div className="wizard-nav">{backButton}</div>
      </>
    );
  }

  return (
    <StepLayout title="Oppsummering og betaling" focusHeading={wizard.moved} actions={actions}>
      <AvailabilityNotice availability={availability} />
      <ReceiptTable
        caption={
          group
            ? family.athletes[0]!.name
            : full
              ? `Dette betaler du hvis du får plass på vinterleir ${campEdition.year}`
              : `Dette betaler du for vinterleir ${campEdition.year}`
        }
        lines={price.lines}
        total={price.ownTotal}
      />
      {others.map((other, index) => (
        <ReceiptTable key={`${other.name}-${index}`} caption={other.name} lines={other.lines} total={other.total} />
      ))}
      {group && (
        <p className="group-total">
          Totalt for alle: <strong>{formatKroner(price.total)}</strong>
        </p>
      )}
      {body}
      {status}
    </StepLayout>
  );
}

/** How the sending stands: under way, failed, closed meanwhile, or what must be corrected (with a way to each step). */
function SubmissionStatus({ submission, edit }: { submission: CampWizard["submission"]; edit: CampWizard["edit"] }) {
  return (
    <>
      {submission.state === "sending" && (
        <p className="wizard-sending" role="status">
          Sender påmeldingen …
        </p>
      )}
      {submission.state === "failed" && <SubmitError detail={submission.detail} />}
      {submission.state === "closed" && (
        <div className="notice submit-closed" role="alert">
          <p>
            <strong>{submission.message}</strong> Det du har fylt ut, er tatt vare på.
          </p>
        </div>
      )}
      {submission.state === "invalid" && (
        <SubmitInvalid
          heading="Noe må rettes før vi kan ta imot påmeldingen"
          message={submission.message}
          issues={submission.issues}
          labelOf={(field) => fieldLabels[field as StepField]}
          stepOf={stepOfField}
          goTo={edit}
        />
      )}
    </>
  );
}

/** On the waiting list: how the family wants to pay if offered a place. */
function LaterPaymentChoice({ laterVipps, onChange, sending }: { laterVipps: boolean; onChange: (vipps: boolean) => void; sending: boolean }) {
  return (
    <fieldset className="fieldset">
      <legend>Hvis du får plass, vil du betale med</legend>
      <div className="check-row">
        <input type="radio" id="later-vipps" name="later-payment" checked={laterVipps} onChange={() => onChange(true)} disabled={sending} />
        <label htmlFor="later-vipps">Vipps</label>
      </div>
      <div className="check-row">
        <input type="radio" id="later-card" name="later-payment" checked={!laterVipps} onChange={() => onChange(false)} disabled={sending} />
        <label htmlFor="later-card">Kort eller kontant ved oppmøte</label>
      </div>
    </fieldset>
  );
}

/** «Betal med Vipps» (one payment for a group) or card or cash at the door. */
function PaymentChoices({
  vippsEnabled,
  sending,
  sendingVipps,
  group,
  total,
  onVipps,
  onLater,
}: {
  vippsEnabled: boolean;
  sending: boolean;
  sendingVipps: boolean;
  group: boolean;
  total: number;
  onVipps: () => void;
  onLater: () => void;
}) {
  return (
    <div className="payment-choices">
      <div className="payment-choice">
        <button
          type="button"
          className="vipps-button"
          onClick={onVipps}
          disabled={!vippsEnabled || sending}
          aria-describedby={!vippsEnabled ? "vipps-soon" : group ? "vipps-group" : undefined}
        >
          {sendingVipps ? "Sender påmeldingen …" : "Betal med Vipps"}
        </button>
        {!vippsEnabled ? (
          <p id="vipps-soon" className="field-hint">
            Betaling med Vipps kommer snart.
          </p>
        ) : (
          group && (
            <p id="vipps-group" className="field-hint">
              Én Vipps-betaling for alle: {formatKroner(total)}.
            </p>
          )
        )}
      </div>
      <div className="payment-choice">
        <button type="button" className="button secondary payment-later" onClick={onLater} disabled={sending}>
          Kort eller kontant ved oppmøte
        </button>
      </div>
    </div>
  );
}
