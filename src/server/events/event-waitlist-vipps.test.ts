import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { campAdminToken } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { createPublished, grading, order, participant, postOrder } from "../test-support/events.ts";
import { outboxMails } from "../test-support/outbox.ts";
import { actOnLanding, buildVippsTestApp, checkStatus } from "../test-support/vipps.ts";

const now = new Date("2026-11-26T12:00:00Z");

describe.each(databaseKinds)("an event's waiting list with Vipps on %s", (kind) => {
  let database: Database;
  let built: Awaited<ReturnType<typeof buildVippsTestApp>>;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    built = await buildVippsTestApp(database, () => now, { timeoutMs: 500 });
    token = await campAdminToken(built.app);
  });
  afterAll(async () => {
    await built.sim.settled();
    await built.app.close();
    await database.close();
  });

  const statuses = async () =>
    (await database.db.execute<{ first_name: string; status: string }>(sql`select first_name, status from event_orders order by id`)).rows.map(
      (row) => `${row.first_name}:${row.status}`,
    );
  const offerToken = async (email: string) => {
    const mails = (await outboxMails(built.app, undefined, built.transport)).filter(
      (mail) => mail.recipient === email && mail.dedupeKey.startsWith("event-waitlist-offer:"),
    );
    const match = /\/arrangementer\/venteliste\/([A-Za-z0-9_-]{43})\s/.exec(mails.at(-1)?.text ?? "");
    if (!match) throw new Error("no offer mail");
    return match[1]!;
  };
  const contact = (firstName: string) => ({ firstName, lastName: "Nordmann", email: `${firstName.toLowerCase()}@example.no`, telephone: "91234567" });

  it("a Vipps payment that ends unpaid passes the place on; «Ja takk» with Vipps pays, and confirms when reserved", async () => {
    const { app } = built;
    await createPublished(app, token, "gradering-vipps", grading({ capacity: 1 }));
    const first = await postOrder(
      app,
      "gradering-vipps",
      order({ vipps: true, contact: contact("Ola"), participants: [participant({ firstName: "Ola" })] }),
    );
    expect(first.statusCode).toBe(200);
    const waiting = await postOrder(
      app,
      "gradering-vipps",
      order({ vipps: true, contact: contact("Kari"), participants: [participant({ firstName: "Kari" })] }),
    );
    expect(waiting.body).toBe("Venteliste");

    // Ola gives up at Vipps: his order is cancelled and Kari gets the place offered at once.
    await actOnLanding(app, first.body, "abort");
    await built.sim.settled();
    await app.vipps!.service.reconcileOnce();
    expect(await statuses()).toEqual(["Ola:cancelled", "Kari:waiting"]);
    const offer = await offerToken("kari@example.no");
    expect((await app.inject({ url: `/api/Arrangement/Venteliste/Get/${offer}` })).json()).toMatchObject({
      vipps: true,
      total: 350,
      state: "offered",
    });

    const accepted = await app.inject({ method: "POST", url: `/api/Arrangement/Venteliste/Accept/${offer}` });
    expect(accepted.statusCode).toBe(200);
    const redirect = new URL(accepted.body);
    const orderId = redirect.searchParams.get("reference")!.replace(/-\d+$/, "");
    expect(orderId).toMatch(/^GR26-/);
    expect(await statuses()).toEqual(["Ola:cancelled", "Kari:pending_payment"]);
    // A second click leads to the same payment.
    const again = await app.inject({ method: "POST", url: `/api/Arrangement/Venteliste/Accept/${offer}` });
    expect(again.body).toBe(accepted.body);

    await actOnLanding(app, accepted.body, "approve");
    await built.sim.settled();
    await app.vipps!.service.reconcileOnce();
    expect(await checkStatus(app, orderId)).toBe("RESERVED");
    expect(await statuses()).toEqual(["Ola:cancelled", "Kari:confirmed"]);
    const participants = (await app.inject({ url: `/api/ArrangementAdmin/Participants/gradering-vipps/${token}` })).json();
    expect(participants.find((row: { name: string }) => row.name === "Kari Nordmann")).toMatchObject({
      status: "confirmed",
      charged: 350,
      paid: 350,
      outstanding: 0,
      waitlistPosition: null,
      offer: null,
    });
  });
});
