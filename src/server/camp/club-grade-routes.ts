import type { FastifyInstance } from "fastify";
import { referenceData } from "../db/reference-data.ts";

/** The registration's club and grade pickers (spec §7, exact field names), from the in-memory reference data. */
export async function registerClubGradeRoutes(app: FastifyInstance) {
  // Clubs in Norwegian order (Æ, Ø, Å last) regardless of which collations the database engine has.
  app.get("/api/Club/Get", async () => (await referenceData(app.db)).clubs);
  app.get("/api/Grade/Get", async () => (await referenceData(app.db)).grades);
}
