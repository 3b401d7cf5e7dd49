import { campEditionFromData, type RegistrationState } from "../../../shared/camp/camp-edition-data.ts";
import type { CampEditionData } from "../../../shared/camp/camp-edition-schema.ts";
import type { CurrentEditionAnswer } from "../../../shared/camp/camp-edition-api.ts";
import type { CampEdition } from "../../../shared/camp/camp-edition.ts";
import type { EditionPhase } from "../../../shared/camp/camp-edition-phase.ts";
import { ApiError, type ApiGet } from "../../lib/api-client.ts";
import { readCall } from "../../lib/call-api.ts";

/** Where registration stands right now, as the server counts it. */
export interface Availability {
  state: RegistrationState;
  /** Places left for athletes; null when the camp has no limit. */
  placesLeft: number | null;
  /** The current camp is over and no new one is published yet. */
  campOver: boolean;
  /** ISO 8601: when registration opens (the "not yet" banner says it). */
  opensAt: string;
  /** The camp's year: an opening in another year (next year's camp opening this autumn) says its year. */
  campYear?: number;
  /** Where the camp stands, as the server judged it: under way («running»), a registration now is paid at the door. */
  phase?: EditionPhase;
}

export interface CurrentEdition {
  data: CampEditionData;
  edition: CampEdition;
  availability: Availability;
}

/**
 * The answer's schema holds the whole edition's, and zod takes a while to build it. Its calls are imported when
 * an answer is read (a route loader, a visit within the site) rather than with the pages that show the edition,
 * so it stays out of the work a page does while it becomes interactive.
 */
const editionCalls = () => import("../../../shared/camp/current-edition-calls.ts").then((calls) => calls.currentEditionCalls);

/** The camp is under way: a registration taken now is paid at the door, never with Vipps. */
export const duringCamp = (availability: Pick<Availability, "phase">) => availability.phase === "running";

/**
 * currentEditionCalls.current: the edition the server prices with, so the wizard shows what is charged.
 * No current edition (404) is not a failure: there is simply no camp to register for yet.
 */
export async function getCurrentEdition(get?: ApiGet): Promise<CurrentEdition | "none"> {
  let answer: CurrentEditionAnswer;
  try {
    answer = await readCall((await editionCalls()).current, { params: {}, query: {} }, get);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return "none";
    throw error;
  }
  return withEdition(editionAndAvailability(answer));
}

/** An edition as the server answers it (its data with where registration stands), split in two. */
function editionAndAvailability({ state, placesLeft, campOver, phase, ...data }: CurrentEditionAnswer): CurrentEditionData {
  return {
    data,
    availability: {
      state,
      placesLeft,
      campOver: campOver ?? false,
      opensAt: data.registrationOpensAt,
      campYear: data.year,
      ...(phase ? { phase } : {}),
    },
  };
}

/** The current edition as a route loader hands it to the page (plain data, no dates). */
export type CurrentEditionData = Omit<CurrentEdition, "edition">;

export function withEdition({ data, availability }: CurrentEditionData): CurrentEdition {
  return { data, availability, edition: campEditionFromData(data) };
}

/** For a route loader: the current edition without its derived dates, or "none". */
export async function getCurrentEditionData(get?: ApiGet): Promise<CurrentEditionData | "none"> {
  const current = await getCurrentEdition(get);
  return current === "none" ? "none" : { data: current.data, availability: current.availability };
}

/**
 * currentEditionCalls.open: the published editions taking registrations now, oldest first (usually one;
 * two when next year's camp opens while this year's still takes registrations). A failure is not one for
 * the wizard: it then offers «the» camp alone, as before.
 */
export async function getOpenEditionsData(get?: ApiGet): Promise<CurrentEditionData[]> {
  try {
    const answers = await readCall((await editionCalls()).open, { params: {} }, get);
    return answers.map(editionAndAvailability);
  } catch {
    return [];
  }
}

export function getOpenEditions(): Promise<CurrentEdition[]> {
  return getOpenEditionsData().then((editions) => editions.map(withEdition));
}
