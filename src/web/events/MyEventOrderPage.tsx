import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { eventOrderStatusLabels } from "../../shared/events/event-api.ts";
import { eventKindLabels } from "../../shared/events/event-definition.ts";
import { eventRefundText, type MyEventOrder, type MyEventParticipant } from "../../shared/events/event-my-order.ts";
import { eventRefundRule } from "../../shared/events/event-terms.ts";
import { eventDaysText } from "../../shared/events/event-texts.ts";
import { termsPath } from "../../shared/site/site-pages.ts";
import { refundRuleSentence } from "../../shared/terms/refund-rule.ts";
import { ledgerFigureLabels } from "../../shared/camp/camp-ledger-labels.ts";
import { formatKroner } from "../../shared/format.ts";
import { ConfirmAction, useConfirmation } from "../components/ConfirmAction.tsx";
import { ContactEmailLink } from "../components/ContactEmailLink.tsx";
import { MoneyLines } from "../components/MoneyLines.tsx";
import { useNow } from "../lib/use-now.ts";
import { cancelMyEventOrder, type CancelResult } from "./my-event-order-api.ts";
import "./events.css";

const contact = <ContactEmailLink />;

/** The words that change with the kind: a grading has utøvere, a course deltakere, a sale is a bestilling. */
function wordsFor(kind: MyEventOrder["event"]["kind"]) {
  if (kind === "salg") return { order: "bestillingen", Order: "Bestillingen", heading: "Min bestilling", people: "Varer" };
  return { order: "påmeldingen", Order: "Påmeldingen", heading: "Min påmelding", people: kind === "gradering" ? "Utøvere" : "Deltakere" };
}

/**
 * One event order's part of «Min side» (src/web/family/FamilyPage.tsx): see it and cancel it. `token` is the
 * page's link; every call names the order by its id (an address's link opens the address's orders by id).
 */
export function EventOrderPart({ token, initial }: { token: string; initial: MyEventOrder }) {
  const [view, setView] = useState<MyEventOrder>(initial);
  const [notice, setNotice] = useState<string>();
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const now = useNow();
  // Several orders share the page: each one's ids carry its order id. The part is the landmark; its sections are
  // not named ones (a camp part has «Betaling» too, and landmarks' names must differ).
  const id = (name: string) => `${initial.orderId}-${name}`;

  useEffect(() => setView(initial), [initial]);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const words = wordsFor(view.event.kind);
  const cancel = async (position: number | undefined, what: string): Promise<CancelResult> => {
    const result = await cancelMyEventOrder(token, position === undefined ? {} : { position }, view.orderId);
    if (result.kind === "ok") {
      setView(result.view);
      const back = result.refund > 0 ? ` ${formatKroner(result.refund)} betales tilbake til deg.` : "";
      setNotice(`${what} er avbestilt.${back} Du får en e-post om det.`);
    }
    return result;
  };
  const coming = view.participants.filter((person) => !person.cancelled);

  return (
    <section className="season-part my-event-order" aria-labelledby={id("title")}>
      <h2 id={id("title")} className="season-part-title">
        {words.heading} – {view.event.title}
      </h2>
      <p className="lead">
        Ordrenummer <strong className="order-id">{view.orderId}</strong> ·{" "}
        <span className={`my-event-status my-event-status-${view.status}`}>{eventOrderStatusLabels[view.status]}</span>
      </p>
      <p className="notice my-event-notice" role="status" aria-live="polite" tabIndex={-1} ref={noticeRef} hidden={!notice}>
        {notice}
      </p>

      <section>
        <h3 id={id("event-facts")}>{eventKindLabels[view.event.kind]}</h3>
        <dl className="my-event-facts">
          <dt>Når</dt>
          <dd>
            {eventDaysText(view.event.firstDay, view.event.lastDay)}
            {view.event.startTime ? `, kl. ${view.event.startTime.replace(":", ".")}` : ""}
          </dd>
          {view.event.venue && (
            <>
              <dt>Sted</dt>
              <dd>{view.event.venue}</dd>
            </>
          )}
          {view.event.pickUp && (
            <>
              <dt>Henting</dt>
              <dd>{view.event.pickUp}</dd>
            </>
          )}
        </dl>
        <p>
          <Link to={`/arrangementer/${view.event.slug}`}>Mer om arrangementet</Link>
        </p>
      </section>

      <section>
        <h3 id={id("event-people")}>{words.people}</h3>
        {view.event.kind === "salg" ? (
          <ul className="my-event-cards">
            {view.items.map((item) => (
              <li key={`${item.name}-${item.variant}`} className={`my-event-card${view.status === "cancelled" ? " is-cancelled" : ""}`}>
                <strong>
                  {item.quantity} × {item.name} ({item.variant})
                </strong>
                <p>{view.status === "cancelled" ? "Avbestilt" : formatKroner(item.price * item.quantity)}</p>
              </li>
            ))}
          </ul>
        ) : (
          <ul className="my-event-cards">
            {view.participants.map((person) => (
              <ParticipantCard
                key={person.position}
                person={person}
                cancellable={view.cancellable && coming.length > 1}
                onCancel={() => cancel(person.position, person.name)}
              />
            ))}
          </ul>
        )}
        {view.cancellable && (
          <WholeCancel
            label={`Avbestill hele ${words.order}`}
            question={`Avbestille hele ${words.order}?`}
            refund={view.refundIfCancelled}
            onCancel={() => cancel(undefined, words.Order)}
          />
        )}
        {!view.cancellable && view.status !== "cancelled" && (
          <p>
            {view.event.ended
              ? `Arrangementet er over, så ${words.order} kan ikke avbestilles her lenger.`
              : "Betalingen er ikke ferdig ennå, så du kan ikke avbestille akkurat nå. Prøv igjen om et par minutter."}
          </p>
        )}
      </section>

      <section>
        <h3 id={id("event-money")}>Betaling</h3>
        <dl className="my-event-facts">
          <dt>{ledgerFigureLabels.charged}</dt>
          <dd>{formatKroner(view.money.charged)}</dd>
          <MoneyLines money={view.money} />
        </dl>
        {view.status !== "cancelled" && view.method !== "free" && (
          <p data-testid="my-event-refund-rule">
            {refundRuleSentence(eventRefundRule({ lastDay: view.event.lastDay, free: false }), now)} Det som ikke er betalt ennå, faller bort.{" "}
            <Link to={termsPath}>Salgsbetingelser</Link>
          </p>
        )}
      </section>

      <section>
        <h3 id={id("event-contact")}>Kontaktperson</h3>
        <dl className="my-event-facts">
          <dt>Navn</dt>
          <dd>
            {view.contact.firstName} {view.contact.lastName}
          </dd>
          <dt>E-post</dt>
          <dd>{view.contact.email}</dd>
          <dt>Telefon</dt>
          <dd>{view.contact.telephone}</dd>
        </dl>
      </section>
      <p className="my-event-help">Spørsmål eller endringer? Skriv til {contact} og oppgi ordrenummeret.</p>
    </section>
  );
}

