import { formatOsloDateTime, type DateReading } from "../../shared/format.ts";
import { HttpError } from "../errors.ts";

/** The answers a camp registration's input can get besides the stored registration itself. */

/** A 400 about one field, answered as `{ error, issues: [{ path, message }] }` like a schema failure. */
export class CampInputError extends HttpError {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(400, message);
    this.name = "CampInputError";
  }
}

export const campInputMessages = {
  /** A draft sent again without its own secret (another browser, or an old copy of the form). */
  draftAlreadySent: "Denne påmeldingen er allerede sendt inn. Start en ny påmelding, eller bruk lenken i e-posten du fikk.",
  unknownClub: "Ukjent klubb.",
  unknownGrade: "Ukjent grad.",
  sleepoverFull: "Alle overnattingsplassene er tatt. Gå tilbake og meld på uten overnatting.",
  groupDoesNotFit: (free: number, athletes: number) =>
    `Det er ${free === 0 ? "ingen" : `bare ${free}`} ledige ${free === 1 ? "plass" : "plasser"} igjen, og påmeldingen har ${athletes} utøvere. ` +
    "Meld på færre utøvere, eller meld på hver for seg for å komme på ventelisten.",
  groupSleepoverFull: "Det er ikke nok ledige overnattingsplasser til alle som skal overnatte. Gå tilbake og endre valget om overnatting.",
  /** Late registration while the camp is under way is paid at the door. */
  vippsDuringCamp:
    "Vinterleiren pågår, så påmeldinger nå betales med kort eller kontant ved oppmøte, ikke med Vipps. Velg «Kort eller kontant ved oppmøte».",
  companionNotFound: (name: string) =>
    `Vi finner ingen påmeldt ledsager som heter ${name} med det telefonnummeret på årets leir. ` +
    "Sjekk navn og telefonnummer, eller fjern avkrysningen for «allerede påmeldt».",
} as const;

/** What a submission answers, and for whom a link to "Min påmelding" may be made (the draft's own browser). */
export type SubmitAnswer = ({ kind: "done" } | { kind: "redirect"; url: string } | { kind: "waitlist" }) & {
  /** The registration the draft made, when the request proved it holds the draft's secret. */
  registrationId?: number;
  /** The secret of a link to it made while it was stored. */
  submissionToken?: string;
};

/** The 409 answers outside the registration window (the wizard shows the sentence as it is). */
export const registrationWindowMessages = {
  notYet: (opensAt: Date, reading: DateReading = {}) => `Påmeldingen åpner ${formatOsloDateTime(opensAt, reading)}.`,
  closed: "Påmeldingen er stengt.",
  campStarted: (year: number) => `Vinterleiren ${year} har startet, og påmeldingen stengte da leiren begynte.`,
} as const;
