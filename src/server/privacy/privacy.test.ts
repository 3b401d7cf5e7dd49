import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { campPaymentColumns } from "../payments/camp-payment-rows.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { newMemberRegistrations } from "../db/schema/members.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import {
  buildCampTestApp,
  campAdminToken,
  companion,
  countRows,
  draft,
  moveToEdition,
  postRegistration,
  type TestApp,
} from "../test-support/camp.ts";
import { anonymiseDueAt, anonymisedName, accountingDeleteDueAt } from "./camp-retention.ts";
import { defaultRetention } from "./retention-settings.ts";
import { runRetention } from "./retention.ts";
import { countLeaderEvents, createPublished, eventIdOf, grading, order, participant, postOrder, sale } from "../test-support/events.ts";
import { eventLedgerEntries, eventPaymentActions, eventPayments } from "../db/schema/events-money.ts";
import { eventOrders, orderChanges } from "../db/schema/events-orders.ts";
import { eventEndsAt } from "../../shared/events/event-rules.ts";
import { campRegistrationCharged, campRegistrationWithTotal } from "../camp/camp-receipt.ts";
import { readCampCompanions } from "../camp/camp-companion-rows.ts";

/** Each personal value appears nowhere once the registration is anonymised. */
const secrets = {
  firstName: "Sigrid",
  lastName: "Hemmelighetsen",
  email: "sigrid.hemmelig@example.no",
  telephone: "+4799911122",
  allergies: "Peanøtter-PRIV",
  otherInfo: "Trenger-PRIV-hjelp",
};
const companionSecrets = { firstName: "Gunnar", lastName: "Ledsagersen", email: "gunnar.ledsager@example.no", telephone: "+4790011223" };

