import type { EventDetail } from "../../shared/events/event-api.ts";
import { ageRangeText } from "../../shared/events/event-texts.ts";
import { formatKroner } from "../../shared/format.ts";

/** The event's price and who it is for, as a short list above the form. */
export function EventFacts({ event }: { event: EventDetail }) {
  const facts: string[] = [];
  if (event.kind === "gradering") {
    facts.push(`Pris: ${formatKroner(event.price ?? 0)} per utøver.`);
    const who = [
      event.minAge === null && event.maxAge === null ? "" : ` ${ageRangeText(event.minAge, event.maxAge)}`,
      event.homeClubOnly ? " i klubben" : "",
    ].join("");
    if (who) facts.push(`For utøvere${who}.`);
  }
  if (event.kind === "kurs") {
    for (const band of [...event.priceBands].sort((a, b) => a.maxAge - b.maxAge))
      facts.push(`${band.maxAge} år eller yngre: ${formatKroner(band.price)}.`);
    facts.push(`${event.priceBands.length > 0 ? "Andre" : "Pris"}: ${formatKroner(event.price ?? 0)} per deltaker.`);
    if (event.sleepover) facts.push("Med overnatting.");
  }
  if (event.kind === "salg" && (event.pickUpPlace || event.pickUpTime))
    facts.push(`Henting: ${[event.pickUpPlace, event.pickUpTime].filter(Boolean).join(", ")}.`);
  if (facts.length === 0) return null;
  return (
    <ul>
      {facts.map((fact) => (
        <li key={fact}>{fact}</li>
      ))}
    </ul>
  );
}
