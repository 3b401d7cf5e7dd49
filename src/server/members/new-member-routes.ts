import type { FastifyInstance } from "fastify";
import { refererLabels, type RefererValue } from "../../shared/members/new-member.ts";
import { osloSortableDateTimeLabel } from "../../shared/format.ts";
import { newMemberCsvFileName, type NewMemberAdminEntry } from "../../shared/members/new-member-admin.ts";
import { requireAdmin } from "../admin-auth/require-admin.ts";
import { attachment, norwegianCsv, type CsvColumn } from "../exports/csv.ts";
import { listNewMembers, removeNewMember, submitNewMember } from "./new-members.ts";
import { newMemberMessageSchema, newMemberMessageSlug } from "../../shared/messages/message.ts";
import { parseWith } from "../errors.ts";
import { sendNewMemberMessage } from "./new-member-messages.ts";
import { messageLogOf } from "../messages/messages.ts";
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
 * New-member registration and its admin (spec §7). The admin routes live under /api/NewMemberAdmin/, so
 * logger.ts masks the token, and sit behind requireAdmin("newmember").
 */
export async function registerNewMemberRoutes(app: FastifyInstance) {
  app.post("/api/NewMember/Post", { bodyLimit: postBodyLimit, config: { rateLimit: publicPostRateLimit(app.env) } }, async (request, reply) => {
    await submitNewMember(app, request.body);
    return reply.header("cache-control", "no-store").type("text/plain; charset=utf-8").send("Done");
  });

  const guard = { preHandler: requireAdmin("newmember") };

  app.get("/api/NewMemberAdmin/Get/:token", guard, async (_request, reply) =>
    reply.header("cache-control", "no-store").send(await listNewMembers(app.db)),
  );

  app.delete<{ Params: { registrationId: string } }>("/api/NewMemberAdmin/Remove/:registrationId/:token", guard, async (request, reply) => {
    const raw = request.params.registrationId;
    const ok = /^\d{1,9}$/.test(raw) && (await removeNewMember(app.db, Number(raw)));
    if (ok) request.log.info({ registrationId: Number(raw) }, "new-member registration removed");
    return reply.header("cache-control", "no-store").send({ ok });
  });

  app.post("/api/NewMemberAdmin/Message/:token", guard, async (request, reply) => {
    const input = parseWith(newMemberMessageSchema, request.body);
    const result = await sendNewMemberMessage(app.db, input, "nye-medlemmer", app.now(), app.env.MAIL_REPLY_TO);
    app.outbox.kick();
    return reply.code(201).header("cache-control", "no-store").send(result);
  });

  // The log of what was written to the interested: who got what, and each mail's state.
  app.get("/api/NewMemberAdmin/Messages/:token", guard, async (_request, reply) =>
    reply.header("cache-control", "no-store").send(await messageLogOf(app.db, newMemberMessageSlug, null, app.now())),
  );

  app.get("/api/NewMemberAdmin/GetCsv/:token", guard, async (_request, reply) =>
    reply
      .header("cache-control", "no-store")
      .header("content-disposition", attachment(newMemberCsvFileName))
      .type("text/csv; charset=utf-8")
      .send(newMembersCsv(await listNewMembers(app.db))),
  );
}
