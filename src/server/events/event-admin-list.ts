/** The event admin's list: the club's events and, read through a small adapter, the camp's editions. */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { AdminEvent } from "../../shared/events/event-api.ts";
import { eventState, hasEnded } from "../../shared/events/event-rules.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { events } from "../db/schema/events.ts";
import { currentEditionView, storedEdition } from "../camp/camp-editions.ts";
import { campEvents } from "../camp/camp-events.ts";
import { eventPlaces, leaderEvent, leaderEvents, stockOf } from "./event-store.ts";

function phaseOf(firstDay: string, lastDay: string, at: Date): AdminEvent["phase"] {
  if (hasEnded({ lastDay }, at)) return "past";
  return at.toISOString().slice(0, 10) >= firstDay ? "running" : "upcoming";
}

/** The camp's editions as the event list shows them: `vinterleir-YYYY`, read only. */
async function campEditionEntries(db: Db, at: Date): Promise<AdminEvent[]> {
  const rows = (await db.select().from(events).where(campEvents).orderBy(desc(events.slug))).map((row) => {
    const { data, publishedAt } = storedEdition(row);
    return { year: data.year, data, publishedAt };
  });
  const counts = await db
    .select({ year: campRegistrations.editionYear, status: campRegistrations.status, n: sql<number>`count(*)::int` })
    .from(campRegistrations)
    .groupBy(campRegistrations.editionYear, campRegistrations.status);
  const count = (year: number, keep: (status: string) => boolean) =>
    counts.filter((row) => row.year === year && keep(row.status)).reduce((sum, row) => sum + Number(row.n), 0);
  // A published edition's window as families meet it (places and the waiting line counted as «Leirer» does).
  const states = new Map<number, AdminEvent["state"]>();
  for (const row of rows) {
    if (row.publishedAt === null || hasEnded(row.data, at)) continue;
    states.set(row.year, (await currentEditionView(db, at, row.year))?.state ?? null);
  }
  return rows.map((row) => ({
    slug: `vinterleir-${row.year}`,
    kind: "vinterleir" as const,
    title: `Vinterleir ${row.year}`,
    firstDay: row.data.firstDay,
    lastDay: row.data.lastDay,
    registrationOpensAt: row.data.registrationOpensAt,
    published: row.publishedAt !== null,
    phase: phaseOf(row.data.firstDay, row.data.lastDay, at),
    state: states.get(row.year) ?? null,
    participants: count(row.year, (status) => status === "confirmed" || status === "pending_payment"),
    waiting: count(row.year, (status) => status === "waiting"),
    definition: null,
  }));
}

/** `GET /api/ArrangementAdmin/Get/{token}`: every event, upcoming first, then running, then past. */
export async function adminEvents(db: Db, at: Date): Promise<AdminEvent[]> {
  const rows = (await db.select().from(events).where(leaderEvents)).map((row) => leaderEvent(row)!);
  const ids = rows.map((row) => row.id);
  const [places, stock, waiting] = await Promise.all([
    eventPlaces(db, ids, at),
    stockOf(db, ids),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ eventId: eventOrders.eventId, n: sql<number>`count(*)::int` })
          .from(eventOrders)
          .where(and(inArray(eventOrders.eventId, ids), eq(eventOrders.status, "waiting")))
          .groupBy(eventOrders.eventId),
  ]);
  const own: AdminEvent[] = rows.map((row) => {
    const event = row.definition;
    const counted = places.get(row.id);
    return {
      slug: row.slug,
      kind: event.kind,
      title: event.title,
      firstDay: event.firstDay,
      lastDay: event.lastDay,
      registrationOpensAt: event.registrationOpensAt,
      published: row.publishedAt !== null,
      phase: phaseOf(event.firstDay, event.lastDay, at),
      state: eventState(
        event,
        at,
        event.kind === "salg" ? null : (counted?.open ?? null),
        stock.filter((line) => line.eventId === row.id).reduce((sum, line) => sum + line.stock, 0),
      ),
      participants: counted?.held ?? 0,
      waiting: Number(waiting.find((line) => line.eventId === row.id)?.n ?? 0),
      definition: event as unknown as Record<string, unknown>,
      stockLeft: stock.filter((line) => line.eventId === row.id).map(({ itemId, variant, stock }) => ({ itemId, variant, stock })),
    };
  });
  const order = { running: 0, upcoming: 1, past: 2 } as const;
  return [...own, ...(await campEditionEntries(db, at))].sort(
    (a, b) => order[a.phase] - order[b.phase] || (a.phase === "past" ? b.firstDay.localeCompare(a.firstDay) : a.firstDay.localeCompare(b.firstDay)),
  );
}
