import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useParams } from "react-router";
import { club } from "../../shared/club/club-facts.ts";
import { eventOrderStatusLabels } from "../../shared/events/event-api.ts";
import { eventKindLabels } from "../../shared/events/event-definition.ts";
import { eventRefundText, type MyEventOrder, type MyEventParticipant } from "../../shared/events/event-my-order.ts";
import { eventDaysText } from "../../shared/events/event-texts.ts";
import { formatKroner } from "../../shared/format.ts";
import { ConfirmAction, useConfirmation } from "../components/ConfirmAction.tsx";
import { ContactEmailLink } from "../components/ContactEmailLink.tsx";
import { LoadProblem } from "../components/LoadProblem.tsx";
import { MoneyLines } from "../components/MoneyLines.tsx";
import { useLoad } from "../lib/use-load.ts";
import { cancelMyEventOrder, getMyEventOrder, type CancelResult } from "./my-event-order-api.ts";
import "./events.css";

/**
 * Rendered in the browser: the server answers an unknown link with the 404 page before it gets here, and
 * sends the root's loading view for a known one.
 */
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function meta() {
  // A personal link: kept out of search engines.
  return [{ title: `Min påmelding – ${club.name}` }, { name: "robots", content: "noindex" }];
}

const contact = <ContactEmailLink />;

/** The words that change with the kind: a grading has utøvere, a course deltakere, a sale is a bestilling. */
function wordsFor(kind: MyEventOrder["event"]["kind"]) {
  if (kind === "salg") return { order: "bestillingen", Order: "Bestillingen", heading: "Min bestilling", people: "Varer" };
  return { order: "påmeldingen", Order: "Påmeldingen", heading: "Min påmelding", people: kind === "gradering" ? "Utøvere" : "Deltakere" };
}

/** /arrangementer/min-pamelding/:token — the link in an event order's confirmation mail: see and cancel. */
export default function MyEventOrderPage() {
  const { token = "" } = useParams();
  const load = useCallback(() => getMyEventOrder(token), [token]);
  const [loaded, retry] = useLoad(load);
  const [view, setView] = useState<MyEventOrder>();
  const [notice, setNotice] = useState<string>();
  const noticeRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (loaded.status === "ready" && loaded.data !== "notfound") setView(loaded.data);
  }, [loaded]);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  if (loaded.status === "loading") {
    return (
      <Frame title="Min påmelding">
        <p role="status">Henter påmeldingen …</p>
      </Frame>
    );
  }
  if (loaded.status === "error") {
    return (
      <Frame title="Min påmelding">
        <LoadProblem what="påmeldingen" detail={loaded.detail} onRetry={retry} />
      </Frame>
    );
  }
  if (loaded.data === "notfound" || !view) {
    return (
      <Frame title="Fant ikke påmeldingen">
        <p>
          Lenken virker ikke. Sjekk at du har åpnet hele lenken fra e-posten. Får du det ikke til, skriv til {contact} og oppgi ordrenummeret.{" "}
          <Link to="/arrangementer">Se alle arrangementer</Link>
        </p>
      </Frame>
    );
  }

  const words = wordsFor(view.event.kind);
  const cancel = async (position: number | undefined, what: string): Promise<CancelResult> => {
    const result = await cancelMyEventOrder(token, position === undefined ? {} : { position });
    if (result.kind === "ok") {
      setView(result.view);
      const back = result.refund > 0 ? ` ${formatKroner(result.refund)} betales tilbake til deg.` : "";
      setNotice(`${what} er avbestilt.${back} Du får en e-post om det.`);
    }
    return result;
  };
  const coming = view.participants.filter((person) => !person.cancelled);

  return (
    <Frame title={`${words.heading} – ${view.event.title}`}>
      <p className="lead">
        Ordrenummer <strong className="order-id">{view.orderId}</strong> ·{" "}
        <span className={`my-event-status my-event-status-${view.status}`}>{eventOrderStatusLabels[view.status]}</span>
      </p>
      <p className="notice my-event-notice" role="status" aria-live="polite" tabIndex={-1} ref={noticeRef} hidden={!notice}>
        {notice}
      </p>

      <section aria-labelledby="event-facts">
        <h2 id="event-facts">{eventKindLabels[view.event.kind]}</h2>
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

      <section aria-labelledby="event-people">
        <h2 id="event-people">{words.people}</h2>
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

      <section aria-labelledby="event-money">
        <h2 id="event-money">Betaling</h2>
        <dl className="my-event-facts">
          <dt>Totalt</dt>
          <dd>{formatKroner(view.money.charged)}</dd>
          <MoneyLines money={view.money} />
        </dl>
        {view.status !== "cancelled" && view.method !== "free" && (
          <p>Avbestiller du, betales det som er betalt for det du avbestiller, tilbake. Det som ikke er betalt ennå, faller bort.</p>
        )}
      </section>

      <section aria-labelledby="event-contact">
        <h2 id="event-contact">Kontaktperson</h2>
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
    </Frame>
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

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page my-event-order">
      <h1>{title}</h1>
      {children}
    </div>
  );
}
