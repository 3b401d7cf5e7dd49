import { z } from "zod";
import { addDays, compareCalendarDates, parseCalendarDate, startOfOsloDay, type CalendarDate } from "../time.ts";
import { programAudiences } from "./camp-edition.ts";

/**
 * One edition of the winter camp as the club edits it: everything that changes from year to year. Stored
 * as JSON in the database, sent by the camp admin's form and by `PUT /api/CampEdition/Put/{year}/{token}`,
 * validated by this one schema on both sides. Dates are calendar days in Oslo ("2026-11-28"); the
 * registration window is two instants (ISO 8601), because it opens and closes at a time of day.
 */

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

const CalendarDateSchema = z
  .string({ error: "Skriv en dato (ÅÅÅÅ-MM-DD)." })
  .refine((value) => parseCalendarDate(value) !== undefined, "Skriv en gyldig dato (ÅÅÅÅ-MM-DD).");

const InstantSchema = z.iso.datetime({ offset: true, error: "Skriv et gyldig tidspunkt (dato og klokkeslett)." });

const kroner = (what: string) =>
  z
    .number({ error: `${what} må være et tall.` })
    .int(`${what} må være hele kroner.`)
    .min(0, `${what} kan ikke være negativ.`)
    .max(100_000, `${what} er urimelig høy.`);

