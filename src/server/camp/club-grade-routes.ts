import type { FastifyInstance } from "fastify";
import { clubGradeCalls } from "../../shared/camp/club-grade-calls.ts";
import { referenceData } from "../db/reference-data.ts";
import { routeCall } from "../http/call-route.ts";

/** The registration's club and grade pickers (spec §7, exact field names), from the in-memory reference data. */
export async function registerClubGradeRoutes(app: FastifyInstance) {
  // Clubs in Norwegian order (Æ, Ø, Å last) regardless of which collations the database engine has.
  routeCall(app, clubGradeCalls.clubs, {}, async (_request, reply) => reply.send([...(await referenceData(app.db)).clubs]));
  routeCall(app, clubGradeCalls.grades, {}, async (_request, reply) => reply.send([...(await referenceData(app.db)).grades]));
}
