import { useState } from "react";
import { eventRefundText, type MyEventOrder, type MyEventParticipant } from "../../shared/events/event-my-order.ts";
import { formatKroner } from "../../shared/format.ts";
import { ConfirmAction, useConfirmation } from "../components/ConfirmAction.tsx";
import type { CancelResult } from "./my-event-order-api.ts";

/**
 * Who or what the order is for, each participant cancellable alone while more than one is coming, and the
 * whole order cancellable while it may be (with why not when it may not).
 */
export function OrderPeopleSection({
  view,
  words,
  headingId,
  onCancel,
}: {
  view: MyEventOrder;
  /** The kind's words (see wordsFor in MyEventOrderPage.tsx). */
  words: { order: string; Order: string; people: string };
  headingId: string;
  /** Cancels one participant (by position) or the whole order, `what` named in the notice. */
  onCancel: (position: number | undefined, what: string) => Promise<CancelResult>;
}) {
  const coming = view.participants.filter((person) => !person.cancelled);
  return (
    <section>
      <h3 id={headingId}>{words.people}</h3>
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
              onCancel={() => onCancel(person.position, person.name)}
            />
          ))}
        </ul>
      )}
      {view.cancellable && (
        <WholeCancel
          label={`Avbestill hele ${words.order}`}
          question={`Avbestille hele ${words.order}?`}
          refund={view.refundIfCancelled}
          onCancel={() => onCancel(undefined, words.Order)}
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
