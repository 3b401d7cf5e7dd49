import { z } from "zod";
import { emailSchema, telephoneSchema } from "../contact/contact-rules.ts";

/**
 * New-member interest registration (spec §3, §5; D7): the athlete, and for a child the guardian who is
 * the contact. The browser's wizard and POST /api/NewMember/Post validate with the same schema (D2).
 */
export const newMemberSettings = {
  minAge: 7,
  maxAge: 125,
  defaultAge: 12,
  /** Under this age a guardian is the contact and must be named. */
  adultAge: 18,
  nameLength: 100,
} as const;

/** Where the visitor came from (spec §3): the `referer` query parameter, stored as this number. */
export const Referer = { Website: 0, Email: 1, QRCode: 2 } as const;
export type RefererValue = (typeof Referer)[keyof typeof Referer];

export const refererLabels: Record<RefererValue, string> = {
  [Referer.Website]: "Nettsiden",
  [Referer.Email]: "E-post",
  [Referer.QRCode]: "QR-kode",
};

/** `?referer=qr` or `email` (any case); anything else, or nothing, means the website. */
export function refererFromQuery(value: string | null | undefined): RefererValue {
  const normalised = value?.trim().toLowerCase();
  if (normalised === "qr") return Referer.QRCode;
  if (normalised === "email") return Referer.Email;
  return Referer.Website;
}

export const newMemberMessages = {
  firstName: "Du må legge inn et fornavn.",
  lastName: "Du må legge inn et etternavn.",
  tooYoung: "Må være 7 år eller eldre",
  parentFirstName: "Du må legge inn fornavnet til en foresatt.",
  parentLastName: "Du må legge inn etternavnet til en foresatt.",
  emailRequired: "Du må legge inn en epost.",
  emailInvalid: "Ugyldig epost",
  telephoneRequired: "Du må legge inn et telefonnummer.",
  telephoneInvalid: "Ugyldig telefonnummer",
} as const;

const { nameLength } = newMemberSettings;

function name(label: string, required?: string) {
  const trimmed = z.string({ error: required ?? "Ugyldig tekst." }).trim();
  return (required ? trimmed.min(1, required) : trimmed).max(nameLength, `${label} kan ha høyst ${nameLength} tegn.`);
}

const newMemberShape = {
  firstName: name("Fornavnet", newMemberMessages.firstName),
  lastName: name("Etternavnet", newMemberMessages.lastName),
  age: z
    .number({ error: "Du må legge inn alder." })
    .int("Alder må være et helt tall.")
    .min(newMemberSettings.minAge, newMemberMessages.tooYoung)
    .max(newMemberSettings.maxAge, `Alder kan ikke være over ${newMemberSettings.maxAge}.`),
  /** Required under 18 (cross-field rule below); an adult is their own contact. */
  parentFirstName: name("Fornavnet til den foresatte"),
  parentLastName: name("Etternavnet til den foresatte"),
  /** The contact's address: the guardian's for a child, the member's own for an adult. */
  email: emailSchema({ required: newMemberMessages.emailRequired, invalid: newMemberMessages.emailInvalid }),
  telephone: telephoneSchema({ required: newMemberMessages.telephoneRequired, invalid: newMemberMessages.telephoneInvalid }),
  referer: z.literal([Referer.Website, Referer.Email, Referer.QRCode], "Ugyldig verdi for hvor du fant oss."),
};

export type NewMemberField = keyof typeof newMemberShape;
export const NEW_MEMBER_FIELDS = Object.keys(newMemberShape) as NewMemberField[];

export function needsGuardian(age: number): boolean {
  return age < newMemberSettings.adultAge;
}

/** The guardian's name is required for a child; reported on the field to fill in. */
function crossFieldErrors(draft: Pick<NewMemberDraft, "age" | "parentFirstName" | "parentLastName">): [NewMemberField, string][] {
  if (!needsGuardian(draft.age)) return [];
  const errors: [NewMemberField, string][] = [];
  if (draft.parentFirstName.trim() === "") errors.push(["parentFirstName", newMemberMessages.parentFirstName]);
  if (draft.parentLastName.trim() === "") errors.push(["parentLastName", newMemberMessages.parentLastName]);
  return errors;
}

