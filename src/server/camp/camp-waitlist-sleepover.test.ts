/**
 * The camp's waiting line and its sleepover places. A waiting athlete who sleeps over fits only when both a place
 * and a sleepover place are free; one who does not needs only a place, and may be offered a freed place the first
 * sleeper in line cannot use (the line's rule, `event_line_fits`, migration 0059). «Ja takk» checks again, under the
 * edition's lock, that the edition still takes registrations and that the places the offer held are there.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { personalLinkHeader } from "../../shared/camp/camp-my-registration.ts";
import { waitlistAnswer } from "../../shared/camp/camp-waitlist.ts";
import { offerMessages } from "../../shared/events/waitlist-offer.ts";
import type { Database } from "../db/database.ts";
import { newOfferToken, offerTokenHash } from "../events/offer-token.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { buildCampTestApp, campAdminToken, clearCampTables, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import type { CampPaymentGateway } from "./camp-payment-gateway.ts";
import { selfServiceMessages } from "./camp-self-service.ts";

const start = new Date("2026-11-05T10:00:00Z");

describe.each(databaseKinds)("the waiting line and the sleepover places on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let token: string;
  let now = start;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // Vipps answers with a page to pay at (the payment's own states are set by the test).
    const payments: CampPaymentGateway = {
      available: true,
      createPaymentRedirect: async (registration) => `https://pay.example/${registration.paymentReference}`,
    };
    ({ app } = await buildCampTestApp(database, { clock: () => now, payments }));
    token = await campAdminToken(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  beforeEach(async () => {
    now = start;
    await app.waitlist.drain();
    await clearCampTables(database);
    await database.db.execute(sql`truncate event_waitlist_offers restart identity cascade`);
    await put({
      registrationDuringCamp: false,
      capacity: null,
      sleepoverCapacity: null,
      registrationOpensAt: "2025-11-30T23:00:00.000Z",
      registrationClosesAt: "2026-11-30T23:00:00.000Z",
    });
  });

  const put = async (patch: Record<string, unknown>) => {
    const res = await app.inject({ method: "PUT", url: `/api/CampEdition/Put/2026/${token}`, payload: patch });
    expect(res.statusCode).toBe(200);
  };
  const current = async () => (await app.inject({ url: "/api/CampEdition/Current" })).json();
  const idOf = async (firstName: string) =>
    Number((await database.db.execute<{ id: number }>(sql`select id from camp_registration_view where first_name = ${firstName}`)).rows[0]!.id);
  const statuses = async () =>
    Object.fromEntries(
      (await database.db.execute<{ first_name: string; status: string }>(sql`select first_name, status from camp_registration_view`)).rows.map(
        (row) => [row.first_name, row.status],
      ),
    );
  const sleepersConfirmed = async () =>
    Number(
      (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from camp_registration_view where status = 'confirmed' and sleepover`))
        .rows[0]!.n,
    );
  const offered = async () =>
    (
      await database.db.execute<{ first_name: string }>(sql`
        select r.first_name from event_waitlist_offers o join camp_registration_view r on r.id = o.order_id
         where o.state = 'offered' order by r.first_name`)
    ).rows.map((row) => row.first_name);
  const register = async (firstName: string, sleepover: boolean) => {
    const res = await postRegistration(app, draft({ firstName, sleepover }));
    expect(res.statusCode).toBe(200);
    return res;
  };
  const cancel = async (firstName: string) => {
    await database.db.execute(sql`update event_orders set status = 'cancelled', cancelled_at = ${now.toISOString()}::timestamptz
                                   where id = ${await idOf(firstName)}`);
  };
  /** An open offer of `firstName`'s waiting registration, as the job (or a release before this rule) made it. */
  const offerTo = async (firstName: string) => {
    const offerToken = newOfferToken();
    await database.db.execute(sql`insert into event_waitlist_offers (order_id, owner_kind, token_hash, state, offered_at, expires_at)
      values (${await idOf(firstName)}, 'camp', ${offerTokenHash(offerToken)}, 'offered', ${now.toISOString()}::timestamptz,
              ${new Date(now.getTime() + 3600_000).toISOString()}::timestamptz)`);
    return offerToken;
  };
  const accept = (offerToken: string) => app.inject({ method: "POST", url: `/api/Venteliste/Accept/${offerToken}` });
  /** «Ja takk» to every open offer (each given a token this test knows: only its hash is stored). */
  const acceptOpenOffers = async () => {
    const open = await database.db.execute<{ id: number }>(sql`select id from event_waitlist_offers where state = 'offered' order by id`);
    const answers = [];
    for (const { id } of open.rows) {
      const offerToken = newOfferToken();
      await database.db.execute(sql`update event_waitlist_offers set token_hash = ${offerTokenHash(offerToken)} where id = ${id}`);
      answers.push(await accept(offerToken));
    }
    return answers;
  };

  /** Two places, one sleepover place: Anna sleeps over, Bo does not; Vera (sleeps over) and Nils (does not) wait in that order. */
  const fullWithTwoWaiting = async () => {
    await put({ capacity: 2, sleepoverCapacity: 1 });
    expect((await register("Anna", true)).body).toBe("Done");
    expect((await register("Bo", false)).body).toBe("Done");
    expect((await register("Vera", true)).body).toBe(waitlistAnswer);
    expect((await register("Nils", false)).body).toBe(waitlistAnswer);
    await app.waitlist.drain();
    expect(await offered()).toEqual([]);
  };

  it("a freed place is not offered to a sleeper while every sleepover place is held: the sleepover is not sold twice", async () => {
    await fullWithTwoWaiting();
    await cancel("Bo");
    await app.waitlist.drain();
    // Vera, first in line, cannot use the place (no sleepover place free); Nils, who does not sleep over, can.
    expect(await offered()).toEqual(["Nils"]);
    expect(await current()).toMatchObject({ placesLeft: 0, sleepoverPlacesLeft: 0 });
    for (const answer of await acceptOpenOffers()) expect(answer.statusCode).toBe(200);
    expect(await statuses()).toMatchObject({ Anna: "confirmed", Nils: "confirmed", Vera: "waiting" });
    expect(await sleepersConfirmed()).toBe(1);
  });

  it("the sleeper first in line is offered once a sleepover place and a place are free, before those behind", async () => {
    await fullWithTwoWaiting();
    await cancel("Anna");
    await app.waitlist.drain();
    expect(await offered()).toEqual(["Vera"]);
  });

  it("a new registration leaves a freed place to the one in line who can use it", async () => {
    await fullWithTwoWaiting();
    await cancel("Bo");
    // Before the job runs: Nils fits the free place (Vera does not), so a newcomer waits behind them.
    expect((await register("Ola", false)).body).toBe(waitlistAnswer);
    expect(await current()).toMatchObject({ placesLeft: 0, sleepoverPlacesLeft: 0 });
  });

  it("a new sleeper does not take the sleepover place a sleeper in line fits into; one who does not sleep over gets the place left", async () => {
    await put({ capacity: 2, sleepoverCapacity: 1 });
    expect((await register("Anna", false)).body).toBe("Done");
    expect((await register("Bo", false)).body).toBe("Done");
    expect((await register("Vera", true)).body).toBe(waitlistAnswer);
    // Two more places before the job runs: Vera in line fits one of them and the sleepover place.
    await put({ capacity: 4 });
    expect(await current()).toMatchObject({ placesLeft: 1, sleepoverPlacesLeft: 0 });
    const sara = await postRegistration(app, draft({ firstName: "Sara", sleepover: true }));
    expect(sara.statusCode).toBe(409);
    expect((await register("Ola", false)).body).toBe("Done");
    await app.waitlist.drain();
    expect(await offered()).toEqual(["Vera"]);
  });

  it("«Ja takk» to an offer made while every sleepover place was held is refused, and the athlete stays in line", async () => {
    await fullWithTwoWaiting();
    await cancel("Bo");
    // An offer made by a release before the line knew the sleepover places.
    const offerToken = await offerTo("Vera");
    const res = await accept(offerToken);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ error: offerMessages.sleepoverGone });
    expect(await sleepersConfirmed()).toBe(1);
    expect((await statuses())["Vera"]).toBe("waiting");
    // The place her offer held passes on to the one who can use it.
    expect(await offered()).toEqual(["Nils"]);
  });

  it("«Ja takk» once the registration has closed is refused with a clear message; nothing is taken", async () => {
    await put({ capacity: 1 });
    expect((await register("Anna", false)).body).toBe("Done");
    expect((await register("Vera", false)).body).toBe(waitlistAnswer);
    await cancel("Anna");
    await app.waitlist.drain();
    expect(await offered()).toEqual(["Vera"]);
    // The admin closes registration while the offer is open (the offer's deadline was set by the earlier close).
    await put({ registrationClosesAt: "2026-11-05T09:00:00.000Z" });
    const [res] = await acceptOpenOffers();
    expect(res!.statusCode).toBe(410);
    expect(res!.json()).toEqual({ error: offerMessages.registrationClosed });
    expect((await statuses())["Vera"]).toBe("waiting");
  });

  it("a family adding a sleepover on its page while a waiting sleeper's offer holds the last sleepover place is refused", async () => {
    await put({ capacity: 2, sleepoverCapacity: 1 });
    const bo = await register("Bo", false);
    expect((await register("Anna", false)).body).toBe("Done");
    expect((await register("Vera", true)).body).toBe(waitlistAnswer);
    await cancel("Anna");
    await app.waitlist.drain();
    expect(await offered()).toEqual(["Vera"]);
    const link = String(bo.headers[personalLinkHeader]).split("/").pop()!;
    const change = await app.inject({ method: "POST", url: `/api/MinPamelding/Change/${link}`, payload: { sleepover: true } });
    expect(change.statusCode).toBe(409);
    expect(change.json()).toEqual({ error: selfServiceMessages.sleepoverFull });
  });
  it("a sleeper whose Vipps payment ended unpaid, paying again once the sleepover place is taken, waits in line: the sleepover is not sold twice", async () => {
    await put({ sleepoverCapacity: 1 });
    const paying = draft({ firstName: "Vera", sleepover: true, vipps: true });
    expect((await postRegistration(app, paying)).body).toMatch(/^https:\/\/pay\.example\//);
    await database.db.execute(sql`update event_payments set state = 'aborted', vipps_state = 'ABORTED' where order_id = ${await idOf("Vera")}`);
    // Her ended attempt gave the sleepover place up; Anna takes it.
    expect((await register("Anna", true)).body).toBe("Done");
    expect((await postRegistration(app, paying)).body).toBe(waitlistAnswer);
    expect(await statuses()).toMatchObject({ Anna: "confirmed", Vera: "waiting" });
    expect(await current()).toMatchObject({ sleepoverPlacesLeft: 0 });
  });
});
