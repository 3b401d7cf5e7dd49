/**
 * The one waiting-list offer through the real app, at both addresses (`/api/Arrangement/Venteliste/*` and the camp's
 * `/api/Venteliste/*`), for a camp offer and an event's: every answer has the declared shape (the view by
 * `OfferViewSchema`, nothing more; a refusal by the error body, with a status the call declares), the view shows the
 * family's own order and nobody else's (no other family's names, no contact details), and a token that is guessed,
 * malformed or already answered takes nothing.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../shared/api/error-body.ts";
import { campOfferAlias, offerCalls } from "../../shared/events/offer-calls.ts";
import { offerMessages, OfferViewSchema } from "../../shared/events/waitlist-offer.ts";
import type { Database } from "../db/database.ts";
import { buildCampTestApp, campAdminToken, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { createPublished, grading, order, participant, postOrder } from "../test-support/events.ts";
import { newOfferToken, offerTokenHash } from "./offer-token.ts";

const now = new Date("2026-11-05T10:00:00Z");
const inADay = new Date(now.getTime() + 86_400_000);
type Action = keyof typeof offerCalls;
const addresses = ["/api/Arrangement/Venteliste", "/api/Venteliste"] as const;

describe.each(databaseKinds)("the waiting-list offer's answers and their shapes on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let campToken: string;
  let eventToken: string;

  const call = (address: string, action: Action, offerToken: string) => {
    const path = `${address}/${action === "view" ? "Get" : action === "accept" ? "Accept" : "Decline"}/${offerToken}`;
    return app.inject({ method: action === "view" ? "GET" : "POST", url: path });
  };
  /** The answer's status is one the call declares (at either address), and a refusal is the error body and nothing more. */
  const expectDeclared = (action: Action, address: string, res: { statusCode: number; body: string; json: () => unknown }) => {
    const declared = address === addresses[0] ? offerCalls[action] : campOfferAlias(offerCalls[action]);
    expect(declared.path.startsWith(address)).toBe(true);
    if (res.statusCode === 200) return;
    expect(Object.keys(declared.errors ?? {}).map(Number)).toContain(res.statusCode);
    expect(ErrorBodySchema.strict().parse(res.json())).toEqual({ error: expect.any(String) });
  };
  const viewOf = (res: { statusCode: number; body: string; json: () => unknown }) => {
    expect(res.statusCode, res.body).toBe(200);
    return OfferViewSchema.strict().parse(res.json());
  };
  const offer = async (side: "camp" | "order", id: number) => {
    const offerToken = newOfferToken();
    await database.db.execute(sql`insert into event_waitlist_offers (order_id, owner_kind, token_hash, state, offered_at, expires_at)
      values (${id}, ${side}, ${offerTokenHash(offerToken)}, 'offered', ${now.toISOString()}::timestamptz, ${inADay.toISOString()}::timestamptz)`);
    return offerToken;
  };
  const orderRowId = async (firstName: string) =>
    Number((await database.db.execute<{ id: number }>(sql`select id from event_orders where first_name = ${firstName}`)).rows[0]!.id);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
    const admin = await campAdminToken(app);
    // The camp: one place, Anna's; Vera waits. Anna's place comes free and is offered to Vera.
    expect((await app.inject({ method: "PUT", url: `/api/CampEdition/Put/2026/${admin}`, payload: { capacity: 1 } })).statusCode).toBe(200);
    expect((await postRegistration(app, draft({ firstName: "Anna", email: "anna@example.no", telephone: "+4790000001" }))).body).toBe("Done");
    expect((await postRegistration(app, draft({ firstName: "Vera", email: "vera@example.no", telephone: "+4790000002" }))).statusCode).toBe(200);
    // A grading with one place: Kari's order (Ola) holds it; Per's (Lise and Jon) waits, and is offered the places.
    await createPublished(app, admin, "gradering-tilbud", grading({ capacity: 2 }));
    const contact = (firstName: string, email: string) => ({ firstName, lastName: "Hansen", email, telephone: "93333333" });
    const kari = order({
      contact: contact("Kari", "kari@example.no"),
      participants: [participant({ firstName: "Ola" }), participant({ firstName: "Siv" })],
    });
    expect((await postOrder(app, "gradering-tilbud", kari)).statusCode).toBe(200);
    const per = order({
      contact: contact("Per", "per@example.no"),
      participants: [participant({ firstName: "Lise" }), participant({ firstName: "Jon" })],
    });
    expect((await postOrder(app, "gradering-tilbud", per)).statusCode).toBe(200);
    await app.waitlist.drain();
    await database.db.execute(sql`update event_orders set status = 'cancelled', cancelled_at = ${now.toISOString()}::timestamptz
                                   where first_name in ('Anna', 'Kari')`);
    campToken = await offer("camp", await orderRowId("Vera"));
    eventToken = await offer("order", await orderRowId("Per"));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("the view has the declared shape at both addresses, and shows the family's own order only", async () => {
    for (const address of addresses) {
      const camp = await call(address, "view", campToken);
      expect(camp.headers["cache-control"]).toBe("no-store");
      expect(viewOf(camp)).toMatchObject({ kind: "vinterleir", slug: "vinterleir-2026", firstName: "Vera", participants: ["Vera Nordmann"] });
      const event = await call(address, "view", eventToken);
      expect(viewOf(event)).toMatchObject({ kind: "gradering", firstName: "Per", participants: ["Lise Nordmann", "Jon Nordmann"] });
      for (const res of [camp, event]) {
        // Nobody else's order, and no contact details (the family has them; a forwarded link should not).
        for (const other of ["Anna", "Kari", "Ola", "Siv", "@", "9000000", "93333333"]) expect(res.body).not.toContain(other);
      }
    }
  });

  it("a guessed or malformed token is not found, by every call at both addresses, and takes nothing", async () => {
    for (const address of addresses) {
      for (const action of ["view", "accept", "decline"] as const) {
        // One character off the real key (never the key itself, whichever letter it ends with).
        const oneOff = `${campToken.slice(0, 42)}${campToken.endsWith("A") ? "B" : "A"}`;
        for (const guessed of [newOfferToken(), oneOff, "kort"]) {
          const res = await call(address, action, guessed);
          expect(res.statusCode).toBe(404);
          expectDeclared(action, address, res);
          expect(res.json()).toEqual({ error: offerMessages.notFound });
        }
      }
    }
    const statuses = await database.db.execute<{ first_name: string; status: string }>(
      sql`select first_name, status from event_orders where first_name in ('Vera', 'Per') order by first_name`,
    );
    expect(statuses.rows.map((row) => `${row.first_name}:${row.status}`)).toEqual(["Per:waiting", "Vera:waiting"]);
  });

  it("an event's offer declined at the camp's address: the declared view, and «Ja takk» afterwards is refused with the declared body", async () => {
    const declined = await call(addresses[1], "decline", eventToken);
    expect(viewOf(declined)).toMatchObject({ kind: "gradering", state: "declined" });
    for (const address of addresses) {
      const late = await call(address, "accept", eventToken);
      expect(late.statusCode).toBe(410);
      expectDeclared("accept", address, late);
      expect(late.json()).toEqual({ error: offerMessages.declined });
      const again = await call(address, "decline", eventToken);
      expect(viewOf(again).state).toBe("declined");
    }
    expect((await database.db.execute<{ status: string }>(sql`select status from event_orders where first_name = 'Per'`)).rows[0]!.status).toBe(
      "cancelled",
    );
  });

  it("a camp offer accepted at the events' address, twice: «Done» once taken; «Nei takk» afterwards is refused with the declared body", async () => {
    const [a, b] = await Promise.all([call(addresses[0], "accept", campToken), call(addresses[1], "accept", campToken)]);
    expect([a.statusCode, a.body, b.statusCode, b.body]).toEqual([200, "Done", 200, "Done"]);
    for (const address of addresses) {
      const late = await call(address, "decline", campToken);
      expect(late.statusCode).toBe(409);
      expectDeclared("decline", address, late);
      expect(late.json()).toEqual({ error: offerMessages.alreadyAccepted });
      expect(viewOf(await call(address, "view", campToken)).state).toBe("accepted");
    }
    const payments = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from event_payments where owner_kind = 'camp' and order_id = (select id from event_orders where first_name = 'Vera')`,
    );
    expect(Number(payments.rows[0]!.n)).toBe(1);
  });
});
