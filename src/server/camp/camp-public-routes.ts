import { and, count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { PublicParticipant } from "../../shared/camp/camp-lists.ts";
import { campListCalls } from "../../shared/camp/camp-list-calls.ts";
import { gradeLabel } from "../../shared/camp/grades.ts";
import { compareNorwegian } from "../../shared/format.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { clubs } from "../db/schema/clubs.ts";
import { grades } from "../db/schema/grades.ts";
import { routeCall } from "../http/call-route.ts";
import { sendPrecompressed } from "../http/precompressed.ts";
import { snapshotCache } from "../http/snapshot-cache.ts";
import { currentEditionData, editionIsOver } from "./camp-edition-lookup.ts";

/** How a participant who did not consent (public false) is listed (D6): no name, no grade, only the club. */
export const anonymousParticipant = { name: "Anonym", grade: "" } as const;

/**
 * The public participant list and grade statistics (spec §7, D6): confirmed, not cancelled registrations
 * of the current edition, athletes only. Nothing else about a person ever leaves through these routes.
 */
export async function registerCampPublicRoutes(app: FastifyInstance) {
  const participants = snapshotCache(() => loadParticipants(app), LIST_TTL_MS);
  const gradeStatistics = snapshotCache(() => loadGradeStatistics(app), LIST_TTL_MS);
  app.services.campListsChanged.listen(() => {
    participants.invalidate();
    gradeStatistics.invalidate();
  });

  // The lists go out as they were serialized and compressed once (http/precompressed.ts).
  routeCall(app, campListCalls.participants, {}, async (request, reply) => {
    await sendPrecompressed(request, reply.type(JSON_TYPE).header("cache-control", "no-cache"), await participants.get());
    return reply;
  });
  routeCall(app, campListCalls.gradeStatistics, {}, async (request, reply) => {
    await sendPrecompressed(request, reply.type(JSON_TYPE).header("cache-control", "no-cache"), await gradeStatistics.get());
    return reply;
  });
}

/**
 * Both lists are read far more than they change (everyone checking who is coming), so each is built at
 * most once per this many milliseconds; this process's own changes show at once (campListsChanged).
 */
const LIST_TTL_MS = 2000;
const JSON_TYPE = "application/json; charset=utf-8";

/**
 * Confirmed registrations of the current edition until its last day is over (none without a current
 * edition, and none after the camp). Never those waiting.
 */
async function confirmedThisEdition(app: FastifyInstance) {
  const current = await currentEditionData(app.db, app.now());
  const year = current && !editionIsOver(current, app.now()) ? current.year : -1;
  return and(eq(campRegistrations.editionYear, year), eq(campRegistrations.status, "confirmed"));
}

async function loadParticipants(app: FastifyInstance): Promise<PublicParticipant[]> {
  const rows = await app.db
    .select({
      firstName: campRegistrations.firstName,
      lastName: campRegistrations.lastName,
      public: campRegistrations.public,
      club: clubs.name,
      grade: { gradeId: grades.gradeId, name: grades.name, grade: grades.grade, isDan: grades.isDan },
    })
    .from(campRegistrations)
    .innerJoin(clubs, eq(clubs.clubId, campRegistrations.clubId))
    .innerJoin(grades, eq(grades.gradeId, campRegistrations.gradeId))
    .where(await confirmedThisEdition(app));
  const participants: PublicParticipant[] = rows.map((row) =>
    row.public
      ? { name: `${row.firstName} ${row.lastName}`, grade: gradeLabel(row.grade), club: row.club }
      : { ...anonymousParticipant, club: row.club },
  );
  participants.sort((a, b) => compareNorwegian(a.club, b.club) || compareNorwegian(a.name, b.name));
  return participants;
}

async function loadGradeStatistics(app: FastifyInstance) {
  const rows = await app.db
    .select({
      grade: { gradeId: grades.gradeId, name: grades.name, grade: grades.grade, isDan: grades.isDan },
      amount: count(),
    })
    .from(campRegistrations)
    .innerJoin(grades, eq(grades.gradeId, campRegistrations.gradeId))
    .where(await confirmedThisEdition(app))
    .groupBy(grades.gradeId, grades.name, grades.grade, grades.isDan);
  const stats = rows
    .map((row) => ({ grade: row.grade, amount: Number(row.amount) }))
    .filter((row) => row.amount > 0)
    // Cup grades from white (10) up to 1. cup, then dan grades from 1. dan up.
    .sort((a, b) =>
      a.grade.isDan !== b.grade.isDan
        ? Number(a.grade.isDan) - Number(b.grade.isDan)
        : a.grade.isDan
          ? a.grade.grade - b.grade.grade
          : b.grade.grade - a.grade.grade,
    );
  return stats;
}
