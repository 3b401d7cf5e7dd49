import { Link } from "react-router";
import type { Club, Grade } from "../../shared/camp/grades.ts";
import type { EventDetail } from "../../shared/events/event-api.ts";
import { eventKindLabels } from "../../shared/events/event-definition.ts";
import { eventStateLabels } from "../../shared/events/event-rules.ts";
import { eventDaysText, eventStateText } from "../../shared/events/event-texts.ts";
import { useNow } from "../lib/use-now.ts";
import { HydrationGate } from "../components/HydrationGate.tsx";
import { EventFacts, useEventRefundSentence } from "./EventFacts.tsx";
import { EventOrderForm, OrderDone } from "./EventOrderSteps.tsx";
import { useEventOrder } from "./use-event-order.ts";

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
  const order = useEventOrder(event, onOrdered);
  const open = event.state === "open" || (event.state === "full" && event.waitingListOpen);

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

      {order.step === "done" ? (
        <OrderDone event={event} order={order} />
      ) : open ? (
        <HydrationGate>
          <EventOrderForm event={event} clubs={clubs} grades={grades} refundSentence={refundSentence} order={order} />
        </HydrationGate>
      ) : (
        <p>
          <Link to="/arrangementer">Se alle arrangementer</Link>
        </p>
      )}
    </div>
  );
}
