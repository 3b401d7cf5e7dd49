import { Link } from "react-router";
import { club } from "../../../shared/club/club-facts.ts";
import { campDocumentPaths } from "../../../shared/camp/camp-documents.ts";
import { eventMoneyBackSentence, eventRefundRuleInGeneral } from "../../../shared/events/event-terms.ts";
import { privacyPath } from "../../../shared/site/site-pages.ts";
import { ExternalLink } from "../../components/ExternalLink.tsx";
import { useAnnouncedCamp } from "../../lib/camp-edition.tsx";
import { useClubContact } from "../../lib/site-content.tsx";
import "../info-section.css";

/**
 * /salgsbetingelser: the terms of sale for the club's gradings, courses and sales, which every event's page
 * and checkout link to. The cancellation rule is the one the server applies (event-terms.ts); each event's
 * page says it again with its own date. The winter camp has terms of its own (a PDF made from its edition).
 */
export default function TermsPage() {
  const contact = useClubContact();
  const camp = useAnnouncedCamp();
  const mail = <a href={`mailto:${contact.general}`}>{contact.general}</a>;
  return (
    <div className="page info-section">
      <h1>Salgsbetingelser</h1>
      <p className="lead">Dette gjelder når du melder på til en gradering eller et kurs, eller bestiller klubbtøy, på nettstedet til {club.name}.</p>

      <h2>Selger</h2>
      <p>
        {club.name}, organisasjonsnummer {club.orgNumber}. Postadresse: {contact.postal}. Telefon {contact.phone}, e-post {mail}.
      </p>

      <h2>Priser</h2>
      <p>
        Prisen står på arrangementets side og i betalingssteget før du betaler. Alle priser er i norske kroner og inkluderer alle avgifter; det kommer
        ingen gebyrer i tillegg. Prisen du ser når du sender påmeldingen eller bestillingen, er den du betaler.
      </p>

      <h2>Betaling</h2>
      <p>Du betaler med Vipps når du melder på eller bestiller, eller med kort eller kontant ved oppmøte eller når du henter varene.</p>

      <h2>Avbestilling</h2>
      <p>{eventRefundRuleInGeneral}</p>
      <p>{eventMoneyBackSentence}</p>

      <h2>Personopplysninger</h2>
      <p>
        Hvordan vi bruker opplysningene i påmeldingen, står i <Link to={privacyPath}>personvernerklæringen</Link>.
      </p>

      <h2>Klager og kontakt</h2>
      <p>
        Er du misfornøyd, ta kontakt med oss på {mail} eller {contact.phone} så snart som mulig, så finner vi en løsning. Kommer vi ikke til enighet,
        kan du klage til Forbrukerrådet.
      </p>

      <h2>Vinterleiren</h2>
      <p>
        Vinterleiren har egne salgsbetingelser
        {camp ? (
          <>
            : <ExternalLink href={campDocumentPaths(camp.year).terms}>Salgsbetingelser for vinterleiren (PDF)</ExternalLink>.
          </>
        ) : (
          "."
        )}{" "}
        Avbestillingsreglene for leiren står også på <Link to="/vinterleir/priser">prissiden for vinterleiren</Link>.
      </p>
    </div>
  );
}
