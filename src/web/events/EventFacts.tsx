import { Link } from "react-router";
import type { EventDetail } from "../../shared/events/event-api.ts";
import { eventPriceFacts, eventPricingOf, eventRefundRule, isFreeEvent } from "../../shared/events/event-terms.ts";
import { ageRangeText } from "../../shared/events/event-texts.ts";
import { termsPath } from "../../shared/site/site-pages.ts";
import { refundRuleSentence } from "../../shared/terms/refund-rule.ts";
import { useNow } from "../lib/use-now.ts";

/** The event's refund rule in one sentence, as of now (the checkout and the page say the same). */
export function useEventRefundSentence(event: EventDetail): string {
  const now = useNow();
  return refundRuleSentence(eventRefundRule({ lastDay: event.lastDay, free: isFreeEvent(eventPricingOf(event)) }), now);
}

/** The event's price and who it is for, as a short list above the form, and its cancellation rule. */
export function EventFacts({ event }: { event: EventDetail }) {
  const refund = useEventRefundSentence(event);
  const facts: string[] = event.kind === "salg" ? [] : eventPriceFacts(eventPricingOf(event));
  if (event.kind === "gradering") {
    const who = [
      event.minAge === null && event.maxAge === null ? "" : ` ${ageRangeText(event.minAge, event.maxAge)}`,
      event.homeClubOnly ? " i klubben" : "",
    ].join("");
    if (who) facts.push(`For utøvere${who}.`);
  }
  if (event.kind === "kurs" && event.sleepover) facts.push("Med overnatting.");
  if (event.kind === "salg" && (event.pickUpPlace || event.pickUpTime))
    facts.push(`Henting: ${[event.pickUpPlace, event.pickUpTime].filter(Boolean).join(", ")}.`);
  return (
    <>
      {facts.length > 0 && (
        <ul>
          {facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
      )}
      <p className="event-terms" data-testid="event-refund-rule">
        <strong>Avbestilling:</strong> {refund} <Link to={termsPath}>Les salgsbetingelsene</Link>.
      </p>
    </>
  );
}
