import type { FastifyInstance } from "fastify";
import { newMemberFormCalls } from "../../shared/members/new-member-form-calls.ts";
import { routeCall } from "../http/call-route.ts";
import { refererLabels, type RefererValue } from "../../shared/members/new-member.ts";
import { osloSortableDateTimeLabel } from "../../shared/format.ts";
import { newMemberCsvFileName, type NewMemberAdminEntry } from "../../shared/members/new-member-admin.ts";
import { newMemberAdminCalls } from "../../shared/members/new-member-admin-calls.ts";
import { attachment, norwegianCsv, type CsvColumn } from "../exports/csv.ts";
import { listNewMembers, removeNewMember, submitNewMember } from "./new-members.ts";
import { newMemberMessageSlug } from "../../shared/messages/message.ts";
import { sendNewMemberMessage } from "./new-member-messages.ts";
import { messageLogOf } from "../messages/message-log.ts";
import { publicPostRateLimit } from "../security/public-rate-limit.ts";

/** Names, an e-mail and a phone number; anything bigger is not a registration. */
const postBodyLimit = 8 * 1024;

const csvColumns: CsvColumn<NewMemberAdminEntry>[] = [
  { header: "Registrert", value: (row) => osloSortableDateTimeLabel(row.registrationdate) },
  { header: "Fornavn", value: (row) => row.firstName },
  { header: "Etternavn", value: (row) => row.lastName },
  { header: "Alder", value: (row) => row.age },
  { header: "Foresatt fornavn", value: (row) => row.parentFirstName },
  { header: "Foresatt etternavn", value: (row) => row.parentLastName },
  { header: "E-post", value: (row) => row.email },
  { header: "Telefon", value: (row) => row.telephone },
  { header: "Kom via", value: (row) => refererLabels[row.referer as RefererValue] ?? String(row.referer) },
  { header: "Registrerings-id", value: (row) => row.registrationId },
];

function newMembersCsv(rows: NewMemberAdminEntry[]): string {
  return norwegianCsv(csvColumns, rows);
}

/**
 * New-member registration and its admin (spec §7). The admin routes, declared in
 * src/shared/members/new-member-admin-calls.ts, live under /api/NewMemberAdmin/, so logger.ts masks the
 * token, and take the area's token (`areaAccess("newmember")`: requireAdmin before the body).
 */
export async function registerNewMemberRoutes(app: FastifyInstance) {
  const limits = { bodyLimit: postBodyLimit, config: { rateLimit: publicPostRateLimit(app.env) } };
  routeCall(app, newMemberFormCalls.submit, limits, async (request, reply) => {
    await submitNewMember(app.services, request.body);
    return reply.header("cache-control", "no-store").type("text/plain; charset=utf-8").send("Done");
  });

  const noStore = { "cache-control": "no-store" };

  routeCall(app, newMemberAdminCalls.list, {}, async (_request, reply) => reply.headers(noStore).send(await listNewMembers(app.db)));

  routeCall(app, newMemberAdminCalls.remove, {}, async (request, reply) => {
    const raw = request.params.registrationId;
    const ok = /^\d{1,9}$/.test(raw) && (await removeNewMember(app.db, Number(raw)));
    if (ok) request.log.info({ registrationId: Number(raw) }, "new-member registration removed");
    return reply.headers(noStore).send({ ok });
  });

  routeCall(app, newMemberAdminCalls.message, {}, async (request, reply) => {
    const result = await sendNewMemberMessage(app.db, request.body, "nye-medlemmer", app.now(), app.env.MAIL_REPLY_TO);
    app.outbox.kick();
    return reply.code(201).headers(noStore).send(result);
  });

  // The log of what was written to the interested: who got what, and each mail's state.
  routeCall(app, newMemberAdminCalls.messages, {}, async (_request, reply) =>
    reply.headers(noStore).send(await messageLogOf(app.db, newMemberMessageSlug, null, app.now())),
  );

  routeCall(app, newMemberAdminCalls.csv, {}, async (_request, reply) =>
    reply
      .headers(noStore)
      .header("content-disposition", attachment(newMemberCsvFileName))
      .type("text/csv; charset=utf-8")
      .send(newMembersCsv(await listNewMembers(app.db))),
  );
}
