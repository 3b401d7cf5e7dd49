import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { campPaymentColumns } from "../payments/camp-payment-rows.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { errorMessages } from "../errors.ts";
import { formatKroner } from "../../shared/format.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { vippsUnavailableMessage, type CampPaymentGateway, type RegistrationAwaitingPayment } from "./camp-payment-gateway.ts";
import { campConfirmationKey } from "./camp-confirmation-queue.ts";
import { campInputMessages } from "./camp-registrations.ts";
import { campPostBodyLimit } from "./camp-registration-routes.ts";
import { orderIdPattern } from "./order-id.ts";
import { withoutLinkSecrets } from "../../shared/privacy/link-secrets.ts";
import {
  buildCampTestApp,
  campAdminToken,
  clearCampTables,
  companion,
  countRows,
  createTestTransport,
  draft,
  moveToEdition,
  postRegistration,
  type TestApp,
} from "../test-support/camp.ts";
import { updateCampRegistrations } from "./camp-registration-rows.ts";
import { campRegistrationWithTotal } from "./camp-receipt.ts";
import { eventLedgerEntries, eventPayments } from "../db/schema/events-money.ts";
import { readCampCompanions } from "./camp-companion-rows.ts";

// Before 1 November: the early-bird price (1200 → 1080 for youth/adults).
const now = new Date("2026-10-15T10:00:00Z");

