import type { ReactNode } from "react";
import { athletesOf, personName, publicChoiceLabel, yesNo } from "../../../../shared/camp/camp-athletes.ts";
import { contactNameBelowAge } from "../../../../shared/camp/contact-greeting.ts";
import { mayOfferToInstruct } from "../../../../shared/camp/camp-eligibility.ts";
import type { Companion, CompanionDraft } from "../../../../shared/camp/camp-registration-fields.ts";
import type { CampRegistrationDraft } from "../../../../shared/camp/camp-registration.ts";
import type { CampStep, StepField } from "../../../../shared/camp/camp-steps.ts";
import { gradeLabel } from "../../../../shared/camp/grades.ts";
import { formatKroner } from "../../../../shared/format.ts";
import { StepLayout } from "../../../components/wizard/StepLayout.tsx";
import { usePriceQuote } from "../use-price-quote.ts";
import { fieldLabels, stepOfField } from "../field-labels.ts";
import { LoadProblem } from "../../../components/LoadProblem.tsx";
import { ReceiptTable } from "../ReceiptTable.tsx";
import type { DataStepProps } from "./step-props.ts";

type Athlete = Omit<CampRegistrationDraft, "siblings">;
/** One line of the review: what, the value, and where it is changed. */
type Row = [label: string, value: ReactNode, step: CampStep];
type PriceQuote = ReturnType<typeof usePriceQuote>[0];

