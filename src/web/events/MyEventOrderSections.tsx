import { Link } from "react-router";
import { eventKindLabels } from "../../shared/events/event-definition.ts";
import type { MyEventOrder } from "../../shared/events/event-my-order.ts";
import { eventRefundRule } from "../../shared/events/event-terms.ts";
import { eventDaysText } from "../../shared/events/event-texts.ts";
import { termsPath } from "../../shared/site/site-pages.ts";
import { refundRuleSentence } from "../../shared/terms/refund-rule.ts";
import { ledgerFigureLabels } from "../../shared/camp/camp-ledger-labels.ts";
import { formatKroner } from "../../shared/format.ts";
import { MoneyLines } from "../components/MoneyLines.tsx";

/** When and where the event is (or where a sale is picked up), and a link to its page. */
export function OrderEventSection({ view, headingId }: { view: MyEventOrder; headingId: string }) {
  return (
    <section>
      <h3 id={headingId}>{eventKindLabels[view.event.kind]}</h3>
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
  );
}

/** What the order cost and what is paid, and the refund rule while it can still be cancelled for money. */
export function OrderMoneySection({ view, now, headingId }: { view: MyEventOrder; now: Date; headingId: string }) {
  return (
    <section>
      <h3 id={headingId}>Betaling</h3>
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
  );
}

/** The contact person given with the order. */
export function OrderContactSection({ view, headingId }: { view: MyEventOrder; headingId: string }) {
  return (
    <section>
      <h3 id={headingId}>Kontaktperson</h3>
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
  );
}
