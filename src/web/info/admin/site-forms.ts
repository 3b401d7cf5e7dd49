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
          { path: "group", label: "Gruppe", kind: "text" },
          { path: "days", label: "Dager", kind: "text", hint: "For eksempel «Mandag og onsdag»." },
          { path: "time", label: "Tid", kind: "text", hint: "For eksempel «18:00–19:15»." },
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
      { path: "membership.children.perMonth", label: "Barnepartiet, kroner per måned", kind: "number" },
      { path: "membership.children.ages", label: "Barnepartiet, alder", kind: "text", hint: "For eksempel «8–12 år»." },
      { path: "membership.youthAdultMinAge", label: "Ungdom/voksenpartiet fra alder (år)", kind: "number" },
      { path: "membership.youth.perMonth", label: "Ungdom, kroner per måned", kind: "number" },
      { path: "membership.adult.perMonth", label: "Voksen, kroner per måned", kind: "number" },
      { path: "membership.familyDiscountPercent", label: "Familierabatt (prosent)", kind: "number" },
      { path: "membership.bindingMonths", label: "Bindingstid (måneder)", kind: "number" },
      { path: "membership.federationFee", label: "Forbundsavgift per år (kroner)", kind: "number" },
      { path: "membership.theoryBook", label: "Teoribok (kroner)", kind: "number" },
      { path: "gym.perMonth", label: "Trimrom, kroner per måned", kind: "number" },
      { path: "gym.federationPerMonth", label: "Trimrom, forbundsavgift per måned (kroner)", kind: "number" },
      { path: "gym.yearlyFee", label: "Trimrom, årsavgift (kroner)", kind: "number" },
      { path: "gym.minAge", label: "Trimrom, aldersgrense (år)", kind: "number" },
    ],
    lists: [],
  },
  kontakt: {
    intro: "Adressene vises på kontaktsiden, nederst på alle sider, i PDF-ene og i e-postene fra nettstedet.",
    fields: [
      { path: "general", label: "E-post, generelle spørsmål", kind: "email" },
      { path: "parents", label: "E-post for foresatte", kind: "email" },
      { path: "leader", label: "E-post til lederen", kind: "email" },
      { path: "sponsors", label: "E-post for samarbeidspartnere", kind: "email" },
      { path: "whistleblowing", label: "Varslingsadresser", kind: "lines", hint: "Én e-postadresse per linje." },
      { path: "phone", label: "Telefon", kind: "text" },
      { path: "postal", label: "Postadresse", kind: "text" },
      { path: "hall.street", label: "Treningslokalet, gateadresse", kind: "text" },
      { path: "hall.postcode", label: "Postnummer", kind: "text" },
      { path: "hall.town", label: "Poststed", kind: "text" },
      { path: "hall.landmark", label: "Veibeskrivelse (kan stå tom)", kind: "text", hint: "For eksempel «like ved Ski Bygg»." },
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
        fields: [
          { path: "name", label: "Navn", kind: "text" },
          { path: "url", label: "Nettadresse", kind: "url", hint: "Begynner med https://" },
          { path: "trade", label: "Hva de driver med (kan stå tom)", kind: "text" },
        ],
        newItem: () => ({ name: "", url: "https://", trade: "", logo: null }),
        image: { path: "logo", kind: "logo", label: "Logo" },
      },
    ],
  },
  utstyr: {
    intro: "Vises på /utstyr.",
    fields: [
      { path: "clubShop.name", label: "Klubbshop, butikkens navn", kind: "text" },
      { path: "clubShop.url", label: "Klubbshop, nettadresse", kind: "url" },
      { path: "clubShop.discountCode", label: "Rabattkode (kan stå tom)", kind: "text" },
      { path: "kioskVippsNumber", label: "Vipps-nummer til klubbkiosken", kind: "text" },
    ],
    lists: [
      {
        list: "others",
        itemTitle: (item, index) => String(item.name || `Butikk ${index + 1}`),
        addLabel: "Legg til butikk",
        fields: [
          { path: "name", label: "Navn", kind: "text" },
          { path: "url", label: "Nettadresse", kind: "url" },
        ],
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
      fields: [
        { path: "text", label: "Beskjed", kind: "textarea" },
        { path: "until", label: "Siste dag beskjeden vises", kind: "date" },
      ],
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
          { path: "title", label: "Overskrift", kind: "text" },
          { path: "date", label: "Dato", kind: "date" },
          { path: "text", label: "Tekst", kind: "textarea" },
          { path: "imageAlt", label: "Hva bildet viser (for dem som ikke ser det)", kind: "text" },
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
