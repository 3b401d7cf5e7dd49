// Changes after registering: by the athlete through "Min påmelding" and by the camp leader.
import { z } from "zod";
import { CompanionSchema, registrationShape } from "./camp-registration-fields.ts";

/**
 * A change through "Min påmelding" to what may change freely until the camp starts: the wizard's own
 * fields and messages. Every field is optional; what is left out stays as it is.
 */
export const MyRegistrationChangeSchema = z
  .object({
    email: registrationShape.email,
    telephone: registrationShape.telephone,
    allergies: registrationShape.allergies,
    otherInfo: registrationShape.otherInfo,
    vegan: registrationShape.vegan,
    public: z.boolean({ error: "Du må velge om du vil vises på deltakerlisten." }),
    sleepover: registrationShape.sleepover,
  })
  .partial()
  .strict();
export type MyRegistrationChange = z.infer<typeof MyRegistrationChangeSchema>;

/** Cancelling one person: the athlete (the whole registration) or one companion by its key. */
export const MyCancellationSchema = z
  .object({
    person: z.string({ error: "Velg hvem som skal avbestilles." }).regex(/^(athlete|companion-\d{1,9})$/, "Velg hvem som skal avbestilles."),
    /** The refund the page showed; a different one today answers 409 so nobody is surprised. */
    expectedRefund: z.number({ error: "Ugyldig beløp." }).int("Ugyldig beløp.").min(0, "Ugyldig beløp.").max(1_000_000, "Ugyldig beløp.").optional(),
  })
  .strict();
export type MyCancellation = z.infer<typeof MyCancellationSchema>;

/** "Finn påmeldingen min": the e-mail address given at registration. */
export const FindMyRegistrationSchema = z.object({ email: registrationShape.email }).strict();
export type FindMyRegistration = z.infer<typeof FindMyRegistrationSchema>;
/** Its answer: the same sentence whether or not the address is registered. */
export const FindMyRegistrationAnswerSchema = z.object({ message: z.string() });

/** A companion added later through "Min påmelding": the wizard's companion form, never "already registered" here. */
export const MyCompanionAddSchema = CompanionSchema.extend({
  alreadyRegistered: z.literal(false, "En ledsager som allerede er påmeldt, legges ikke til her."),
}).strict();
export type MyCompanionAdd = z.infer<typeof MyCompanionAddSchema>;

/** Grading on or off through "Min påmelding" (priced by the server). */
export const MyGradingSchema = z.object({ gradering: z.boolean({ error: "Ugyldig valg." }) }).strict();
export type MyGrading = z.infer<typeof MyGradingSchema>;

/**
 * The camp leader's correction of a registration (POST /api/VinterleirAdmin/Correct): the athlete's age,
 * club, grade and grading, with the wizard's own field rules; the server applies the wizard's eligibility
 * rules and prices the result with the registration's own edition and time.
 */
export const LeaderCorrectionSchema = z
  .object({
    age: registrationShape.age,
    clubId: registrationShape.clubId,
    gradeId: registrationShape.gradeId,
    gradering: registrationShape.gradering,
  })
  .partial()
  .strict();
export type LeaderCorrection = z.infer<typeof LeaderCorrectionSchema>;

/**
 * The camp leader adds a companion to a registration (POST /api/VinterleirAdmin/AddCompanion): the wizard's
 * companion form as Min påmelding has it. The companion is charged and owed until paid.
 */
export const LeaderCompanionAddSchema = MyCompanionAddSchema;
export type LeaderCompanionAdd = z.infer<typeof LeaderCompanionAddSchema>;

/** The camp leader removes (cancels) one companion of a registration (POST /api/VinterleirAdmin/RemoveCompanion). */
export const LeaderCompanionRemoveSchema = z
  .object({
    companionId: z
      .number({ error: "Velg hvilken ledsager som skal fjernes." })
      .int("Velg hvilken ledsager som skal fjernes.")
      .positive("Velg hvilken ledsager som skal fjernes.")
      .max(999_999_999, "Velg hvilken ledsager som skal fjernes."),
  })
  .strict();
export type LeaderCompanionRemove = z.infer<typeof LeaderCompanionRemoveSchema>;
