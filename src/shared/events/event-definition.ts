import { z } from "zod";
import { campSettings } from "../camp/camp-edition.ts";
import { hasOnlyUsableCharacters, invalidCharactersMessage } from "../text-rules.ts";

/**
 * An event the club runs besides the winter camp (docs/decisions/0022-events-side-by-side.md): what the
 * leader writes in the event admin and `PUT /api/ArrangementAdmin/Put/{slug}/{token}` takes. One shape per
 * kind over a common part; the server and the admin form validate with the same schema.
 */
export const eventKinds = ["gradering", "kurs", "salg"] as const;
export type EventKind = (typeof eventKinds)[number];

/** Where an event's registration stands for a family (event-rules.ts decides it). */
export const eventStates = ["notyet", "open", "full", "closed"] as const;
export type EventState = (typeof eventStates)[number];

/** Kinds as the lists, the admin and the Vipps result page name them (the winter camp's is its own). */
export const eventKindLabels: Record<EventKind | "vinterleir", string> = {
  vinterleir: "Vinterleir",
  gradering: "Gradering",
  kurs: "Kurs",
  salg: "Bestilling",
};

/** Lower-case letters, digits and hyphens: the event's address (/arrangementer/{slug}) and its API key. */
export const eventSlugPattern = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;
export const EventSlugSchema = z.string().regex(eventSlugPattern, "Adressen kan bare ha små bokstaver, tall og bindestrek (høyst 60 tegn).");

/** The Norwegian letters as an address spells them: «Påskeleir på Ødegården» → «paskeleir-pa-odegarden». */
const slugLetters: Record<string, string> = { æ: "ae", ø: "o", å: "a", ß: "ss" };

/**
 * A new event's address made from its title, with the year of its first day when the title does not already
 * say it (the same course comes back every year): «Sommerkurs på Ski», 2027 → «sommerkurs-pa-ski-2027».
 * Lower-case letters a–z, digits and single hyphens, at most 60 characters, as `eventSlugPattern` wants.
 */
export function slugFromTitle(title: string, year?: number): string {
  const words = title
    .toLocaleLowerCase("nb-NO")
    .replace(/[æøåß]/g, (letter) => slugLetters[letter]!)
    // Other accented letters lose their accent (é → e), anything else becomes a hyphen.
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (words === "") return "";
  const withYear = year !== undefined && !words.split("-").includes(String(year)) ? `${words}-${year}` : words;
  if (withYear.length <= 60) return withYear;
  // Too long: shorten the words, never the year.
  const tail = withYear === words ? "" : `-${year}`;
  return `${words.slice(0, 60 - tail.length).replace(/-+$/, "")}${tail}`;
}

/** The camp's editions appear in the event admin under this slug (vinterleir-2026). */
export const campSlugPattern = /^vinterleir-(\d{4})$/;

export const eventMessages = {
  title: "Skriv et navn på arrangementet.",
  day: "Skriv en gyldig dato (ÅÅÅÅ-MM-DD).",
  lastDay: "Siste dag kan ikke være før første dag.",
  instant: "Skriv et gyldig tidspunkt (dato og klokkeslett).",
  closes: "Påmeldingen må stenge etter at den åpner.",
  capacity: "Antall plasser må være et helt tall fra 1 til 10 000.",
  price: "Prisen må være et helt antall kroner fra 0 til 100 000.",
  ageRange: "Høyeste alder kan ikke være lavere enn laveste.",
  gradeRange: "Høyeste grad kan ikke være lavere enn laveste.",
  time: "Skriv klokkeslettet som TT:MM.",
  itemsRequired: "Legg inn minst én vare.",
  variantsRequired: "Hver vare må ha minst én variant (for eksempel en størrelse).",
  stock: "Lageret må være et helt tall fra 0 til 100 000.",
  uniqueIds: "To varer, varianter eller spørsmål har samme id.",
  choicesRequired: "Et flervalgsspørsmål må ha minst to valg.",
  id: "En id kan bare ha bokstaver, tall og bindestrek.",
  kindChanged: "Et arrangement kan ikke bytte type etter at noen har meldt seg på.",
  movedIntoPast:
    "Et arrangement med påmeldinger kan ikke flyttes til en dag som er passert: da ville påmeldingene blitt gjort anonyme. Rett datoen eller avlys påmeldingene først.",
  slugTaken: "Det finnes allerede et arrangement med denne adressen. Velg en annen.",
} as const;

