import { configuredAccountName } from "../../admin-auth/camp-account.ts";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkInMessages,
  CheckInActionAnswerSchema,
  CheckInCountsSchema,
  CheckInHitSchema,
  CheckInSearchAnswerSchema,
  formatCheckInCode,
  type CheckInHit,
} from "../../../shared/camp/camp-checkin.ts";
import type { Database } from "../../db/database.ts";
import { campRegistrations } from "../../db/schema/camp.ts";
import { eventPaymentActions, eventPayments } from "../../db/schema/events-money.ts";
import { campPaymentWithId } from "../../payments/camp-payment-rows.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { outboxMails } from "../../test-support/outbox.ts";
import { createTestDatabase, databaseKinds } from "../../test-support/database.ts";
import { testAdminCredentials } from "../../test-support/app.ts";
import {
  buildCampTestApp,
  createTestTransport,
  campAdminToken,
  companion,
  countRows,
  draft,
  postRegistration,
  sibling,
  type TestApp,
} from "../../test-support/camp.ts";
import { startVippsPayment } from "../../test-support/vipps.ts";
import { campConfirmationKey } from "../camp-confirmation-queue.ts";
import { checkInCodeFor } from "./checkin-code.ts";
import { doorPaymentLog } from "./door-payment.ts";
import { figuresOf } from "../camp-ledger-store.ts";
import { deleteExpiredAccounting } from "../../privacy/camp-retention.ts";
import { redactUrl } from "../../logger.ts";
import { campRegistrationWithTotal } from "../camp-receipt.ts";
import { campArrivals } from "./camp-arrivals.ts";

let now = new Date("2026-10-15T10:00:00Z");

describe("check-in in the log", () => {
  it("masks the token, the code and the searched name", () => {
    expect(redactUrl("/api/VinterleirAdmin/CheckIn/Search/tok?q=Ola%20Nordmann")).toBe("/api/VinterleirAdmin/CheckIn/[redacted]?q=[redacted]");
    expect(redactUrl("/api/VinterleirAdmin/CheckIn/Code/ABCD/tok")).toBe("/api/VinterleirAdmin/CheckIn/[redacted]");
  });
});

