import { termsPath } from "../../shared/site/site-pages.ts";
import { ExternalLink } from "../components/ExternalLink.tsx";
import type { ApiIssue } from "../lib/api-client.ts";

/**
 * The event order's contact step: the buyer's name, e-mail and telephone, and the two consents. The terms are
 * a link (a new tab, so the form keeps what is filled in) with the event's cancellation rule right above.
 */
export function ContactFields({
  contact,
  onContact,
  consents,
  onConsents,
  issues,
  refundSentence,
}: {
  contact: { firstName: string; lastName: string; email: string; telephone: string };
  onContact: (next: { firstName: string; lastName: string; email: string; telephone: string }) => void;
  consents: { dataConsent: boolean; termsAccepted: boolean };
  onConsents: (next: { dataConsent: boolean; termsAccepted: boolean }) => void;
  issues: ApiIssue[];
  /** The event's refund rule in words (refundRuleSentence). */
  refundSentence: string;
}) {
  const error = (path: string) => issues.find((issue) => issue.path === path)?.message;
  const field = (key: keyof typeof contact, label: string, type: string, autoComplete: string) => (
    <div>
      <label htmlFor={`contact-${key}`}>{label}</label>
      <input
        id={`contact-${key}`}
        type={type}
        autoComplete={autoComplete}
        value={contact[key]}
        onChange={(change) => onContact({ ...contact, [key]: change.target.value })}
        aria-invalid={error(`contact.${key}`) ? true : undefined}
        aria-describedby={error(`contact.${key}`) ? `contact-${key}-error` : undefined}
      />
      {error(`contact.${key}`) && (
        <p className="field-error" id={`contact-${key}-error`}>
          {error(`contact.${key}`)}
        </p>
      )}
    </div>
  );
  return (
    <fieldset>
      <legend>Hvem kan vi kontakte?</legend>
      {field("firstName", "Fornavn", "text", "given-name")}
      {field("lastName", "Etternavn", "text", "family-name")}
      {field("email", "E-post", "email", "email")}
      {field("telephone", "Telefon", "tel", "tel")}
      <p className="event-terms" data-testid="checkout-refund-rule">
        <strong>Avbestilling:</strong> {refundSentence}
      </p>
      {(["dataConsent", "termsAccepted"] as const).map((key) => (
        <div className="check" key={key}>
          <input
            id={`consent-${key}`}
            type="checkbox"
            checked={consents[key]}
            onChange={(change) => onConsents({ ...consents, [key]: change.target.checked })}
          />
          <label htmlFor={`consent-${key}`}>
            {key === "dataConsent" ? (
              "Jeg samtykker til at klubben bruker opplysningene til å arrangere dette."
            ) : (
              <>
                Jeg godtar <ExternalLink href={termsPath}>salgsbetingelsene</ExternalLink>.
              </>
            )}
          </label>
          {error(key) && <p className="field-error">{error(key)}</p>}
        </div>
      ))}
    </fieldset>
  );
}
