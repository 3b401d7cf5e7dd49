import type { FastifyInstance } from "fastify";
import { campAdminCalls } from "../../shared/camp/camp-admin-calls.ts";
import { campAccountMessages } from "../../shared/admin/camp-accounts.ts";
import { campFileName } from "../../shared/camp/camp-admin-exports.ts";
import { healthDataLists, weekendListIds, type WeekendListId } from "../../shared/camp/camp-weekend-lists.ts";
import { currentCampAccount } from "../admin-auth/camp-account.ts";
import { routeCall, type CallReply } from "../http/call-route.ts";
import type { ErrorBody } from "../errors.ts";
import { xlsxContentType } from "../exports/xlsx.ts";
import { loadAdminPersons } from "./camp-admin.ts";
import { withoutHealthTexts } from "./camp-admin-routes.ts";
import { campEditionOfYear, requestedEditionYear } from "./camp-edition-lookup.ts";
import { treasurerSummary } from "./camp-treasurer.ts";
import { participantsXlsx, treasurerXlsx, weekendListXlsx } from "./camp-xlsx.ts";
import { readInOneSnapshot } from "../db/one-snapshot.ts";

/**
 * Excel files and the treasurer's summary of the camp admin, each of one edition (`?year=`, else «the» camp),
 * which the file's name and title say (declared in src/shared/camp/camp-admin-calls.ts):
 *   GET /api/VinterleirAdmin/GetXlsx/{token}           every participant, one row per person (leder)
 *   GET /api/VinterleirAdmin/GetXlsx/{list}/{token}    a list of the weekend: kjokken (leder: allergy texts),
 *                                                      overnatting, gradering, instruktorer, ledsagere, ubetalt
 *                                                      (every camp account), kasserer (leder)
 *   GET /api/VinterleirAdmin/Treasurer/{token}         the treasurer's summary as JSON (leder)
 */
export async function registerCampExportRoutes(app: FastifyInstance) {
  const editionYear = (query: unknown) => requestedEditionYear(app.db, app.now(), query);
  // The summary's money and its participants from one moment (db/one-snapshot.ts).
  const treasurerOf = (year: number) => readInOneSnapshot(app.db, async (db) => treasurerSummary(db, year, await loadAdminPersons(db, year)));
  const sendXlsx = (reply: CallReply<typeof campAdminCalls.xlsx | typeof campAdminCalls.listXlsx>, body: Buffer, fileName: string) =>
    reply.header("cache-control", "no-store").header("content-disposition", `attachment; filename="${fileName}"`).type(xlsxContentType).send(body);

  routeCall(app, campAdminCalls.xlsx, {}, async (request, reply) => {
    const year = await editionYear(request.query);
    const persons = await readInOneSnapshot(app.db, (db) => loadAdminPersons(db, year));
    return sendXlsx(reply, await participantsXlsx(persons, year), campFileName(year, "deltakere", "xlsx"));
  });

  routeCall(app, campAdminCalls.listXlsx, {}, async (request, reply) => {
    const year = await editionYear(request.query);
    const list = request.params.list;
    const { role } = await currentCampAccount(request);
    if (list === "kasserer") {
      if (role !== "leder")
        return reply
          .code(403)
          .header("cache-control", "no-store")
          .send({ error: campAccountMessages.forbidden } satisfies ErrorBody);
      const summary = await treasurerOf(year);
      return sendXlsx(reply, await treasurerXlsx(summary), campFileName(year, "kasserer", "xlsx"));
    }
    if (!(weekendListIds as readonly string[]).includes(list)) {
      return reply
        .code(404)
        .header("cache-control", "no-store")
        .send({ error: "Fant ikke listen." } satisfies ErrorBody);
    }
    const id = list as WeekendListId;
    if (healthDataLists.includes(id) && role !== "leder") {
      return reply
        .code(403)
        .header("cache-control", "no-store")
        .send({ error: campAccountMessages.forbidden } satisfies ErrorBody);
    }
    const { persons, edition } = await readInOneSnapshot(app.db, async (db) => ({
      persons: await loadAdminPersons(db, year),
      edition: await campEditionOfYear(db, year),
    }));
    const visible = role === "leder" ? persons : persons.map(withoutHealthTexts);
    return sendXlsx(reply, await weekendListXlsx(id, visible, edition), campFileName(year, id, "xlsx"));
  });

  routeCall(app, campAdminCalls.treasurer, {}, async (request, reply) => {
    const year = await editionYear(request.query);
    const summary = await treasurerOf(year);
    return reply.header("cache-control", "no-store").send(summary);
  });
}