describe.each(databaseKinds)("privacy by default on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let token: string;
  // The frozen clock every rule reads; tests move it.
  let now = new Date("2026-10-15T10:00:00Z");
  const ids: Record<string, number> = {};

  async function register(key: string, body: ReturnType<typeof draft>) {
    const res = await postRegistration(app, body);
    if (res.body !== "Done") throw new Error(res.body);
    const [row] = await database.db.select({ id: campRegistrations.id }).from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
    ids[key] = row!.id;
  }
  const registration = async (key: string) =>
    (await database.db.select(campRegistrationWithTotal).from(campRegistrations).where(eq(campRegistrations.id, ids[key]!)))[0]!;
  const accountingSnapshot = async () => ({
    payments: await database.db
      .select({
        id: eventPayments.id,
        reference: eventPayments.reference,
        amount: eventPayments.amount,
        state: eventPayments.state,
        paid: eventPayments.paidAmount,
      })
      .from(eventPayments)
      .orderBy(asc(eventPayments.id)),
    actions: await database.db
      .select({ id: eventPaymentActions.id, action: eventPaymentActions.action, amount: eventPaymentActions.amount })
      .from(eventPaymentActions)
      .orderBy(asc(eventPaymentActions.id)),
    totals: await database.db
      .select({ id: campRegistrations.id, total: campRegistrationCharged, orderId: campRegistrations.orderId })
      .from(campRegistrations)
      .orderBy(asc(campRegistrations.id)),
  });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
    token = await campAdminToken(app);
    await register("sigrid", draft({ ...secrets, hasLedsager: true, ledsagere: [companion(companionSecrets)], public: true }));
    await register("ola", draft({ firstName: "Ola", lastName: "Offentligsen", public: true }));
    await register("forget", draft({ firstName: "Frida", lastName: "Glemmesen", email: "frida@example.no", public: true }));
    await register("lastYear", draft({ firstName: "Ifjor", lastName: "Deltakersen", email: "ifjor@example.no" }));
    // Last year's camp, made as the camp admin makes one.
    const copied = await app.inject({ method: "POST", url: `/api/CampEdition/Copy/2026/2025/${token}` });
    if (copied.statusCode !== 201) throw new Error(copied.body);
    await moveToEdition(database, ids.lastYear!, 2025);
    // The confirmation mails go out.
    await app.outbox.drain();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("anonymises an edition only once its delay after the camp has passed (last year's now, this year's not yet)", async () => {
    expect(anonymiseDueAt({ year: 2026, month: 11, day: 30 }, 30).toISOString()).toBe("2026-12-30T23:00:00.000Z");
    const run = await app.privacy.runOnce();
    expect(run?.anonymised).toBe(1);
    const old = await registration("lastYear");
    expect(old.anonymisedAt?.toISOString()).toBe(now.toISOString());
    expect(old).toMatchObject({
      firstName: anonymisedName,
      lastName: anonymisedName,
      email: "",
      telephone: "",
      allergies: "",
      otherInfo: "",
      public: false,
    });
    expect((await registration("sigrid")).anonymisedAt).toBeNull();
    expect((await registration("sigrid")).email).toBe(secrets.email);
  });

  it("PersonExport answers everything held about a registration as a JSON download (companions, price lines, payments, money log, change log, mails)", async () => {
    await database.db
      .insert(orderChanges)
      .values({ orderId: ids.sigrid!, ownerKind: "camp", at: now, actor: "deltaker", summary: "Endret allergier" });
    const res = await app.inject({ url: `/api/VinterleirAdmin/PersonExport/${ids.sigrid}/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain("attachment");
    expect(res.headers["cache-control"]).toBe("no-store");
    const data = res.json();
    expect(data.registration).toMatchObject({ ...secrets, id: ids.sigrid, club: expect.any(String), grade: expect.any(String), anonymisedAt: null });
    expect(data.companions).toEqual([expect.objectContaining(companionSecrets)]);
    expect(data.priceLines.map((line: { label: string }) => line.label).join("\n")).toContain("Sigrid Hemmelighetsen");
    expect(data.payments).toEqual([
      expect.objectContaining({
        method: "Ved oppmøte (kort eller kontant)",
        state: "ikke betalt",
        amount: expect.any(Number),
        reference: expect.any(String),
      }),
    ]);
    expect(data.moneyActions).toEqual([]);
    expect(data.changes).toEqual([{ at: now.toISOString(), who: "Deltakeren (Min påmelding)", what: "Endret allergier" }]);
    expect(data.mails).toEqual([
      expect.objectContaining({ recipient: secrets.email, status: "sent", subject: expect.stringContaining("registrert") }),
    ]);
  });

  it("PersonExport holds the family's grading and gear orders beside the camp: participants, items, ledger, check-in and mails", async () => {
    // Open from before the clock's day; the orders are the family's by its address, written in other letters.
    const opens = { registrationOpensAt: "2026-10-01T08:00:00+02:00" };
    await createPublished(app, token, "gradering-desember", grading(opens));
    await createPublished(app, token, "klubbtoy", { ...sale(3), ...opens });
    const familyContact = { firstName: "Sigrid", lastName: "Hemmelighetsen", email: "SIGRID.Hemmelig@example.no", telephone: "+4799911122" };
    const son = participant({ firstName: "Sindre", lastName: "Hemmelighetsen", age: 10, gradeId: 5 });
    expect((await postOrder(app, "gradering-desember", order({ contact: familyContact, participants: [son] }))).body).toBe("Done");
    const gear = order({ contact: familyContact, items: [{ itemId: "t-skjorte", variant: "S", quantity: 2 }] });
    expect((await postOrder(app, "klubbtoy", gear)).body).toBe("Done");
    // Another family's order is not this person's.
    expect((await postOrder(app, "gradering-desember", order({ participants: [participant()] }))).body).toBe("Done");
    const [graded] = await database.db
      .select()
      .from(eventOrders)
      .where(eq(eventOrders.eventId, await eventIdOf(database, "gradering-desember")))
      .orderBy(asc(eventOrders.id));
    const door = await app.inject({
      method: "POST",
      url: `/api/ArrangementInnsjekk/CheckIn/gradering-desember/${token}`,
      payload: { orderId: graded!.orderId, position: 0 },
    });
    expect(door.statusCode).toBe(200);
    await app.outbox.drain();

    const data = (await app.inject({ url: `/api/VinterleirAdmin/PersonExport/${ids.sigrid}/${token}` })).json();
    expect(data.registration).toMatchObject({ firstName: "Sigrid", email: secrets.email });
    expect(data.eventOrders).toHaveLength(2);
    const [gradingOrder, gearOrder] = data.eventOrders;
    expect(gradingOrder).toMatchObject({
      orderId: graded!.orderId,
      event: {
        title: "Cupgradering desember",
        kind: "Gradering",
        slug: "gradering-desember",
        firstDay: "2026-12-12",
        days: "lørdag 12. desember 2026",
      },
      status: "Bekreftet",
      method: "Ved oppmøte (kort eller kontant)",
      contact: { firstName: "Sigrid", email: secrets.email, telephone: "+4799911122" },
      anonymisedAt: null,
      participants: [
        { name: "Sindre Hemmelighetsen", age: 10, club: expect.any(String), grade: expect.stringContaining("Cup"), answers: [], cancelledAt: null },
      ],
      items: [],
      payments: [],
      checkins: [{ at: now.toISOString(), what: "Sjekket inn", participant: "Sindre Hemmelighetsen", by: expect.any(String) }],
      waitlistOffers: [],
      changes: [],
    });
    expect(gradingOrder.ledger.entries).toEqual([
      expect.objectContaining({
        what: "Belastet: Gradering: Sindre Hemmelighetsen",
        amount: 350,
        who: "Deltakeren (Min påmelding)",
        reason: "Påmeldt",
      }),
    ]);
    expect(gradingOrder.ledger.figures).toMatchObject({ "Å betale": 350, Betalt: 0, Utestående: 350 });
    expect(gradingOrder.mails).toEqual([
      expect.objectContaining({ status: "sent", subject: expect.stringContaining("Gradering: Cupgradering desember") }),
    ]);
    expect(gearOrder).toMatchObject({
      event: { title: "Klubbtøy", kind: "Bestilling" },
      participants: [],
      items: [{ line: "2 × T-skjorte (S)", price: 200, amount: 400 }],
      checkins: [],
    });
    expect(gearOrder.ledger.figures).toMatchObject({ "Å betale": 400, Utestående: 400 });
    // Each mail once: the camp's confirmation stays at the top, the orders' mails with their orders.
    expect(data.mails).toEqual([expect.objectContaining({ subject: expect.stringContaining("registrert") })]);
    expect(JSON.stringify(data)).not.toContain("kari@example.no");
  });

  it("PersonExport says every money line in Norwegian: the ledger, the payments and an old money log's lines", async () => {
    expect((await app.inject({ method: "POST", url: `/api/VinterleirAdmin/MarkPaid/${ids.ola}/${token}` })).statusCode).toBe(200);
    const [payment] = await database.db.select(campPaymentColumns).from(eventPayments).where(eq(eventPayments.orderId, ids.ola!));
    // A line as an earlier version wrote it: system words and an English note.
    await database.db.insert(eventPaymentActions).values({
      paymentId: payment!.id,
      actor: "reconciliation",
      action: "vipps-authorized",
      amount: 5,
      at: now,
      note: "vipps-webhook: vipps-authorized AUTHORIZED (captured)",
    });
    const data = (await app.inject({ url: `/api/VinterleirAdmin/PersonExport/${ids.ola}/${token}` })).json();
    const total = (await registration("ola")).total;
    expect(data.payments).toEqual([expect.objectContaining({ method: "Ved oppmøte (kort eller kontant)", state: "betalt" })]);
    expect(data.moneyActions).toEqual([
      expect.objectContaining({ who: expect.any(String), what: "Markert som betalt", amount: total }),
      expect.objectContaining({ who: "Systemet (avstemming med Vipps)", what: "Reservert hos Vipps", amount: 5 }),
    ]);
    expect(data.ledger.figures).toMatchObject({ "Å betale": total, Betalt: total, Utestående: 0, Tilbakebetalt: 0 });
    expect(data.ledger.entries[0]).toMatchObject({ what: "Belastet: Vinterleir (Ola Offentligsen)" });
    expect(data.ledger.entries.at(-1)).toMatchObject({
      what: "Innbetalt: Kort eller kontant (ikke oppgitt)",
      amount: total,
      reason: expect.any(String),
    });
    for (const entry of data.ledger.entries) expect(entry.line).toContain(entry.what);
    const money = JSON.stringify(
      [data.payments, data.moneyActions, data.ledger, data.priceLines].map((part) => JSON.parse(JSON.stringify(part), (_key, value) => value)),
    );
    expect(money).not.toMatch(/\b(vipps-webhook|reconciliation|AUTHORIZED|captured|card_cash|mark-paid|charge|payment|athlete|refund|unpaid|paid)\b/);
  });

  it("PersonExport and Forget need the camp admin's token and a known registration", async () => {
    expect((await app.inject({ url: `/api/VinterleirAdmin/PersonExport/${ids.sigrid}/feil-token` })).statusCode).toBe(401);
    expect((await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Forget/${ids.sigrid}/feil-token` })).statusCode).toBe(401);
    expect((await app.inject({ url: `/api/VinterleirAdmin/PersonExport/999999/${token}` })).statusCode).toBe(404);
    expect((await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Forget/abc/${token}` })).statusCode).toBe(404);
    expect((await registration("sigrid")).anonymisedAt).toBeNull();
  });

  it("Forget anonymises one person now, keeps the payments, logs the action once, and the public list no longer names them", async () => {
    const listBefore = (await app.inject({ url: "/api/VinterleirUsers/Get" })).body;
    expect(listBefore).toContain("Frida Glemmesen");
    const before = await accountingSnapshot();

    const res = await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Forget/${ids.forget}/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ changed: true, registrationId: ids.forget, anonymisedAt: now.toISOString() });
    const again = await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Forget/${ids.forget}/${token}` });
    expect(again.json()).toMatchObject({ changed: false });

    const row = await registration("forget");
    expect(row).toMatchObject({ firstName: anonymisedName, lastName: anonymisedName, email: "", telephone: "", status: "confirmed" });
    const after = await accountingSnapshot();
    expect(after.payments).toEqual(before.payments);
    expect(after.totals).toEqual(before.totals);
    expect(after.actions.slice(0, before.actions.length)).toEqual(before.actions);
    expect(after.actions.slice(before.actions.length)).toEqual([expect.objectContaining({ action: "anonymise", amount: 0 })]);

    const list = (await app.inject({ url: "/api/VinterleirUsers/Get" })).body;
    expect(list).not.toContain("Glemmesen");
    expect(list).toContain("Ola Offentligsen");
    const adminList = (await app.inject({ url: `/api/VinterleirAdmin/Get/${token}` })).json() as {
      registrationId: number;
      anonymisedAt: string | null;
      email: string;
    }[];
    expect(adminList.find((person) => person.registrationId === ids.forget)).toMatchObject({ anonymisedAt: now.toISOString(), email: "" });
    const exported = (await app.inject({ url: `/api/VinterleirAdmin/PersonExport/${ids.forget}/${token}` })).body;
    expect(exported).not.toContain("Glemmesen");
    expect(exported).not.toContain("frida@example.no");
  });

  it("the public list of a past edition is empty, before and after anonymisation", async () => {
    now = new Date("2026-12-01T12:00:00Z");
    // The lists are cached for 2 s.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await app.inject({ url: "/api/VinterleirUsers/Get" })).json()).toEqual([]);
    expect((await app.inject({ url: "/api/VinterleirUsers/GetGrades" })).json()).toEqual([]);
    // Not due yet: the admin still sees the data (refunds, questions after the camp).
    expect((await app.privacy.runOnce())?.anonymised).toBe(0);
    expect((await registration("sigrid")).email).toBe(secrets.email);
  });

  it("at the delay after the camp every remaining registration of the edition is anonymised; payment records stay untouched", async () => {
    const before = await accountingSnapshot();
    now = new Date(anonymiseDueAt({ year: 2026, month: 11, day: 30 }, defaultRetention.anonymiseAfterDays).getTime() - 1000);
    expect((await app.privacy.runOnce())?.anonymised).toBe(0);
    now = anonymiseDueAt({ year: 2026, month: 11, day: 30 }, defaultRetention.anonymiseAfterDays);
    // Two processes at once (PostgreSQL): both succeed, each row changes once.
    const [first, second] = await Promise.all([runRetention(database.db, now, defaultRetention), runRetention(database.db, now, defaultRetention)]);
    expect(first.anonymised + second.anonymised).toBe(2);
    expect((await app.privacy.runOnce())?.anonymised).toBe(0);

    for (const key of ["sigrid", "ola"]) {
      expect((await registration(key)).anonymisedAt?.toISOString()).toBe(now.toISOString());
    }
    const sigrid = await registration("sigrid");
    expect(sigrid).toMatchObject({
      firstName: anonymisedName,
      lastName: anonymisedName,
      email: "",
      telephone: "",
      allergies: "",
      otherInfo: "",
      public: false,
      age: 30,
    });
    const companions = await readCampCompanions(database.db, ids.sigrid!);
    expect(companions).toEqual([
      expect.objectContaining({ firstName: anonymisedName, lastName: anonymisedName, email: "", telephone: "", age: expect.any(Number) }),
    ]);
    const labels = (await database.db.select({ label: eventLedgerEntries.label }).from(eventLedgerEntries)).map((row) => row.label);
    expect(labels).toContain(`Vinterleir, ungdom/voksen: ${anonymisedName} (tidlig påmelding −10 %)`);
    expect(labels).toContain(`Ledsager: ${anonymisedName}`);
    // The confirmation mails (names, addresses) are gone (here already by the mail retention of 30 days).
    expect(await countRows(database, "mail_outbox")).toBe(0);

    const after = await accountingSnapshot();
    expect(after).toEqual(before);

    const everything =
      JSON.stringify(
        await database.db.execute(
          sql`select r.*, o.*, c.*, l.* from camp_registration_view r join event_orders o on o.id = r.id
            left join event_positions c on c.order_id = r.id left join event_ledger_entries l on l.order_id = r.id`,
        ),
      ) + JSON.stringify(await database.db.select().from(mailOutbox));
    for (const value of [
      ...Object.values(secrets),
      ...Object.values(companionSecrets),
      "Offentligsen",
      "Glemmesen",
      "Deltakersen",
      "ola@example.no",
    ]) {
      expect(everything).not.toContain(value);
    }
  });

  it("deletes new-member registrations after the retention, and sent mail after its retention (pending mail stays)", async () => {
    const member = (registrationDate: Date, firstName: string) => ({
      draftId: randomUUID(),
      registrationDate,
      firstName,
      lastName: "Medlemsen",
      age: 10,
      parentFirstName: "Forelder",
      parentLastName: "Medlemsen",
      email: "forelder@example.no",
      telephone: "+4791111111",
      referer: 0,
    });
    const day = 24 * 60 * 60 * 1000;
    await database.db
      .insert(newMemberRegistrations)
      .values([member(new Date(now.getTime() - 400 * day), "Gammel"), member(new Date(now.getTime() - 30 * day), "Ny")]);
    const mail = (key: string, status: "sent" | "pending", at: Date) => ({
      dedupeKey: key,
      recipient: "noen@example.no",
      subject: "Hei",
      text: "Hei",
      html: "<p>Hei</p>",
      status,
      nextAttemptAt: at,
      createdAt: at,
      sentAt: status === "sent" ? at : null,
    });
    await database.db
      .insert(mailOutbox)
      .values([
        mail("old-sent", "sent", new Date(now.getTime() - 31 * day)),
        mail("new-sent", "sent", new Date(now.getTime() - 29 * day)),
        mail("old-pending", "pending", new Date(now.getTime() - 60 * day)),
      ]);

    const run = await app.privacy.runOnce();
    expect(run).toMatchObject({ newMembersDeleted: 1, mailDeleted: 1 });
    expect(
      (await database.db.select({ firstName: newMemberRegistrations.firstName }).from(newMemberRegistrations)).map((row) => row.firstName),
    ).toEqual(["Ny"]);
    expect(
      (await database.db.select({ key: mailOutbox.dedupeKey }).from(mailOutbox).orderBy(asc(mailOutbox.dedupeKey))).map((row) => row.key),
    ).toEqual(["new-sent", "old-pending"]);
  });

  it("an event's orders' mails still queued go when its personal data is blanked, by the camp's delay after the event's last day", async () => {
    const orders = await database.db
      .select({ id: eventOrders.id, slug: sql<string>`(select slug from events e where e.id = event_id)` })
      .from(eventOrders);
    const queued = (key: string) => ({
      dedupeKey: key,
      recipient: secrets.email,
      subject: "Hei",
      text: "Hei",
      html: "<p>Hei</p>",
      status: "pending" as const,
      nextAttemptAt: now,
      createdAt: now,
    });
    const gradingIds = orders.filter((row) => row.slug === "gradering-desember").map((row) => row.id);
    const gearId = orders.find((row) => row.slug === "klubbtoy")!.id;
    await database.db
      .insert(mailOutbox)
      .values([...gradingIds.map((id) => queued(`event-cancel:${id}:test`)), queued(`event-cancel:${gearId}:test`), queued("someone-else")]);
    const due = new Date(eventEndsAt("2026-12-12").getTime() + defaultRetention.anonymiseAfterDays * 24 * 3600_000);
    now = new Date(due.getTime() - 60_000);
    expect((await app.privacy.runOnce())?.anonymised).toBe(0);
    now = due;
    const run = await app.privacy.runOnce();
    expect(run).toMatchObject({ anonymised: gradingIds.length, mailDeleted: gradingIds.length });
    // The sale ends later; the rest of the outbox is not the events' (the sent mail left by the mail retention before).
    expect(
      (await database.db.select({ key: mailOutbox.dedupeKey }).from(mailOutbox).orderBy(asc(mailOutbox.dedupeKey))).map((row) => row.key),
    ).toEqual([`event-cancel:${gearId}:test`, "old-pending", "someone-else"]);
  });

  it("deletes an edition's accounting records five years after the end of its year, not before", async () => {
    expect(accountingDeleteDueAt(2025, 5).toISOString()).toBe("2030-12-31T23:00:00.000Z");
    now = new Date("2030-12-31T22:59:00Z");
    expect((await app.privacy.runOnce())?.accountingDeleted).toBe(0);
    now = new Date("2031-06-01T12:00:00Z");
    expect((await app.privacy.runOnce())?.accountingDeleted).toBe(1);
    const left = await database.db.select({ year: campRegistrations.editionYear }).from(campRegistrations);
    expect(left.every((row) => row.year === 2026)).toBe(true);
    expect(left).toHaveLength(3);
    const orphans = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from event_payments p where p.owner_kind = 'camp' and not exists (select 1 from event_orders r where r.id = p.order_id)`,
    );
    expect(Number(orphans.rows[0]!.n)).toBe(0);
  });
  it("deletes an event's orders whole five years after the end of the year of its last day; the events stay", async () => {
    const held = async () =>
      (
        await database.db.execute<{ n: number }>(sql`select (select count(*) from event_orders) + (select count(*) from event_positions)
          + (select count(*) from event_ledger_entries) + (select count(*) from event_payments)
          + (select count(*) from event_checkin_actions) as n`)
      ).rows[0]!.n;
    now = new Date(accountingDeleteDueAt(2026, 5).getTime() - 60_000);
    expect((await app.privacy.runOnce())?.accountingDeleted).toBe(0);
    expect(Number(await held())).toBeGreaterThan(0);
    now = accountingDeleteDueAt(2026, 5);
    // The camp's three registrations of 2026 and the three event orders.
    expect((await app.privacy.runOnce())?.accountingDeleted).toBe(6);
    expect(Number(await held())).toBe(0);
    expect(await countLeaderEvents(database)).toBe(2);
    expect((await app.privacy.runOnce())?.accountingDeleted).toBe(0);
  });
});
