import type { CompanionDraft, CompanionField } from "../../../shared/camp/camp-registration-fields.ts";
import type { FieldErrors } from "../../../shared/camp/camp-registration-rules.ts";
import { AgeField, CheckboxField, TextField } from "./fields.tsx";

interface Props {
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
  companion: CompanionDraft;
  errors: FieldErrors<CompanionField>;
  set: <K extends keyof CompanionDraft>(field: K, value: CompanionDraft[K]) => void;
}

/**
 * A companion added after registering, by the family («Min påmelding») or by the leader («Rett påmeldingen»):
 * the same fields and labels in both places, checked by the same shared rules.
 */
export function CompanionFields({ idPrefix, companion, errors, set }: Props) {
  return (
    <>
      <TextField
        id={`${idPrefix}-first`}
        label="Fornavn"
        autoComplete="off"
        value={companion.firstName}
        onChange={(value) => set("firstName", value)}
        error={errors.firstName}
      />
      <TextField
        id={`${idPrefix}-last`}
        label="Etternavn"
        autoComplete="off"
        value={companion.lastName}
        onChange={(value) => set("lastName", value)}
        error={errors.lastName}
      />
      <AgeField id={`${idPrefix}-age`} label="Alder" value={companion.age} onChange={(value) => set("age", value)} error={errors.age} />
      <TextField
        id={`${idPrefix}-phone`}
        label="Ledsagerens telefon"
        type="tel"
        inputMode="tel"
        value={companion.telephone}
        onChange={(value) => set("telephone", value)}
        error={errors.telephone}
      />
      <TextField
        id={`${idPrefix}-email`}
        label="Ledsagerens e-post"
        type="email"
        inputMode="email"
        value={companion.email}
        onChange={(value) => set("email", value)}
        error={errors.email}
      />
      <CheckboxField
        id={`${idPrefix}-sleepover`}
        label="Ledsageren overnatter i hallen"
        checked={companion.sleepover}
        onChange={(value) => set("sleepover", value)}
      />
    </>
  );
}
