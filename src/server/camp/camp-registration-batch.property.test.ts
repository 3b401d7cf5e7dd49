/**
 * Registrations that arrive at the same moment share one statement (camp-registration-statement.ts,
 * db/write-batcher.ts). Whatever arrives together (with or without companions, grading or sleepover, the
 * same draft twice), each registration must get exactly its own rows: its companions, price lines, ledger
 * charges, payment, confirmation mail and family link, never another's. REGISTRATION_BATCH_RUNS sets how
 * many random arrivals are tried (default 4 per database; `npm run test:properties` 60).
 */
import fc from "fast-check";
import { eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { campPaymentColumns } from "../payments/camp-payment-rows.ts";
import { eventLedgerEntries, eventPayments } from "../db/schema/events-money.ts";
import { familyLinks } from "../db/schema/events-orders.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { buildCampTestApp, clearCampTables, companion, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import { campConfirmationKey } from "./camp-confirmation-queue.ts";
import { registrationEdition } from "./camp-edition-cache.ts";
import { campEditionFromData } from "../../shared/camp/camp-edition-data.ts";
import { emailKey } from "../../shared/contact/email-key.ts";
import { CampRegistrationSchema } from "../../shared/camp/camp-registration.ts";
import { calculateCampPrice } from "../../shared/camp/camp-pricing.ts";
import { referenceData } from "../db/reference-data.ts";
import { paymentMethodFor, writeRegistration, writeRegistrationsTogether, type NewRegistration } from "./camp-registration-write.ts";
import { newOrderId } from "./order-id.ts";
import { registrationStatementBatcher } from "./camp-registration-statement.ts";
import { sendHeld } from "../test-support/held-batch.ts";
import { campRegistrationWithTotal } from "./camp-receipt.ts";
import { readCampCompanions } from "./camp-companion-rows.ts";

const runs = Number(process.env.REGISTRATION_BATCH_RUNS ?? 4);
const now = new Date("2026-10-15T10:00:00Z");

const arrival = fc.array(fc.record({ companions: fc.nat(3), gradering: fc.boolean(), sleepover: fc.boolean(), twice: fc.boolean() }), {
  minLength: 4,
  maxLength: 14,
});

describe.each(databaseKinds)("registrations arriving together on %s", (kind) => {
  let database: Database;
  let app: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("each gets its own rows, once, and they share statements", async () => {
    await fc.assert(
      fc.asyncProperty(arrival, fc.boolean(), async (athletes, together) => {
        await clearCampTables(database);
        await database.db.execute(sql`truncate event_ledger_entries cascade`);
        const drafts = athletes.map((athlete, index) =>
          draft({
            firstName: `Utøver${index}`,
            email: `utover${index}@example.no`,
            // Cup grading at the camp is for a home-club child under 13 (12 may also sleep over).
            ...(athlete.gradering ? { gradering: true, age: 12, clubId: 29, gradeId: 3 } : { gradering: false }),
            sleepover: athlete.sleepover,
            hasLedsager: athlete.companions > 0,
            ledsagere: Array.from({ length: athlete.companions }, (_, position) => companion({ firstName: `Ledsager${index}x${position}` })),
          }),
        );
        const bodies = drafts.flatMap((body, index) => (athletes[index]!.twice ? [body, body] : [body]));
        const sends = bodies.map((body) => () => postRegistration(app, body));
        const answers = together ? await sendHeld(registrationStatementBatcher(database.db), sends) : await Promise.all(sends.map((send) => send()));
        expect(answers.map((answer) => `${answer.statusCode} ${answer.statusCode === 200 ? "" : answer.body}`)).toEqual(bodies.map(() => "200 "));

        const registrations = await database.db.select(campRegistrationWithTotal).from(campRegistrations);
        expect(registrations.map((row) => row.draftId).sort()).toEqual(drafts.map((body) => body.draftId).sort());
        const companions = await readCampCompanions(database.db);
        const ledger = await database.db.select().from(eventLedgerEntries);
        const paid = await database.db.select(campPaymentColumns).from(eventPayments);
        const mails = await database.db.select().from(mailOutbox);
        const links = await database.db.select().from(familyLinks);
        for (const [index, body] of drafts.entries()) {
          const row = registrations.find((registration) => registration.draftId === body.draftId)!;
          const own = <Row extends { registrationId: number | null }>(rows: Row[]) => rows.filter((other) => other.registrationId === row.id);
          expect(row).toMatchObject({ firstName: `Utøver${index}`, email: body.email, gradering: body.gradering, sleepover: body.sleepover });
          expect(
            own(companions)
              .sort((a, b) => a.position - b.position)
              .map((other) => other.firstName),
          ).toEqual(body.ledsagere.map((other) => other.firstName));
          // The price is written once: the receipt's lines are the ledger's charges, each with its label.
          const charges = ledger.filter((entry) => entry.orderId === row.id);
          expect(charges.every((entry) => entry.kind === "charge" && entry.label !== null)).toBe(true);
          expect(charges.filter((entry) => entry.item === "companion")).toHaveLength(body.ledsagere.length);
          expect(charges.some((entry) => entry.item === "grading")).toBe(body.gradering);
          expect(own(paid).map((payment) => payment.amount)).toEqual([row.total]);
          const mail = mails.find((other) => other.dedupeKey === campConfirmationKey(row.id))!;
          expect(mail.recipient).toBe(body.email);
          // A mail the outbox has sent meanwhile keeps no payload (it held the family link's secret).
          if (mail.status === "pending")
            expect(mail.payload).toMatchObject({ registrationIds: [row.id], money: { paid: 0, outstanding: row.total } });
          expect(links.filter((link) => link.emailKey === body.email)).toHaveLength(1);
          // The browser's link to «Min påmelding»: one per answer that carried the draft's secret.
          expect(links.filter((link) => link.emailKey === null && link.orderId === row.id)).toHaveLength(athletes[index]!.twice ? 2 : 1);
        }
        expect(mails).toHaveLength(drafts.length);
        const transactions = await database.db.execute<{ n: number }>(
          sql`select count(distinct xmin::text)::int as n from event_orders where id in (select id from camp_registration_view)`,
        );
        // Held, they waited for one statement together (a draft sent twice waits for the next).
        if (together) expect(Number(transactions.rows[0]!.n)).toBeLessThan(drafts.length);
      }),
      {
        numRuns: runs,
        examples: [
          [
            [
              { companions: 1, gradering: true, sleepover: true, twice: true },
              ...Array(3).fill({ companions: 0, gradering: false, sleepover: false, twice: false }),
            ],
            true,
          ],
        ],
      },
    );
  });

  it("answers each writer with the id of its own registration", async () => {
    await clearCampTables(database);
    const edition = (await registrationEdition(database.db, 2026, now))!;
    const { grades } = await referenceData(database.db);
    const written = await Promise.all(
      Array.from({ length: 12 }, async (_, index) => {
        const registration = CampRegistrationSchema.parse(draft({ firstName: `Utøver${index}` }));
        const price = calculateCampPrice(registration, { edition: campEditionFromData(edition.data), at: now, grades });
        const orderId = newOrderId(2026);
        const result = await writeRegistration(database.db, {
          registration,
          price,
          method: paymentMethodFor(price.total, false),
          editionYear: 2026,
          editionFingerprint: edition.fingerprint,
          orderId,
          status: "confirmed",
          now,
        });
        return { orderId, id: result!.id };
      }),
    );
    for (const { orderId, id } of written) {
      const [row] = await database.db.select({ orderId: campRegistrations.orderId }).from(campRegistrations).where(eq(campRegistrations.id, id));
      expect(row?.orderId).toBe(orderId);
    }
    const transactions = await database.db.execute<{ n: number }>(
      sql`select count(distinct xmin::text)::int as n from event_orders where id in (select id from camp_registration_view)`,
    );
    expect(Number(transactions.rows[0]!.n)).toBeLessThan(written.length);
  });

  it("two families and a single in one statement: each mail names only its own registrations, in the order given", async () => {
    await clearCampTables(database);
    const edition = (await registrationEdition(database.db, 2026, now))!;
    const { grades } = await referenceData(database.db);
    const orderIds = Array.from({ length: 6 }, () => newOrderId(2026));
    const input = (
      index: number,
      firstName: string,
      email: string,
      lead: number | undefined,
      confirmationMail: NewRegistration["confirmationMail"],
    ) => {
      const registration = CampRegistrationSchema.parse(draft({ firstName, email }));
      const price = calculateCampPrice(registration, { edition: campEditionFromData(edition.data), at: now, grades });
      return {
        registration,
        price,
        method: paymentMethodFor(price.total, false),
        editionYear: 2026,
        editionFingerprint: edition.fingerprint,
        orderId: orderIds[index]!,
        status: "confirmed",
        now,
        ...(lead === undefined ? {} : { groupId: orderIds[lead]! }),
        confirmationMail,
      } satisfies NewRegistration;
    };
    // The families' athletes interleaved with each other and with a registration on its own.
    const inputs = [
      input(0, "A0", "a@example.no", 0, { groupMoney: { paid: 0, outstanding: 111 } }),
      input(1, "B0", "b@example.no", 1, { groupMoney: { paid: 0, outstanding: 222 } }),
      input(2, "A1", "a@example.no", 0, false),
      input(3, "S", "s@example.no", undefined, true),
      input(4, "B1", "b@example.no", 1, false),
      input(5, "A2", "a@example.no", 0, false),
    ];
    const written = await database.db.transaction((tx) => writeRegistrationsTogether(tx, inputs));
    const id = (name: string) => written[inputs.findIndex((one) => one.registration.firstName === name)]!.id;
    const mails = await database.db.select().from(mailOutbox);
    const payload = (name: string) => mails.find((mail) => mail.dedupeKey === campConfirmationKey(id(name)))?.payload;
    expect(mails).toHaveLength(3);
    expect(payload("A0")).toMatchObject({ registrationIds: [id("A0"), id("A1"), id("A2")], money: { paid: 0, outstanding: 111 } });
    expect(payload("B0")).toMatchObject({ registrationIds: [id("B0"), id("B1")], money: { paid: 0, outstanding: 222 } });
    expect(payload("S")).toMatchObject({ registrationIds: [id("S")] });
    const links = await database.db.select().from(familyLinks).where(isNotNull(familyLinks.emailKey));
    expect(links.map((link) => link.emailKey).sort()).toEqual(["a@example.no", "b@example.no", "s@example.no"].map((email) => emailKey(email)));
  });
});
