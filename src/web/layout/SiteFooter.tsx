import { Link } from "react-router";
import { club } from "../../shared/club/club-facts.ts";
import { privacyPath, termsPath } from "../../shared/site/site-pages.ts";
import { useClubContact } from "../lib/site-content.tsx";

export function SiteFooter() {
  const { hall, general } = useClubContact();
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <p>
          <strong>{club.name}</strong> · {hall.street}, {hall.postcode} {hall.town} · Org.nr. {club.orgNumber}
        </p>
        <p>
          <a href={`mailto:${general}`}>{general}</a> · <Link to="/kontakt">Kontakt oss</Link> · <Link to="/treningstider">Treningstider</Link> ·{" "}
          <Link to={privacyPath}>Personvern</Link> · <Link to={termsPath}>Salgsbetingelser</Link>
        </p>
      </div>
    </footer>
  );
}
