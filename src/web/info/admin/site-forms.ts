import type { SiteContent, SiteSectionName } from "../../../shared/site/site-content.ts";
import { trainingSections, trainingSectionLabels } from "../../../shared/site/site-content.ts";

/**
 * How each section of «Nettsted» is laid out as a form: its single fields by path, and its lists with the
 * fields of an item. The values are checked with the section's shared schema (shared/site/site-content.ts),
 * in the browser before saving and by the server when it stores them.
 */
export type FieldKind = "text" | "textarea" | "number" | "date" | "email" | "url" | "lines" | "select";

export interface FieldSpec {
  /** Dotted path in the section (or in a list item). */
  path: string;
  label: string;
  kind: FieldKind;
  hint?: string;
  options?: readonly (readonly [value: string, label: string])[];
}

export interface ListSpec {
  /** The list's key in the section. */
  list: string;
  /** The heading of an item in the form. */
  itemTitle: (item: Record<string, unknown>, index: number) => string;
  addLabel: string;
  fields: FieldSpec[];
  newItem: () => Record<string, unknown>;
  /** An uploaded picture on each item: where it is kept and what kind the server makes of it. */
  image?: { path: string; kind: "logo" | "nyhet"; label: string };
}

export interface SectionForm {
  intro: string;
  fields: FieldSpec[];
  /** The notice on the home page: shown or not (null), with its fields. */
  optionalGroup?: { path: string; label: string; fields: FieldSpec[]; empty: () => Record<string, unknown> };
  lists: ListSpec[];
}

const today = () => new Date().toISOString().slice(0, 10);

/** A field of one kind: `text("phone", "Telefon")`, with a hint as the third argument. */
const fieldOf =
  (kind: Exclude<FieldKind, "select">) =>
  (path: string, label: string, hint?: string): FieldSpec => ({ path, label, kind, ...(hint ? { hint } : {}) });
const text = fieldOf("text");
const textarea = fieldOf("textarea");
const number = fieldOf("number");
const date = fieldOf("date");
const email = fieldOf("email");
const url = fieldOf("url");
const lines = fieldOf("lines");

