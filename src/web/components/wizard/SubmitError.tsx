import { club } from "../../../shared/club/club-facts.ts";
import type { ApiIssue } from "../../lib/api-client.ts";
import "./wizard.css";
import { ContactEmailLink } from "../../components/ContactEmailLink.tsx";

/** docs/requirements.md §8: the page stays, says what happened and what to do, and keeps the technical detail folded away. */
export function SubmitError({ detail }: { detail: string }) {
  return (
    <div className="submit-error" role="alert">
      <h3>Oisann! Noe gikk galt når vi prøvde å registrere deg.</h3>
      <p>
        Påmeldingen er ikke sendt. Det du har fylt inn, er tatt vare på, så du kan prøve igjen om litt. Fungerer det fortsatt ikke, kan du kontakte{" "}
        {club.name} på <ContactEmailLink />.
      </p>
      <details>
        <summary>Teknisk feilmelding</summary>
        <p className="error-detail">{detail}</p>
      </details>
    </div>
  );
}

/**
 * What the server (or the wizard's own last check) asks to correct: each issue with its field's label and a
 * button back to the step that has the field.
 */
export function SubmitInvalid<Step>({
  heading,
  message,
  issues,
  labelOf,
  stepOf,
  goTo,
}: {
  heading: string;
  message: string;
  issues: ApiIssue[];
  /** A field's name for people, from the top-level field an issue path names ("ledsagere.0.email" → "ledsagere"). */
  labelOf: (field: string) => string | undefined;
  stepOf: (field: string) => Step | undefined;
  goTo: (step: Step) => void;
}) {
  return (
    <div className="submit-invalid" role="alert">
      <h3>{heading}</h3>
      <p>{message}</p>
      <ul>
        {issues.map((issue, index) => {
          const field = issue.path.split(".")[0] ?? "";
          const label = labelOf(field);
          const step = stepOf(field);
          return (
            <li key={`${issue.path}-${index}`}>
              {label ? `${label}: ` : ""}
              {issue.message}{" "}
              {step && (
                <button type="button" className="link-button" onClick={() => goTo(step)}>
                  Rett opp{label ? ` ${label.toLocaleLowerCase("nb-NO")}` : ""}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
