import { Link } from "react-router";
import { useSiteContent } from "../../lib/site-content.tsx";

export default function YouthAdultInfoPage() {
  const membershipPrices = useSiteContent().priser.membership;
  return (
    <>
      <h2>Taekwondo for ungdom og voksne</h2>
      <figure className="info-figure wide">
        <img
          src="/bilder/ungdom-voksen.svg"
          width={640}
          height={440}
          alt="Tegning av to utøvere i dobok: den ene sparker mot en sparkepute som den andre holder."
          decoding="async"
        />
      </figure>
      <p className="lead">
        Ungdom/voksenpartiet er for alle fra {membershipPrices.youthAdultMinAge} år og oppover – uansett om du aldri har prøvd kampsport før, eller om
        du har trent i mange år.
      </p>
      <p>
        Treningene gir deg god kondisjon, styrke og bevegelighet, og du lærer teknikker du kan bruke til selvforsvar. Vi trener grunnteknikker, spark,
        mønstre (poomsae) og sparring, tilpasset nivået ditt. Nye og erfarne utøvere trener sammen, og de som har kommet lenger, hjelper gjerne dem
        som er nye.
      </p>
      <p>
        Etter hvert kan du gradere til neste belte. Har du rødt eller sort belte, har du egne treninger i tillegg, og på teknikktreningen går vi i
        dybden på detaljene.
      </p>
      <h3 className="clear">Kom og prøv</h3>
      <p>
        Du kan komme på gratis prøvetimer før du bestemmer deg. Ta med vanlige treningsklær og vann, så ordner vi resten. Og nei, det er aldri for
        sent å begynne.
      </p>
      <p className="button-row">
        <Link className="button" to="/nyttmedlem">
          Meld interesse
        </Link>
        <Link className="button secondary" to="/ungdomvoksenpartiet/treningstider">
          Se treningstidene
        </Link>
      </p>
    </>
  );
}
