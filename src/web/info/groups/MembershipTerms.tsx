import { Link } from "react-router";
import { formatKroner } from "../../../shared/format.ts";
import { ContactEmailLink } from "../../components/ContactEmailLink.tsx";
import { useSiteContent } from "../../lib/site-content.tsx";

/** The membership terms that are the same for every training group. */
export function MembershipTerms() {
  const p = useSiteContent().priser.membership;
  return (
    <>
      <h3>Familierabatt</h3>
      <p>
        Trener flere i samme familie, får nummer to og videre {p.familyDiscountPercent}&nbsp;% rabatt på treningsavgiften. Er dere mer enn tre fra
        samme familie, gjelder egne regler – <Link to="/kontakt">ta kontakt</Link>, så finner vi ut av det sammen.
      </p>
      <h3>Medlemskap og betaling</h3>
      <ul className="fact-list">
        <li>Bindingstiden er {p.bindingMonths} måneder.</li>
        <li>Medlemskapet løper til det sies opp skriftlig.</li>
        <li>Treningsavgiften betales månedlig med AvtaleGiro.</li>
        <li>Hver april kommer en årlig avgift til idrettsforbundet på {formatKroner(p.federationFee)}. Den dekker forsikring og medlemskort.</li>
      </ul>
      <h3>Teoribøker</h3>
      <p>
        Teoribøkene er frivillige og koster {formatKroner(p.theoryBook)} per bok. De kan kjøpes gjennom en instruktør eller ved å sende en e-post til{" "}
        <ContactEmailLink />. Les mer om dem under <Link to="/teori/informasjon">Teori</Link>.
      </p>
    </>
  );
}
