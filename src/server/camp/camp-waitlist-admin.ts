import { and, asc, eq, inArray } from "drizzle-orm";
import type { WaitlistEntry } from "../../shared/camp/camp-waitlist.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventOrders, eventWaitlistOffers } from "../db/schema/events-orders.ts";
import { clubs } from "../db/schema/clubs.ts";
import { queueMail } from "../mail/outbox.ts";
import { campEditionOfYear } from "./camp-edition-lookup.ts";
import { lockEditionPlaces } from "./camp-places.ts";
import { updateCampRegistrations } from "./camp-registration-rows.ts";
import { renderWaitlistRemoved, waitlistRemovedKey } from "./camp-waitlist-mail.ts";
import { waitlistMailData } from "./camp-waitlist.ts";
import { shownState } from "../../shared/events/waitlist-offer.ts";

/** GET /api/VinterleirAdmin/Waitlist/{token}: the edition's waiting list in order, with each one's latest offer. */
export async function listWaitlist(db: Db, editionYear: number, now: Date): Promise<WaitlistEntry[]> {
  const rows = await db
    .select({
      id: campRegistrations.id,
      orderId: campRegistrations.orderId,
      firstName: campRegistrations.firstName,
      lastName: campRegistrations.lastName,
      email: campRegistrations.email,
      createdAt: campRegistrations.createdAt,
      club: clubs.name,
    })
    .from(campRegistrations)
    .innerJoin(clubs, eq(clubs.clubId, campRegistrations.clubId))
    .where(and(eq(campRegistrations.editionYear, editionYear), eq(campRegistrations.status, "waiting")))
    .orderBy(asc(campRegistrations.waitlistRank), asc(campRegistrations.id));
  const offers = rows.length
    ? await db
        .select()
        .from(eventWaitlistOffers)
        .where(
          inArray(
            eventWaitlistOffers.orderId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(eventWaitlistOffers.id))
    : [];
  const latest = new Map(offers.map((offer) => [offer.orderId, offer]));
  return rows.map((row, index) => {
    const offer = latest.get(row.id);
    return {
      registrationId: row.id,
      position: index + 1,
      orderId: row.orderId,
      name: `${row.firstName} ${row.lastName}`,
      club: row.club,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
      offer: offer ? { state: shownState(offer, now), offeredAt: offer.offeredAt.toISOString(), expiresAt: offer.expiresAt.toISOString() } : null,
    };
  });
}

async function waitingYear(db: Db, registrationId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ year: campRegistrations.editionYear })
    .from(campRegistrations)
    .where(and(eq(campRegistrations.id, registrationId), eq(campRegistrations.status, "waiting")));
  return row?.year;
}

/**
 * Takes a registration off the waiting list (it becomes cancelled) and withdraws its open offer. Answers
 * the edition's year, or undefined when the id is not on a waiting list. The caller passes the place on.
 */
export async function removeFromWaitlist(db: Db, registrationId: number, now: Date): Promise<number | undefined> {
  const year = await waitingYear(db, registrationId);
  if (year === undefined) return undefined;
  return db.transaction(async (tx) => {
    await lockEditionPlaces(tx, year);
    const [removed] = await updateCampRegistrations(
      tx,
      registrationId,
      { status: "cancelled", cancelledAt: now, waitlistRank: null },
      eq(eventOrders.status, "waiting"),
    );
    if (!removed) return undefined;
    await tx
      .update(eventWaitlistOffers)
      .set({ state: "withdrawn", endedAt: now })
      .where(
        and(eq(eventWaitlistOffers.orderId, registrationId), eq(eventWaitlistOffers.ownerKind, "camp"), eq(eventWaitlistOffers.state, "offered")),
      );
    // The family is told what happened and what it means for money (queued with the change, sent after it).
    const data = await waitlistMailData(tx, registrationId);
    await queueMail(
      tx,
      { dedupeKey: waitlistRemovedKey(registrationId), to: data.email, ...renderWaitlistRemoved(data, await campEditionOfYear(tx, year)) },
      now,
    );
    return year;
  });
}

/** Moves a waiting registration to `position` (1-based; past the end means last). Answers the year, or undefined. */
export async function moveInWaitlist(db: Db, registrationId: number, position: number): Promise<number | undefined> {
  const year = await waitingYear(db, registrationId);
  if (year === undefined) return undefined;
  return db.transaction(async (tx) => {
    await lockEditionPlaces(tx, year);
    const rows = await tx
      .select({ id: campRegistrations.id, rank: campRegistrations.waitlistRank })
      .from(campRegistrations)
      .where(and(eq(campRegistrations.editionYear, year), eq(campRegistrations.status, "waiting")))
      .orderBy(asc(campRegistrations.waitlistRank), asc(campRegistrations.id));
    const from = rows.findIndex((row) => row.id === registrationId);
    if (from < 0) return undefined;
    const [moved] = rows.splice(from, 1);
    rows.splice(Math.min(position, rows.length + 1) - 1, 0, moved!);
    for (const [index, row] of rows.entries()) {
      if (row.rank !== index + 1) await updateCampRegistrations(tx, row.id, { waitlistRank: index + 1 });
    }
    return year;
  });
}
