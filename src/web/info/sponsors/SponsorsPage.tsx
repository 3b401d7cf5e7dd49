import { ExternalLink } from "../../components/ExternalLink.tsx";
import { SiteImage } from "../../components/SiteImage.tsx";
import { useSiteContent } from "../../lib/site-content.tsx";
import "./sponsors.css";

/** "https://www.follolas.no/" → "follolas.no": the address a visitor recognises on the card. */
function domainOf(url: string): string {
  return new URL(url).hostname.replace(/^www\./, "");
}

export default function SponsorsPage() {
  const { samarbeidspartnere, kontakt: contactEmails } = useSiteContent();
  const { sponsors } = samarbeidspartnere;
  return (
    <div className="page">
      <h1>Samarbeidspartnere</h1>
      <p className="lead">Disse bedriftene støtter Ski Taekwondo Klubb og er med på å gi barn, ungdom og voksne i Ski et godt tilbud.</p>

      <ul className="sponsor-grid">
        {sponsors.map((sponsor, index) => (
          <li key={`${sponsor.url}-${index}`}>
            <ExternalLink href={sponsor.url} className="sponsor-card">
              {sponsor.logo && <SiteImage className="sponsor-logo" image={sponsor.logo} alt="" />}
              <span className="sponsor-name">{sponsor.name}</span>
              {sponsor.trade && <span className="sponsor-trade">{sponsor.trade}</span>}
              <span className="sponsor-site">{domainOf(sponsor.url)}</span>
            </ExternalLink>
          </li>
        ))}
      </ul>

      <h2>Takk for støtten</h2>
      <p>
        En stor takk til alle samarbeidspartnerne våre! Støtten deres gjør det lettere for klubben å kjøpe utstyr og å holde arrangementer som
        vinterleiren. Vi håper du tenker på dem neste gang du trenger det de tilbyr.
      </p>

      <h2>Vil din bedrift støtte klubben?</h2>
      <p>Vi tar gjerne imot flere samarbeidspartnere, store og små. Send oss en e-post, så forteller vi hva et samarbeid kan innebære:</p>
      <p>
        <a className="button" href={`mailto:${contactEmails.sponsors}?subject=${encodeURIComponent("Samarbeid med Ski Taekwondo Klubb")}`}>
          {contactEmails.sponsors}
        </a>
      </p>
    </div>
  );
}
