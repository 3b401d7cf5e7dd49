import { CAMP_STEPS, STEP_FIELDS, type CampStep, type StepField } from "../../../shared/camp/camp-steps.ts";

/** What each field is called on screen, for messages shown away from the field (the Review and Payment steps). */
export const fieldLabels: Record<StepField, string> = {
  draftId: "Påmeldingen",
  dataConsent: "Samtykke",
  termsAccepted: "Salgsbetingelser",
  firstName: "Fornavn",
  lastName: "Etternavn",
  age: "Alder",
  email: "E-post",
  telephone: "Telefonnummer",
  contactName: "Foresatt/kontaktperson",
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
  siblings: "Flere utøvere",
};

/** The step where a field is edited, to send the user back to it; none for fields no step shows. */
export function stepOfField(field: string): CampStep | undefined {
  if (field === "siblings") return "Siblings";
  return CAMP_STEPS.find((step) => step !== "Review" && step !== "Payment" && (STEP_FIELDS[step] as readonly string[]).includes(field));
}