export const sectionForms: Record<SiteSectionName, SectionForm> = {
  treningstider: {
    intro: "Treningene vises på /treningstider og på sidene til barnepartiet og ungdom/voksenpartiet.",
    fields: [],
    lists: [
      {
        list: "sessions",
        itemTitle: (item, index) => String(item.group || `Trening ${index + 1}`),
        addLabel: "Legg til trening",
        fields: [
          text("group", "Gruppe"),
          text("days", "Dager", "For eksempel «Mandag og onsdag»."),
          text("time", "Tid", "For eksempel «18:00–19:15»."),
          {
            path: "section",
            label: "Parti",
            kind: "select",
            options: trainingSections.map((value) => [value, trainingSectionLabels[value]] as const),
          },
        ],
        newItem: () => ({ group: "", days: "", time: "", section: "barn" }),
      },
    ],
  },
  priser: {
    intro: "Prisene vises på prissidene til partiene, trimrommet og teorien.",
    fields: [
      number("membership.children.perMonth", "Barnepartiet, kroner per måned"),
      text("membership.children.ages", "Barnepartiet, alder", "For eksempel «8–12 år»."),
      number("membership.youthAdultMinAge", "Ungdom/voksenpartiet fra alder (år)"),
      number("membership.youth.perMonth", "Ungdom, kroner per måned"),
      number("membership.adult.perMonth", "Voksen, kroner per måned"),
      number("membership.familyDiscountPercent", "Familierabatt (prosent)"),
      number("membership.bindingMonths", "Bindingstid (måneder)"),
      number("membership.federationFee", "Forbundsavgift per år (kroner)"),
      number("membership.theoryBook", "Teoribok (kroner)"),
      number("gym.perMonth", "Trimrom, kroner per måned"),
      number("gym.federationPerMonth", "Trimrom, forbundsavgift per måned (kroner)"),
      number("gym.yearlyFee", "Trimrom, årsavgift (kroner)"),
      number("gym.minAge", "Trimrom, aldersgrense (år)"),
    ],
    lists: [],
  },
  kontakt: {
    intro: "Adressene vises på kontaktsiden, nederst på alle sider, i PDF-ene og i e-postene fra nettstedet.",
    fields: [
      email("general", "E-post, generelle spørsmål"),
      email("parents", "E-post for foresatte"),
      email("leader", "E-post til lederen"),
      email("sponsors", "E-post for samarbeidspartnere"),
      lines("whistleblowing", "Varslingsadresser", "Én e-postadresse per linje."),
      text("phone", "Telefon"),
      text("postal", "Postadresse"),
      text("hall.street", "Treningslokalet, gateadresse"),
      text("hall.postcode", "Postnummer"),
      text("hall.town", "Poststed"),
      text("hall.landmark", "Veibeskrivelse (kan stå tom)", "For eksempel «like ved Ski Bygg»."),
    ],
    lists: [],
  },
  samarbeidspartnere: {
    intro: "Samarbeidspartnerne vises på /samarbeidspartnere, i rekkefølgen her.",
    fields: [],
    lists: [
      {
        list: "sponsors",
        itemTitle: (item, index) => String(item.name || `Samarbeidspartner ${index + 1}`),
        addLabel: "Legg til samarbeidspartner",
        fields: [text("name", "Navn"), url("url", "Nettadresse", "Begynner med https://"), text("trade", "Hva de driver med (kan stå tom)")],
        newItem: () => ({ name: "", url: "https://", trade: "", logo: null }),
        image: { path: "logo", kind: "logo", label: "Logo" },
      },
    ],
  },
  utstyr: {
    intro: "Vises på /utstyr.",
    fields: [
      text("clubShop.name", "Klubbshop, butikkens navn"),
      url("clubShop.url", "Klubbshop, nettadresse"),
      text("clubShop.discountCode", "Rabattkode (kan stå tom)"),
      text("kioskVippsNumber", "Vipps-nummer til klubbkiosken"),
    ],
    lists: [
      {
        list: "others",
        itemTitle: (item, index) => String(item.name || `Butikk ${index + 1}`),
        addLabel: "Legg til butikk",
        fields: [text("name", "Navn"), url("url", "Nettadresse")],
        newItem: () => ({ name: "", url: "https://" }),
      },
    ],
  },
  forside: {
    intro: "En kort beskjed øverst på forsiden, for eksempel om en avlyst trening. Den forsvinner av seg selv etter siste dag.",
    fields: [],
    optionalGroup: {
      path: "notice",
      label: "Vis en beskjed på forsiden",
      fields: [textarea("text", "Beskjed"), date("until", "Siste dag beskjeden vises")],
      empty: () => ({ text: "", until: today() }),
    },
    lists: [],
  },
  nyheter: {
    intro: "De tre nyeste vises på forsiden, alle på /arrangementer. En tom linje i teksten gir nytt avsnitt.",
    fields: [],
    lists: [
      {
        list: "posts",
        itemTitle: (item, index) => String(item.title || `Nyhet ${index + 1}`),
        addLabel: "Legg til nyhet",
        fields: [
          text("title", "Overskrift"),
          date("date", "Dato"),
          textarea("text", "Tekst"),
          text("imageAlt", "Hva bildet viser (for dem som ikke ser det)"),
        ],
        newItem: () => ({ id: `nyhet-${Date.now().toString(36)}`, title: "", date: today(), text: "", image: null, imageAlt: "" }),
        image: { path: "image", kind: "nyhet", label: "Bilde (kan stå tomt)" },
      },
    ],
  },
};

/** Reads a dotted path. */
export function valueAt(value: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((node, key) => (node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), value);
}

/** A copy with the value at a dotted path replaced. */
export function withValueAt<T>(value: T, path: string, next: unknown): T {
  const [key, ...rest] = path.split(".");
  const node = (value ?? {}) as Record<string, unknown>;
  const copy: Record<string, unknown> = Array.isArray(node) ? ([...node] as unknown as Record<string, unknown>) : { ...node };
  copy[key!] = rest.length === 0 ? next : withValueAt(node[key!], rest.join("."), next);
  return copy as T;
}

/** What a field's input shows for a value, and the value an input's text stands for. */
export function fieldText(kind: FieldKind, value: unknown): string {
  if (kind === "lines") return Array.isArray(value) ? value.join("\n") : "";
  if (value === null || value === undefined) return "";
  return String(value);
}

export function fieldValue(kind: FieldKind, text: string): unknown {
  if (kind === "number") return text.trim() === "" ? null : Number(text);
  if (kind === "lines")
    return text
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "");
  return text;
}

export type SectionDraft<Name extends SiteSectionName = SiteSectionName> = SiteContent[Name];
