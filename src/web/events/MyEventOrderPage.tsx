import { useEffect, useRef, useState } from "react";
import { eventOrderStatusLabels } from "../../shared/events/event-api.ts";
import type { MyEventOrder } from "../../shared/events/event-my-order.ts";
import { formatKroner } from "../../shared/format.ts";
import { ContactEmailLink } from "../components/ContactEmailLink.tsx";
import { useNow } from "../lib/use-now.ts";
import { cancelMyEventOrder, type CancelResult } from "./my-event-order-api.ts";
import { OrderPeopleSection } from "./MyEventOrderPeople.tsx";
import { OrderContactSection, OrderEventSection, OrderMoneySection } from "./MyEventOrderSections.tsx";
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

      <OrderEventSection view={view} headingId={id("event-facts")} />
      <OrderPeopleSection view={view} words={words} headingId={id("event-people")} onCancel={cancel} />
      <OrderMoneySection view={view} now={now} headingId={id("event-money")} />
      <OrderContactSection view={view} headingId={id("event-contact")} />
      <p className="my-event-help">Spørsmål eller endringer? Skriv til {contact} og oppgi ordrenummeret.</p>
    </section>
  );
}
