import { Link } from "react-router";
import type { Club, Grade } from "../../shared/camp/grades.ts";
import type { EventDetail } from "../../shared/events/event-api.ts";
import { eventThanks } from "../../shared/events/event-thanks.ts";
import { formatKroner } from "../../shared/format.ts";
import { ContactFields } from "./ContactFields.tsx";
import { ParticipantFields, SaleFields } from "./EventFormParts.tsx";
import { steps, type EventOrderState, type Step } from "./use-event-order.ts";

/** The step's heading; the answer's has its own. */
function stepTitle(step: Step, isSale: boolean): string {
  if (step === "who") return isSale ? "Hva vil du bestille?" : "Hvem skal være med?";
  if (step === "contact") return "Kontaktopplysninger";
  return step === "pay" ? "Betaling" : "";
}

/** The submit button says what it will do: go on, pay with Vipps, join the waiting list or finish. */
function submitLabel(event: EventDetail, order: EventOrderState): string {
  if (order.step !== "pay") return "Neste";
  if (order.vipps && order.total > 0 && event.state !== "full") return "Betal med Vipps";
  return event.state === "full" ? "Sett meg på venteliste" : "Fullfør";
}

/** The server's answer once the order is taken or on the waiting list. */
export function OrderDone({ event, order }: { event: EventDetail; order: EventOrderState }) {
  const waiting = order.answer === "Venteliste";
  return (
    <section aria-labelledby="event-done-heading">
      <h2 id="event-done-heading" ref={order.heading} tabIndex={-1}>
        {order.isSale
          ? waiting
            ? "Du står på ventelisten"
            : "Takk for bestillingen!"
          : eventThanks(event, order.contact, order.body.participants ?? [], waiting)}
      </h2>
      <p>{waiting ? "Vi sier fra på e-post hvis det blir ledig plass." : "Du får en bekreftelse på e-post."}</p>
      <p>
        <Link to="/arrangementer">Tilbake til arrangementene</Link>
      </p>
    </section>
  );
}

/** The last step: the total, and Vipps now or paying at the door (nothing to choose for a free or full event). */
function PayFields({ event, order }: { event: EventDetail; order: EventOrderState }) {
  const { vipps, setVipps, total } = order;
  return (
    <fieldset>
      <legend>Hvordan vil du betale?</legend>
      <p className="event-total">Totalt: {formatKroner(total)}</p>
      {event.state === "full" && <p>Arrangementet er fullt: du kommer på ventelisten og betaler ikke nå.</p>}
      {total > 0 && event.state !== "full" && (
        <>
          <div className="check">
            <input type="radio" id="pay-vipps" name="pay" checked={vipps} onChange={() => setVipps(true)} />
            <label htmlFor="pay-vipps">Betal med Vipps nå</label>
          </div>
          <div className="check">
            <input type="radio" id="pay-door" name="pay" checked={!vipps} onChange={() => setVipps(false)} />
            <label htmlFor="pay-door">{order.isSale ? "Betal ved henting (kort eller kontant)" : "Betal ved oppmøte (kort eller kontant)"}</label>
          </div>
        </>
      )}
    </fieldset>
  );
}

/** The order form at its current step (who or what, contact, payment), with its message and buttons. */
export function EventOrderForm({
  event,
  clubs,
  grades,
  refundSentence,
  order,
}: {
  event: EventDetail;
  clubs: Club[];
  grades: Grade[];
  refundSentence: string;
  order: EventOrderState;
}) {
  const { step, isSale, issues } = order;
  return (
    <form
      className="event-form"
      noValidate
      onSubmit={(formEvent) => {
        formEvent.preventDefault();
        order.next();
      }}
    >
      <p className="step-indicator">
        Steg {steps.indexOf(step) + 1} av {steps.length}
      </p>
      <h2 ref={order.heading} tabIndex={-1}>
        {stepTitle(step, isSale)}
      </h2>
      {step === "who" &&
        (isSale ? (
          <SaleFields event={event} quantities={order.quantities} onChange={order.setQuantities} issues={issues} />
        ) : (
          <ParticipantFields
            event={event}
            clubs={clubs}
            grades={grades}
            participants={order.participants}
            onChange={order.setParticipants}
            issues={issues}
          />
        ))}
      {step === "contact" && (
        <ContactFields
          contact={order.contact}
          onContact={order.setContact}
          consents={order.consents}
          onConsents={order.setConsents}
          issues={issues}
          refundSentence={refundSentence}
        />
      )}
      {step === "pay" && <PayFields event={event} order={order} />}
      {order.message && (
        <p className="field-error" role="alert">
          {order.message}
        </p>
      )}
      <div className="button-row">
        {step !== "who" && (
          <button type="button" className="button secondary" onClick={() => order.setStep(step === "pay" ? "contact" : "who")}>
            Tilbake
          </button>
        )}
        <button type="submit" className="button" disabled={order.busy}>
          {submitLabel(event, order)}
        </button>
      </div>
    </form>
  );
}
