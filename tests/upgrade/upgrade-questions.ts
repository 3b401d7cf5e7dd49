/**
 * What users see, asked the same way of the release that filled an upgrade fixture
 * (scripts/upgrade-fixture/fill.ts, over HTTP) and of the code of the day on a copy of its database
 * (upgrade.test.ts, in-process). Each question is a GET the pages make, named by its path with the admin
 * token left out, so the fixture's answers and today's line up by name.
 */

/** The fixture's camp leader (CAMP_ADMIN_USERNAME / CAMP_ADMIN_PASSWORD of the filling server). */
export const fixtureAdmin = { username: "oppgradering", password: "fixture-leder-passord-2026" } as const;
/** A door helper (role innsjekk) the leader added; its password is set through the Accounts call. */
export const fixtureHelper = { username: "dorvakt", password: "fixture-dorvakt-passord-2026" } as const;

/** The links and keys a fixture needs to ask again: family links as mailed, the grading, the registrations. */
export interface FixtureLinks {
  campYear: number;
  /** Every «Min påmelding» link mailed for the camp (the token of /vinterleir/min-pamelding/{token}). */
  campLinks: string[];
  /** Waiting-list offers as mailed (/vinterleir/venteliste/{token}). */
  waitlistOffers: string[];
  /** The grading orders' family links as mailed (/arrangementer/min-pamelding/{token}). */
  eventLinks: string[];
  gradingSlug: string;
  /** A sale of club gear (fixtures filled since sales moved into the order's positions). */
  saleSlug?: string;
  /** The camp registrations' ids, for their change log, money log and ledger history. */
  registrationIds: number[];
}

export interface Answer {
  status: number;
  body: unknown;
}

/** A GET of a path on the server under test. */
export type Asker = (url: string) => Promise<Answer>;

export interface Question {
  /** The path as asked, with `{token}` for the admin token. */
  name: string;
  url: string;
}

export function questions(token: string, links: FixtureLinks): Question[] {
  const list: Question[] = [];
  const admin = (path: string) => list.push({ name: `${path}/{token}`, url: `${path}/${token}` });
  const open = (path: string) => list.push({ name: path, url: path });

  admin("/api/VinterleirAdmin/Get");
  admin("/api/VinterleirAdmin/Totals");
  admin("/api/VinterleirAdmin/Treasurer");
  admin("/api/VinterleirAdmin/Waitlist");
  admin("/api/VinterleirAdmin/CheckIn/Counts");
  admin("/api/VinterleirAdmin/CheckIn/DoorList");
  admin("/api/CampEdition/Get");
  open("/api/CampEdition/Current");
  admin(`/api/CampEdition/Changes/${links.campYear}`);
  admin(`/api/Melding/Get/vinterleir-${links.campYear}`);
  for (const id of links.registrationIds) {
    admin(`/api/VinterleirAdmin/Changes/${id}`);
    admin(`/api/VinterleirAdmin/Payments/${id}`);
    admin(`/api/VinterleirAdmin/Ledger/${id}`);
  }
  open("/api/VinterleirUsers/Get");
  open("/api/VinterleirUsers/GetGrades");
  for (const link of links.campLinks) open(`/api/MinPamelding/Get/${link}`);
  for (const offer of links.waitlistOffers) open(`/api/Venteliste/Get/${offer}`);

  open("/api/Arrangement/Get");
  admin("/api/ArrangementAdmin/Get");
  admin(`/api/ArrangementAdmin/Participants/${links.gradingSlug}`);
  admin(`/api/ArrangementInnsjekk/Get/${links.gradingSlug}`);
  if (links.saleSlug) {
    admin(`/api/ArrangementAdmin/Participants/${links.saleSlug}`);
    admin(`/api/ArrangementInnsjekk/Get/${links.saleSlug}`);
  }
  for (const link of links.eventLinks) open(`/api/Arrangement/MinPamelding/${link}`);
  return list;
}

/** Every question's answer, by name. */
export async function askQuestions(ask: Asker, token: string, links: FixtureLinks): Promise<Record<string, Answer>> {
  const answers: Record<string, Answer> = {};
  for (const question of questions(token, links)) answers[question.name] = await ask(question.url);
  return answers;
}
