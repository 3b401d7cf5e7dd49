import { asc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { clubs } from "../db/schema/clubs.ts";
import { grades } from "../db/schema/grades.ts";

// Norwegian order (Æ, Ø, Å last) regardless of which collations the database engine has.
const norwegian = new Intl.Collator("nb");

/** The registration's club and grade pickers (spec §7, exact field names). */
export async function registerClubGradeRoutes(app: FastifyInstance) {
  app.get("/api/Club/Get", async () => {
    const rows = await app.db.select({ clubId: clubs.clubId, name: clubs.name }).from(clubs);
    return rows.sort((a, b) => norwegian.compare(a.name, b.name));
  });

  app.get("/api/Grade/Get", async () =>
    app.db
      .select({ gradeId: grades.gradeId, name: grades.name, grade: grades.grade, isDan: grades.isDan })
      .from(grades)
      .orderBy(asc(grades.gradeId)),
  );
}
