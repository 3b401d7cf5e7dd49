import { useState } from "react";
import { club } from "../../../../shared/club/club-facts.ts";
import { campSettings } from "../../../../shared/camp/camp-edition.ts";
import { useCampEdition } from "../../../lib/camp-edition.tsx";
import { mayOfferToInstruct, maySleepOver, mayTickGrading } from "../../../../shared/camp/camp-eligibility.ts";
import { newCompanion, type CompanionDraft, type CompanionField } from "../../../../shared/camp/camp-registration-fields.ts";
import { validateCompanion } from "../../../../shared/camp/camp-registration-rules.ts";
import {
  applySiblingRules,
  newSibling,
  siblingRegistration,
  validateSibling,
  type SiblingDraft,
  type SiblingField,
} from "../../../../shared/camp/camp-siblings.ts";
import { gradeLabel, gradeSearchText, isHomeClub, isMaster, type Club, type Grade } from "../../../../shared/camp/grades.ts";
import { AgeField, CheckboxField, FieldMessage, TextAreaField, TextField } from "../../../components/wizard/fields.tsx";
import { checkboxProps, fieldProps, toggleProps, type FieldSource } from "../../../components/wizard/bind.ts";
import { StepLayout } from "../../../components/wizard/StepLayout.tsx";
import { newId } from "../../../components/wizard/new-id.ts";
import { Combobox } from "../Combobox.tsx";
import { personName as athleteName } from "../../../../shared/camp/camp-athletes.ts";
import { SiblingList } from "./SiblingList.tsx";
import type { DataStepProps } from "./step-props.ts";
import { voiceOf } from "../../../../shared/person-voice.ts";

const clubKey = (item: Club) => item.clubId;
const clubName = (item: Club) => item.name;
const gradeKey = (grade: Grade) => grade.gradeId;

/** What the step shows: the list of further athletes, one athlete's form, or a companion form for that athlete. */
type View = { kind: "list" } | { kind: "athlete"; index?: number } | { kind: "companion"; index?: number };

/**
 * The further athletes of a family submission. Each has the first athlete's contact details, consents and
 * payment choice, and everything else of its own: club, grade, grading, sleepover, companions, food,
 * allergies and its own answer to the public-list question.
 */
