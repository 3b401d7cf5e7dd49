import { formatKroner } from "../format.ts";
import type { RefundRule } from "../terms/refund-rule.ts";
import type { EventKind } from "./event-definition.ts";
import { eventEndsAt } from "./event-rules.ts";

/**
 * What an event costs and what cancelling it gives back, in the words the event's card, its page, the
 * checkout, the family's page and the mails share. The prices are the ones `participantPrice` and
 * `orderPriceLines` charge; the refund rule is the one the server applies (docs/decisions/0029).
 */
export interface EventPricing {
  kind: EventKind;
  /** A grading's price, a course's price for everyone older than its bands; null for a sale. */
  price: number | null;
  priceBands: readonly { maxAge: number; price: number }[];
  /** A sale's prices, one per item. */
  itemPrices: readonly number[];
}

/** The pricing of an event as its page or its card has it. */
export function eventPricingOf(event: {
  kind: EventKind;
  price: number | null;
  priceBands: readonly { maxAge: number; price: number }[];
  items: readonly { price: number }[];
}): EventPricing {
  return { kind: event.kind, price: event.price, priceBands: event.priceBands, itemPrices: event.items.map((item) => item.price) };
}

/** Every price the event can charge. */
function allPrices(pricing: EventPricing): number[] {
  if (pricing.kind === "salg") return [...pricing.itemPrices];
  return [pricing.price ?? 0, ...(pricing.kind === "kurs" ? pricing.priceBands.map((band) => band.price) : [])];
}

/** Nothing it offers costs anything. */
export function isFreeEvent(pricing: EventPricing): boolean {
  return allPrices(pricing).every((price) => price === 0);
}

/** Youngest band first, as `participantPrice` reads them. */
function sortedBands(pricing: EventPricing) {
  return [...pricing.priceBands].sort((a, b) => a.maxAge - b.maxAge);
}

/**
 * The prices as a list on the event's page: «Pris: 350 kr per utøver.», a course's price by age («12 år eller
 * yngre: 200 kr.», «Andre: 300 kr per deltaker.»), a sale's range.
 */
export function eventPriceFacts(pricing: EventPricing): string[] {
  if (isFreeEvent(pricing)) return [pricing.kind === "salg" ? "Gratis." : "Gratis å være med."];
  if (pricing.kind === "gradering") return [`Pris: ${formatKroner(pricing.price ?? 0)} per utøver.`];
  if (pricing.kind === "kurs") {
    const bands = sortedBands(pricing).map((band) => `${band.maxAge} år eller yngre: ${formatKroner(band.price)}.`);
    return [...bands, `${bands.length > 0 ? "Andre" : "Pris"}: ${formatKroner(pricing.price ?? 0)} per deltaker.`];
  }
  return [eventPriceLine(pricing)];
}

/** One line on the event's card: «Pris: 350 kr per utøver.», «Pris: 200–300 kr per deltaker, etter alder.», «Pris: fra 150 kr.» */
export function eventPriceLine(pricing: EventPricing): string {
  if (isFreeEvent(pricing)) return pricing.kind === "salg" ? "Gratis." : "Gratis å være med.";
  const prices = allPrices(pricing);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  if (pricing.kind === "salg") return low === high ? `Pris: ${formatKroner(low)}.` : `Pris: fra ${formatKroner(low)}.`;
  const per = pricing.kind === "gradering" ? "per utøver" : "per deltaker";
  if (low === high) return `Pris: ${formatKroner(low)} ${per}.`;
  return `Pris: ${formatKroner(low).replace(/\u00a0kr$/, "")}–${formatKroner(high)} ${per}, etter alder.`;
}

/**
 * The events' rule as the refund sentence reads it: until the event has ended (midnight after its last day,
 * Oslo) a family may cancel, and everything paid for what is cancelled comes back; nothing is kept.
 */
export function eventRefundRule(event: { lastDay: string; free: boolean }): RefundRule {
  const ends = eventEndsAt(event.lastDay);
  return { fullRefundEndsAt: ends, laterPercent: 0, closesAt: ends, free: event.free };
}

/**
 * The same rule for the terms page, which speaks of every event at once: each event's page and checkout say
 * it with the event's own date (`eventRefundRule`).
 */
export const eventRefundRuleInGeneral =
  "Du kan avbestille selv på «Min påmelding» (lenken står i bekreftelsen du får på e-post) til og med arrangementets siste dag, og du får da alt du har betalt for det du avbestiller, tilbake. Det som ikke er betalt ennå, faller bort – det er ikke noe avbestillingsgebyr.";

/** Where the family follows the money owed back, however the club pays it (docs/decisions/0029). */
export const eventMoneyBackSentence = "Det du skal ha tilbake, ser du på «Min påmelding» til klubben har betalt det tilbake.";
