import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import type { MailMessage, MailTransport } from "../mail/mail-transport.ts";
import { sha256Hex } from "../admin-auth/password-hash.ts";
import { buildTestApp, testAdminCredentials } from "./app.ts";
import { clearTables } from "./clear-tables.ts";
import { validCompanion, validDraft } from "../../shared/camp/camp-draft.fixture.ts";
import type { CompanionDraft } from "../../shared/camp/camp-registration-fields.ts";
import type { CampRegistrationDraft } from "../../shared/camp/camp-registration.ts";
import type { CampPaymentGateway } from "../camp/camp-payment-gateway.ts";
import type { BuildAppOptions } from "../app.ts";
import { campEventIdSql } from "../camp/camp-registration-rows.ts";

/** Collects what would have been sent; `failures` makes the next n sends throw. */
export function createTestTransport() {
  const sent: MailMessage[] = [];
  const transport: MailTransport & { sent: MailMessage[]; failures: number } = {
    kind: "test",
    sent,
    failures: 0,
    async send(message) {
      if (transport.failures > 0) {
        transport.failures--;
        throw new Error("SMTP 451 try again later");
      }
      sent.push(message);
    },
  };
  return transport;
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

export async function buildCampTestApp(
  database: Database,
  options: { clock: () => Date; payments?: CampPaymentGateway; env?: Record<string, string>; vipps?: BuildAppOptions["vipps"] },
) {
  const transport = createTestTransport();
  const app = await buildTestApp(database, {
    clock: options.clock,
    // Vipps (the simulator) only where a test asks for it with VIPPS_SIMULATOR=true.
    env: { VIPPS_SIMULATOR: "false", ...options.env },
    ...(options.vipps ? { vipps: options.vipps } : {}),
    mail: { transport, startWorker: false },
    ...(options.payments ? { campPayments: options.payments } : {}),
  });
  return { app, transport };
}

/** A valid draft with a fresh draftId and secret (the fixture's are fixed). */
export function draft(overrides: Partial<CampRegistrationDraft> = {}): CampRegistrationDraft {
  return validDraft({ draftId: randomUUID(), draftSecret: randomBytes(32).toString("base64url"), ...overrides });
}

export function companion(overrides: Partial<CompanionDraft> = {}): CompanionDraft {
  return validCompanion({ id: randomUUID(), ...overrides });
}

export function postRegistration(app: TestApp, body: unknown) {
  return app.inject({ method: "POST", url: "/api/Vinterleir/Post", payload: body as object });
}

export async function campAdminToken(app: TestApp): Promise<string> {
  const res = await app.inject({
    url: `/api/VinterleirAdmin/GetToken/${testAdminCredentials.CAMP_ADMIN_USERNAME}/${sha256Hex(testAdminCredentials.CAMP_ADMIN_PASSWORD)}`,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.body;
}

export async function countRows(database: Database, table: string): Promise<number> {
  const result = await database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
  return Number(result.rows[0]!.n);
}

/**
 * Empties the camp tables between tests (mail too), with every table that refers to them, and starts their ids
 * again (clear-tables.ts). The tables of both kinds (the ledger, the offers, the door log, the positions, the
 * change log, the family links and the payments with their actions) hold the events' rows too: only the camp's rows go there.
 */
export async function clearCampTables(database: Database): Promise<void> {
  await clearTables(database, ["camp_checkin_refusals", "mail_outbox"], {
    side: "camp",
  });
}

/** A further athlete of a group submission (the first athlete's contact details are shared). */
export const sibling = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Kari",
  lastName: "Nordmann",
  age: 30,
  gradeId: 5,
  gradering: false,
  sleepover: false,
  allergies: "",
  vegan: false,
  ...overrides,
});

/** Moves registrations to another edition's event, which must exist (a test's shortcut to last year's or next year's camp). */
export async function moveToEdition(database: Database, ids: number | readonly number[], editionYear: number): Promise<void> {
  const list = typeof ids === "number" ? [ids] : [...ids];
  await database.db.execute(
    sql`update event_orders set event_id = ${campEventIdSql(editionYear)} where id in (${sql.join(
      list.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}
