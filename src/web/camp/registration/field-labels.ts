import type { CampField } from "../../../shared/camp/camp-registration.ts";
import { CAMP_STEPS, STEP_FIELDS, type CampStep } from "../../../shared/camp/camp-steps.ts";

/** What each field is called on screen, for messages shown away from the field (the Payment step). */
export const fieldLabels: Record<CampField, string> = {
  draftId: "Påmeldingen",
  dataConsent: "Samtykke",
  termsAccepted: "Salgsbetingelser",
  firstName: "Fornavn",
  lastName: "Etternavn",
  age: "Alder",
  email: "E-post",
  telephone: "Telefonnummer",
  clubId: "Klubb",
  gradeId: "Beltegrad",
  gradering: "Gradering",
  sleepover: "Overnatting",
  hasLedsager: "Ledsager",
  ledsagere: "Ledsagere",
  allergies: "Allergier",
  vegan: "Mat",
  otherInfo: "Annen informasjon",
  wantsToInstruct: "Instruere ved behov",
  public: "Deltakerlisten",
  instructor: "Instruktør",
  vipps: "Betaling",
};

/** The step where a field is edited, to send the user back to it; none for fields no step shows. */
export function stepOfField(field: string): CampStep | undefined {
  return CAMP_STEPS.find((step) => step !== "Payment" && (STEP_FIELDS[step] as readonly string[]).includes(field));
}
