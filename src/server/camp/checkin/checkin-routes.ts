import type { FastifyInstance } from "fastify";
import { checkInMessages, type CheckInActionAnswer, type CheckInHit } from "../../../shared/camp/camp-checkin.ts";
import { checkInCalls } from "../../../shared/camp/check-in-calls.ts";
import type { DoorList } from "../../../shared/camp/door-list.ts";
import { campEventSlug } from "../../../shared/events/event-kinds.ts";
import { currentCampAccount } from "../../admin-auth/camp-account.ts";
import { errorMessages, type ErrorBody } from "../../errors.ts";
import { routeCall } from "../../http/call-route.ts";
import { yearOfQuery } from "../camp-edition-lookup.ts";
import { runCheckInAction } from "./checkin-actions.ts";
import { checkInKey, matchCheckInCode } from "./checkin-code.ts";
import { checkInCounts, checkInScope, loadCheckInHits, searchCheckIn, withoutSearchText } from "./checkin-data.ts";
import { listRefusals, recordRefusal } from "./checkin-refusals.ts";
import { loadDoorList } from "./door-list.ts";

/**
 * Check-in at the camp door, declared in src/shared/camp/check-in-calls.ts, for every camp account (under
 * /api/VinterleirAdmin/ so the log masks the token): search, look up a QR code, act (check in, payment,
 * undo; idempotent by action id), counts, the door list a phone keeps for working offline, and (for the
 * leader) the actions the server refused. Each works on «the» camp, or on the edition of `?year=`.
 */
export async function registerCheckInRoutes(app: FastifyInstance) {
  routeCall(app, checkInCalls.search, {}, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const scope = await checkInScope(app.db, app.now(), yearOfQuery(request.query));
    return reply.send(await searchCheckIn(app.db, scope.year, request.query.q));
  });

  routeCall(app, checkInCalls.code, {}, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const scope = await checkInScope(app.db, app.now(), yearOfQuery(request.query));
    const hits = await loadCheckInHits(app.db, scope.year);
    const orderId = matchCheckInCode(
      await checkInKey(app.db),
      request.params.code,
      hits.map((hit) => hit.orderId),
    );
    const hit = hits.find((candidate) => candidate.orderId === orderId);
    if (!hit) return reply.code(404).send({ error: checkInMessages.unknownCode } satisfies ErrorBody);
    return reply.send(withoutSearchText(hit) satisfies CheckInHit);
  });

  routeCall(app, checkInCalls.counts, {}, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return reply.send(await checkInCounts(app.db, await checkInScope(app.db, app.now(), yearOfQuery(request.query))));
  });

  // Every camp account that works the door may keep the list; it holds only what the door needs.
  routeCall(app, checkInCalls.doorList, {}, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const { event } = request.query;
    const now = app.now();
    const scope = await checkInScope(app.db, now, yearOfQuery(request.query));
    if (event !== undefined && event !== campEventSlug(scope.year))
      return reply.code(404).send({ error: checkInMessages.unknownEvent } satisfies ErrorBody);
    return reply.send((await loadDoorList(app.db, scope, now)) satisfies DoorList);
  });

  routeCall(app, checkInCalls.refused, {}, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const scope = await checkInScope(app.db, app.now(), yearOfQuery(request.query));
    return reply.send({ refusals: await listRefusals(app.db, scope.year) });
  });

  routeCall(app, checkInCalls.action, {}, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const action = request.body;
    const now = app.now();
    const scope = await checkInScope(app.db, now, yearOfQuery(request.query));
    const day = action.day ?? scope.today;
    if (!scope.days.includes(day)) {
      return reply
        .code(400)
        .send({ error: errorMessages.invalidInput, issues: [{ path: "day", message: checkInMessages.badDay }] } satisfies ErrorBody);
    }
    const account = await currentCampAccount(request);
    const outcome = await runCheckInAction(app.db, { ...action, day, dayImplied: action.day === undefined }, account, scope, now);
    if (outcome.kind === "not-found") return reply.code(404).send({ error: checkInMessages.unknownPerson } satisfies ErrorBody);
    if (outcome.kind === "conflict") {
      // Refused for what it is (paid at another door meanwhile, cancelled): the leader sees it in the admin.
      if (outcome.registrationId !== undefined)
        await recordRefusal(app.db, { ...action, day }, outcome.registrationId, outcome.message, account, now);
      return reply.code(409).send({ error: outcome.message } satisfies ErrorBody);
    }
    const [hit] = await loadCheckInHits(app.db, scope.year, [outcome.registrationId]);
    if (!hit) return reply.code(404).send({ error: checkInMessages.unknownPerson } satisfies ErrorBody);
    return reply.send({ actionId: action.actionId, duplicate: outcome.duplicate, hit: withoutSearchText(hit) } satisfies CheckInActionAnswer);
  });
}
