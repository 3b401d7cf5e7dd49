import type { SiteSectionName } from "./site-content.ts";

/**
 * What a change to a section did, in Norwegian lines for the change log: entries of a list added, removed or
 * changed (by what a reader recognises them by), and single fields as "label: before → after".
 */

type Json = unknown;

const listKeys: Partial<Record<SiteSectionName, { list: string; name: (item: Record<string, unknown>) => string }[]>> = {
  treningstider: [{ list: "sessions", name: (item) => `${String(item.group)} (${String(item.days)} ${String(item.time)})` }],
  samarbeidspartnere: [{ list: "sponsors", name: (item) => String(item.name) }],
  utstyr: [{ list: "others", name: (item) => String(item.name) }],
  nyheter: [{ list: "posts", name: (item) => String(item.title) }],
};

const fieldLabels: Record<string, string> = {
  "membership.children.perMonth": "Barnepartiet per måned",
  "membership.children.ages": "Barnepartiets alder",
  "membership.youthAdultMinAge": "Alder for ungdom/voksenpartiet",
  "membership.youth.perMonth": "Ungdom per måned",
  "membership.adult.perMonth": "Voksen per måned",
  "membership.familyDiscountPercent": "Familierabatt (prosent)",
  "membership.bindingMonths": "Bindingstid (måneder)",
  "membership.federationFee": "Forbundsavgift",
  "membership.theoryBook": "Teoribok",
  "gym.perMonth": "Trimrom per måned",
  "gym.federationPerMonth": "Trimrom, forbundsavgift per måned",
  "gym.yearlyFee": "Trimrom, årsavgift",
  "gym.minAge": "Trimrom, aldersgrense",
  phone: "Telefon",
  general: "E-post, generelt",
  leader: "E-post, leder",
  parents: "E-post, foresatte",
  sponsors: "E-post, samarbeidspartnere",
  whistleblowing: "Varslingsadresser",
  postal: "Postadresse",
  "hall.street": "Gateadresse",
  "hall.postcode": "Postnummer",
  "hall.town": "Poststed",
  "hall.landmark": "Veibeskrivelse",
  "clubShop.name": "Klubbshop",
  "clubShop.url": "Klubbshopens adresse",
  "clubShop.discountCode": "Rabattkode",
  kioskVippsNumber: "Vipps-nummer til kiosken",
  notice: "Beskjed på forsiden",
};

function show(value: Json): string {
  if (value === null || value === undefined || value === "") return "(tom)";
  if (Array.isArray(value)) return value.map(show).join(", ");
  if (typeof value === "object") {
    const notice = value as { text?: unknown; until?: unknown };
    if (typeof notice.text === "string") return `«${notice.text}» til ${String(notice.until)}`;
    return JSON.stringify(value);
  }
  return String(value);
}

/** JSON with the keys of every object sorted: the database keeps keys in its own order. */
function canonical(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, Json>)[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

const same = (a: Json, b: Json) => canonical(a) === canonical(b);

/** Leaf fields by dotted path; arrays and the notice count as one field. */
function fields(value: Json, prefix = ""): Map<string, Json> {
  const out = new Map<string, Json>();
  const isLeaf = value === null || typeof value !== "object" || Array.isArray(value) || prefix === "notice";
  if (isLeaf) {
    out.set(prefix, value);
    return out;
  }
  for (const [key, inner] of Object.entries(value as Record<string, Json>)) {
    for (const [path, leaf] of fields(inner, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
  }
  return out;
}

export function describeSiteChange(section: SiteSectionName, before: Json, after: Json): string[] {
  const lines: string[] = [];
  const lists = listKeys[section] ?? [];
  const handled = new Set(lists.map((entry) => entry.list));
  for (const { list, name } of lists) {
    const old = (((before ?? {}) as Record<string, Json>)[list] ?? []) as Record<string, unknown>[];
    const now = (((after ?? {}) as Record<string, Json>)[list] ?? []) as Record<string, unknown>[];
    const oldNames = old.map(name);
    const newNames = now.map(name);
    for (const item of now) {
      const itemName = name(item);
      const index = oldNames.indexOf(itemName);
      if (index === -1) lines.push(`La til «${itemName}».`);
      else if (!same(old[index], item)) lines.push(`Endret «${itemName}».`);
    }
    for (const itemName of oldNames) if (!newNames.includes(itemName)) lines.push(`Fjernet «${itemName}».`);
    if (lines.length === 0 && !same(old, now)) lines.push("Endret rekkefølgen.");
  }
  const oldFields = fields(before);
  const newFields = fields(after);
  for (const path of new Set([...oldFields.keys(), ...newFields.keys()])) {
    if (handled.has(path.split(".")[0]!)) continue;
    const from = oldFields.get(path);
    const to = newFields.get(path);
    if (!same(from, to)) lines.push(`${fieldLabels[path] ?? path}: ${show(from)} → ${show(to)}`);
  }
  return lines.length > 0 ? lines : ["Ingen endring."];
}
