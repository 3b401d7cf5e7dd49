import { club, contactEmails } from "../../../shared/club/club-facts.ts";
import "./wizard.css";

/** Spec §8: the page stays, says what happened and what to do, and keeps the technical detail folded away. */
export function SubmitError({ detail }: { detail: string }) {
  return (
    <div className="submit-error" role="alert">
      <h3>Oisann! Noe gikk galt når vi prøvde å registrere deg.</h3>
      <p>
        Påmeldingen er ikke sendt. Det du har fylt inn, er tatt vare på, så du kan prøve igjen om litt. Fungerer det
        fortsatt ikke, kan du kontakte {club.name} på <a href={`mailto:${contactEmails.general}`}>{contactEmails.general}</a>.
      </p>
      <details>
        <summary>Teknisk feilmelding</summary>
        <p className="error-detail">{detail}</p>
      </details>
    </div>
  );
}
