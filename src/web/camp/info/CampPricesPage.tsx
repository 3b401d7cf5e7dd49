import { Link } from "react-router";
import { club } from "../../../shared/club/club-facts.ts";
import { campDocumentPaths } from "../../../shared/camp/camp-documents.ts";
import { campKeyFacts } from "../../../shared/camp/camp-texts.ts";
import { formatKroner, formatLongDate } from "../../../shared/format.ts";
import { ExternalLink } from "../../components/ExternalLink.tsx";
import { useAnnouncedCamp, useCampMoment } from "../../lib/camp-edition.tsx";
import { payAtDoorSentence } from "../../../shared/camp/camp-moment-texts.ts";
import { CampMomentNotice } from "./CampMomentNotice.tsx";
import { CampNotAnnounced } from "./CampNotAnnounced.tsx";
import { CancellationTerms } from "./CancellationTerms.tsx";
import { isEarlyBird } from "../../../shared/camp/camp-edition.ts";
import { useNow } from "../../lib/use-now.ts";

export default function CampPricesPage() {
  const campEdition = useAnnouncedCamp();
  const moment = useCampMoment();
  const now = useNow();
  if (!campEdition) return <CampNotAnnounced />;
  const early = isEarlyBird(campEdition, now);
  const registrationOpen = moment?.registration === "open";
  const running = moment?.phase === "running";
  const { settings } = campEdition;
  const facts = campKeyFacts(campEdition);
  const childAges = `${settings.price.childMaxAge} år eller yngre`;
  const adultAges = `${settings.price.childMaxAge + 1} år eller eldre`;

  return (
    <>
      <CampMomentNotice />
      <h2>Pris for utøvere</h2>
      <p>Prisen gjelder hele leiren med trening, mat og overnatting i hallen.</p>
      <ul className="price-list">
        <li>
          <span>{childAges}</span>
          <span className="amount">{formatKroner(facts.price.child)}</span>
        </li>
        <li>
          <span>{adultAges}</span>
          <span className="amount">{formatKroner(facts.price.adult)}</span>
        </li>
        <li>
          <span>Utøvere fra {club.name}</span>
          <span className="amount">Gratis</span>
        </li>
      </ul>

      {/* Offered only while it can be had: left out after the deadline (the page is rendered again then), and
          hidden by the visitor's clock on a page left open past it (lib/page-script.ts), like the banner on /arrangementer. */}
      {early && (
        <div data-testid="early-bird-prices" data-show-before={campEdition.earlyBirdEndsAt.toISOString()}>
          <h3>Tidlig påmelding</h3>
          <p>
            Melder du deg på før {formatLongDate(facts.earlyBirdBefore)}, får du {settings.earlyBird.percent}&nbsp;% rabatt på utøverprisen:
          </p>
          <ul className="price-list">
            <li>
              <span>{childAges}</span>
              <span className="amount">{formatKroner(facts.price.childEarly)}</span>
            </li>
            <li>
              <span>{adultAges}</span>
              <span className="amount">{formatKroner(facts.price.adultEarly)}</span>
            </li>
          </ul>
        </div>
      )}

      <h2>Tillegg</h2>
      <ul className="price-list">
        <li>
          <span>
            Cup-gradering (barn fra {club.name} under {settings.cupGradingBelowAge} år)
          </span>
          <span className="amount">+{formatKroner(settings.gradingFee)}</span>
        </li>
        <li>
          <span>Ledsager som ikke er påmeldt som utøver (mat og overnatting)</span>
          <span className="amount">+{formatKroner(settings.companionFee)}</span>
        </li>
        {settings.lateFee.enabled && (
          <li>
            <span>Etteranmelding etter {formatLongDate(facts.lateFeeAfter)}</span>
            <span className="amount">+{formatKroner(settings.lateFee.amount)}</span>
          </li>
        )}
      </ul>
      <p>Dan-gradering betales separat til forbundet og er ikke med i prisene her.</p>

      <h2>Betaling</h2>
      <p>
        {running
          ? `Leiren pågår nå. ${registrationOpen ? payAtDoorSentence : "Har du ikke betalt, betaler du med kort eller kontant når du sjekker inn."}`
          : "Du betaler med Vipps når du melder deg på, eller med kort eller kontant når du sjekker inn på leiren."}{" "}
        Alle priser er i norske kroner og inkluderer alle avgifter.
      </p>

      <h2>Avbestilling og refusjon</h2>
      <CancellationTerms edition={campEdition} />
      <p>
        <ExternalLink href={campDocumentPaths(campEdition.year).terms}>Salgsbetingelser for vinterleiren (PDF)</ExternalLink>
      </p>

      {registrationOpen && (
        <div className="button-row">
          <Link className="button" to="/vinterleir/registrering">
            Meld deg på
          </Link>
        </div>
      )}
    </>
  );
}