export function SiblingsStep({ wizard, data }: DataStepProps) {
  const { draft } = wizard;
  const siblings = draft.siblings ?? [];
  const { siblings: _, ...first } = draft;
  const [view, setView] = useState<View>({ kind: "list" });
  const [form, setForm] = useState<SiblingDraft>(() => newSibling(draft.lastName, draft.clubId));
  const [companion, setCompanion] = useState<CompanionDraft>(() => newCompanion(newId()));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [tried, setTried] = useState<ReadonlySet<"athlete" | "companion">>(() => new Set());
  const [moved, setMoved] = useState(false);
  const { settings } = useCampEdition();

  const show = (next: View) => {
    setView(next);
    setMoved(true);
  };
  const startAthlete = (index?: number) => {
    setForm(index === undefined ? newSibling(draft.lastName, draft.clubId) : siblings[index]!);
    setTouched(new Set());
    setTried(new Set());
    show({ kind: "athlete", index });
  };

  if (view.kind === "list") {
    return <SiblingList wizard={wizard} data={data} onAdd={() => startAthlete()} onEdit={startAthlete} focusHeading={wizard.moved || moved} />;
  }

  const errors = validateSibling(first, form);
  const athleteSource: FieldSource<SiblingDraft, SiblingField> = {
    draft: form,
    update: (patch) => setForm((current) => applySiblingRules(first, { ...current, ...patch })),
    touch: (field) => setTouched((current) => new Set(current).add(field)),
    visibleError: (field) => (touched.has(field) || tried.has("athlete") ? errors[field] : undefined),
    idPrefix: "sibling-",
  };

  if (view.kind === "companion") {
    const companionErrors = validateCompanion(companion);
    const companionSource: FieldSource<CompanionDraft, CompanionField> = {
      draft: companion,
      update: (patch) => setCompanion((current) => ({ ...current, ...patch })),
      touch: (field) => setTouched((current) => new Set(current).add(`companion.${field}`)),
      visibleError: (field) => (touched.has(`companion.${field}`) || tried.has("companion") ? companionErrors[field] : undefined),
      idPrefix: "sibling-companion-",
    };
    const canAdd = Object.keys(companionErrors).length === 0;
    return (
      <StepLayout
        key="companion"
        title={`Legg til ledsager for ${form.firstName.trim() || "utøveren"}`}
        focusHeading
        onBack={() => show({ kind: "athlete", index: view.index })}
        onNext={() => {
          const ledsagere = [...(form.ledsagere ?? []), companion];
          athleteSource.update({ ledsagere, hasLedsager: true });
          show({ kind: "athlete", index: view.index });
        }}
        onAttempt={() => setTried((current) => new Set(current).add("companion"))}
        canContinue={canAdd}
        nextLabel="Legg til"
        blockedHint="Fyll ut alle feltene for å legge til ledsageren."
      >
        <p>En ledsager som allerede er lagt inn for en annen utøver i denne påmeldingen, skal ikke legges inn på nytt.</p>
        <TextField label="Fornavn" {...fieldProps(companionSource, "firstName")} />
        <TextField label="Etternavn" {...fieldProps(companionSource, "lastName")} />
        <AgeField label="Alder" hint="En ledsager må være myndig." {...fieldProps(companionSource, "age")} />
        <TextField label="Telefonnummer" type="tel" inputMode="tel" {...fieldProps(companionSource, "telephone")} />
        <TextField label="E-post" type="email" inputMode="email" {...fieldProps(companionSource, "email")} />
        <CheckboxField label="Overnatter" {...toggleProps(companionSource, "sleepover")} />
      </StepLayout>
    );
  }

  const editing = view.index !== undefined;
  const asRegistration = siblingRegistration(first, form);
  const gradingAllowed = mayTickGrading(asRegistration);
  const sleepoverAllowed = maySleepOver(asRegistration);
  const companions = form.ledsagere ?? [];
  const publicError = athleteSource.visibleError("public");
  // A further athlete is never the one filling in: always named in the third person.
  const v = voiceOf(form, false);
  const anyShown = (Object.keys(errors) as SiblingField[]).some((field) => athleteSource.visibleError(field));
  const choosePublic = (value: boolean) => {
    athleteSource.update({ public: value });
    athleteSource.touch("public");
  };
  return (
    <StepLayout
      key="athlete"
      title={editing ? `Endre ${athleteName(form)}` : "Legg til utøver"}
      focusHeading
      onBack={() => show({ kind: "list" })}
      onNext={() => {
        wizard.saveSibling(form, view.index);
        show({ kind: "list" });
      }}
      onAttempt={() => setTried((current) => new Set(current).add("athlete"))}
      canContinue={Object.keys(errors).length === 0}
      nextLabel={editing ? "Lagre utøveren" : "Legg til utøveren"}
      blockedHint={
        anyShown ? "Rett opp det som er markert, så kan du lagre utøveren." : "Fyll ut alle feltene og svar på spørsmålet om deltakerlisten."
      }
    >
      <p>Utøveren får samme e-post og telefonnummer som {athleteName(draft)}. «Tilbake» går til listen uten å lagre.</p>
      <TextField label="Fornavn" autoComplete="off" {...fieldProps(athleteSource, "firstName")} />
      <TextField label="Etternavn" autoComplete="off" {...fieldProps(athleteSource, "lastName")} />
      <AgeField label="Alder" hint="Alderen utøveren har under leiren, i hele år." {...fieldProps(athleteSource, "age")} />
      <Combobox
        id="sibling-clubId"
        label="Klubb"
        items={data.clubs.status === "ready" ? data.clubs.data : []}
        itemKey={clubKey}
        itemLabel={clubName}
        searchText={clubName}
        selected={form.clubId ?? 0}
        onSelect={(clubId) => athleteSource.update({ clubId })}
        onBlur={() => athleteSource.touch("clubId")}
        error={athleteSource.visibleError("clubId")}
        unavailable={data.clubs.status === "loading" ? "Laster klubber…" : data.clubs.status === "error" ? "Klubbene kunne ikke hentes" : undefined}
        toggleLabel="Vis alle klubber"
        chosenPrefix="Valgt klubb"
      />
      <Combobox
        id="sibling-gradeId"
        label="Beltegrad"
        items={data.grades.status === "ready" ? data.grades.data : []}
        itemKey={gradeKey}
        itemLabel={gradeLabel}
        searchText={gradeSearchText}
        selected={form.gradeId}
        onSelect={(gradeId) => athleteSource.update({ gradeId })}
        onBlur={() => athleteSource.touch("gradeId")}
        error={athleteSource.visibleError("gradeId")}
        unavailable={
          data.grades.status === "loading" ? "Laster belter…" : data.grades.status === "error" ? "Beltegradene kunne ikke hentes" : undefined
        }
        toggleLabel="Vis alle beltegrader"
        chosenPrefix="Valgt beltegrad"
        hint="Du kan søke på nummer, farge, «cup» eller «dan»."
      />
      <CheckboxField
        label={`${v.Jeg} ønsker å gradere på leiren`}
        disabled={!gradingAllowed}
        description={
          gradingAllowed
            ? undefined
            : isHomeClub(asRegistration.clubId)
              ? `Cup-gradering på leiren er bare for barn under ${settings.cupGradingBelowAge} år.`
              : `Cup-gradering på leiren er bare for barn under ${settings.cupGradingBelowAge} år fra ${club.name}.`
        }
        {...checkboxProps(athleteSource, "gradering")}
      />
      <CheckboxField
        label={`${v.Jeg} overnatter i hallen`}
        disabled={!sleepoverAllowed}
        description={sleepoverAllowed ? undefined : `Barn under ${settings.homeClubSleepoverMinAge} år fra ${club.name} kan ikke overnatte i hallen.`}
        {...checkboxProps(athleteSource, "sleepover")}
      />
      {isMaster(form.gradeId) && mayOfferToInstruct(form.gradeId) && (
        <CheckboxField
          label="Kan instruere ved behov"
          description="Mestere betaler for leiren som alle andre."
          checked={form.wantsToInstruct ?? false}
          onChange={(checked) => athleteSource.update({ wantsToInstruct: checked })}
          id="sibling-wantsToInstruct"
        />
      )}
      <fieldset className="fieldset" aria-describedby={athleteSource.visibleError("ledsagere") ? "sibling-ledsagere-error" : undefined}>
        <legend>Egen ledsager</legend>
        {companions.length === 0 ? (
          <p>Ingen ledsager lagt inn for denne utøveren.</p>
        ) : (
          <ul className="companion-list" aria-label={`Ledsagere for ${form.firstName.trim() || "utøveren"}`}>
            {companions.map((item) => {
              const name = `${item.firstName} ${item.lastName}`;
              return (
                <li key={item.id} className="companion">
                  <div>
                    <strong>{name}</strong>
                    <span className="companion-meta">
                      {item.age} år · {item.telephone} · {item.email}
                      {item.sleepover ? " · overnatter" : ""}
                    </span>
                  </div>
                  <button
                    type="button"
                    className="button secondary small"
                    onClick={() => athleteSource.update({ ledsagere: companions.filter((other) => other.id !== item.id) })}
                    aria-label={`Slett ${name}`}
                  >
                    Slett
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {companions.length < campSettings.limits.maxCompanions && (
          <button
            type="button"
            className="button secondary"
            onClick={() => {
              setCompanion(newCompanion(newId()));
              setTried((current) => new Set([...current].filter((which) => which !== "companion")));
              setTouched((current) => new Set([...current].filter((key) => !key.startsWith("companion."))));
              show({ kind: "companion", index: view.index });
            }}
          >
            Legg til ledsager
          </button>
        )}
        <FieldMessage id="sibling-ledsagere-error" message={athleteSource.visibleError("ledsagere")} />
      </fieldset>
      <CheckboxField label={`${v.Jeg} er vegetarianer eller veganer`} {...toggleProps(athleteSource, "vegan")} />
      <TextAreaField
        label="Allergier (valgfritt)"
        hint="Bare de som har ansvaret for leiren, ser dette."
        maxLength={campSettings.limits.textLength}
        {...fieldProps(athleteSource, "allergies")}
      />
      <TextAreaField
        label="Annen informasjon (valgfritt)"
        hint="For eksempel om utøveren ikke vil være med på bilder, eller kommer senere."
        maxLength={campSettings.limits.textLength}
        {...fieldProps(athleteSource, "otherInfo")}
        value={form.otherInfo ?? ""}
      />
      <fieldset className="fieldset" aria-describedby={publicError ? "sibling-public-error" : undefined}>
        <legend>Skal {v.name} stå med navn og grad på deltakerlisten?</legend>
        <div className="check-row">
          <input type="radio" id="sibling-public-yes" name="sibling-public" checked={form.public === true} onChange={() => choosePublic(true)} />
          <label htmlFor="sibling-public-yes">Ja, vis navnet og graden på deltakerlisten</label>
        </div>
        <div className="check-row">
          <input type="radio" id="sibling-public-no" name="sibling-public" checked={form.public === false} onChange={() => choosePublic(false)} />
          <label htmlFor="sibling-public-no">Nei, vis bare klubben, uten navn</label>
        </div>
        <FieldMessage id="sibling-public-error" message={publicError} />
      </fieldset>
    </StepLayout>
  );
}