describe.each(databaseKinds)("check-in at the door on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let transport: ReturnType<typeof createTestTransport>;
  let token: string;
  const ids: Record<string, number> = {};

  const url = (path: string) => `/api/VinterleirAdmin/CheckIn/${path}`;
  const act = (body: Record<string, unknown>) => app.inject({ method: "POST", url: url(`Action/${token}`), payload: body });
  const hitOf = async (key: string | number): Promise<CheckInHit> => {
    const id = typeof key === "number" ? key : ids[key]!;
    const [row] = await database.db.select({ orderId: campRegistrations.orderId }).from(campRegistrations).where(eq(campRegistrations.id, id));
    const res = await app.inject({ url: url(`Code/${await checkInCodeFor(database.db, row!.orderId)}/${token}`) });
    expect(res.statusCode, res.body).toBe(200);
    return CheckInHitSchema.parse(res.json());
  };
  const doorLog = async (registrationId: number) =>
    (
      await database.db
        .select()
        .from(eventPaymentActions)
        .innerJoin(eventPayments, campPaymentWithId(eventPaymentActions.paymentId))
        .where(eq(eventPayments.orderId, registrationId))
    )
      .map((row) => row.event_payment_actions)
      .filter((entry) => entry.action.startsWith("checkin-"));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // The Vipps routes (the admin's Payments call) are there with the simulator; its jobs stay still, so no pass
    // touches a payment between a request and what the test reads.
    ({ app, transport } = await buildCampTestApp(database, {
      clock: () => now,
      env: { VIPPS_SIMULATOR: "true" },
      vipps: { startReconciler: false },
    }));
    token = await campAdminToken(app);
    const register = async (key: string, body: ReturnType<typeof draft>) => {
      const res = await postRegistration(app, body);
      if (res.body !== "Done") throw new Error(res.body);
      const [row] = await database.db.select({ id: campRegistrations.id }).from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
      ids[key] = row!.id;
    };
    await register(
      "ola",
      draft({
        allergies: "Peanøtter-HEMMELIG",
        sleepover: true,
        hasLedsager: true,
        ledsagere: [companion({ firstName: "Kari", lastName: "Ledsager" })],
      }),
    );
    await register("siri", draft({ firstName: "Siri", lastName: "Sørensen", clubId: 2, allergies: "nei" }));
    await register("gone", draft({ firstName: "Avbestilt", lastName: "Person" }));
    expect((await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${ids.gone}/${token}` })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("puts an opaque check-in code in the confirmation mail, with the QR image inline", async () => {
    const [mail] = await outboxMails(app, eq(mailOutbox.dedupeKey, campConfirmationKey(ids.ola!)), transport);
    const [row] = await database.db.select(campRegistrationWithTotal).from(campRegistrations).where(eq(campRegistrations.id, ids.ola!));
    const code = await checkInCodeFor(database.db, row!.orderId);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{28}$/);
    expect(code).not.toContain(row!.orderId.replace(/-/g, ""));
    expect(mail!.text).toContain(`Innsjekkingskode: ${formatCheckInCode(code)}`);
    expect(mail!.html).toContain(`src="cid:qr-${code}@qr.skitaekwondo.no"`);
    // Every registration its own code.
    const [siri] = await database.db.select(campRegistrationWithTotal).from(campRegistrations).where(eq(campRegistrations.id, ids.siri!));
    expect(await checkInCodeFor(database.db, siri!.orderId)).not.toBe(code);
  });

  it("finds a registration by its code (typed in any case, with or without dashes) and says 'Ukjent QR-kode' otherwise", async () => {
    const hit = await hitOf("ola");
    expect(hit.persons.map((person) => [person.name, person.isLedsager, person.allergy, person.sleepover])).toEqual([
      ["Ola Nordmann", false, true, true],
      ["Kari Ledsager", true, false, false],
    ]);
    expect(JSON.stringify(hit)).not.toContain("HEMMELIG");
    expect(hit.outstanding).toBe(hit.amount);
    const [row] = await database.db.select(campRegistrationWithTotal).from(campRegistrations).where(eq(campRegistrations.id, ids.ola!));
    const typed = formatCheckInCode(await checkInCodeFor(database.db, row!.orderId)).toLowerCase();
    expect((await app.inject({ url: url(`Code/${typed}/${token}`) })).json().registrationId).toBe(ids.ola);
    for (const unknown of ["ABCDEFGHJKMNPQRSTVWXYZ012345", row!.orderId, "x", "%00", "a".repeat(60)]) {
      const res = await app.inject({ url: url(`Code/${encodeURIComponent(unknown)}/${token}`) });
      expect(res.statusCode, unknown).toBe(404);
      expect(res.json()).toEqual({ error: "Ukjent QR-kode." });
    }
  });

  it("searches by name, companion, club and order id, every word, without accents mattering", async () => {
    const search = async (q: string) =>
      CheckInSearchAnswerSchema.parse((await app.inject({ url: url(`Search/${token}?q=${encodeURIComponent(q)}`) })).json());
    expect((await search("sørensen")).hits.map((hit) => hit.registrationId)).toEqual([ids.siri]);
    expect((await search("kari")).hits.map((hit) => hit.registrationId)).toEqual([ids.ola]);
    expect((await search("ola nord")).hits.map((hit) => hit.registrationId)).toEqual([ids.ola]);
    expect((await search("ZZZ")).hits).toEqual([]);
    // A cancelled registration is found (so the door knows) but marked.
    expect((await search("avbestilt")).hits.map((hit) => hit.status)).toEqual(["cancelled"]);
    for (const bad of ["", "q=", "q=%20%20", `q=${"x".repeat(101)}`, "q=a&q=b"]) {
      const res = await app.inject({ url: url(`Search/${token}${bad.startsWith("q=") ? `?${bad}` : ""}`) });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
  });

  it("checks a person in once per action id, also when the same action arrives twice at the same moment, and undoes", async () => {
    const actionId = randomUUID();
    const body = { actionId, kind: "checkin", personId: `a${ids.ola}` };
    const answers = await Promise.all(Array.from({ length: 5 }, () => act(body)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const parsed = answers.map((res) => CheckInActionAnswerSchema.parse(res.json()));
    expect(parsed.filter((answer) => !answer.duplicate)).toHaveLength(1);
    expect(parsed[0]!.hit.persons[0]!.checkedIn).toEqual(["2026-11-28"]);
    expect(await campArrivals(database.db, [ids.ola!])).toHaveLength(1);
    expect(await countRows(database, "event_checkin_actions")).toBe(1);

    // The companion on another day; the counts follow.
    expect(
      (await act({ actionId: randomUUID(), kind: "checkin", personId: `c${parsed[0]!.hit.persons[1]!.personId.slice(1)}`, day: "2026-11-29" }))
        .statusCode,
    ).toBe(200);
    const counts = CheckInCountsSchema.parse((await app.inject({ url: url(`Counts/${token}`) })).json());
    expect(counts).toEqual({
      year: 2026,
      today: "2026-11-28",
      days: [
        { day: "2026-11-28", arrived: 1, expected: 3 },
        { day: "2026-11-29", arrived: 1, expected: 3 },
        { day: "2026-11-30", arrived: 0, expected: 3 },
      ],
    });
    // The admin list carries the check-ins, and the camp admin's "Kommet så langt" list comes as Excel.
    const persons = (await app.inject({ url: `/api/VinterleirAdmin/Get/${token}` })).json() as {
      registrationId: number;
      isLedsager: boolean;
      arrivals: { day: string }[];
    }[];
    const ola = persons.filter((person) => person.registrationId === ids.ola);
    expect(ola.map((person) => person.arrivals.map((arrival) => arrival.day))).toEqual([["2026-11-28"], ["2026-11-29"]]);
    const excel = await app.inject({ url: `/api/VinterleirAdmin/GetXlsx/kommet/${token}` });
    expect(excel.statusCode).toBe(200);
    expect(excel.headers["content-type"]).toContain("spreadsheetml");

    const undo = await act({ actionId: randomUUID(), kind: "undo-checkin", personId: `a${ids.ola}` });
    expect(undo.json().hit.persons[0].checkedIn).toEqual([]);
    // The first check-in sent again (an offline queue after a lost answer) does not check in again.
    const again = await act(body);
    expect(again.json().duplicate).toBe(true);
    expect(again.json().hit.persons[0].checkedIn).toEqual([]);
    // The same id for something else is refused.
    expect((await act({ ...body, personId: `a${ids.siri}` })).statusCode).toBe(409);
  });

  it("records a card/cash payment at the door once in the money log with the account, and undoes it", async () => {
    const actionId = randomUUID();
    const before = await hitOf("siri");
    const body = { actionId, kind: "payment", personId: `a${ids.siri}`, amount: before.outstanding };
    const answers = await Promise.all(Array.from({ length: 4 }, () => act(body)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const after = await hitOf("siri");
    expect(after.paid).toBe(before.paid + before.outstanding);
    expect(after.outstanding).toBe(0);
    expect(after.doorPayments).toEqual([{ actionId, amount: before.outstanding, at: now.toISOString(), by: configuredAccountName }]);
    const log = await doorLog(ids.siri!);
    expect(log.map((entry) => [entry.action, entry.amount, entry.actor])).toEqual([
      [doorPaymentLog.paid.action, before.outstanding, testAdminCredentials.CAMP_ADMIN_USERNAME],
    ]);
    // The admin's Payments call shows it.
    const view = await app.inject({ url: `/api/VinterleirAdmin/Payments/${ids.siri}/${token}` });
    expect(view.json().actions.filter((entry: { action: string }) => entry.action === doorPaymentLog.paid.action)).toHaveLength(1);

    const undoId = randomUUID();
    await Promise.all([
      act({ actionId: undoId, kind: "undo-payment", personId: `a${ids.siri}` }),
      act({ actionId: undoId, kind: "undo-payment", personId: `a${ids.siri}` }),
    ]);
    const undone = await hitOf("siri");
    expect(undone.paid).toBe(before.paid);
    expect(undone.doorPayments).toEqual([]);
    expect((await doorLog(ids.siri!)).map((entry) => [entry.action, entry.amount])).toEqual([
      [doorPaymentLog.paid.action, before.outstanding],
      [doorPaymentLog.undone.action, -before.outstanding],
    ]);
    // Nothing left to undo: no effect.
    expect((await act({ actionId: randomUUID(), kind: "undo-payment", personId: `a${ids.siri}` })).statusCode).toBe(200);
    expect(await doorLog(ids.siri!)).toHaveLength(2);
  });

  it("refuses to undo a door payment once that money has gone back or is owed back (nothing paid out that never came in)", async () => {
    const body = draft({ firstName: "Angrer", lastName: "Etterpå" });
    expect((await postRegistration(app, body)).body).toBe("Done");
    const [row] = await database.db.select(campRegistrationWithTotal).from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
    const paid = await act({ actionId: randomUUID(), kind: "payment", personId: `a${row!.id}`, amount: row!.total, method: "card" });
    expect(paid.statusCode, paid.body).toBe(200);
    // The leader cancels before the deadline: everything paid is owed back outside Vipps.
    expect((await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${row!.id}/${token}` })).statusCode).toBe(200);
    expect(await figuresOf(database.db, row!.id)).toMatchObject({ paid: row!.total, refundOwed: row!.total });
    // A careless (or dishonest) undo at the door would leave the club owing back money it no longer holds.
    const undo = await act({ actionId: randomUUID(), kind: "undo-payment", personId: `a${row!.id}` });
    expect(undo.statusCode, undo.body).toBe(409);
    expect(undo.json()).toEqual({ error: checkInMessages.undoAfterRefund });
    expect(await figuresOf(database.db, row!.id)).toMatchObject({ paid: row!.total, refundOwed: row!.total });
    expect((await doorLog(row!.id)).map((entry) => entry.action)).toEqual([doorPaymentLog.paid.action]);
  });

  it("two helpers taking the whole amount at the same moment: one payment is recorded, the other is refused", async () => {
    const body = draft({ firstName: "Samtidig", lastName: "Betaler" });
    expect((await postRegistration(app, body)).body).toBe("Done");
    const [row] = await database.db.select(campRegistrationWithTotal).from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
    const answers = await Promise.all(
      ["card", "cash", "card"].map((method) => act({ actionId: randomUUID(), kind: "payment", personId: `a${row!.id}`, amount: row!.total, method })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await figuresOf(database.db, row!.id)).toMatchObject({ paid: row!.total, outstanding: 0 });
  });

  it("answers an undo sent again with the same action id as the same action (an offline queue after a lost answer)", async () => {
    const body = draft({ firstName: "Dobbel", lastName: "Angring" });
    expect((await postRegistration(app, body)).body).toBe("Done");
    const [row] = await database.db.select(campRegistrationWithTotal).from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
    expect((await act({ actionId: randomUUID(), kind: "payment", personId: `a${row!.id}`, amount: 500, method: "cash" })).statusCode).toBe(200);
    expect((await act({ actionId: randomUUID(), kind: "payment", personId: `a${row!.id}`, amount: 300, method: "card" })).statusCode).toBe(200);
    const undo = { actionId: randomUUID(), kind: "undo-payment", personId: `a${row!.id}` };
    expect((await act(undo)).json().duplicate).toBe(false);
    const again = await act(undo);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().duplicate).toBe(true);
    // Only the latest payment (300) was taken back; the 500 stands.
    expect(await figuresOf(database.db, row!.id)).toMatchObject({ paid: 500 });
  });

  it("an undo takes back the payment the helper saw, never one another door took meanwhile; one already taken back is refused", async () => {
    const body = draft({ firstName: "To", lastName: "Dører" });
    expect((await postRegistration(app, body)).body).toBe("Done");
    const [row] = await database.db.select().from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
    const person = `a${row!.id}`;
    // Door A takes 500 in cash and shows it; door B takes 300 by card a moment later.
    const cash = randomUUID();
    const seenAtA = (await act({ actionId: cash, kind: "payment", personId: person, amount: 500, method: "cash" })).json();
    expect(seenAtA.hit.doorPayments.map((payment: { amount: number }) => payment.amount)).toEqual([500]);
    expect((await act({ actionId: randomUUID(), kind: "payment", personId: person, amount: 300, method: "card" })).statusCode).toBe(200);

    // Door A's helper takes back the 500 its phone shows: the 300 stands.
    const undo = await act({ actionId: randomUUID(), kind: "undo-payment", personId: person, undoes: cash });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().hit.doorPayments.map((payment: { amount: number }) => payment.amount)).toEqual([300]);
    expect(await figuresOf(database.db, row!.id)).toMatchObject({ paid: 300 });
    const ledger = (await app.inject({ url: `/api/VinterleirAdmin/Ledger/${row!.id}/${token}` })).json() as {
      kind: string;
      method: string;
      amount: number;
    }[];
    expect(ledger.filter((entry) => entry.kind === "payment").map((entry) => [entry.method, entry.amount])).toEqual([
      ["cash", 500],
      ["card", 300],
      ["cash", -500],
    ]);

    // Door B, not having seen that, takes back the same 500: refused, and the 300 still stands.
    const twice = await act({ actionId: randomUUID(), kind: "undo-payment", personId: person, undoes: cash });
    expect([twice.statusCode, twice.json()]).toEqual([409, { error: checkInMessages.alreadyUndone }]);
    expect(await figuresOf(database.db, row!.id)).toMatchObject({ paid: 300 });
    // A payment that was never taken (refused at the server) is nothing to take back; only an undo names a payment.
    expect((await act({ actionId: randomUUID(), kind: "undo-payment", personId: person, undoes: randomUUID() })).statusCode).toBe(200);
    expect(await figuresOf(database.db, row!.id)).toMatchObject({ paid: 300 });
    expect((await act({ actionId: randomUUID(), kind: "checkin", personId: person, undoes: cash })).statusCode).toBe(400);
  });

  it("an undo of one of two door payments of the same amount takes back the one it names, by its own method", async () => {
    const body = draft({ firstName: "Like", lastName: "Beløp" });
    expect((await postRegistration(app, body)).body).toBe("Done");
    const [row] = await database.db.select().from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
    const person = `a${row!.id}`;
    // Both go to the registration's one card/cash payment row, with the same amount.
    const cash = randomUUID();
    expect((await act({ actionId: cash, kind: "payment", personId: person, amount: 500, method: "cash" })).statusCode).toBe(200);
    expect((await act({ actionId: randomUUID(), kind: "payment", personId: person, amount: 500, method: "card" })).statusCode).toBe(200);
    expect((await act({ actionId: randomUUID(), kind: "undo-payment", personId: person, undoes: cash })).statusCode).toBe(200);
    const ledger = (await app.inject({ url: `/api/VinterleirAdmin/Ledger/${row!.id}/${token}` })).json() as {
      kind: string;
      method: string;
      amount: number;
    }[];
    // The cash taken back is cash: the treasurer's card and cash sums match the terminal and the till.
    expect(ledger.filter((entry) => entry.kind === "payment").map((entry) => [entry.method, entry.amount])).toEqual([
      ["cash", 500],
      ["card", 500],
      ["cash", -500],
    ]);
  });

  it("the door's «Betalt» and «Å betale» add up to «Totalt» while money is owed back outside Vipps, so a phone's own sum agrees", async () => {
    const body = draft({ firstName: "Skylder", lastName: "Tilbake", hasLedsager: true, ledsagere: [companion({ firstName: "Første" })] });
    expect((await postRegistration(app, body)).body).toBe("Done");
    const [row] = await database.db.select(campRegistrationWithTotal).from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
    const person = `a${row!.id}`;
    expect((await act({ actionId: randomUUID(), kind: "payment", personId: person, amount: row!.total, method: "card" })).statusCode).toBe(200);
    // The leader takes the companion off before the deadline (all of it owed back outside Vipps) and adds another.
    const [first] = (await hitOf(row!.id)).persons.filter((one) => one.isLedsager);
    const remove = await app.inject({
      method: "POST",
      url: `/api/VinterleirAdmin/RemoveCompanion/${row!.id}/${token}`,
      payload: { companionId: Number(first!.personId.slice(1)) },
    });
    expect(remove.statusCode, remove.body).toBe(200);
    const add = await app.inject({
      method: "POST",
      url: `/api/VinterleirAdmin/AddCompanion/${row!.id}/${token}`,
      payload: { ...companion({ firstName: "Andre", id: randomUUID() }), alreadyRegistered: false },
    });
    expect(add.statusCode, add.body).toBe(200);
    const figures = await figuresOf(database.db, row!.id);
    expect(figures.refundOwed).toBeGreaterThan(0);
    expect(figures.outstanding).toBeGreaterThan(0);
    const hit = await hitOf(row!.id);
    expect(hit.outstanding).toBe(figures.outstanding);
    // The phone works «Å betale» out as «Totalt» less «Betalt» while an action of the registration waits in its queue.
    expect(hit.amount - hit.paid).toBe(hit.outstanding);
  });

  it("confirms a Vipps registration that was never paid when it is paid at the door", async () => {
    const body = draft({ firstName: "Vippsløs", lastName: "Person", vipps: true });
    expect((await postRegistration(app, body)).statusCode).toBe(200);
    const [pending] = await database.db.select(campRegistrationWithTotal).from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
    expect(pending!.status).toBe("pending_payment");
    const answer = await act({ actionId: randomUUID(), kind: "payment", personId: `a${pending!.id}`, amount: pending!.total });
    expect(answer.statusCode).toBe(200);
    const [paid] = await database.db.select(campRegistrationWithTotal).from(campRegistrations).where(eq(campRegistrations.id, pending!.id));
    expect(paid!.status).toBe("confirmed");
    expect((await doorLog(pending!.id)).map((entry) => entry.amount)).toEqual([pending!.total]);
  });

  it("refuses a door payment while the athlete's group Vipps payment is open (an approval would take the share twice)", async () => {
    const group = await startVippsPayment(app, {
      firstName: "Gruppe",
      lastName: "Vippsen",
      siblings: [sibling({ firstName: "Søster", lastName: "Vippsen" })],
    });
    const [second] = await database.db.select(campRegistrationWithTotal).from(campRegistrations).where(eq(campRegistrations.firstName, "Søster"));
    for (const id of [group.registrationId, second!.id]) {
      const answer = await act({ actionId: randomUUID(), kind: "payment", personId: `a${id}`, amount: 100 });
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({
        error:
          "Påmeldingen er med i én Vipps-betaling for flere utøvere som ikke er fullført. Be den som betaler om å fullføre eller avbryte den i Vipps, og prøv igjen.",
      });
      expect(await doorLog(id)).toEqual([]);
      const [row] = await database.db.select({ status: campRegistrations.status }).from(campRegistrations).where(eq(campRegistrations.id, id));
      expect(row!.status).toBe("pending_payment");
    }
    // Checking in is not a payment: the athletes can come in while the payment is settled.
    expect((await act({ actionId: randomUUID(), kind: "checkin", personId: `a${second!.id}` })).statusCode).toBe(200);
  });

  it("refuses a cancelled registration (409, nothing stored) and unknown people (404)", async () => {
    const rows = await countRows(database, "event_checkin_actions");
    const cancelled = await act({ actionId: randomUUID(), kind: "checkin", personId: `a${ids.gone}` });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toEqual({ error: "Påmeldingen er avbestilt." });
    expect((await act({ actionId: randomUUID(), kind: "payment", personId: `a${ids.gone}`, amount: 100 })).statusCode).toBe(409);
    expect((await act({ actionId: randomUUID(), kind: "checkin", personId: "a999999" })).statusCode).toBe(404);
    expect((await act({ actionId: randomUUID(), kind: "checkin", personId: "c999999" })).statusCode).toBe(404);
    expect(await countRows(database, "event_checkin_actions")).toBe(rows);
  });

  it("refuses an action for a registration whose personal data was deleted on request, also one a phone queued before (404, nothing stored)", async () => {
    const res = await postRegistration(app, draft({ firstName: "Glemt", lastName: "Person" }));
    expect(res.body).toBe("Done");
    const [row] = await database.db.select({ id: campRegistrations.id }).from(campRegistrations).where(eq(campRegistrations.firstName, "Glemt"));
    const queued = { actionId: randomUUID(), kind: "checkin", personId: `a${row!.id}` };
    expect((await act(queued)).statusCode).toBe(200);
    expect((await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Forget/${row!.id}/${token}` })).statusCode).toBe(200);
    const actions = await countRows(database, "event_checkin_actions");
    for (const body of [queued, { ...queued, actionId: randomUUID() }, { actionId: randomUUID(), kind: "undo-checkin", personId: `a${row!.id}` }]) {
      const refused = await act(body);
      expect([refused.statusCode, refused.json().error]).toEqual([404, checkInMessages.unknownPerson]);
    }
    expect(await countRows(database, "event_checkin_actions")).toBe(actions);
  });

  it("answers bad input with 400 and a wrong token with 401, never 5xx", async () => {
    const person = `a${ids.ola}`;
    const bad: unknown[] = [
      undefined,
      {},
      { actionId: "x", kind: "checkin", personId: person },
      { actionId: randomUUID(), kind: "dance", personId: person },
      { actionId: randomUUID(), kind: "checkin", personId: "a0" },
      { actionId: randomUUID(), kind: "checkin", personId: "b1" },
      { actionId: randomUUID(), kind: "payment", personId: person },
      { actionId: randomUUID(), kind: "payment", personId: person, amount: 0 },
      { actionId: randomUUID(), kind: "payment", personId: person, amount: 1.5 },
      { actionId: randomUUID(), kind: "payment", personId: person, amount: "100" },
      { actionId: randomUUID(), kind: "checkin", personId: person, amount: 100 },
      { actionId: randomUUID(), kind: "checkin", personId: person, day: "2026-12-24" },
      { actionId: randomUUID(), kind: "checkin", personId: person, day: "2026-11-27" },
      { actionId: randomUUID(), kind: "checkin", personId: person, day: "2026-13-45" },
      { actionId: randomUUID(), kind: "checkin", personId: person, extra: true },
      [],
      42,
    ];
    for (const payload of bad) {
      const res = await app.inject({ method: "POST", url: url(`Action/${token}`), ...(payload === undefined ? {} : { payload: payload as object }) });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    const wrong = "A".repeat(43);
    for (const call of [url(`Search/${wrong}?q=ola`), url(`Code/ABC/${wrong}`), url(`Counts/${wrong}`)]) {
      expect((await app.inject({ url: call })).statusCode).toBe(401);
    }
    expect(
      (await app.inject({ method: "POST", url: url(`Action/${wrong}`), payload: { actionId: randomUUID(), kind: "checkin", personId: person } }))
        .statusCode,
    ).toBe(401);
  });

  it("checks in on today's camp day during the camp", async () => {
    now = new Date("2026-11-29T09:00:00Z");
    token = await campAdminToken(app);
    try {
      const res = await act({ actionId: randomUUID(), kind: "checkin", personId: `a${ids.siri}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().hit.persons[0].checkedIn).toEqual(["2026-11-29"]);
      expect((await app.inject({ url: url(`Counts/${token}`) })).json().today).toBe("2026-11-29");
    } finally {
      now = new Date("2026-10-15T10:00:00Z");
    }
  });

  it("refuses an action id sent again with another day as another action (409), as an event's door does", async () => {
    const actionId = randomUUID();
    const first = await act({ actionId, kind: "checkin", personId: `a${ids.siri}`, day: "2026-11-28" });
    expect(first.statusCode, first.body).toBe(200);
    // A phone's bug (or a forged body) reusing the id for the next day: not the same action, never «already done».
    const other = await act({ actionId, kind: "checkin", personId: `a${ids.siri}`, day: "2026-11-30" });
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json()).toEqual({ error: checkInMessages.reusedActionId });
    // The same action sent again still answers as the same.
    const again = await act({ actionId, kind: "checkin", personId: `a${ids.siri}`, day: "2026-11-28" });
    expect([again.statusCode, again.json().duplicate]).toEqual([200, true]);
  });

  it("closes the door once the camp's door list may no longer be kept: no money taken or taken back at a past camp", async () => {
    const body = draft({ firstName: "Etter", lastName: "Leiren" });
    expect((await postRegistration(app, body)).body).toBe("Done");
    const [row] = await database.db.select(campRegistrationWithTotal).from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
    const paidId = randomUUID();
    expect((await act({ actionId: paidId, kind: "payment", personId: `a${row!.id}`, amount: 200, method: "cash" })).statusCode).toBe(200);
    // Weeks after the camp (the phones dropped their lists the day after it): a helper's token still works.
    now = new Date("2027-01-20T10:00:00Z");
    token = await campAdminToken(app);
    try {
      const undo = await act({ actionId: randomUUID(), kind: "undo-payment", personId: `a${row!.id}`, undoes: paidId });
      expect(undo.statusCode, undo.body).toBe(409);
      expect(undo.json()).toEqual({ error: checkInMessages.doorClosed });
      const pay = await act({ actionId: randomUUID(), kind: "payment", personId: `a${row!.id}`, amount: 100, method: "cash" });
      expect(pay.statusCode, pay.body).toBe(409);
      // Sent again, an action carried out while the door was open still answers as before.
      const again = await act({ actionId: paidId, kind: "payment", personId: `a${row!.id}`, amount: 200, method: "cash" });
      expect([again.statusCode, again.json().duplicate]).toEqual([200, true]);
      expect(await figuresOf(database.db, row!.id)).toMatchObject({ paid: 200 });
    } finally {
      now = new Date("2026-10-15T10:00:00Z");
      token = await campAdminToken(app);
    }
  });

  // Last: the accounting records go after the retention years, and the check-in rows with them.
  it("lets the accounting retention delete registrations that have check-ins and door payments", async () => {
    expect(await countRows(database, "event_checkin_actions")).toBeGreaterThan(0);
    expect(await deleteExpiredAccounting(database.db, new Date("2040-01-01T00:00:00Z"), 5)).toBeGreaterThan(0);
    expect(await countRows(database, "event_checkin_actions")).toBe(0);
  });
});