function text(max: number, required?: string) {
  const trimmed = z.string({ error: required ?? "Ugyldig tekst." }).trim();
  return (required ? trimmed.min(1, required) : trimmed)
    .max(max, `Teksten kan ha høyst ${max} tegn.`)
    .refine((value) => hasOnlyUsableCharacters(value, { multiline: true }), invalidCharactersMessage);
}

const day = z.iso.date({ error: eventMessages.day });
const instant = z.iso.datetime({ offset: true, error: eventMessages.instant });
const kroner = z.number({ error: eventMessages.price }).int(eventMessages.price).min(0, eventMessages.price).max(100_000, eventMessages.price);
const idText = z.string({ error: eventMessages.id }).regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,39}$/, eventMessages.id);
const ageNumber = z
  .number({ error: "Skriv en alder." })
  .int("Alder må være et helt tall.")
  .min(0, "Alder kan ikke være negativ.")
  .max(campSettings.limits.maxAge, `Alder kan ikke være over ${campSettings.limits.maxAge}.`);
const gradeId = z.number({ error: "Velg en grad." }).int("Velg en grad.").min(1, "Velg en grad.").max(100, "Velg en grad.");
/** A grading's limit left empty (null) is no limit that way. */
const noLimit = <T extends z.ZodType>(schema: T) => schema.nullable().default(null);

const common = {
  title: text(120, eventMessages.title),
  firstDay: day,
  lastDay: day,
  venue: text(200).default(""),
  description: text(4000).default(""),
  registrationOpensAt: instant,
  registrationClosesAt: instant,
  capacity: z
    .number({ error: eventMessages.capacity })
    .int(eventMessages.capacity)
    .min(1, eventMessages.capacity)
    .max(10_000, eventMessages.capacity)
    .nullable()
    .default(null),
};

export const GradingFieldsSchema = z.object({
  kind: z.literal("gradering"),
  ...common,
  price: kroner,
  startTime: z.string({ error: eventMessages.time }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, eventMessages.time),
  homeClubOnly: z.boolean({ error: "Ugyldig valg." }),
  minAge: noLimit(ageNumber),
  maxAge: noLimit(ageNumber),
  minGradeId: noLimit(gradeId),
  maxGradeId: noLimit(gradeId),
});

export const questionTypes = ["text", "choice", "yesno"] as const;
/** A «Valg» question's options are checked with the question, so its message comes with the others. */
export const EventQuestionSchema = z
  .object({
    id: idText,
    label: text(200, "Skriv spørsmålet."),
    type: z.enum(questionTypes, { error: "Velg en spørsmålstype." }),
    required: z.boolean({ error: "Ugyldig valg." }),
    choices: z.array(text(100, "Et valg kan ikke være tomt."), { error: "Ugyldige valg." }).max(20, "Høyst 20 valg.").default([]),
  })
  .superRefine((question, ctx) => {
    if (question.type === "choice" && question.choices.length < 2)
      ctx.addIssue({ code: "custom", path: ["choices"], message: eventMessages.choicesRequired });
  });
export type EventQuestion = z.infer<typeof EventQuestionSchema>;

export const PriceBandSchema = z.object({ maxAge: ageNumber, price: kroner });

