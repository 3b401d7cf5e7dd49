import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import type { EventDefinitionInput } from "../../shared/events/event-definition.ts";
import type { EventOrderInput } from "../../shared/events/event-order.ts";
import type { TestApp } from "./camp.ts";
import { clearTables } from "./clear-tables.ts";
import { sendHeld } from "./held-batch.ts";
import { orderStatementBatcher } from "../events/event-order-statement.ts";

/** Shapes and calls the events' tests share. */
export const homeClubId = 29;

export function grading(overrides: Partial<Extract<EventDefinitionInput, { kind: "gradering" }>> = {}): EventDefinitionInput {
  return {
    kind: "gradering",
    title: "Cupgradering desember",
    firstDay: "2026-12-12",
    lastDay: "2026-12-12",
    venue: "Ski Taekwondo Klubb",
    registrationOpensAt: "2026-11-01T08:00:00+01:00",
    registrationClosesAt: "2026-12-10T23:59:00+01:00",
    capacity: 2,
    price: 350,
    startTime: "10:00",
    homeClubOnly: true,
    minAge: 7,
    maxAge: 12,
    minGradeId: 1,
    maxGradeId: 13,
    ...overrides,
  };
}

export function sale(stock = 1): EventDefinitionInput {
  return {
    kind: "salg",
    title: "Klubbtøy",
    firstDay: "2026-12-01",
    lastDay: "2026-12-20",
    registrationOpensAt: "2026-11-01T08:00:00+01:00",
    registrationClosesAt: "2026-12-15T23:59:00+01:00",
    items: [
      {
        id: "t-skjorte",
        name: "T-skjorte",
        price: 200,
        variants: [
          { id: "S", stock: 5 },
          { id: "M", stock },
        ],
      },
    ],
    pickUpPlace: "Klubblokalet",
    pickUpTime: "Mandag etter trening",
  };
}

export function participant(overrides: Record<string, unknown> = {}) {
  return { firstName: "Ola", lastName: "Nordmann", age: 10, clubId: homeClubId, gradeId: 5, answers: {}, ...overrides };
}

export function order(overrides: Partial<EventOrderInput> = {}): EventOrderInput {
  return {
    draftId: randomUUID(),
    dataConsent: true,
    termsAccepted: true,
    contact: { firstName: "Kari", lastName: "Nordmann", email: "kari@example.no", telephone: "91234567" },
    participants: [],
    items: [],
    vipps: false,
    ...overrides,
  };
}

export async function createPublished(app: TestApp, token: string, slug: string, definition: EventDefinitionInput) {
  const put = await app.inject({ method: "PUT", url: `/api/ArrangementAdmin/Put/${slug}/${token}`, payload: definition as object });
  if (put.statusCode >= 300) throw new Error(`put failed: ${put.statusCode} ${put.body}`);
  const publish = await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Publish/${slug}/${token}` });
  if (publish.statusCode !== 200) throw new Error(`publish failed: ${publish.statusCode} ${publish.body}`);
}

export function postOrder(app: TestApp, slug: string, body: unknown) {
  return app.inject({ method: "POST", url: `/api/Arrangement/Post/${slug}`, payload: body as object });
}

/** Posts every order at once so that those that reach the event's statement surely share it (test-support/held-batch.ts). */
export async function postTogether(app: TestApp, database: Database, slug: string, bodies: unknown[]) {
  const { rows } = await database.db.execute<{ id: number }>(sql`select id from events where slug = ${slug}`);
  const batcher = orderStatementBatcher(database.db, Number(rows[0]!.id));
  return sendHeld(
    batcher,
    bodies.map((body) => () => postOrder(app, slug, body)),
  );
}

/**
 * Every event and what hangs on it, and the outbox: a clean slate between tests. The tables of both kinds (the
 * ledger, the offers, the door log, the positions, the change log and the payments) hold the camp's rows too, so only the
 * events' rows go there (a truncate would take the camp's).
 */
export async function clearEvents(database: Database, app: { outbox: { drain(): Promise<void> } }) {
  // A pass of the outbox still running from the test before would mark a new mail of the same (restarted) id sent.
  await app.outbox.drain();
  await clearTables(database, ["event_stock", "mail_outbox"], { side: "order" });
  // The camp's editions are events too, and stay.
  await database.db.execute(sql`delete from event_changes where event_id in (select id from events where kind <> 'vinterleir')`);
  await database.db.execute(sql`delete from events where kind <> 'vinterleir'`);
}

/** The row id of the event at `slug` (the camp's editions are events too, so ids do not start at 1). */
export async function eventIdOf(database: Database, slug: string): Promise<number> {
  const result = await database.db.execute<{ id: number }>(sql`select id from events where slug = ${slug}`);
  return Number(result.rows[0]!.id);
}

/** How many events of the event admin's kinds there are (the camp's editions left out). */
export async function countLeaderEvents(database: Database): Promise<number> {
  const result = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from events where kind <> 'vinterleir'`);
  return Number(result.rows[0]!.n);
}
