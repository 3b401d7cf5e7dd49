import { Link } from "react-router";
import { club, contactEmails } from "../../shared/club/club-facts.ts";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <p>
          <strong>{club.name}</strong> · {club.hall.street}, {club.hall.postcode} {club.hall.town} · Org.nr.{" "}
          {club.orgNumber}
        </p>
        <p>
          <a href={`mailto:${contactEmails.general}`}>{contactEmails.general}</a> ·{" "}
          <Link to="/kontakt">Kontakt oss</Link> · <Link to="/treningstider">Treningstider</Link>
        </p>
      </div>
    </footer>
  );
}
