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
import { paymentBodyAndActions } from "./PaymentActions.tsx";

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

  const { body, actions } = paymentBodyAndActions({
    wizard,
    open,
    full,
    running,
    vippsEnabled,
    laterVipps,
    setLaterVipps,
    onLater: () => setView("confirm"),
    confirming: view === "confirm",
    total: price.total,
    group,
    backButton,
  });

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
