import { Link } from "react-router";
import type { CampEdition } from "../../../shared/camp/camp-edition.ts";
import { campPriceList, campWhoPaysSentence } from "../../../shared/camp/camp-price-list.ts";
import { useNow } from "../../lib/use-now.ts";

/**
 * The camp's prices as the family will pay them (campPriceList): /vinterleir's price box and the camp's card on
 * /arrangementer. The early-bird line carries its deadline, so a static page left open past it hides it.
 */
export function CampPriceBox({ edition, heading: Heading = "h2" }: { edition: CampEdition; heading?: "h2" | "h3" }) {
  const now = useNow();
  return (
    <section className="camp-price-box" aria-labelledby="camp-price-box-heading" data-testid="camp-price-box">
      <Heading id="camp-price-box-heading">Hva koster det?</Heading>
      <ul className="price-list">
        {campPriceList(edition, now).map((line) => (
          <li key={line.key} data-show-before={line.showBefore?.toISOString()} data-testid={`camp-price-${line.key}`}>
            <span>{line.label}</span>
            <span className="amount">{line.amount}</span>
          </li>
        ))}
      </ul>
      <p>
        {campWhoPaysSentence(edition)} <Link to="/vinterleir/priser">Alle priser og avbestillingsreglene</Link>
      </p>
    </section>
  );
}
