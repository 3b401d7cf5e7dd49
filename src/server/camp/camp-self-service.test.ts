import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { findMyRegistrationAnswer, personalLinkHeader, type MyRegistrationView } from "../../shared/camp/camp-my-registration.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { campPaymentColumns } from "../payments/camp-payment-rows.ts";
import { eventPayments } from "../db/schema/events-money.ts";
import { familyLinks, orderChanges } from "../db/schema/events-orders.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { outboxMails } from "../test-support/outbox.ts";
import { actOnLanding, reconcile, startVippsPayment, useVippsCampSuite } from "../test-support/vipps.ts";
import { anonymiseRegistrations } from "../privacy/camp-retention.ts";
import { databaseKinds } from "../test-support/database.ts";
import { campAdminToken, companion, draft, postRegistration } from "../test-support/camp.ts";
import { personalTokenHash } from "../events/family-links.ts";
import { readCampCompanions } from "./camp-companion-rows.ts";

const linkPattern = /https:\/\/klubb\.example\/min-side\/([A-Za-z0-9_-]{43})/;

describe.each(databaseKinds)("Min påmelding on %s", (kind) => {
  // After the full-refund deadline (midnight 21 November), before the camp (28 November).
  const suite = useVippsCampSuite(kind, new Date("2026-11-25T10:00:00Z"));
  beforeEach(async () => {
    // No capacity unless a test sets one (the edition row outlives each test's app).
    const admin = await campAdminToken(suite.app);
    expect((await suite.app.inject({ method: "PUT", url: `/api/CampEdition/Put/2026/${admin}`, payload: { capacity: null } })).statusCode).toBe(200);
  });

  const get = (token: string) => suite.app.inject({ url: `/api/MinPamelding/Get/${token}` });
  const cancel = (token: string, body: unknown) =>
    suite.app.inject({ method: "POST", url: `/api/MinPamelding/Cancel/${token}`, payload: body as object });
  const change = (token: string, body: unknown) =>
    suite.app.inject({ method: "POST", url: `/api/MinPamelding/Change/${token}`, payload: body as object });
  const confirmationOf = async (registrationId: number) => {
    const [mail] = await outboxMails(suite.app, eq(mailOutbox.dedupeKey, `camp-confirmation:${registrationId}`), suite.transport);
    return mail!;
  };
  const tokenFromMail = (text: string) => linkPattern.exec(text)![1]!;

  /** A card/cash registration; answers its id and the Done page's link secret. */
  const registerCardCash = async (overrides: Parameters<typeof draft>[0] = {}) => {
    const body = draft(overrides);
    const res = await postRegistration(suite.app, body);
    expect(res.body).toBe("Done");
    const [row] = await suite.app.db.select({ id: campRegistrations.id }).from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
    const header = String(res.headers[personalLinkHeader]);
    expect(header).toMatch(/^\/min-side\/[A-Za-z0-9_-]{43}$/);
    return { id: row!.id, token: header.split("/").pop()! };
  };

  const paidWithVipps = async (overrides: Parameters<typeof draft>[0] = {}) => {
    const paying = await startVippsPayment(suite.app, overrides);
    expect((await actOnLanding(suite.app, paying.redirectUrl, "approve")).statusCode).toBe(303);
    await suite.sim.settled();
    await reconcile(suite.service);
    return paying;
  };

  it("a Vipps registration's confirmation mail has the link and the calendar; cancelling refunds half through Vipps, once, and frees the list", async () => {
    const paying = await paidWithVipps();
    const mail = await confirmationOf(paying.registrationId);
    expect(mail.text).toContain("Fristen for å få alt tilbake gikk ut ved midnatt 21. november 2026");
    expect(mail.text).not.toMatch(/innen midnatt 21\. november 2026, får du alt tilbake/);
    expect(mail.attachments?.[0]).toMatchObject({ filename: "vinterleir-2026.ics", contentType: expect.stringContaining("text/calendar") });
    expect(mail.attachments![0]!.content).toContain("DTSTART;TZID=Europe/Oslo:20261128T180000");
    const token = tokenFromMail(mail.text);
    // Only the hash is stored.
    const stored = await suite.app.db.select({ tokenHash: familyLinks.tokenHash }).from(familyLinks);
    expect(stored.map((row) => row.tokenHash)).toContain(personalTokenHash(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const view = (await get(token)).json() as MyRegistrationView;
    expect(view).toMatchObject({ orderId: paying.orderId, status: "confirmed", paymentMethod: "vipps", changeable: true, total: 1200 });
    expect(view.persons).toEqual([expect.objectContaining({ key: "athlete", firstName: "Ola", refundIfCancelledToday: 600 })]);
    expect((await suite.app.inject({ url: "/api/VinterleirUsers/Get" })).json()).toEqual([expect.objectContaining({ name: "Ola Nordmann" })]);

    // A stale expectation is refused; then two clicks at once refund once.
    expect((await cancel(token, { person: "athlete", expectedRefund: 1200 })).statusCode).toBe(409);
    const answers = await Promise.all([
      cancel(token, { person: "athlete", expectedRefund: 600 }),
      cancel(token, { person: "athlete", expectedRefund: 600 }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(answers.map((res) => res.json().changed).sort()).toEqual([false, true]);
    await suite.sim.settled();
    await reconcile(suite.service);
    const [payment] = await suite.app.db.select(campPaymentColumns).from(eventPayments).where(eq(eventPayments.orderId, paying.registrationId));
    expect(payment).toMatchObject({ refundedAmount: 600, pendingRefundKey: null });
    expect(suite.sim.payments.get(paying.reference)!.aggregate.refundedAmount.value).toBe(60000);
    const actions = await suite.app.db.execute<{ actor: string; action: string; amount: number }>(
      sql`select actor, action, amount from event_payment_actions where action like 'refund%' or action = 'vipps-refunded' order by id`,
    );
    expect(actions.rows.map((row) => `${row.actor}:${row.action}:${row.amount}`)).toEqual([
      "deltaker:refund-requested:600",
      expect.stringMatching(/:vipps-refunded:600$/),
    ]);
    expect((await suite.app.inject({ url: "/api/VinterleirUsers/Get" })).json()).toEqual([]);
    const [cancelMail] = await outboxMails(suite.app, eq(mailOutbox.dedupeKey, `camp-self:${paying.registrationId}:cancel-athlete`), suite.transport);
    expect(cancelMail!.text).toContain("Du får 600\u00a0kr tilbake med Vipps");
    const after = (await get(token)).json() as MyRegistrationView;
    expect(after).toMatchObject({ status: "cancelled", changeable: false, refunded: 600 });
  });

  it("cancels one companion of a card/cash registration: nothing charged for them, the total and the admin list follow, the change is logged", async () => {
    const { id, token } = await registerCardCash({ hasLedsager: true, ledsagere: [companion(), companion({ firstName: "Per" })] });
    const view = (await get(token)).json() as MyRegistrationView;
    expect(view.total).toBe(1200 + 550 + 550);
    const per = view.persons.find((person) => person.firstName === "Per")!;
    expect(per).toMatchObject({ kind: "companion", amount: 550, refundIfCancelledToday: 0 });
    const res = await cancel(token, { person: per.key, expectedRefund: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 1750, changed: true, refund: 0 });
    expect(res.json().persons.find((person: { key: string }) => person.key === per.key).cancelled).toBe(true);
    // What is owed comes from the ledger: the cancelled companion's charge is taken off, nothing was paid for it.
    expect(res.json()).toMatchObject({ outstanding: 1750, paid: 0, refunded: 0, kept: 0 });
    const admin = await campAdminToken(suite.app);
    const persons = (await suite.app.inject({ url: `/api/VinterleirAdmin/Get/${admin}` })).json() as { firstname: string; amount: number }[];
    expect(persons.map((person) => `${person.firstname}:${person.amount}`)).toEqual(["Ola:1200", "Kari:550"]);
    const changes = (await suite.app.inject({ url: `/api/VinterleirAdmin/Changes/${id}/${admin}` })).json();
    expect(changes).toEqual([expect.objectContaining({ actor: "deltaker", summary: "Avbestilte ledsager Per Nordmann (refusjon 0 kr)" })]);
    const [mail] = await outboxMails(suite.app, eq(mailOutbox.dedupeKey, `camp-self:${id}:cancel-${per.key}`), suite.transport);
    expect(mail!.text).toContain("Utestående for resten av påmeldingen: 1\u00a0750\u00a0kr");
    // Again: nothing more happens.
    expect((await cancel(token, { person: per.key })).json()).toMatchObject({ changed: false, total: 1750 });
  });

  it("changes contact details, allergies, food and list consent freely, logs field names only, and keeps the rules", async () => {
    const { id, token } = await registerCardCash({ age: 10, clubId: 29, gradeId: 3 });
    const res = await change(token, { allergies: "Nøtter", vegan: true, public: false, email: "ny@example.no" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ allergies: "Nøtter", vegan: true, public: false, email: "ny@example.no" });
    expect(res.json().changed.sort()).toEqual(["allergies", "email", "public", "vegan"]);
    expect((await suite.app.inject({ url: "/api/VinterleirUsers/Get" })).json()).toEqual([expect.objectContaining({ name: "Anonym" })]);
    // A home-club child under 12 may not sleep over: the wizard's rule, the same message.
    const sleep = await change(token, { sleepover: true });
    expect(sleep.statusCode).toBe(400);
    expect(sleep.json().issues).toEqual([{ path: "sleepover", message: expect.stringContaining("kan ikke overnatte") }]);
    const admin = await campAdminToken(suite.app);
    const changes = (await suite.app.inject({ url: `/api/VinterleirAdmin/Changes/${id}/${admin}` })).json();
    expect(changes).toEqual([expect.objectContaining({ summary: "Endret e-post, allergier, vegetarmat, vises på deltakerlisten" })]);
    expect(JSON.stringify(changes)).not.toContain("Nøtter");
  });

  it("answers bad input with a Norwegian 400 and never a 5xx", async () => {
    const { token } = await registerCardCash();
    for (const body of [{ allergies: 5 }, { email: "ikke-en-epost" }, { telephone: "abc" }, { unknown: true }, { allergies: "x".repeat(2001) }, []]) {
      const res = await change(token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(/[æøåa-z]/);
    }
    for (const body of [{}, { person: "everyone" }, { person: "athlete", expectedRefund: -1 }, { person: "athlete", extra: 1 }, null]) {
      expect((await cancel(token, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await cancel(token, { person: "companion-999" })).statusCode).toBe(404);
    const badJson = await suite.app.inject({
      method: "POST",
      url: `/api/MinPamelding/Change/${token}`,
      payload: "{",
      headers: { "content-type": "application/json" },
    });
    expect(badJson.statusCode).toBe(400);
  });

  it("an unknown, malformed or anonymised link is a 404, on the API and the page", async () => {
    const { id, token } = await registerCardCash();
    for (const bad of ["x".repeat(43), "short", "a".repeat(99)]) {
      expect((await get(bad)).statusCode).toBe(404);
      expect((await cancel(bad, { person: "athlete" })).statusCode).toBe(404);
      expect((await change(bad, {})).statusCode).toBe(404);
    }
    // A control character is refused before any route looks (as everywhere).
    expect((await get("%00")).statusCode).toBe(400);
    expect((await get(token)).statusCode).toBe(200);
    expect((await change(token, { allergies: "Nøtter" })).statusCode).toBe(200);
    await anonymiseRegistrations(suite.app.db, { registrationIds: [id] }, suite.now);
    expect(await suite.app.db.select().from(orderChanges)).toEqual([]);
    expect((await get(token)).statusCode).toBe(404);
    expect(await suite.app.db.select().from(familyLinks)).toEqual([]);
    expect((await suite.app.inject({ url: `/min-side/${token}` })).statusCode).toBe(404);
  });

  it("a place freed by a cancellation goes to the first on the waiting list, like the admin's cancel", async () => {
    const admin = await campAdminToken(suite.app);
    expect((await suite.app.inject({ method: "PUT", url: `/api/CampEdition/Put/2026/${admin}`, payload: { capacity: 1 } })).statusCode).toBe(200);
    const { token } = await registerCardCash();
    expect((await postRegistration(suite.app, draft({ firstName: "Venter" }))).body).toBe("Venteliste");
    expect((await cancel(token, { person: "athlete" })).json()).toMatchObject({ status: "cancelled", changed: true });
    const offers = await outboxMails(suite.app, sql`${mailOutbox.dedupeKey} like 'camp-waitlist-offer:%'`, suite.transport);
    expect(offers).toHaveLength(1);
    expect(offers[0]!.text).toContain("Venter");
  });

  it("refuses changes and cancellations once the camp has started", async () => {
    const { token } = await registerCardCash();
    suite.now = new Date("2026-11-28T08:00:00Z");
    expect((await get(token)).json()).toMatchObject({ changeable: false });
    expect((await change(token, { allergies: "x" })).statusCode).toBe(409);
    expect((await cancel(token, { person: "athlete" })).statusCode).toBe(409);
  });

  it("Finn påmeldingen min: the same answer for every address, a mail only to a registered one, at most once per 10 minutes", async () => {
    const { id } = await registerCardCash({ email: "Ola@Example.no" });
    const find = (email: string) => suite.app.inject({ method: "POST", url: "/api/MinPamelding/Find", payload: { email } });
    const known = await find("ola@example.no");
    const unknown = await find("nobody@example.no");
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.json()).toEqual({ message: findMyRegistrationAnswer });
    expect(unknown.json()).toEqual(known.json());
    await find("ola@example.no");
    await suite.app.findMyRegistrationQueue.idle();
    const mails = await outboxMails(suite.app, sql`${mailOutbox.dedupeKey} like ${`camp-self:${id}:find-%`}`, suite.transport);
    expect(mails).toHaveLength(1);
    for (const part of [mails[0]!.text, mails[0]!.html]) expect(part).toContain("Lenken virker til leiren er over.");
    const token = tokenFromMail(mails[0]!.text);
    expect((await get(token)).statusCode).toBe(200);
    expect((await find("ikke en adresse")).statusCode).toBe(400);
    expect((await suite.app.inject({ method: "POST", url: "/api/MinPamelding/Find", payload: { email: "a%@example.no" } })).statusCode).toBe(200);
  });

  it("a companion cancelled alone from a Vipps payment gets its own share back by the rule", async () => {
    const paying = await paidWithVipps({ hasLedsager: true, ledsagere: [companion()] });
    const token = tokenFromMail((await confirmationOf(paying.registrationId)).text);
    const view = (await get(token)).json() as MyRegistrationView;
    const kari = view.persons.find((person) => person.kind === "companion")!;
    expect(kari.refundIfCancelledToday).toBe(275);
    const res = await cancel(token, { person: kari.key, expectedRefund: 275 });
    expect(res.json()).toMatchObject({ changed: true, refund: 275, status: "confirmed" });
    await suite.sim.settled();
    await reconcile(suite.service);
    expect(suite.sim.payments.get(paying.reference)!.aggregate.refundedAmount.value).toBe(27500);
    const [row] = await readCampCompanions(suite.app.db);
    expect(row!.cancelledAt).not.toBeNull();
  });
});

describe.each(databaseKinds)("Min påmelding: price-changing changes on %s", (kind) => {
  // Registered during the early-bird period; the change comes later.
  const suite = useVippsCampSuite(kind, new Date("2026-10-15T10:00:00Z"));

  const add = (token: string, body: unknown) =>
    suite.app.inject({ method: "POST", url: `/api/MinPamelding/AddCompanion/${token}`, payload: body as object });
  /** A registration paid with Vipps in the early-bird period, its link from the mail; the clock then moves on. */
  const paidEarlyChangedLater = async () => {
    const paying = await startVippsPayment(suite.app);
    await actOnLanding(suite.app, paying.redirectUrl, "approve");
    await suite.sim.settled();
    await reconcile(suite.service);
    const [mail] = await outboxMails(suite.app, eq(mailOutbox.dedupeKey, `camp-confirmation:${paying.registrationId}`), suite.transport);
    suite.now = new Date("2026-11-10T10:00:00Z");
    return { paying, token: linkPattern.exec(mail!.text)![1]! };
  };

  it("adds a companion priced under the registration's edition; the difference is a new Vipps attempt that is captured, and a later cancel refunds over both payments", async () => {
    const { paying, token } = await paidEarlyChangedLater();
    const res = await add(token, { ...companion({ firstName: "Kari" }), alreadyRegistered: false });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 1080 + 550, outstanding: 550 });
    expect(body.payUrl).toMatch(/\/vipps-sim\/landing\?reference=VL26-[A-Z2-9]{6}-2&token=/);
    await actOnLanding(suite.app, body.payUrl, "approve");
    await suite.sim.settled();
    await reconcile(suite.service);
    const rows = await suite.app.db
      .select(campPaymentColumns)
      .from(eventPayments)
      .where(eq(eventPayments.orderId, paying.registrationId))
      .orderBy(eventPayments.id);
    expect(rows.map((row) => [row.kind, row.capturedAmount])).toEqual([
      ["registration", 1080],
      ["change", 550],
    ]);
    expect((await suite.app.inject({ url: `/api/MinPamelding/Get/${token}` })).json()).toMatchObject({ outstanding: 0, paid: 1630 });
    // Before the deadline everything comes back, spread over the two payments.
    const cancelled = await suite.app.inject({
      method: "POST",
      url: `/api/MinPamelding/Cancel/${token}`,
      payload: { person: "athlete", expectedRefund: 1630 },
    });
    expect(cancelled.json()).toMatchObject({ refund: 1630, status: "cancelled" });
    await suite.sim.settled();
    await reconcile(suite.service);
    const after = await suite.app.db
      .select(campPaymentColumns)
      .from(eventPayments)
      .where(eq(eventPayments.orderId, paying.registrationId))
      .orderBy(eventPayments.id);
    expect(after.map((row) => row.refundedAmount)).toEqual([1080, 550]);
  });

  it("two differences approved before either is taken, one of them no longer owed: only what is owed is taken, the rest released", async () => {
    const { paying, token } = await paidEarlyChangedLater();
    const kari = (await add(token, { ...companion({ firstName: "Kari" }), alreadyRegistered: false })).json();
    const per = (await add(token, { ...companion({ firstName: "Per" }), alreadyRegistered: false })).json();
    expect(per).toMatchObject({ outstanding: 1100 });
    // Per is taken off again before anything is paid: only Kari's 550 is owed.
    const perKey = (per as MyRegistrationView).persons.find((person) => person.firstName === "Per")!.key;
    expect(
      (await suite.app.inject({ method: "POST", url: `/api/MinPamelding/Cancel/${token}`, payload: { person: perKey, expectedRefund: 0 } })).json(),
    ).toMatchObject({
      outstanding: 550,
    });
    // Both Vipps attempts approved in their own tabs, before the job takes either.
    await actOnLanding(suite.app, kari.payUrl, "approve");
    await actOnLanding(suite.app, per.payUrl, "approve");
    await suite.sim.settled();
    await reconcile(suite.service);
    await suite.sim.settled();
    await reconcile(suite.service);
    const rows = await suite.app.db
      .select(campPaymentColumns)
      .from(eventPayments)
      .where(eq(eventPayments.orderId, paying.registrationId))
      .orderBy(eventPayments.id);
    // Either approval may be taken first (the webhooks race); the one taken is captured, the other released.
    const [first, ...differences] = rows;
    expect(first!.capturedAmount).toBe(1080);
    expect(differences.map((row) => row.capturedAmount).sort((a, b) => a - b)).toEqual([0, 550]);
    expect(differences.find((row) => row.capturedAmount === 0)!.cancelledAmount).toBe(550);
    expect((await suite.app.inject({ url: `/api/MinPamelding/Get/${token}` })).json()).toMatchObject({ outstanding: 0, paid: 1630 });
  });

  it("grading on (the wizard's rule; the fee as a Vipps difference) and off again after the deadline (half back)", async () => {
    const adult = await postRegistration(suite.app, draft());
    const adultToken = String(adult.headers[personalLinkHeader]).split("/").pop()!;
    const refused = await suite.app.inject({ method: "POST", url: `/api/MinPamelding/Grading/${adultToken}`, payload: { gradering: true } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues[0].path).toBe("gradering");

    // A home-club child pays nothing for the camp; the companion makes it a Vipps payment.
    // (Another family's address: the mailed link opens everything registered with its address.)
    const paying = await startVippsPayment(suite.app, {
      age: 10,
      clubId: 29,
      gradeId: 3,
      hasLedsager: true,
      ledsagere: [companion()],
      email: "forelder@example.no",
    });
    await actOnLanding(suite.app, paying.redirectUrl, "approve");
    await suite.sim.settled();
    await reconcile(suite.service);
    const [mail] = await outboxMails(suite.app, eq(mailOutbox.dedupeKey, `camp-confirmation:${paying.registrationId}`), suite.transport);
    const token = linkPattern.exec(mail!.text)![1]!;
    const grading = (on: boolean) => suite.app.inject({ method: "POST", url: `/api/MinPamelding/Grading/${token}`, payload: { gradering: on } });
    const on = await grading(true);
    expect(on.json()).toMatchObject({ gradering: true, outstanding: 350, changed: true });
    await actOnLanding(suite.app, on.json().payUrl, "approve");
    await suite.sim.settled();
    await reconcile(suite.service);
    expect((await grading(true)).json()).toMatchObject({ changed: false });
    suite.now = new Date("2026-11-25T10:00:00Z");
    const off = await grading(false);
    expect(off.json()).toMatchObject({ gradering: false, refund: 175, outstanding: 0 });
    await suite.sim.settled();
    await reconcile(suite.service);
    const rows = await suite.app.db
      .select(campPaymentColumns)
      .from(eventPayments)
      .where(eq(eventPayments.orderId, paying.registrationId))
      .orderBy(eventPayments.id);
    expect(rows.map((row) => row.refundedAmount)).toEqual([0, 175]);
    expect(rows.map((row) => row.capturedAmount)).toEqual([550, 350]);
  });

  it("refuses a companion that breaks the shared rules, with the wizard's messages; card/cash owes the difference at the camp", async () => {
    const res = await postRegistration(suite.app, draft());
    const token = String(res.headers[personalLinkHeader]).split("/").pop()!;
    const young = await add(token, { ...companion(), age: 16, alreadyRegistered: false });
    expect(young.statusCode).toBe(400);
    expect(young.json().issues[0]).toMatchObject({ path: "age", message: "Ledsager må være myndig." });
    expect((await add(token, { ...companion(), alreadyRegistered: true })).statusCode).toBe(400);
    const ok = await add(token, { ...companion(), alreadyRegistered: false });
    expect(ok.json()).toMatchObject({ total: 1080 + 550, paymentMethod: "card_cash" });
    expect(ok.json().payUrl).toBeUndefined();
    const [payment] = await suite.app.db.select(campPaymentColumns).from(eventPayments);
    expect(payment!.amount).toBe(1630);
  });
});
