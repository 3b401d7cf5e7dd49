import type { ReactNode } from "react";
import { campPeople } from "../../../../shared/camp/camp-athletes.ts";
import { formatKroner } from "../../../../shared/format.ts";
import { objectOf } from "../../../../shared/person-voice.ts";
import type { CampWizard } from "../use-camp-wizard.ts";

interface PaymentSituation {
  wizard: CampWizard;
  /** Registration is open (or has a waiting list). */
  open: boolean;
  /** The camp is full: the registration goes on the waiting list. */
  full: boolean;
  /** The camp is under way: paid at the door. */
  running: boolean;
  vippsEnabled: boolean;
  /** On the waiting list: how the person wants to pay if offered a place. */
  laterVipps: boolean;
  setLaterVipps: (vipps: boolean) => void;
  /** Card or cash at the door was chosen: the step asks to confirm it. */
  confirming: boolean;
  onLater: () => void;
  total: number;
  group: boolean;
  backButton: ReactNode;
}

/**
 * What the payment step says under the prices (`body`) and the buttons it ends with (`actions`): nothing to
 * send while closed, the waiting list when full, «Fullfør» when free, the door payment once chosen (or while
 * the camp is under way), and otherwise the choice between Vipps and the door.
 */
export function paymentBodyAndActions(situation: PaymentSituation): { body: ReactNode; actions: ReactNode } {
  const { wizard, running, vippsEnabled, laterVipps, setLaterVipps, total, group, backButton } = situation;
  const { submission, draft } = wizard;
  const sending = submission.state === "sending";
  if (!situation.open) {
    // The notice above says why; the draft stays for when registration opens.
    return { body: null, actions: <div className="wizard-nav">{backButton}</div> };
  }
  if (situation.full) {
    const body = (
      <>
        <p>
          Leiren er full. På ventelisten betaler du ingenting nå. Blir en plass ledig, får du en e-post med en lenke der du bekrefter plassen og
          betaler prisen over.
        </p>
        {total > 0 && vippsEnabled && <LaterPaymentChoice laterVipps={laterVipps} onChange={setLaterVipps} sending={sending} />}
      </>
    );
    const label = `Sett ${objectOf(campPeople(draft))} på venteliste`;
    const submit = () => wizard.submit(total > 0 && vippsEnabled && laterVipps);
    return { body, actions: <SubmitNav label={label} onSubmit={submit} sending={sending} backButton={backButton} /> };
  }
  if (total === 0) {
    return {
      body: <p>Påmeldingen er gratis. Trykk «Fullfør» for å sende den.</p>,
      actions: <SubmitNav label="Fullfør" onSubmit={() => wizard.submit(false)} sending={sending} backButton={backButton} />,
    };
  }
  if (situation.confirming || running) {
    const body = (
      <div className="notice">
        <p>
          {running && <>Vinterleiren pågår, så påmeldinger nå betales ved oppmøte, ikke med Vipps. </>}
          Du betaler <strong>{formatKroner(total)}</strong> med kort eller kontant når du kommer til leiren. Ta med kvitteringen du får på e-post.
        </p>
      </div>
    );
    return {
      body,
      actions: <SubmitNav label="Fullfør registrering" onSubmit={() => wizard.submit(false)} sending={sending} backButton={backButton} />,
    };
  }
  const actions = (
    <>
      <PaymentChoices
        vippsEnabled={vippsEnabled}
        sending={sending}
        sendingVipps={sending && draft.vipps}
        group={group}
        total={total}
        onVipps={() => wizard.submit(true)}
        onLater={situation.onLater}
      />
      <div className="wizard-nav">{backButton}</div>
    </>
  );
  return { body: <h3 className="payment-question">Hvordan vil du betale?</h3>, actions };
}

/** The step's own submit button, which says so while sending, beside «Tilbake». */
function SubmitNav({ label, onSubmit, sending, backButton }: { label: string; onSubmit: () => void; sending: boolean; backButton: ReactNode }) {
  return (
    <div className="wizard-nav">
      <button type="button" className="button" onClick={onSubmit} disabled={sending}>
        {sending ? "Sender påmeldingen …" : label}
      </button>
      {backButton}
    </div>
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