export const CourseFieldsSchema = z.object({
  kind: z.literal("kurs"),
  ...common,
  /** The price for everyone older than every band. */
  price: kroner,
  /** Cheaper (or dearer) prices up to an age, youngest band first. */
  priceBands: z.array(PriceBandSchema, { error: "Ugyldige priser." }).max(10, "Høyst 10 aldersgrupper.").default([]),
  sleepover: z.boolean({ error: "Ugyldig valg." }).default(false),
  questions: z.array(EventQuestionSchema, { error: "Ugyldige spørsmål." }).max(20, "Høyst 20 spørsmål.").default([]),
});

export const SaleVariantSchema = z.object({
  id: idText,
  stock: z.number({ error: eventMessages.stock }).int(eventMessages.stock).min(0, eventMessages.stock).max(100_000, eventMessages.stock),
});
export const SaleItemSchema = z.object({
  id: idText,
  name: text(120, "Skriv et navn på varen."),
  price: kroner,
  variants: z
    .array(SaleVariantSchema, { error: eventMessages.variantsRequired })
    .min(1, eventMessages.variantsRequired)
    .max(30, "Høyst 30 varianter."),
});
export type SaleItem = z.infer<typeof SaleItemSchema>;

export const SaleFieldsSchema = z.object({
  kind: z.literal("salg"),
  ...common,
  items: z.array(SaleItemSchema, { error: eventMessages.itemsRequired }).min(1, eventMessages.itemsRequired).max(50, "Høyst 50 varer."),
  pickUpPlace: text(200).default(""),
  pickUpTime: text(200).default(""),
});

function unique(values: readonly string[]): boolean {
  return new Set(values).size === values.length;
}

export const EventDefinitionSchema = z
  .discriminatedUnion("kind", [GradingFieldsSchema, CourseFieldsSchema, SaleFieldsSchema], { error: "Velg en type: gradering, kurs eller salg." })
  .superRefine((event, ctx) => {
    if (event.lastDay < event.firstDay) ctx.addIssue({ code: "custom", path: ["lastDay"], message: eventMessages.lastDay });
    if (Date.parse(event.registrationClosesAt) <= Date.parse(event.registrationOpensAt))
      ctx.addIssue({ code: "custom", path: ["registrationClosesAt"], message: eventMessages.closes });
    if (event.kind === "gradering") {
      if (event.maxAge !== null && event.minAge !== null && event.maxAge < event.minAge)
        ctx.addIssue({ code: "custom", path: ["maxAge"], message: eventMessages.ageRange });
      if (event.maxGradeId !== null && event.minGradeId !== null && event.maxGradeId < event.minGradeId)
        ctx.addIssue({ code: "custom", path: ["maxGradeId"], message: eventMessages.gradeRange });
    }
    if (event.kind === "kurs" && !unique(event.questions.map((question) => question.id)))
      ctx.addIssue({ code: "custom", path: ["questions"], message: eventMessages.uniqueIds });
    if (event.kind === "salg") {
      if (!unique(event.items.map((item) => item.id))) ctx.addIssue({ code: "custom", path: ["items"], message: eventMessages.uniqueIds });
      event.items.forEach((item, index) => {
        if (!unique(item.variants.map((variant) => variant.id)))
          ctx.addIssue({ code: "custom", path: ["items", index, "variants"], message: eventMessages.uniqueIds });
      });
    }
  });
export type EventDefinition = z.infer<typeof EventDefinitionSchema>;
export type EventDefinitionInput = z.input<typeof EventDefinitionSchema>;

/**
 * A grading's defaults: the club's own cup grading (home club, the camp's fee). Who may come follows from the
 * grades graded (the cup grades, white up to the last cup grade before the black-belt step); no age is
 * guessed: the leader sets one when the grading has one.
 */
export const gradingDefaults = {
  price: campSettings.gradingFee,
  homeClubOnly: true,
  minAge: null,
  maxAge: null,
  minGradeId: 1,
  maxGradeId: campSettings.cupGradeIdsBelow - 1,
  startTime: "10:00",
} as const;