describe.each(databaseKinds)("POST /api/Vinterleir/Post on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let transport: ReturnType<typeof createTestTransport>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app, transport } = await buildCampTestApp(database, { clock: () => now }));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  beforeEach(async () => {
    await app.outbox.drain();
    await clearCampTables(database);
    transport.sent.length = 0;
  });

  const registrations = () => countRows(database, "camp_registration_view");

  it("stores a card/cash registration with the server's price, queues one confirmation and answers Done", async () => {
    const body = draft({ ledsagere: [companion()], hasLedsager: true, sleepover: true });
    const res = await postRegistration(app, body);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toBe("Done");

    const [row] = await database.db.select(campRegistrationWithTotal).from(campRegistrations);
    expect(row).toMatchObject({ editionYear: 2026, draftId: body.draftId, status: "confirmed", total: 1080 + 550, public: true, firstName: "Ola" });
    expect(row!.orderId).toMatch(orderIdPattern);
    expect(row!.orderId.startsWith("VL26-")).toBe(true);
    expect(row!.confirmedAt?.toISOString()).toBe(now.toISOString());
    const companions = await readCampCompanions(database.db);
    // The receipt is the ledger's charges: the athlete's line, then the companion's, each with its label.
    const lines = await database.db.select().from(eventLedgerEntries).orderBy(eventLedgerEntries.id);
    expect(lines.map((line) => [line.kind, line.person, line.item, line.amount])).toEqual([
      ["charge", "athlete", "athlete", 1080],
      ["charge", `companion-${companions[0]!.id}`, "companion", 550],
    ]);
    expect(lines[1]!.label).toBe("Ledsager: Kari Nordmann");
    expect(companions).toMatchObject([{ firstName: "Kari", alreadyRegistered: false, position: 1 }]);
    const [payment] = await database.db.select(campPaymentColumns).from(eventPayments);
    expect(payment).toMatchObject({ method: "card_cash", state: "unpaid", amount: 1630, paidAmount: 0, reference: row!.orderId });
    const outbox = await database.db.select().from(mailOutbox);
    expect(outbox).toMatchObject([{ dedupeKey: `camp-confirmation:${row!.id}`, recipient: "ola@example.no" }]);

    await app.outbox.drain();
    expect(transport.sent).toHaveLength(1);
    expect(transport.sent[0]).toMatchObject({ to: "ola@example.no", subject: "Du er registrert til Vinterleir 2026" });
    expect(transport.sent[0]!.text).toContain(row!.orderId);
    expect(transport.sent[0]!.text).toContain("Kort eller kontant ved oppmøte");
    const [sent] = await database.db.select().from(mailOutbox);
    expect(sent).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("charges its own price and ignores any amount the browser sends", async () => {
    const res = await postRegistration(app, { ...draft(), total: 1, amount: 1, price: { total: 1, lines: [] }, paid: true, status: "confirmed" });
    expect(res.body).toBe("Done");
    const [row] = await database.db.select(campRegistrationWithTotal).from(campRegistrations);
    expect(row!.total).toBe(1080);
    const [payment] = await database.db.select(campPaymentColumns).from(eventPayments);
    expect(payment).toMatchObject({ amount: 1080, state: "unpaid", paidAmount: 0 });
  });

  it("confirms a free registration (home club) as paid with method free, also when Vipps was chosen", async () => {
    const res = await postRegistration(app, draft({ clubId: 29, vipps: true }));
    expect(res.body).toBe("Done");
    const [payment] = await database.db.select(campPaymentColumns).from(eventPayments);
    expect(payment).toMatchObject({ method: "free", state: "paid", amount: 0 });
    await app.outbox.drain();
    expect(transport.sent[0]!.text).toContain("Gratis");
  });

  it("refuses Vipps with a total above 0 while Vipps is not available, and stores nothing", async () => {
    const res = await postRegistration(app, draft({ vipps: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: vippsUnavailableMessage, issues: [{ path: "vipps", message: vippsUnavailableMessage }] });
    expect(await registrations()).toBe(0);
    expect(await countRows(database, "mail_outbox")).toBe(0);
  });

  const base = draft();
  const ruleCases: [string, Record<string, unknown>, string, string][] = [
    ["first name missing", { firstName: "  " }, "firstName", "Du må legge inn et fornavn."],
    ["last name missing", { lastName: "" }, "lastName", "Du må legge inn et etternavn."],
    ["too young", { age: 6 }, "age", "Du må fylle 8 år i år for å kunne delta."],
    ["age not a whole number", { age: 12.5 }, "age", "Alder må være et helt tall."],
    ["email missing", { email: "" }, "email", "Du må legge inn en epost."],
    ["email without @", { email: "ola.example.no" }, "email", "Ugyldig epost."],
    ["telephone with letters", { telephone: "12ab5678" }, "telephone", "Ugyldig telefonnummer."],
    ["telephone too short", { telephone: "1234567" }, "telephone", "Ugyldig telefonnummer."],
    ["no club chosen", { clubId: 0 }, "clubId", "Du må velge en klubb."],
    ["no grade chosen", { gradeId: 0 }, "gradeId", "Du må velge en beltegrad."],
    [
      "cup grading for an adult from another club",
      { gradering: true },
      "gradering",
      "Cup-gradering på leiren er bare for barn under 13 år fra Ski Taekwondo Klubb.",
    ],
    [
      "home-club child under 12 sleeping over",
      { clubId: 29, age: 10, sleepover: true },
      "sleepover",
      "Barn under 12 år fra Ski Taekwondo Klubb kan ikke overnatte i hallen.",
    ],
    ["companion ticked but none listed", { hasLedsager: true, ledsagere: [] }, "ledsagere", "Du må legge til minst én ledsager."],
    ["offer to instruct below master", { wantsToInstruct: true }, "wantsToInstruct", "Bare mastere kan tilby seg å instruere."],
    ["public choice missing", { public: null }, "public", "Du må velge om du vil vises på deltakerlisten."],
    ["data consent missing", { dataConsent: false }, "dataConsent", "Du må samtykke til at vi bruker opplysningene til å arrangere leiren."],
    ["terms not accepted", { termsAccepted: false }, "termsAccepted", "Du må godta salgsbetingelsene."],
    ["companion under 18", { hasLedsager: true, ledsagere: [companion({ age: 17 })] }, "ledsagere.0.age", "Ledsager må være myndig."],
    [
      "companion without first name",
      { hasLedsager: true, ledsagere: [companion({ firstName: "" })] },
      "ledsagere.0.firstName",
      "Du må legge inn et fornavn.",
    ],
    [
      "companion telephone too short",
      { hasLedsager: true, ledsagere: [companion({ telephone: "1234" })] },
      "ledsagere.0.telephone",
      "Du må legge inn et gyldig telefonnummer.",
    ],
    ["companion email without @", { hasLedsager: true, ledsagere: [companion({ email: "kari" })] }, "ledsagere.0.email", "Eposten er ikke gyldig."],
    ["instructor out of range", { instructor: 7 }, "instructor", "Ugyldig instruktørvalg."],
    ["bad draft id", { draftId: "abc" }, "draftId", "Ugyldig registrerings-id."],
    ["huge allergy text", { allergies: "x".repeat(2001) }, "allergies", "Allergifeltet kan ha høyst 2000 tegn."],
    ["huge name", { firstName: "Å".repeat(5000) }, "firstName", "Fornavnet kan ha høyst 100 tegn."],
    ["age as text", { age: "30" }, "age", "Du må legge inn alder."],
    ["flag as text", { vegan: "ja" }, "vegan", "Ugyldig valg."],
    ["companions not a list", { hasLedsager: true, ledsagere: "Kari" }, "ledsagere", "Ugyldig liste over ledsagere."],
    ["unknown club", { clubId: 999 }, "clubId", campInputMessages.unknownClub],
    ["unknown grade", { gradeId: 99 }, "gradeId", campInputMessages.unknownGrade],
  ];
  it.each(ruleCases)("answers 400 and stores nothing: %s", async (_name, override, path, message) => {
    const res = await postRegistration(app, { ...base, ...override });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: string; issues: { path: string; message: string }[] };
    expect(typeof body.error).toBe("string");
    expect(body.issues).toContainEqual({ path, message });
    expect(await registrations()).toBe(0);
    expect(await countRows(database, "mail_outbox")).toBe(0);
  });

  it("answers 400 to bad JSON, a missing body, a non-object body and text, 413 to an oversized body; nothing stored", async () => {
    const badJson = await app.inject({
      method: "POST",
      url: "/api/Vinterleir/Post",
      headers: { "content-type": "application/json" },
      payload: '{"firstName": "Ola",',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ error: errorMessages.badRequest });
    const empty = await app.inject({ method: "POST", url: "/api/Vinterleir/Post", headers: { "content-type": "application/json" } });
    expect(empty.statusCode).toBe(400);
    const none = await app.inject({ method: "POST", url: "/api/Vinterleir/Post" });
    expect(none.statusCode).toBe(400);
    const array = await postRegistration(app, [base]);
    expect(array.statusCode).toBe(400);
    const text = await app.inject({
      method: "POST",
      url: "/api/Vinterleir/Post",
      headers: { "content-type": "text/plain" },
      payload: JSON.stringify(base),
    });
    expect(text.statusCode).toBe(400);
    const huge = await postRegistration(app, { ...base, otherInfo: "x".repeat(campPostBodyLimit + 1) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: errorMessages.tooLarge });
    expect(await registrations()).toBe(0);
  });

  it("trims text before storing it", async () => {
    await postRegistration(app, draft({ firstName: "  Ola ", lastName: " Nordmann  ", email: " ola@example.no ", telephone: " 912 34 567 " }));
    const [row] = await database.db.select(campRegistrationWithTotal).from(campRegistrations);
    expect(row).toMatchObject({ firstName: "Ola", lastName: "Nordmann", email: "ola@example.no", telephone: "91234567" });
  });

  it("answers a retried draft like the first time: no second row, no second e-mail, first content kept", async () => {
    const body = draft();
    expect((await postRegistration(app, body)).body).toBe("Done");
    expect((await postRegistration(app, body)).body).toBe("Done");
    const changed = await postRegistration(app, { ...body, firstName: "Endret" });
    expect(changed.body).toBe("Done");
    expect(await registrations()).toBe(1);
    const [row] = await database.db.select(campRegistrationWithTotal).from(campRegistrations);
    expect(row!.firstName).toBe("Ola");
    expect(await countRows(database, "event_payments")).toBe(1);
    expect(await countRows(database, "mail_outbox")).toBe(1);
    await app.outbox.drain();
    expect(transport.sent).toHaveLength(1);
  });

  it("queues the confirmation without its content and renders it from the stored rows when it is sent", async () => {
    const body = draft({ hasLedsager: true, ledsagere: [companion(), companion({ firstName: "Per", sleepover: true })], sleepover: true });
    expect((await postRegistration(app, body)).body).toBe("Done");
    const [row] = await database.db.select(campRegistrationWithTotal).from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
    const [queued] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, campConfirmationKey(row!.id)));
    expect(queued).toMatchObject({ kind: "camp-confirmation" });

    await app.outbox.drain();
    expect(transport.sent).toHaveLength(1);
    const [sent] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued!.id));
    const message = transport.sent[0]!;
    // The row keeps what the mail said, its subject and text, with the link's secret removed; the HTML part and the
    // calendar file, made from the same rows, are not kept; the payload (with the secret) is gone.
    expect({ subject: sent!.subject, text: sent!.text, html: sent!.html, attachments: sent!.attachments }).toEqual({
      subject: message.subject,
      text: withoutLinkSecrets(message.text),
      html: null,
      attachments: null,
    });
    expect(message.text).not.toBe(sent!.text);
    expect(sent).toMatchObject({ status: "sent", payload: null });
    expect(message.text).toContain(row!.orderId);
    expect(message.text).toContain("Per");
    expect(message.text).toContain(`Totalt: ${formatKroner(row!.total)}`);
    expect(message.attachments?.map((attachment) => attachment.filename)).toEqual(["vinterleir-2026.ics"]);
    // The link in the mail opens the registration.
    const token = /\/min-side\/([A-Za-z0-9_-]{43})/.exec(message.text)![1]!;
    const opened = await app.inject({ url: `/api/MinPamelding/Get/${token}` });
    expect(opened.statusCode).toBe(200);
  });

  it("stores exactly one registration when identical submissions arrive at the same time", async () => {
    const body = draft({ hasLedsager: true, ledsagere: [companion()] });
    const answers = await Promise.all(Array.from({ length: 6 }, () => postRegistration(app, body)));
    expect(answers.map((res) => [res.statusCode, res.body])).toEqual(Array.from({ length: 6 }, () => [200, "Done"]));
    expect(await registrations()).toBe(1);
    expect(await readCampCompanions(database.db)).toHaveLength(1);
    expect(await countRows(database, "event_payments")).toBe(1);
    expect(await countRows(database, "mail_outbox")).toBe(1);
    await app.outbox.drain();
    expect(transport.sent).toHaveLength(1);
  });

  it("keeps two different people with the same name apart (no merging by name)", async () => {
    await postRegistration(app, draft({ email: "ola1@example.no", telephone: "11111111", age: 30 }));
    await postRegistration(app, draft({ email: "ola2@example.no", telephone: "22222222", age: 10 }));
    const rows = await database.db.select(campRegistrationWithTotal).from(campRegistrations).orderBy(campRegistrations.id);
    expect(rows.map((row) => [row.firstName, row.email, row.age, row.total])).toEqual([
      ["Ola", "ola1@example.no", 30, 1080],
      ["Ola", "ola2@example.no", 10, 923],
    ]);
    expect(new Set(rows.map((row) => row.orderId)).size).toBe(2);
    await app.outbox.drain();
    expect(transport.sent.map((mail) => mail.to).sort()).toEqual(["ola1@example.no", "ola2@example.no"]);
  });

  describe("companions marked as already registered", () => {
    const kari = { firstName: "Kari", lastName: "Nordmann", telephone: "98765432" };

    it("are accepted and not charged when they match a paying companion of a confirmed registration (case and spaces ignored)", async () => {
      await postRegistration(app, draft({ hasLedsager: true, ledsagere: [companion(kari)] }));
      const second = draft({
        firstName: "Per",
        hasLedsager: true,
        ledsagere: [companion({ firstName: " kari", lastName: "NORDMANN ", telephone: "987 65 432", alreadyRegistered: true })],
      });
      const res = await postRegistration(app, second);
      expect(res.body).toBe("Done");
      const [row] = await database.db.select(campRegistrationWithTotal).from(campRegistrations).where(eq(campRegistrations.draftId, second.draftId));
      expect(row!.total).toBe(1080);
      const [stored] = await readCampCompanions(database.db, row!.id);
      expect(stored).toMatchObject({ alreadyRegistered: true });
    });

    it("are refused with a clear message when nobody matches (name, telephone, cancelled or other-edition registrations)", async () => {
      await postRegistration(app, draft({ hasLedsager: true, ledsagere: [companion(kari)] }));
      const claims = [
        { ...kari, firstName: "Karin" },
        { ...kari, telephone: "98765433" },
      ];
      for (const claim of claims) {
        const res = await postRegistration(app, draft({ hasLedsager: true, ledsagere: [companion({ ...claim, alreadyRegistered: true })] }));
        expect(res.statusCode).toBe(400);
        expect(res.json().issues).toEqual([
          { path: "ledsagere.0.alreadyRegistered", message: campInputMessages.companionNotFound(`${claim.firstName} ${claim.lastName}`) },
        ]);
      }
      const stored = (await database.db.select({ id: campRegistrations.id }).from(campRegistrations)).map((row) => row.id);
      await updateCampRegistrations(database.db, stored, { status: "cancelled" });
      const afterCancel = await postRegistration(app, draft({ hasLedsager: true, ledsagere: [companion({ ...kari, alreadyRegistered: true })] }));
      expect(afterCancel.statusCode).toBe(400);
      // Last year's camp, made as the camp admin makes one.
      const copied = await app.inject({ method: "POST", url: `/api/CampEdition/Copy/2026/2025/${await campAdminToken(app)}` });
      expect(copied.statusCode, copied.body).toBe(201);
      await updateCampRegistrations(database.db, stored, { status: "confirmed" });
      await moveToEdition(database, stored, 2025);
      const otherYear = await postRegistration(app, draft({ hasLedsager: true, ledsagere: [companion({ ...kari, alreadyRegistered: true })] }));
      expect(otherYear.statusCode).toBe(400);
      expect(await registrations()).toBe(1);
    });

    it("cannot point at a companion who was itself marked as already registered", async () => {
      await postRegistration(app, draft({ hasLedsager: true, ledsagere: [companion(kari)] }));
      await postRegistration(app, draft({ hasLedsager: true, ledsagere: [companion({ ...kari, alreadyRegistered: true })] }));
      // Only the paying companion counts: cancel the first registration and the chain breaks.
      const [first] = await database.db.select({ id: campRegistrations.id }).from(campRegistrations).orderBy(asc(campRegistrations.id)).limit(1);
      await updateCampRegistrations(database.db, first!.id, { status: "cancelled" });
      const res = await postRegistration(app, draft({ hasLedsager: true, ledsagere: [companion({ ...kari, alreadyRegistered: true })] }));
      expect(res.statusCode).toBe(400);
    });
  });
});

