import { z } from "zod";
import { campSettings } from "../camp/camp-edition.ts";
import { emailSchema, telephoneSchema } from "../contact/contact-rules.ts";
import { hasOnlyUsableCharacters, invalidCharactersMessage } from "../text-rules.ts";

/**
 * What a family sends to `POST /api/Arrangement/Post/{slug}`: the contact, and the participants (gradering,
 * kurs) or the items (salg). The event's own rules (age and grade range, questions, stock) are checked
 * against the event by event-rules.ts, in the form and again on the server.
 */
const { limits } = campSettings;

function name(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(limits.nameLength, `Navnet kan ha høyst ${limits.nameLength} tegn.`)
    .refine((value) => hasOnlyUsableCharacters(value, { multiline: false }), invalidCharactersMessage);
}

/** A club or grade picked from a list: stored in an integer column, so never beyond its range (the database would refuse the order). */
function chosenId(required: string) {
  return z.number({ error: required }).int(required).positive(required).max(2_147_483_647, required);
}

function consent(required: string) {
  return z.boolean({ error: required }).refine((value) => value, required);
}

const answerValue = z.union(
  [
    z
      .string()
      .max(500, "Svaret kan ha høyst 500 tegn.")
      .refine((value) => hasOnlyUsableCharacters(value, { multiline: true }), invalidCharactersMessage),
    z.boolean(),
  ],
  {
    error: "Ugyldig svar.",
  },
);

export const EventParticipantSchema = z.object({
  firstName: name("Du må legge inn et fornavn."),
  lastName: name("Du må legge inn et etternavn."),
  age: z
    .number({ error: "Du må legge inn alder." })
    .int("Alder må være et helt tall.")
    .min(1, "Du må legge inn alder.")
    .max(limits.maxAge, `Alder kan ikke være over ${limits.maxAge}.`),
  clubId: chosenId("Du må velge klubb."),
  gradeId: chosenId("Du må velge grad."),
  /** The course's own questions by id: text, a choice's text, or yes/no. */
  answers: z.record(z.string().max(40), answerValue, { error: "Ugyldige svar." }).default({}),
});
export type EventParticipant = z.infer<typeof EventParticipantSchema>;

export const EventOrderItemSchema = z.object({
  itemId: z.string({ error: "Velg en vare." }).min(1, "Velg en vare.").max(40, "Ukjent vare."),
  variant: z.string({ error: "Velg en variant." }).min(1, "Velg en variant.").max(40, "Ukjent variant."),
  quantity: z
    .number({ error: "Skriv et antall." })
    .int("Antallet må være et helt tall.")
    .min(1, "Antallet må være minst 1.")
    .max(20, "Høyst 20 av hver."),
});
export type EventOrderItem = z.infer<typeof EventOrderItemSchema>;

export const maxEventParticipants = 10;

export const EventOrderSchema = z.object({
  draftId: z.uuid("Ugyldig registrerings-id."),
  dataConsent: consent("Du må samtykke til at vi bruker opplysningene til å arrangere dette."),
  termsAccepted: consent("Du må godta salgsbetingelsene."),
  contact: z.object(
    {
      firstName: name("Du må legge inn et fornavn."),
      lastName: name("Du må legge inn et etternavn."),
      email: emailSchema({ required: "Du må legge inn en epost.", invalid: "Ugyldig epost." }),
      telephone: telephoneSchema({ required: "Du må legge inn et telefonnummer.", invalid: "Ugyldig telefonnummer." }),
    },
    { error: "Du må fylle inn kontaktopplysningene." },
  ),
  participants: z
    .array(EventParticipantSchema, { error: "Ugyldige deltakere." })
    .max(maxEventParticipants, `Høyst ${maxEventParticipants} deltakere i én påmelding.`)
    .default([]),
  items: z.array(EventOrderItemSchema, { error: "Ugyldige varer." }).max(30, "Høyst 30 varelinjer i én bestilling.").default([]),
  vipps: z.boolean({ error: "Ugyldig valg." }),
});
export type EventOrder = z.infer<typeof EventOrderSchema>;
export type EventOrderInput = z.input<typeof EventOrderSchema>;
