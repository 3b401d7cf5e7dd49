import { z } from "zod";
import { hasOnlyUsableCharacters, invalidCharactersMessage } from "../text-rules.ts";

/**
 * The facts on the information pages that the club edits itself in the admin area «Nettsted»: one schema per
 * section, used by the admin's forms, the server that stores them and the pages that show them. Text is
 * always text: the pages render it through React (escaped), never as markup.
 */

const line = (label: string, max = 120) =>
  z
    .string({ error: `${label} mangler.` })
    .trim()
    .min(1, `${label} mangler.`)
    .max(max, `${label} kan ha høyst ${max} tegn.`)
    .refine((value) => hasOnlyUsableCharacters(value), invalidCharactersMessage);

const optionalLine = (label: string, max = 120) =>
  z
    .string({ error: `${label} må være tekst.` })
    .trim()
    .max(max, `${label} kan ha høyst ${max} tegn.`)
    .refine((value) => hasOnlyUsableCharacters(value), invalidCharactersMessage);

const paragraph = (label: string, max: number) =>
  z
    .string({ error: `${label} mangler.` })
    .trim()
    .min(1, `${label} mangler.`)
    .max(max, `${label} kan ha høyst ${max} tegn.`)
    .refine((value) => hasOnlyUsableCharacters(value, { multiline: true }), invalidCharactersMessage);

const kroner = (label: string) =>
  z
    .number({ error: `${label} må være et tall.` })
    .int(`${label} må være hele kroner.`)
    .min(0, `${label} kan ikke være negativ.`)
    .max(100_000, `${label} er for høy.`);

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} må være et tall.` })
    .int(`${label} må være et helt tall.`)
    .min(min, `${label} må være minst ${min}.`)
    .max(max, `${label} kan være høyst ${max}.`);

/** Only web addresses a visitor can open safely: https (or http for the few shops without it). */
const webAddress = (label: string) =>
  line(label, 300).refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
    } catch {
      return false;
    }
  }, `${label} må være en nettadresse som begynner med https://.`);

const email = (label: string) => line(label, 200).pipe(z.email({ error: `${label} må være en e-postadresse.` }));

