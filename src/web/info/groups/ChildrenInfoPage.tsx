import { Link } from "react-router";
import { useSiteContent } from "../../lib/site-content.tsx";

export default function ChildrenInfoPage() {
  const membershipPrices = useSiteContent().priser.membership;
  return (
    <>
      <h2>Taekwondo for barn</h2>
      <figure className="info-figure">
        <img
          src="/bilder/barnepartiet.svg"
          width={400}
          height={440}
          alt="Tegning av et smilende barn i hvit dobok med gult belte som vinker."
          decoding="async"
        />
      </figure>
      <p className="lead">
        Barnepartiet er for barn fra {membershipPrices.children.ages}. Her lærer de spark, slag og selvforsvar – og har det gøy mens de gjør det.
      </p>
      <p>
        Barna trener i to grupper: en nybegynnergruppe for dem som er helt nye, og en gruppe for viderekomne som har trent en stund. Slik får alle
        utfordringer som passer, og ingen trenger å kunne noe på forhånd.
      </p>
      <p>
        Treningene bygger på lek, koordinasjon og grunnteknikker, og etter hvert kommer mønstre (poomsae) og kontrollert sparring. Like viktig er det
        barna lærer om respekt, konsentrasjon og å vente på tur. Ved jevne mellomrom kan de gradere til neste belte, og hver nye farge er et mål å
        strekke seg etter.
      </p>
      <h3 className="clear">Slik begynner dere</h3>
      <p>
        Barnet kan komme på gratis prøvetimer før dere bestemmer dere. Det trenger bare vanlige treningsklær og en flaske vann – dobok kan dere kjøpe
        senere. Meld interesse, så tar vi kontakt med dere om oppstart.
      </p>
      <p className="button-row">
        <Link className="button" to="/nyttmedlem">
          Meld interesse
        </Link>
        <Link className="button secondary" to="/barnepartiet/treningstider">
          Se treningstidene
        </Link>
      </p>
    </>
  );
}