/**
 * The registration as the browser posts it and the server stores it (spec §3 field names). For an adult
 * any guardian name is dropped: an adult is their own contact, and we keep no name we do not need.
 */
export const NewMemberSchema = z
  .object(newMemberShape)
  .superRefine((registration, ctx) => {
    for (const [field, message] of crossFieldErrors(registration)) ctx.addIssue({ code: "custom", path: [field], message });
  })
  .transform((registration) =>
    needsGuardian(registration.age) ? registration : { ...registration, parentFirstName: "", parentLastName: "" },
  );
export type NewMember = z.output<typeof NewMemberSchema>;
export type NewMemberDraft = z.input<typeof NewMemberSchema>;
export type NewMemberErrors = Partial<Record<NewMemberField, string>>;

export function emptyNewMemberDraft(referer: RefererValue = Referer.Website): NewMemberDraft {
  return {
    firstName: "",
    lastName: "",
    age: newMemberSettings.defaultAge,
    parentFirstName: "",
    parentLastName: "",
    email: "",
    telephone: "",
    referer,
  };
}

/** The first message per given field, then the guardian rule where it lands on one of them. */
export function validateNewMemberFields(fields: readonly NewMemberField[], draft: NewMemberDraft): NewMemberErrors {
  const errors: NewMemberErrors = {};
  for (const field of fields) {
    const result = newMemberShape[field].safeParse(draft[field]);
    if (!result.success) errors[field] = result.error.issues[0]?.message;
  }
  for (const [field, message] of crossFieldErrors(draft)) {
    if (fields.includes(field)) errors[field] ??= message;
  }
  return errors;
}

// ---------- Wizard steps (spec §2: Welcome, Registration, Parent, Receipt, Done) ----------

export const NewMemberStepSchema = z.enum(["Welcome", "Registration", "Parent", "Receipt", "Done"]);
export type NewMemberStep = z.infer<typeof NewMemberStepSchema>;
export const NEW_MEMBER_STEPS = NewMemberStepSchema.options;

/**
 * The fields each step edits. A child's contact details are the guardian's and are asked on the Parent
 * step; an adult gives their own on the Registration step and never sees the Parent step.
 */
export function stepFields(step: NewMemberStep, draft: Pick<NewMemberDraft, "age">): readonly NewMemberField[] {
  const child = needsGuardian(draft.age);
  switch (step) {
    case "Registration":
      return child ? ["firstName", "lastName", "age"] : ["firstName", "lastName", "age", "email", "telephone"];
    case "Parent":
      return child ? ["parentFirstName", "parentLastName", "email", "telephone"] : [];
    case "Receipt":
      return NEW_MEMBER_FIELDS;
    default:
      return [];
  }
}

export function validateNewMemberStep(step: NewMemberStep, draft: NewMemberDraft): NewMemberErrors {
  return validateNewMemberFields(stepFields(step, draft), draft);
}

export function canLeaveNewMemberStep(step: NewMemberStep, draft: NewMemberDraft): boolean {
  return Object.keys(validateNewMemberStep(step, draft)).length === 0;
}

/** Where Next leads: adults go straight from Registration to Receipt. Receipt submits; Done is final. */
export function nextNewMemberStep(step: NewMemberStep, draft: Pick<NewMemberDraft, "age">): NewMemberStep {
  switch (step) {
    case "Welcome":
      return "Registration";
    case "Registration":
      return needsGuardian(draft.age) ? "Parent" : "Receipt";
    case "Parent":
      return "Receipt";
    default:
      return "Done";
  }
}

export function previousNewMemberStep(step: NewMemberStep, draft: Pick<NewMemberDraft, "age">): NewMemberStep {
  switch (step) {
    case "Registration":
      return "Welcome";
    case "Parent":
      return "Registration";
    case "Receipt":
      return needsGuardian(draft.age) ? "Parent" : "Registration";
    case "Done":
      return "Done";
    default:
      return "Welcome";
  }
}

/** The steps shown in the indicator for this draft (Parent only for a child; Done is not counted). */
export function countedNewMemberSteps(draft: Pick<NewMemberDraft, "age">): NewMemberStep[] {
  return NEW_MEMBER_STEPS.filter((step) => step !== "Done" && (step !== "Parent" || needsGuardian(draft.age)));
}
