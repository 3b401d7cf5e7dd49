/**
 * Whom a registration's words speak to. The person filling in the form is «du». An adult registering
 * themselves is spoken to directly («Jeg er vegetarianer», «Vis navnet og graden min»); anyone else — a
 * child registered by a parent, a further athlete of a family, a participant who is not the contact person —
 * is named in the third person by first name («Emma er vegetarianer», «Emmas trener»), never «hun» or «han».
 * The camp's wizard, its summary and done page, the events' form and the Vipps result page all take their
 * words from here, so the rule lives in one place.
 */
import { contactNameBelowAge } from "./camp/contact-greeting.ts";

/** What the rule needs to know of a person. */
export interface VoicedPerson {
  firstName: string;
  lastName?: string;
  /** 0 while not yet given: then the person is «utøveren». */
  age: number;
  /** A parent or contact person named on the form: the person filling in is then not the athlete. */
  contactName?: string | null;
}

/**
 * Whether the person filling in is this person: an adult (18 or more) for whom no other contact person was
 * named. `contact`: the events' form names its contact person; the participant is then the one filling in
 * only when the names match. A family's further athletes are never the one filling in (pass `other: true`).
 */
export function registersSelf(person: VoicedPerson, options: { other?: boolean; contact?: { firstName: string; lastName: string } } = {}): boolean {
  if (options.other) return false;
  if (!(person.age >= contactNameBelowAge)) return false;
  if (person.contactName?.trim()) return false;
  if (options.contact) {
    const same = (a: string, b: string) => a.trim().toLocaleLowerCase("nb-NO") === b.trim().toLocaleLowerCase("nb-NO");
    return same(person.firstName, options.contact.firstName) && same(person.lastName ?? "", options.contact.lastName);
  }
  return true;
}

/** A noun a person may own: «treneren»/«trener», «navnet»/«navn»; `kind` picks din/ditt/dine. */
export interface Noun {
  definite: string;
  indefinite: string;
  kind?: "common" | "neuter" | "plural";
}

export const nouns = {
  coach: { definite: "treneren", indefinite: "trener" },
  club: { definite: "klubben", indefinite: "klubb" },
  grade: { definite: "beltegraden", indefinite: "beltegrad" },
  clubAndGrade: { definite: "klubben og beltegraden", indefinite: "klubb og beltegrad" },
  nameAndGrade: { definite: "navnet og graden", indefinite: "navn og grad" },
} satisfies Record<string, Noun>;

/** «Emmas», «Jonas'»: the Norwegian genitive of a name. */
export function genitive(name: string): string {
  return /[sxz]$/i.test(name) ? `${name}'` : `${name}s`;
}

/** The words for one person, as the person filling in reads them. */
export interface Voice {
  self: boolean;
  /** The first name, or «utøveren» before it is given. */
  name: string;
  /** Subject in a sentence: «du» / «Emma». */
  du: string;
  /** Subject starting a sentence: «Du» / «Emma». */
  Du: string;
  /** Object: «deg» / «Emma». */
  deg: string;
  /** A first-person label (a checkbox, a choice): «Jeg» / «Emma». */
  Jeg: string;
  /** Object in a first-person label: «meg» / «Emma». */
  meg: string;
  /** In running text: «treneren din» / «Emmas trener». */
  din: (noun: Noun) => string;
  /** In a first-person label: «graden min» / «Emmas grad». */
  min: (noun: Noun) => string;
}

const ownWord = (kind: Noun["kind"], stem: "d" | "m") => (kind === "neuter" ? `${stem}itt` : kind === "plural" ? `${stem}ine` : `${stem}in`);

/** The words for a person: `self` as registersSelf decides it. */
export function voiceOf(person: Pick<VoicedPerson, "firstName">, self: boolean): Voice {
  const name = person.firstName.trim() || "utøveren";
  const third = (noun: Noun) => (person.firstName.trim() ? `${genitive(name)} ${noun.indefinite}` : `${noun.definite} til utøveren`);
  return self
    ? {
        self,
        name,
        du: "du",
        Du: "Du",
        deg: "deg",
        Jeg: "Jeg",
        meg: "meg",
        din: (noun) => `${noun.definite} ${ownWord(noun.kind, "d")}`,
        min: (noun) => `${noun.definite} ${ownWord(noun.kind, "m")}`,
      }
    : {
        self,
        name,
        du: name,
        Du: capitalise(name),
        deg: name,
        Jeg: capitalise(name),
        meg: name,
        din: third,
        min: third,
      };
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase("nb-NO") + text.slice(1);
}

/** "Ola, Kari og Per" */
export function namesList(names: readonly string[]): string {
  return new Intl.ListFormat("nb-NO", { style: "long", type: "conjunction" }).format(names);
}

/**
 * Who a registration is for, as one subject: «Du», «Emma», «Emma og Jonas», «Du og Emma» (the one filling in
 * first). `people`: each with whether they are the one filling in.
 */
export function subjectOf(people: readonly { firstName: string; self: boolean }[]): string {
  const selfFirst = [...people].sort((a, b) => Number(b.self) - Number(a.self));
  const names = selfFirst.map((person, index) => (person.self ? (index === 0 ? "Du" : "du") : person.firstName.trim() || "utøveren"));
  return capitalise(namesList(names));
}

/** Who a registration is for, as an object in a first-person label: «meg», «Emma», «meg og Emma». */
export function objectOf(people: readonly { firstName: string; self: boolean }[]): string {
  const selfFirst = [...people].sort((a, b) => Number(b.self) - Number(a.self));
  return namesList(selfFirst.map((person) => (person.self ? "meg" : person.firstName.trim() || "utøveren")));
}

/**
 * The done page's thanks, to the person who registered and never to a child: «Takk! Emma er påmeldt
 * vinterleiren 2027.», «Takk! Emma og Jonas er påmeldt …», «Takk, Per! Emma er påmeldt …» when the contact
 * person's name is known, «Takk, Kari! Du er påmeldt …» for an adult registering themselves.
 * `what`: «vinterleiren 2027», «graderingen «Vår 2027»».
 */
export function thanksSentence(
  people: readonly { firstName: string; self: boolean }[],
  what: string,
  options: { registrant?: string | null; waitlisted?: boolean } = {},
): string {
  const registrant = options.registrant?.trim() || people.find((person) => person.self)?.firstName.trim();
  const thanks = registrant ? `Takk, ${registrant}!` : "Takk!";
  const verb = options.waitlisted ? `står på ventelisten til ${what}` : `er påmeldt ${what}`;
  return `${thanks} ${subjectOf(people)} ${verb}.`;
}

/** The words for a person, deciding «du» or the third person by registersSelf. */
export function voiceFor(person: VoicedPerson, options: Parameters<typeof registersSelf>[1] = {}): Voice {
  return voiceOf(person, registersSelf(person, options));
}
