import type { ReactNode, RefObject } from "react";
import { Link } from "react-router";
import type { VippsReceipt } from "../../../shared/payments/vipps-payment.ts";
import type { EventOrderView } from "../../../shared/events/event-api.ts";
import { thanksSentence } from "../../../shared/person-voice.ts";
import { formatKroner } from "../../../shared/format.ts";
import { ContactEmailLink } from "../../components/ContactEmailLink.tsx";

/** The heading of a decided payment, which takes the focus when it shows. */
type HeadingRef = RefObject<HTMLHeadingElement | null>;

/** What the result page says per kind of order: the camp's words unless the order is an event's. */
function reservedTexts(order: EventOrderView | undefined): { heading: string } {
  if (!order) return { heading: "Takk! Du er registrert til vinterleiren" };
  switch (order.kind) {
    case "gradering":
      return { heading: `Takk! Du er påmeldt graderingen «${order.title}»` };
    case "kurs":
      return { heading: `Takk! Du er påmeldt «${order.title}»` };
    case "salg":
      return { heading: order.itemName ? `Takk for bestillingen av ${order.itemName}!` : "Takk for bestillingen!" };
  }
}

/** The payment is reserved: thanks, the amount, who it was for, and the way to «Min påmelding». */
export function ReservedView({
  headingRef,
  order,
  receipt,
  groupNames,
  personalLink,
  orderLine,
}: {
  headingRef: HeadingRef;
  order: EventOrderView | undefined;
  receipt: VippsReceipt | null;
  groupNames: string[] | undefined;
  personalLink: string | undefined;
  orderLine: ReactNode;
}) {
  const texts = reservedTexts(order);
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        {/* The server's words when it gave them (the event, its year, the people); else by the order's kind. */}
        {receipt && receipt.people.length > 0 ? thanksSentence(receipt.people, receipt.what, { registrant: receipt.registrant }) : texts.heading}
      </h1>
      <p role="status">Betalingen er godkjent i Vipps, og du får en bekreftelse på e-post.</p>
      {receipt && (
        <p className="vipps-paid">
          Betalt med Vipps: <strong>{formatKroner(receipt.amount)}</strong>
        </p>
      )}
      {orderLine}
      {groupNames && !receipt && (
        <>
          <p>Betalingen gjelder alle i påmeldingen:</p>
          <ul className="vipps-group-names">
            {groupNames.map((name, index) => (
              <li key={`${name}-${index}`}>{name}</li>
            ))}
          </ul>
        </>
      )}
      {personalLink && (
        <p>
          På <Link to={personalLink}>Min påmelding</Link> ser du påmeldingen, kan rette opplysningene og avbestille.
        </p>
      )}
    </>
  );
}

/** Rejected or cancelled: nothing was paid, and the payer may try again or give up. */
export function EndedView({
  headingRef,
  title,
  text,
  orderLine,
  actions,
}: {
  headingRef: HeadingRef;
  title: string;
  text: string;
  orderLine: ReactNode;
  actions: ReactNode;
}) {
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <p role="status">{text}</p>
      {orderLine}
      {actions}
    </>
  );
}

/** No order with this id: most likely a cut-off link. */
export function NotFoundView({ headingRef, orderLine }: { headingRef: HeadingRef; orderLine: ReactNode }) {
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        Fant ikke betalingen
      </h1>
      <p>
        Vi finner ingen betaling med dette ordrenummeret. Sjekk at du har åpnet hele lenken. Får du det ikke til, skriv til <ContactEmailLink /> og
        oppgi ordrenummeret.
      </p>
      {orderLine}
    </>
  );
}

/** No decision within the polls: the payment may still have gone through. */
export function TimeoutView({ headingRef, orderLine }: { headingRef: HeadingRef; orderLine: ReactNode }) {
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        Beklager! Noe gikk galt når vi registrerte deg.
      </h1>
      <p role="status">
        Vi fikk ikke svar om betalingen i tide. Kanskje gikk den likevel gjennom: sjekk Vipps-appen og e-posten din. Hvis du ikke får en bekreftelse,
        skriv til <ContactEmailLink /> og oppgi ordrenummeret.
      </p>
      {orderLine}
    </>
  );
}
