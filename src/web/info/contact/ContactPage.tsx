import { club, mapUrlOf } from "../../../shared/club/club-facts.ts";
import { useClubContact } from "../../lib/site-content.tsx";
import { ExternalLink } from "../../components/ExternalLink.tsx";
import "../info-section.css";
import "./contact.css";

const mailto = (addresses: readonly string[], subject?: string) =>
  `mailto:${addresses.join(",")}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`;

export default function ContactPage() {
  const contactEmails = useClubContact();
  const { hall } = contactEmails;
  return (
    <div className="page info-section">
      <h1>Kontakt</h1>
      <p className="lead">Har du spørsmål om trening, prøvetimer eller medlemskap? Ta kontakt – eller kom innom treningslokalet når vi trener.</p>

      <h2>Skriv til oss</h2>
      <ul className="contact-list">
        <li className="card">
          <h3>Generelle spørsmål</h3>
          <p>Om trening, prøvetimer, priser og alt annet.</p>
          <a className="button" href={mailto([contactEmails.general])}>
            {contactEmails.general}
          </a>
        </li>
        <li className="card">
          <h3>Foresatte</h3>
          <p>For foresatte til barn og ungdom som trener hos oss.</p>
          <a className="button secondary" href={mailto([contactEmails.parents], "Fra foresatt")}>
            {contactEmails.parents}
          </a>
        </li>
        <li className="card">
          <h3>Klubbens leder</h3>
          <p>Saker som bør gå direkte til lederen.</p>
          <a className="button secondary" href={mailto([contactEmails.leader])}>
            {contactEmails.leader}
          </a>
        </li>
        <li className="card">
          <h3>Facebook</h3>
          <p>Nyheter, bilder og beskjeder fra klubben.</p>
          <ExternalLink className="button secondary" href={club.facebook}>
            Klubben på Facebook
          </ExternalLink>
        </li>
      </ul>

      <h2>Varsling</h2>
      <p>
        Har du sett eller opplevd noe som ikke er greit i klubben – for eksempel mobbing, trakassering, overgrep eller uærlig håndtering av penger? Da
        kan du varsle. Varselet går til både lederen og klubbens felles adresse ({contactEmails.whistleblowing.join(" og ")}), og det behandles
        fortrolig: bare de som må vite om saken for å følge den opp, får vite hvem du er.
      </p>
      <p className="button-row">
        <a className="button" href={mailto(contactEmails.whistleblowing, "Varsling")}>
          Send et varsel
        </a>
      </p>

      <h2>Besøk oss</h2>
      {hall.landmark ? <p>Treningslokalet ligger {hall.landmark}:</p> : <p>Treningslokalet:</p>}
      <address className="address card contact-address">
        <strong>{club.name}</strong>
        <br />
        {hall.street}
        <br />
        {hall.postcode} {hall.town}
      </address>
      <p className="button-row">
        <ExternalLink className="button secondary" href={mapUrlOf(hall)}>
          Vis i kart
        </ExternalLink>
      </p>

      <h2>Klubbinformasjon</h2>
      <dl className="club-facts">
        <dt>Postadresse</dt>
        <dd>{contactEmails.postal}</dd>
        <dt>Telefon</dt>
        <dd>
          <a href={`tel:${contactEmails.phone.replace(/\s/g, "")}`}>{contactEmails.phone}</a>
        </dd>
        <dt>Organisasjonsnummer</dt>
        <dd>{club.orgNumber}</dd>
      </dl>
    </div>
  );
}
