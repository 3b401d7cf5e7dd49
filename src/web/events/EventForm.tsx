import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { Club, Grade } from "../../shared/camp/grades.ts";
import type { EventDetail } from "../../shared/events/event-api.ts";
import { eventKindLabels } from "../../shared/events/event-definition.ts";
import { EventOrderSchema, type EventOrderInput } from "../../shared/events/event-order.ts";
import { eventStateLabels } from "../../shared/events/event-rules.ts";
import { eventDaysText, eventStateText } from "../../shared/events/event-texts.ts";
import { eventThanks } from "../../shared/events/event-thanks.ts";
import { formatKroner } from "../../shared/format.ts";
import { paymentUrl, type ApiIssue } from "../lib/api-client.ts";
import { useNow } from "../lib/use-now.ts";
import { HydrationGate } from "../components/HydrationGate.tsx";
import { submitEventOrder } from "./events-api.ts";
import { ContactFields } from "./ContactFields.tsx";
import { EventFacts, useEventRefundSentence } from "./EventFacts.tsx";
import { ParticipantFields, SaleFields, emptyParticipant, type ParticipantDraft } from "./EventFormParts.tsx";

type Step = "who" | "contact" | "pay" | "done";
const steps: Step[] = ["who", "contact", "pay"];

function newDraftId(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * An event's order form in three steps (who or what, contact, payment), and its answer when sent.
 * `onOrdered`: called after the server has answered an order (taken, on the waiting list or refused), so the
 * page reads the places left again.
 */
export function EventForm({
  event,
  clubs,
  grades,
  onOrdered,
}: {
  event: EventDetail;
  clubs: Club[];
  grades: Grade[];
  onOrdered?: () => void | Promise<void>;
}) {
  const now = useNow();
  const refundSentence = useEventRefundSentence(event);
  const isSale = event.kind === "salg";
  const [step, setStep] = useState<Step>("who");
  const [draftId] = useState(newDraftId);
  const [participants, setParticipants] = useState<ParticipantDraft[]>([emptyParticipant()]);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [contact, setContact] = useState({ firstName: "", lastName: "", email: "", telephone: "" });
  const [consents, setConsents] = useState({ dataConsent: false, termsAccepted: false });
  const [vipps, setVipps] = useState(true);
  const [issues, setIssues] = useState<ApiIssue[]>([]);
  const [message, setMessage] = useState<string>();
  const [answer, setAnswer] = useState<"Done" | "Venteliste">();
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    // Focus follows a change of step (for a screen reader), never the page's first view.
    if (shownStep.current !== step) heading.current?.focus();
    shownStep.current = step;
  }, [step]);

  const items = Object.entries(quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([key, quantity]) => {
      const [itemId, variant] = key.split("\u0000") as [string, string];
      return { itemId, variant, quantity };
    });
  const body: EventOrderInput = {
    draftId,
    ...consents,
    contact,
    participants: isSale ? [] : participants.map((person) => ({ ...person, age: Number(person.age) || 0 })),
    items: isSale ? items : [],
    vipps,
  };
  const total = isSale
    ? items.reduce((sum, line) => sum + (event.items.find((item) => item.id === line.itemId)?.price ?? 0) * line.quantity, 0)
    : participants.reduce((sum, person) => {
        const age = Number(person.age) || 0;
        const band = [...event.priceBands].sort((a, b) => a.maxAge - b.maxAge).find((candidate) => age <= candidate.maxAge);
        return sum + (band ? band.price : (event.price ?? 0));
      }, 0);

  /** The shared schema's messages for the fields of this step, shown under the fields before going on. */
  function check(prefixes: string[]): boolean {
    const parsed = EventOrderSchema.safeParse(body);
    const found = parsed.success
      ? []
      : parsed.error.issues
          .map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }))
          .filter((issue) => prefixes.some((prefix) => issue.path.startsWith(prefix)));
    if (prefixes.includes("items") && isSale && items.length === 0) found.push({ path: "items", message: "Velg minst én vare." });
    setIssues(found);
    return found.length === 0;
  }

  async function submit() {
    if (!check(["draftId", "dataConsent", "termsAccepted", "contact", "participants", "items", "vipps"])) return;
    setBusy(true);
    setMessage(undefined);
    const result = await submitEventOrder(event.slug, body).catch(() => ({
      kind: "error" as const,
      message: "Fikk ikke kontakt med serveren. Prøv igjen.",
      issues: [],
    }));
    setBusy(false);
    if (result.kind === "error") {
      setMessage(result.message);
      setIssues(result.issues);
      // A refusal may mean the places went meanwhile: show the count as it is now.
      void onOrdered?.();
      return;
    }
    if (result.text === "Done" || result.text === "Venteliste") {
      setAnswer(result.text);
      setStep("done");
      void onOrdered?.();
      return;
    }
    const url = paymentUrl(result.text);
    if (url) window.location.assign(url);
    else setMessage("Uventet svar fra serveren. Prøv igjen.");
  }

  const open = event.state === "open" || (event.state === "full" && event.waitingListOpen);
  const stepNumber = steps.indexOf(step) + 1;
  const title =
    step === "who"
      ? isSale
        ? "Hva vil du bestille?"
        : "Hvem skal være med?"
      : step === "contact"
        ? "Kontaktopplysninger"
        : step === "pay"
          ? "Betaling"
          : "";

  return (
    <div className="page">
      <p className="event-kind">
        {eventKindLabels[event.kind]} <span className={`event-state event-state-${event.state}`}>{eventStateLabels[event.state]}</span>
      </p>
      <h1>{event.title}</h1>
      <p className="lead">
        {eventDaysText(event.firstDay, event.lastDay)}
        {event.startTime ? ` kl. ${event.startTime.replace(":", ".")}` : ""}
        {event.venue ? `, ${event.venue}` : ""}.
      </p>
      {event.description && <p>{event.description}</p>}
      <EventFacts event={event} />
      <p role="status">{eventStateText(event, now)}</p>

      {step === "done" ? (
        <section aria-labelledby="event-done-heading">
          <h2 id="event-done-heading" ref={heading} tabIndex={-1}>
            {isSale
              ? answer === "Venteliste"
                ? "Du står på ventelisten"
                : "Takk for bestillingen!"
              : eventThanks(event, contact, body.participants ?? [], answer === "Venteliste")}
          </h2>
          <p>{answer === "Venteliste" ? "Vi sier fra på e-post hvis det blir ledig plass." : "Du får en bekreftelse på e-post."}</p>
          <p>
            <Link to="/arrangementer">Tilbake til arrangementene</Link>
          </p>
        </section>
      ) : open ? (
        <HydrationGate>
          <form
            className="event-form"
            noValidate
            onSubmit={(formEvent) => {
              formEvent.preventDefault();
              if (step === "who" && check(isSale ? ["items"] : ["participants"])) setStep("contact");
              else if (step === "contact" && check(["contact", "dataConsent", "termsAccepted"])) setStep("pay");
              else if (step === "pay") void submit();
            }}
          >
            <p className="step-indicator">
              Steg {stepNumber} av {steps.length}
            </p>
            <h2 ref={heading} tabIndex={-1}>
              {title}
            </h2>
            {step === "who" &&
              (isSale ? (
                <SaleFields event={event} quantities={quantities} onChange={setQuantities} issues={issues} />
              ) : (
                <ParticipantFields
                  event={event}
                  clubs={clubs}
                  grades={grades}
                  participants={participants}
                  onChange={setParticipants}
                  issues={issues}
                />
              ))}
            {step === "contact" && (
              <ContactFields
                contact={contact}
                onContact={setContact}
                consents={consents}
                onConsents={setConsents}
                issues={issues}
                refundSentence={refundSentence}
              />
            )}
            {step === "pay" && (
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
                      <label htmlFor="pay-door">{isSale ? "Betal ved henting (kort eller kontant)" : "Betal ved oppmøte (kort eller kontant)"}</label>
                    </div>
                  </>
                )}
              </fieldset>
            )}
            {message && (
              <p className="field-error" role="alert">
                {message}
              </p>
            )}
            <div className="button-row">
              {step !== "who" && (
                <button type="button" className="button secondary" onClick={() => setStep(step === "pay" ? "contact" : "who")}>
                  Tilbake
                </button>
              )}
              <button type="submit" className="button" disabled={busy}>
                {step !== "pay"
                  ? "Neste"
                  : vipps && total > 0 && event.state !== "full"
                    ? "Betal med Vipps"
                    : event.state === "full"
                      ? "Sett meg på venteliste"
                      : "Fullfør"}
              </button>
            </div>
          </form>
        </HydrationGate>
      ) : (
        <p>
          <Link to="/arrangementer">Se alle arrangementer</Link>
        </p>
      )}
    </div>
  );
}