const wholeNumber = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} må være et tall.` })
    .int(`${what} må være et helt tall.`)
    .min(min, `${what} må være minst ${min}.`)
    .max(max, `${what} kan være høyst ${max}.`);

const text = (what: string, max: number) =>
  z
    .string({ error: `${what} mangler.` })
    .trim()
    .min(1, `${what} mangler.`)
    .max(max, `${what} kan være høyst ${max} tegn.`);

const ProgramItemSchema = z.object({
  from: z.string().regex(timePattern, "Skriv klokkeslett som TT:MM."),
  to: z.string().regex(timePattern, "Skriv klokkeslett som TT:MM.").optional(),
  what: text("Hva som skjer", 200),
  where: z.string().trim().max(100, "Stedet kan være høyst 100 tegn.").optional(),
  audience: z.enum(programAudiences, { error: "Velg hvem punktet gjelder." }),
});

export const CampEditionDataSchema = z
  .object({
    year: wholeNumber("Året", 2000, 2100),
    firstDay: CalendarDateSchema,
    lastDay: CalendarDateSchema,
    venue: text("Stedet", 200),
    prices: z.object({
      child: kroner("Barneprisen"),
      adult: kroner("Voksenprisen"),
      childMaxAge: wholeNumber("Aldersgrensen for barnepris", 0, 125),
    }),
    earlyBird: z.object({
      percent: wholeNumber("Rabatten", 0, 100),
      /** The last day that gets the discount. */
      lastDay: CalendarDateSchema,
    }),
    lateFee: z.object({
      amount: kroner("Etteranmeldingsgebyret"),
      /** The first day the fee applies. */
      firstDay: CalendarDateSchema,
      enabled: z.boolean({ error: "Velg om etteranmeldingsgebyret gjelder." }),
    }),
    gradingFee: kroner("Graderingsgebyret"),
    companionFee: kroner("Ledsagerprisen"),
    refund: z.object({
      /** Full refund until midnight at the end of this day. */
      fullUntil: CalendarDateSchema,
      /** The share refunded after that, in percent. */
      laterPercent: wholeNumber("Andelen som refunderes etter fristen", 0, 100),
    }),
    homeClubId: wholeNumber("Vertsklubben", 1, 1_000_000),
    rules: z.object({
      cupGradingBelowAge: wholeNumber("Aldersgrensen for cup-gradering", 1, 125),
      homeClubSleepoverMinAge: wholeNumber("Aldersgrensen for overnatting", 0, 125),
      minAge: wholeNumber("Laveste alder", 0, 125),
      masterFromGradeId: wholeNumber("Mestergraden", 1, 1000),
      cupGradeIdsBelow: wholeNumber("Cup-graderingsgrensen", 1, 1000),
      companionMinAge: wholeNumber("Laveste alder for ledsager", 0, 125),
      companionDefaultAge: wholeNumber("Standardalder for ledsager", 0, 125),
    }),
    registrationOpensAt: InstantSchema,
    registrationClosesAt: InstantSchema,
    /**
     * Registration stays open while the camp is under way (late registrations paid at the door). Off: it
     * closes when the camp starts (the beginning of its first day, Oslo), whatever `registrationClosesAt` says.
     * Editions stored before the setting existed lack it and read as off.
     */
    registrationDuringCamp: z.boolean({ error: "Velg om påmeldingen er åpen mens leiren pågår." }).default(false),
    /** Athletes; null = no limit. */
    capacity: wholeNumber("Antall plasser", 1, 100_000).nullable(),
    /** Sleepover places in the hall; null = no limit. */
    sleepoverCapacity: wholeNumber("Antall overnattingsplasser", 0, 100_000).nullable(),
    /** Per camp day, in order; the weekday comes from the dates. */
    program: z.array(z.array(ProgramItemSchema).max(40, "Høyst 40 punkter per dag.")).max(14),
    flyerTexts: z.object({
      children: text("Teksten på barneflyeren", 1000),
      adults: text("Teksten på voksenflyeren", 1000),
      clubs: text("Teksten på invitasjonen til klubbene", 1000),
    }),
  })
  .superRefine((edition, context) => {
    const problem = (path: (string | number)[], message: string) => context.addIssue({ code: "custom", path, message });
    const first = parseCalendarDate(edition.firstDay);
    const last = parseCalendarDate(edition.lastDay);
    if (!first || !last) return;
    if (first.year !== edition.year) problem(["firstDay"], `Første leirdag må være i ${edition.year}.`);
    if (compareCalendarDates(last, first) < 0) problem(["lastDay"], "Siste leirdag kan ikke være før første leirdag.");
    else if (compareCalendarDates(last, addDays(first, 13)) > 0) problem(["lastDay"], "Leiren kan vare høyst 14 dager.");
    const dayCount = campDayCount(first, last);
    if (edition.program.length > dayCount) problem(["program"], `Programmet har ${edition.program.length} dager, men leiren har ${dayCount}.`);
    const before = (path: (string | number)[], value: string, message: string) => {
      const date = parseCalendarDate(value);
      if (date && compareCalendarDates(date, first) >= 0) problem(path, message);
    };
    before(["earlyBird", "lastDay"], edition.earlyBird.lastDay, "Siste dag for tidligrabatt må være før leiren starter.");
    before(["refund", "fullUntil"], edition.refund.fullUntil, "Fristen for full refusjon må være før leiren starter.");
    const lateFrom = parseCalendarDate(edition.lateFee.firstDay);
    if (lateFrom && compareCalendarDates(lateFrom, last) > 0) problem(["lateFee", "firstDay"], "Etteranmeldingen må begynne før leiren er over.");
    const opens = Date.parse(edition.registrationOpensAt);
    const closes = Date.parse(edition.registrationClosesAt);
    if (closes <= opens) problem(["registrationClosesAt"], "Påmeldingen må stenge etter at den åpner.");
    if (closes > startOfOsloDay(addDays(last, 1)).getTime()) problem(["registrationClosesAt"], "Påmeldingen må stenge senest når leiren er over.");
    if (edition.capacity !== null && edition.sleepoverCapacity !== null && edition.sleepoverCapacity > edition.capacity) {
      problem(["sleepoverCapacity"], "Det kan ikke være flere overnattingsplasser enn plasser.");
    }
    edition.program.forEach((day, dayIndex) =>
      day.forEach((item, itemIndex) => {
        if (item.to && item.to <= item.from) problem(["program", dayIndex, itemIndex, "to"], "Sluttidspunktet må være etter starttidspunktet.");
      }),
    );
  });

export type CampEditionData = z.infer<typeof CampEditionDataSchema>;

function campDayCount(first: CalendarDate, last: CalendarDate): number {
  let count = 1;
  for (let day = first; compareCalendarDates(day, last) < 0; day = addDays(day, 1)) count++;
  return count;
}

/**
 * The body of `PUT /api/CampEdition/Put/{year}/{token}`: a patch of the edition. Fields left out keep their
 * value and nested objects merge field by field, so the merged edition, not the patch, is validated with
 * CampEditionDataSchema (on the server, with its Norwegian messages by field).
 */
export const CampEditionPatchSchema = z.looseObject({});
