import { formatDateAsRead, formatKroner, formatLongDate, formatOsloDateTime } from "../format.ts";
import { parseCalendarDate, programAudiences } from "./camp-edition-data.ts";

/**
 * The camp edition's fields in the words the camp admin reads them: the form's labels and the change log
 * say the same. Keyed by the dotted path the schema, the API's `issues` and the change log use.
 */
const campEditionFieldLabels = {
  year: "År",
  firstDay: "Første leirdag",
  lastDay: "Siste leirdag",
  venue: "Sted",
  "prices.child": "Barnepris",
  "prices.adult": "Voksenpris",
  "prices.childMaxAge": "Barnepris til og med alder",
  "earlyBird.percent": "Tidligrabatt (prosent)",
  "earlyBird.lastDay": "Siste dag med tidligrabatt",
  "lateFee.enabled": "Etteranmeldingsgebyr",
  "lateFee.amount": "Etteranmeldingsgebyr (beløp)",
  "lateFee.firstDay": "Første dag med etteranmeldingsgebyr",
  gradingFee: "Graderingsgebyr (cup-gradering)",
  companionFee: "Ledsagerpris",
  "refund.fullUntil": "Siste dag med full refusjon",
  "refund.laterPercent": "Refusjon etter fristen (prosent)",
  homeClubId: "Vertsklubb",
  "rules.cupGradingBelowAge": "Cup-gradering for barn under (alder)",
  "rules.homeClubSleepoverMinAge": "Overnatting for vertsklubbens barn fra (alder)",
  "rules.minAge": "Laveste alder",
  "rules.masterFromGradeId": "Mester fra grad",
  "rules.cupGradeIdsBelow": "Cup-gradering for grader under",
  "rules.companionMinAge": "Laveste alder for ledsager",
  "rules.companionDefaultAge": "Standardalder for ledsager",
  registrationOpensAt: "Påmeldingen åpner",
  registrationClosesAt: "Påmeldingen stenger",
  registrationDuringCamp: "Påmeldingen er åpen mens leiren pågår",
  capacity: "Antall plasser",
  sleepoverCapacity: "Antall overnattingsplasser",
  program: "Program",
  "flyerTexts.children": "Tekst på barneflyeren",
  "flyerTexts.adults": "Tekst på voksenflyeren",
  "flyerTexts.clubs": "Tekst på invitasjonen til klubbene",
  /** Only in older change-log entries: which edition the public saw before and after a publish. */
  current: "Leiren publikum ser",
  /** Only in the change log: when the edition was published, and which edition a copy was made from. */
  publishedAt: "Publisert",
  copiedFrom: "Kopiert fra",
} as const;

export type CampEditionField = keyof typeof campEditionFieldLabels;

/** The label of a dotted path; a path the list does not know is shown as it is. */
export function campEditionFieldLabel(path: string): string {
  return (campEditionFieldLabels as Record<string, string>)[path] ?? path;
}

/** A program item's fields, for the form's rows and their messages. */
export const programItemLabels = { from: "Fra", to: "Til", what: "Hva", where: "Hvor", audience: "For hvem" } as const;

export const programAudienceLabels: Record<(typeof programAudiences)[number], string> = {
  alle: "Alle",
  barn: "Barn",
  voksne: "Voksne",
  mestere: "Mestere",
};

const kronerFields = new Set(["prices.child", "prices.adult", "lateFee.amount", "gradingFee", "companionFee"]);
const percentFields = new Set(["earlyBird.percent", "refund.laterPercent"]);
const ageFields = new Set([
  "prices.childMaxAge",
  "rules.cupGradingBelowAge",
  "rules.homeClubSleepoverMinAge",
  "rules.minAge",
  "rules.companionMinAge",
  "rules.companionDefaultAge",
]);

/** How the change log reads values: clubs and grades by name, dates against today and the edition's year. */
export interface CampEditionValueNames {
  club?: (id: number) => string | undefined;
  grade?: (id: number) => string | undefined;
  /** Today: a date near it leaves its year out (`needsYear`); without it every date says its year. */
  now?: Date;
  /** The edition's year: a date in another year says its year. */
  year?: number;
}

/**
 * A value of the field at `path` as the change log shows it: kroner, dates, Oslo times, yes/no, "ingen
 * grense" for an open capacity. Clubs and grades are shown by name when `names` knows them.
 */
export function formatCampEditionValue(path: string, value: unknown, names: CampEditionValueNames = {}): string {
  if (value === null || value === undefined) return path === "capacity" || path === "sleepoverCapacity" ? "ingen grense" : "–";
  if (typeof value === "boolean") return path === "lateFee.enabled" ? (value ? "på" : "av") : value ? "ja" : "nei";
  if (typeof value === "number") {
    if (kronerFields.has(path)) return formatKroner(value);
    if (percentFields.has(path)) return `${value}\u00a0%`;
    if (ageFields.has(path)) return `${value} år`;
    if (path === "copiedFrom") return `vinterleiren ${value}`;
    if (path === "homeClubId") return names.club?.(value) ?? `klubb ${value}`;
    if (path === "rules.masterFromGradeId" || path === "rules.cupGradeIdsBelow") return names.grade?.(value) ?? `grad ${value}`;
    return String(value);
  }
  if (typeof value === "string") {
    const date = parseCalendarDate(value);
    if (date) return names.now === undefined ? formatLongDate(date) : formatDateAsRead(date, { now: names.now, year: names.year });
    if (path === "registrationOpensAt" || path === "registrationClosesAt" || path === "publishedAt") {
      const instant = new Date(value);
      // The window is read against the edition's year (next year's camp opening this November says 2026); a publish is not.
      if (!Number.isNaN(instant.getTime()))
        return formatOsloDateTime(instant, { now: names.now, year: path === "publishedAt" ? undefined : names.year });
    }
    return `«${value}»`;
  }
  if (Array.isArray(value) && path === "program") return `${value.length} ${value.length === 1 ? "dag" : "dager"}, ${value.flat().length} punkter`;
  return JSON.stringify(value);
}