describe.each(databaseKinds)("POST /api/Vinterleir/Post with an online payment gateway on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  const calls: RegistrationAwaitingPayment[] = [];
  const gateway: CampPaymentGateway = {
    available: true,
    async createPaymentRedirect(registration) {
      calls.push(registration);
      return `https://pay.example/${registration.paymentReference}`;
    },
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now, payments: gateway }));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("stores the registration as pending payment, answers the gateway's address, and the same again on retry", async () => {
    const body = draft({ vipps: true });
    const first = await postRegistration(app, body);
    expect(first.statusCode).toBe(200);
    const [row] = await database.db.select(campRegistrationWithTotal).from(campRegistrations);
    expect(row).toMatchObject({ status: "pending_payment", total: 1080, confirmedAt: null });
    expect(first.body).toBe(`https://pay.example/${row!.orderId}-1`);
    const [payment] = await database.db.select(campPaymentColumns).from(eventPayments);
    expect(payment).toMatchObject({ method: "vipps", state: "created", amount: 1080, reference: `${row!.orderId}-1` });
    expect(calls[0]).toMatchObject({ registrationId: row!.id, orderId: row!.orderId, amount: 1080, telephone: "+4791234567" });
    // No confirmation before the payment is made.
    expect(await countRows(database, "mail_outbox")).toBe(0);

    const retry = await postRegistration(app, body);
    expect(retry.body).toBe(first.body);
    expect(await countRows(database, "camp_registration_view")).toBe(1);
    expect(await countRows(database, "event_payments")).toBe(1);

    const list = await app.inject({ url: "/api/VinterleirUsers/Get" });
    expect(list.json()).toEqual([]);
  });
});