function companionText(companion: CompanionDraft | Companion): string {
  return [
    `${personName(companion)}, ${companion.age} år`,
    companion.telephone,
    companion.email,
    companion.sleepover ? "overnatter" : "overnatter ikke",
    companion.alreadyRegistered ? "allerede påmeldt" : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

/** The club's and the grade's names for the review, «–» while the lists load or when unknown. */
function namesOf(data: DataStepProps["data"]) {
  const clubName = (clubId: number) =>
    (data.clubs.status === "ready" ? data.clubs.data.find((club) => club.clubId === clubId)?.name : undefined) ?? "–";
  const gradeName = (gradeId: number) => {
    const grade = data.grades.status === "ready" ? data.grades.data.find((item) => item.gradeId === gradeId) : undefined;
    return grade ? gradeLabel(grade) : "–";
  };
  return { clubName, gradeName };
}

/** The first athlete's rows lead to their own steps; a further athlete's to the list of further athletes. */
function athleteRows(athlete: Athlete, index: number, { clubName, gradeName }: ReturnType<typeof namesOf>): Row[] {
  const at = (step: CampStep): CampStep => (index === 0 ? step : "Siblings");
  return [
    ["Alder", `${athlete.age} år`, at("NameAge")],
    ["Klubb", clubName(athlete.clubId), at("ClubGrade")],
    ["Beltegrad", gradeName(athlete.gradeId), at("ClubGrade")],
    ["Gradering", yesNo(athlete.gradering), at("Gradering")],
    ["Overnatter i hallen", yesNo(athlete.sleepover), at("Sleepover")],
    [
      "Ledsagere",
      athlete.ledsagere.length === 0 ? (
        "Ingen"
      ) : (
        <ul className="review-companions">
          {athlete.ledsagere.map((companion) => (
            <li key={companion.id}>{companionText(companion)}</li>
          ))}
        </ul>
      ),
      at(athlete.ledsagere.length > 0 ? "LedsagerManagement" : "Ledsager"),
    ],
    ["Allergier", athlete.allergies.trim() || "Ingen", at("Allergies")],
    ["Vegetar eller vegansk mat", yesNo(athlete.vegan), at("FoodPreference")],
    ["Annen informasjon", athlete.otherInfo.trim() || "Ingen", at("OtherInformation")],
    ...(mayOfferToInstruct(athlete.gradeId) ? ([["Kan instruere ved behov", yesNo(athlete.wantsToInstruct), at("OtherInformation")]] as Row[]) : []),
    ["På deltakerlisten", publicChoiceLabel(athlete.public), at("Public")],
  ];
}

/**
 * The last look before payment: the contact details, every athlete and companion, the consents and each
 * athlete's price lines as the server calculates them, with «Endre» beside each to go back to where it is
 * filled in.
 */
export function ReviewStep({ wizard, data }: DataStepProps) {
  const { draft } = wizard;
  const [quote, retryQuote] = usePriceQuote(draft);
  const athletes = athletesOf(draft);
  const family = athletes.length > 1;
  const names = namesOf(data);
  const price = quote.status === "ready" ? quote.data : undefined;

  const problems = Object.entries(wizard.errors) as [StepField, string][];
  return (
    <StepLayout
      title="Se over påmeldingen"
      focusHeading={wizard.moved}
      onBack={wizard.back}
      onNext={wizard.next}
      onAttempt={wizard.attempt}
      canContinue={wizard.canContinue && price !== undefined}
      nextLabel="Gå til betaling"
      blockedHint={
        problems.length > 0
          ? "Noe mangler eller må rettes, se over."
          : quote.status === "error"
            ? "Prisen må hentes før du kan gå videre."
            : "Henter prisen …"
      }
    >
      <p>Stemmer alt? Trykk «Endre» for å rette noe, eller «Gå til betaling» for å velge hvordan du betaler.</p>
      {problems.length > 0 && <ReviewProblems problems={problems} goTo={wizard.edit} />}

      <section aria-labelledby="review-contact">
        <h3 id="review-contact">Kontaktinformasjon</h3>
        <Summary
          rows={[
            ["E-post", draft.email.trim(), "EmailTelephone"],
            ["Telefon", draft.telephone.trim(), "EmailTelephone"],
            ...(draft.age < contactNameBelowAge && draft.contactName?.trim()
              ? [["Foresatt/kontaktperson", draft.contactName.trim(), "EmailTelephone"] satisfies Row]
              : []),
          ]}
          goTo={wizard.edit}
          idPrefix="review-contact"
        />
        {family && <p className="field-hint">Bekreftelsen til alle utøverne sendes hit.</p>}
      </section>

      {athletes.map((athlete, index) => (
        <section key={`athlete-${index}`} aria-labelledby={`review-athlete-${index}`}>
          <h3 id={`review-athlete-${index}`}>{personName(athlete)}</h3>
          <Summary rows={athleteRows(athlete, index, names)} goTo={wizard.edit} idPrefix={`review-athlete-${index}`} who={personName(athlete)} />
        </section>
      ))}

      <section aria-labelledby="review-consents">
        <h3 id="review-consents">Samtykker</h3>
        <Summary
          rows={[
            ["Opplysningene brukes til å arrangere leiren", yesNo(draft.dataConsent), "Welcome"],
            ["Salgsbetingelsene er godtatt", yesNo(draft.termsAccepted), "Welcome"],
          ]}
          goTo={wizard.edit}
          idPrefix="review-consents"
        />
      </section>

      <ReviewPrice quote={quote} retryQuote={retryQuote} family={family} />
    </StepLayout>
  );
}

function Summary({ rows, goTo, idPrefix, who }: { rows: Row[]; goTo: (step: CampStep) => void; idPrefix: string; who?: string }) {
  return (
    <dl className="review-summary wizard-summary">
      {rows.map(([label, value, step]) => (
        <div key={`${idPrefix}-${label}`}>
          <dt>{label}</dt>
          <dd>
            <span className="wizard-summary-value">{value}</span>
            <button type="button" className="link-button" onClick={() => goTo(step)}>
              Endre
              <span className="visually-hidden">
                {" "}
                {label.toLocaleLowerCase("nb-NO")}
                {who ? ` for ${who}` : ""}
              </span>
            </button>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** What is missing or wrong in the draft, each with a way to the step where it is filled in. */
function ReviewProblems({ problems, goTo }: { problems: [StepField, string][]; goTo: (step: CampStep) => void }) {
  return (
    <div className="notice" role="alert">
      <p>
        <strong>Noe mangler eller må rettes:</strong>
      </p>
      <ul>
        {problems.map(([field, message]) => {
          const step = stepOfField(field);
          return (
            <li key={field}>
              {fieldLabels[field]}: {message}{" "}
              {step && (
                <button type="button" className="link-button" onClick={() => goTo(step)}>
                  Gå dit
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Each athlete's price lines as the server calculates them, and the total for a family. */
function ReviewPrice({ quote, retryQuote, family }: { quote: PriceQuote; retryQuote: () => void; family: boolean }) {
  const price = quote.status === "ready" ? quote.data : undefined;
  return (
    <section aria-labelledby="review-price">
      <h3 id="review-price">Pris</h3>
      {quote.status === "loading" && <p role="status">Henter prisen …</p>}
      {quote.status === "error" && <LoadProblem what="prisen" detail={quote.detail} onRetry={retryQuote} />}
      {price?.athletes.map((athlete, index) => (
        <ReceiptTable key={`price-${index}`} caption={athlete.name} lines={athlete.lines} total={athlete.total} />
      ))}
      {price && family && (
        <p className="group-total">
          Totalt for alle: <strong>{formatKroner(price.total)}</strong>
        </p>
      )}
    </section>
  );
}