const isoDate = (label: string) =>
  z
    .string({ error: `${label} mangler.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} må være en dato (åååå-mm-dd).`)
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T12:00:00Z`)) && new Date(`${value}T12:00:00Z`).toISOString().startsWith(value),
      `${label} er ikke en gyldig dato.`,
    );

/** An uploaded picture, as the server stored it: its address part and its size after resizing. */
export const SiteImageSchema = z.object({
  id: z.string({ error: "Bildet mangler." }).regex(/^[0-9a-f]{32}$/, "Bildet finnes ikke. Last det opp på nytt."),
  width: wholeNumber("Bildets bredde", 1, 4000),
  height: wholeNumber("Bildets høyde", 1, 4000),
});
export type SiteImage = z.infer<typeof SiteImageSchema>;

export const trainingSections = ["barn", "ungdomvoksen"] as const;
export const trainingSectionLabels: Record<(typeof trainingSections)[number], string> = {
  barn: "Barnepartiet",
  ungdomvoksen: "Ungdom/voksenpartiet",
};

export const TrainingSessionSchema = z.object({
  group: line("Gruppen", 80),
  days: line("Dagene", 80),
  time: line("Tiden", 40),
  section: z.enum(trainingSections, { error: "Velg barnepartiet eller ungdom/voksenpartiet." }),
});
export type TrainingSession = z.infer<typeof TrainingSessionSchema>;

export const TrainingTimesSchema = z.object({
  sessions: z.array(TrainingSessionSchema, { error: "Treningstidene mangler." }).max(40, "Høyst 40 treninger."),
});

export const PricesSchema = z.object({
  membership: z.object({
    children: z.object({ perMonth: kroner("Barnepartiets pris per måned"), ages: line("Barnepartiets alder", 40) }),
    /** Youth and adults train together from this age, whatever their experience. */
    youthAdultMinAge: wholeNumber("Alderen for ungdom/voksenpartiet", 5, 25),
    youth: z.object({ perMonth: kroner("Ungdommens pris per måned") }),
    adult: z.object({ perMonth: kroner("De voksnes pris per måned") }),
    familyDiscountPercent: wholeNumber("Familierabatten", 0, 100),
    bindingMonths: wholeNumber("Bindingstiden", 0, 24),
    federationFee: kroner("Forbundsavgiften"),
    theoryBook: kroner("Prisen på teoriboka"),
  }),
  gym: z.object({
    perMonth: kroner("Trimrommets pris per måned"),
    federationPerMonth: kroner("Forbundsavgiften per måned for trimrommet"),
    yearlyFee: kroner("Årsavgiften for trimrommet"),
    minAge: wholeNumber("Aldersgrensen for trimrommet", 10, 25),
  }),
});

export const ContactSchema = z.object({
  phone: line("Telefonnummeret", 30).regex(/^\+?[0-9 ]{8,20}$/, "Telefonnummeret kan bare ha tall, mellomrom og + foran."),
  general: email("Den generelle e-postadressen"),
  leader: email("Lederens e-postadresse"),
  parents: email("E-postadressen for foresatte"),
  sponsors: email("E-postadressen for samarbeidspartnere"),
  whistleblowing: z
    .array(email("Varslingsadressen"), { error: "Varslingsadressene mangler." })
    .min(1, "Varsling trenger minst én adresse.")
    .max(4, "Høyst fire varslingsadresser."),
  postal: line("Postadressen", 120),
  hall: z.object({
    street: line("Gateadressen", 80),
    postcode: z.string({ error: "Postnummeret mangler." }).regex(/^\d{4}$/, "Postnummeret må ha fire sifre."),
    town: line("Poststedet", 60),
    landmark: optionalLine("Veibeskrivelsen", 80),
  }),
});

export const SponsorSchema = z.object({
  name: line("Navnet", 80),
  url: webAddress("Nettadressen"),
  /** A few words on what the firm does, set under the name on its card. */
  trade: optionalLine("Bransjen", 80),
  logo: SiteImageSchema.nullable().default(null),
});
export type Sponsor = z.infer<typeof SponsorSchema>;

export const SponsorsSchema = z.object({
  sponsors: z.array(SponsorSchema, { error: "Samarbeidspartnerne mangler." }).max(40, "Høyst 40 samarbeidspartnere."),
});

export const EquipmentSchema = z.object({
  clubShop: z.object({ name: line("Butikkens navn", 80), url: webAddress("Klubbshopens adresse"), discountCode: optionalLine("Rabattkoden", 40) }),
  kioskVippsNumber: z.string({ error: "Vipps-nummeret mangler." }).regex(/^\d{4,8}$/, "Vipps-nummeret må være 4–8 sifre."),
  others: z
    .array(z.object({ name: line("Butikkens navn", 80), url: webAddress("Butikkens adresse") }), { error: "Butikkene mangler." })
    .max(20, "Høyst 20 butikker."),
});

export const FrontPageSchema = z.object({
  /** A short notice on the home page, shown until the end of its last day. */
  notice: z
    .object({ text: paragraph("Beskjeden", 300), until: isoDate("Siste dag for beskjeden") })
    .nullable()
    .default(null),
});

export const NewsPostSchema = z.object({
  id: z.string({ error: "Nyheten mangler id." }).regex(/^[a-z0-9-]{1,40}$/, "Nyhetens id kan bare ha små bokstaver, tall og bindestrek."),
  title: line("Overskriften", 100),
  date: isoDate("Datoen"),
  text: paragraph("Teksten", 2000),
  image: SiteImageSchema.nullable().default(null),
  imageAlt: optionalLine("Bildeteksten", 200).default(""),
});
export type NewsPost = z.infer<typeof NewsPostSchema>;

export const NewsSchema = z
  .object({ posts: z.array(NewsPostSchema, { error: "Nyhetene mangler." }).max(50, "Høyst 50 nyheter.") })
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.posts.forEach((post, index) => {
      if (seen.has(post.id)) context.addIssue({ code: "custom", path: ["posts", index, "id"], message: "To nyheter kan ikke ha samme id." });
      seen.add(post.id);
      if (post.image && !post.imageAlt)
        context.addIssue({ code: "custom", path: ["posts", index, "imageAlt"], message: "Skriv hva bildet viser (for dem som ikke ser det)." });
    });
  });

/** The sections, by the name the API uses for them. */
export const siteSectionSchemas = {
  treningstider: TrainingTimesSchema,
  priser: PricesSchema,
  kontakt: ContactSchema,
  samarbeidspartnere: SponsorsSchema,
  utstyr: EquipmentSchema,
  forside: FrontPageSchema,
  nyheter: NewsSchema,
} as const;

export type SiteSectionName = keyof typeof siteSectionSchemas;
export const siteSectionNames = Object.keys(siteSectionSchemas) as SiteSectionName[];

export const siteSectionLabels: Record<SiteSectionName, string> = {
  treningstider: "Treningstider",
  priser: "Priser",
  kontakt: "Kontakt",
  samarbeidspartnere: "Samarbeidspartnere",
  utstyr: "Utstyr",
  forside: "Forside",
  nyheter: "Nyheter",
};

export const SiteContentSchema = z.object(siteSectionSchemas);
export type SiteContent = z.infer<typeof SiteContentSchema>;
export type SiteSection<Name extends SiteSectionName> = SiteContent[Name];

export function isSiteSectionName(value: string): value is SiteSectionName {
  return Object.hasOwn(siteSectionSchemas, value);
}

/** The pages each section is shown on: a change renders them again (the footer's contact is on every page). */
export const siteSectionPages: Record<SiteSectionName, readonly string[] | "all"> = {
  treningstider: ["/treningstider", "/barnepartiet/treningstider", "/ungdomvoksenpartiet/treningstider"],
  priser: [
    "/barnepartiet/informasjon",
    "/barnepartiet/priser",
    "/ungdomvoksenpartiet/informasjon",
    "/ungdomvoksenpartiet/priser",
    "/trimrom/informasjon",
    "/trimrom/priser",
    "/teori/informasjon",
  ],
  kontakt: "all",
  samarbeidspartnere: ["/samarbeidspartnere"],
  utstyr: ["/utstyr"],
  forside: ["/"],
  nyheter: ["/", "/arrangementer"],
};

/** One entry of the change log: who changed which section when, what changed, and whether it was undone. */
export const SiteChangeSchema = z.object({
  id: z.number(),
  section: z.enum(siteSectionNames as [SiteSectionName, ...SiteSectionName[]]),
  changedAt: z.string(),
  changedBy: z.string(),
  /** Norwegian lines: what was added, removed or changed. */
  summary: z.array(z.string()),
  /** The change this one undid, if it is an undo. */
  undoOf: z.number().nullable(),
  /** The change that undid this one, if any. */
  undoneBy: z.number().nullable(),
  /** Whether «Angre» is offered: the latest change of its section, not undone. */
  undoable: z.boolean(),
});
export type SiteChange = z.infer<typeof SiteChangeSchema>;

/** The answer of a PUT or an undo: the section as stored and the change that was logged. */
export const SiteSaveAnswerSchema = z.object({ section: z.string(), data: z.unknown(), change: SiteChangeSchema.nullable() });

export const siteMessages = {
  unknownSection: `Ukjent del av nettstedet. Velg en av: ${siteSectionNames.join(", ")}.`,
  unknownChange: "Fant ikke endringen.",
  laterChange: "Denne delen er endret etter dette. Angre den siste endringen først.",
  alreadyUndone: "Endringen er allerede angret.",
  forbidden: "Du har ikke tilgang til dette. Be lederen i klubben om hjelp.",
} as const;