function refusal(result: CancelResult): string | undefined {
  if (result.kind === "ok") return undefined;
  return result.kind === "refused" ? result.message : "Vi fikk ikke avbestilt. Prøv igjen om litt.";
}

/** One participant with what they cost and «Avbestill» (asked first). */
function ParticipantCard({
  person,
  cancellable,
  onCancel,
}: {
  person: MyEventParticipant;
  cancellable: boolean;
  onCancel: () => Promise<CancelResult>;
}) {
  const confirmation = useConfirmation<"cancel">();
  const [error, setError] = useState<string>();
  const details = [`${person.age} år`, person.club, person.grade].filter(Boolean).join(" · ");
  const confirm = async () => {
    setError(undefined);
    const result = await onCancel();
    if (result.kind === "ok") confirmation.close();
    else setError(refusal(result));
  };
  return (
    <li className={`my-event-card${person.cancelled ? " is-cancelled" : ""}`}>
      <strong>{person.name}</strong>
      <p>{details}</p>
      {person.answers.length > 0 && (
        <dl className="my-event-facts">
          {person.answers.map((answer) => (
            <div key={answer.question} className="my-event-answer">
              <dt>{answer.question}</dt>
              <dd>{answer.answer}</dd>
            </div>
          ))}
        </dl>
      )}
      <p>{person.cancelled ? "Avbestilt" : formatKroner(person.amount)}</p>
      {cancellable && !person.cancelled && !confirmation.open && (
        <button
          type="button"
          className="button secondary"
          ref={confirmation.trigger("cancel")}
          onClick={() => confirmation.ask("cancel")}
          aria-label={`Avbestill ${person.name}`}
        >
          Avbestill
        </button>
      )}
      {cancellable && !person.cancelled && confirmation.open && (
        <ConfirmAction
          className="my-event-confirm"
          label={`Bekreft avbestilling av ${person.name}`}
          confirmLabel="Ja, avbestill"
          busyLabel="Avbestiller …"
          cancelLabel="Nei, behold"
          error={error}
          onConfirm={confirm}
          onCancel={() => {
            setError(undefined);
            confirmation.cancel();
          }}
        >
          <strong>Avbestille {person.name}?</strong> {eventRefundText(person.refundIfCancelled)}
        </ConfirmAction>
      )}
    </li>
  );
}

/** «Avbestill hele …»: the whole order (a sale is always cancelled whole), asked first. */
function WholeCancel({
  label,
  question,
  refund,
  onCancel,
}: {
  label: string;
  question: string;
  refund: number;
  onCancel: () => Promise<CancelResult>;
}) {
  const confirmation = useConfirmation<"whole">();
  const [error, setError] = useState<string>();
  if (!confirmation.open)
    return (
      <p>
        <button
          type="button"
          className="button secondary my-event-whole"
          ref={confirmation.trigger("whole")}
          onClick={() => confirmation.ask("whole")}
        >
          {label}
        </button>
      </p>
    );
  return (
    <ConfirmAction
      className="my-event-confirm"
      label={question}
      confirmLabel="Ja, avbestill"
      busyLabel="Avbestiller …"
      cancelLabel="Nei, behold"
      error={error}
      onConfirm={async () => {
        setError(undefined);
        const result = await onCancel();
        if (result.kind === "ok") confirmation.close();
        else setError(refusal(result));
      }}
      onCancel={() => {
        setError(undefined);
        confirmation.cancel();
      }}
    >
      <strong>{question}</strong> {eventRefundText(refund)}
    </ConfirmAction>
  );
}
