import { useEffect, useRef, useState, type ReactNode, type Ref } from "react";
import type { AcceptResult, DeclineResult } from "../../events/waitlist-offer-api.ts";
import { HydrationGate } from "../HydrationGate.tsx";
import "../vipps-button.css";
import "./offer.css";

/**
 * The parts of the waiting-list offer page (events/WaitlistOfferPage.tsx, at the camp's
 * /vinterleir/venteliste/:token and an event's /arrangementer/venteliste/:token): the frame with a focusable heading, the order id, the answer buttons
 * with «Nei takk» asked once more, and the answering itself (one request however many clicks).
 */

/** The end states an offer page can reach, each with its own heading. */
export type OfferOutcome = "accepted" | "declined" | "gone" | "notfound";

export type Answering = { state: "idle" } | { state: "sending" } | { state: "failed"; detail: string };

export function OfferFrame({ title, headingRef, children }: { title: string; headingRef?: Ref<HTMLHeadingElement>; children: ReactNode }) {
  return (
    <div className="page waitlist-offer">
      <h1 ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </h1>
      {children}
    </div>
  );
}

export function OrderLine({ orderId }: { orderId: string }) {
  return (
    <p>
      Ordrenummer: <strong className="order-id">{orderId}</strong>
    </p>
  );
}

/**
 * «Ja takk» and «Nei takk»: accepting is one click; declining asks once more, since the place then goes to
 * the next in line at once. `askDecline`: open with that question asked (the mail's «Nei takk» link).
 */
export function OfferAnswerButtons({
  acceptLabel,
  vipps,
  answering,
  onAccept,
  onDecline,
  askDecline: askAtStart = false,
}: {
  acceptLabel: string;
  vipps: boolean;
  answering: Answering;
  onAccept: () => void;
  onDecline: () => void;
  askDecline?: boolean;
}) {
  const sending = answering.state === "sending";
  const [askDecline, setAskDecline] = useState(askAtStart);
  return (
    <>
      {answering.state === "failed" && (
        <div className="submit-error" role="alert">
          <p>Vi fikk ikke bekreftet plassen. Prøv igjen om litt; tilbudet står til fristen er ute.</p>
          <details>
            <summary>Teknisk feilmelding</summary>
            <p className="error-detail">{answering.detail}</p>
          </details>
        </div>
      )}
      <HydrationGate>
        <div className="offer-actions">
          <button type="button" className={vipps ? "vipps-button" : "button"} onClick={onAccept} disabled={sending}>
            {sending ? "Bekrefter …" : acceptLabel}
          </button>
          {!askDecline && (
            <button type="button" className="button secondary" onClick={() => setAskDecline(true)} disabled={sending}>
              Nei takk
            </button>
          )}
        </div>
        {askDecline && (
          <div className="offer-decline" role="group" aria-label="Takke nei til plassen?">
            <p>Takke nei? Plassen går med en gang til nestemann på ventelisten, og du blir tatt av listen.</p>
            <div className="offer-actions">
              <button type="button" className="button secondary" onClick={onDecline} disabled={sending} autoFocus>
                Ja, gi plassen videre
              </button>
              <button type="button" className="button secondary" onClick={() => setAskDecline(false)} disabled={sending}>
                Avbryt
              </button>
            </div>
          </div>
        )}
      </HydrationGate>
      {sending && (
        <p className="visually-hidden" role="status">
          Bekrefter plassen …
        </p>
      )}
    </>
  );
}

/**
 * Answering an offer: one request at a time whatever the clicks, Vipps followed, the end state's heading
 * focused for a screen reader.
 */
export function useOfferAnswers(
  calls: { accept: () => Promise<AcceptResult>; decline: () => Promise<DeclineResult> },
  redirect: (url: string) => void,
) {
  const [outcome, setOutcome] = useState<OfferOutcome | undefined>();
  /** The server's sentence when an answer came too late (409/410). */
  const [goneMessage, setGoneMessage] = useState<string | undefined>();
  const [answering, setAnswering] = useState<Answering>({ state: "idle" });
  const sending = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (outcome) heading.current?.focus();
  }, [outcome]);

  const accept = async () => {
    if (sending.current) return;
    sending.current = true;
    setAnswering({ state: "sending" });
    const result = await calls.accept();
    if (result.kind === "redirect") {
      // Stays "sending" while the browser leaves for Vipps.
      redirect(result.url);
      return;
    }
    sending.current = false;
    if (result.kind === "failed") setAnswering({ state: "failed", detail: result.detail });
    else {
      if (result.kind === "gone") setGoneMessage(result.message);
      setAnswering({ state: "idle" });
      setOutcome(result.kind === "done" ? "accepted" : result.kind);
    }
  };

  const decline = async () => {
    if (sending.current) return;
    sending.current = true;
    setAnswering({ state: "sending" });
    const result = await calls.decline();
    sending.current = false;
    if (result.kind === "failed") return setAnswering({ state: "failed", detail: result.detail });
    if (result.kind === "gone") setGoneMessage(result.message);
    setAnswering({ state: "idle" });
    setOutcome(result.kind);
  };

  return { outcome, goneMessage, answering, heading, accept, decline };
}
