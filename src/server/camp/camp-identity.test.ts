import { asc, eq, isNotNull, like, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { findMyRegistrationAnswer, personalLinkHeader, type MyRegistrationView } from "../../shared/camp/camp-my-registration.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventOrders, familyLinks } from "../db/schema/events-orders.ts";
import { eventPayments } from "../db/schema/events-money.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { outboxMails } from "../test-support/outbox.ts";
import { campAdminToken, companion, draft, postRegistration, sibling } from "../test-support/camp.ts";
import { databaseKinds } from "../test-support/database.ts";
import { startVippsPayment, useVippsCampSuite } from "../test-support/vipps.ts";
import { exportPerson } from "../privacy/person-data.ts";
import { personalTokenHash } from "../events/family-links.ts";
import { deleteExpiredLinks, scopeOfLink } from "./camp-personal-link.ts";
import { backfillEmailKeys } from "../startup/backfill-email-keys.ts";
import { updateCampRegistrations } from "./camp-registration-rows.ts";

/** Any "Min påmelding" link in a text, with its secret. */
const anyLink = /\/min-side\/([A-Za-z0-9_-]{43})/g;
const tokensIn = (text: string) => [...text.matchAll(anyLink)].map((match) => match[1]!);

describe.each(databaseKinds)("one family, one link on %s", (kind) => {
  const suite = useVippsCampSuite(kind, new Date("2026-11-01T10:00:00Z"));
  beforeEach(async () => {
    const admin = await campAdminToken(suite.app);
    expect((await suite.app.inject({ method: "PUT", url: `/api/CampEdition/Put/2026/${admin}`, payload: { capacity: null } })).statusCode).toBe(200);
  });

  const get = (token: string) => suite.app.inject({ url: `/api/MinPamelding/Get/${token}` });
  const find = (email: string) => suite.app.inject({ method: "POST", url: "/api/MinPamelding/Find", payload: { email } });
  const orderIdsOf = (view: MyRegistrationView) =>
    [view, ...(view.family ?? [])].flatMap((unit) => (unit.group ? unit.group.members : [unit]).map((member) => member.orderId));
  const register = async (overrides: Parameters<typeof draft>[0]) => {
    const body = draft(overrides);
    const res = await postRegistration(suite.app, body);
    expect(res.body).toBe("Done");
    const [row] = await suite.app.db
      .select({ id: campRegistrations.id, orderId: campRegistrations.orderId })
      .from(campRegistrations)
      .where(eq(campRegistrations.draftId, body.draftId));
    return { ...row!, body, doneToken: String(res.headers[personalLinkHeader]).split("/").pop()! };
  };
  const findMails = async () => await outboxMails(suite.app, like(mailOutbox.dedupeKey, "camp-self:%:find-%"), suite.transport);

  it("the look-alike attack replayed: no mail to any address but the one asked for, and nothing the attacker gets opens the parent's registration", async () => {
    const parent = await register({ firstName: "Sofie", lastName: "Hansen", age: 14, email: "ola.hansen@online.no", allergies: "Peanøtter" });
    const attackers = [];
    // Dotted capital İ, dotless ı, Kelvin sign in the local part, long s, a full-width letter, a combining mark.
    for (const email of [
      "ola.hansen@onlİne.no",
      "ola.hansen@onlıne.no",
      "ola.hansen\u212A@online.no",
      "ola.hanſen@online.no",
      "ｏla.hansen@online.no",
      "ola.hanse\u0301n@online.no",
    ]) {
      attackers.push({ email, ...(await register({ firstName: "Mallory", lastName: "X", email })) });
    }
    // The attacker's Done link opens only the attacker's own registration.
    for (const attacker of attackers) {
      const view = (await get(attacker.doneToken)).json() as MyRegistrationView;
      expect(orderIdsOf(view)).toEqual([attacker.orderId]);
    }
    // The attacker asks for the parent's address (as typed and in other cases), and for each look-alike.
    for (const email of ["ola.hansen@online.no", "OLA.HANSEN@ONLINE.NO", "ola.hansen@ONLINE.no", ...attackers.map((attacker) => attacker.email)]) {
      expect((await find(email)).json()).toEqual({ message: findMyRegistrationAnswer });
      await suite.app.findMyRegistrationQueue.idle();
      suite.now = new Date(suite.now.getTime() + 11 * 60_000);
    }
    const mails = await findMails();
    const recipients = mails.map((mail) => mail.recipient);
    // Exactly the asked addresses, in their compared form; the parent's mailbox gets its three, nobody else any of them.
    expect(recipients.filter((recipient) => recipient === "ola.hansen@online.no")).toHaveLength(3);
    expect(new Set(recipients)).toEqual(
      new Set([
        "ola.hansen@online.no",
        "ola.hansen@xn--online-syd.no",
        "ola.hansen@xn--onlne-p4a.no",
        "ola.hansen\u212A@online.no",
        "ola.hanſen@online.no",
        "ｏla.hansen@online.no",
        "ola.hanse\u0301n@online.no",
      ]),
    );
    // Every link a mail to any other address carries opens only that address's own registration, never the parent's.
    for (const mail of mails.filter((mail) => mail.recipient !== "ola.hansen@online.no")) {
      const [token] = tokensIn(mail.text);
      const view = (await get(token!)).json() as MyRegistrationView;
      expect(orderIdsOf(view)).not.toContain(parent.orderId);
      expect(JSON.stringify(view)).not.toContain("Peanøtter");
    }
    // And the parent's own mail opens the parent's registration.
    const parentMail = mails.find((mail) => mail.recipient === "ola.hansen@online.no")!;
    expect(orderIdsOf((await get(tokensIn(parentMail.text)[0]!)).json())).toEqual([parent.orderId]);
  });

  it("one link per family: every registration with the address, each child and companion with its own state and «Avbestill»", async () => {
    const first = await register({
      firstName: "Sofie",
      age: 12,
      email: "Familie@Example.no",
      hasLedsager: true,
      ledsagere: [companion({ firstName: "Mor" })],
    });
    const second = await register({ firstName: "Jonas", age: 10, email: "familie@example.NO" });
    await register({ firstName: "Annen", email: "annen@example.no" });
    await find("familie@example.no");
    await suite.app.findMyRegistrationQueue.idle();
    const [mail] = await findMails();
    expect(mail!.recipient).toBe("familie@example.no");
    const tokens = tokensIn(mail!.text);
    expect(new Set(tokens).size).toBe(1);
    const view = (await get(tokens[0]!)).json() as MyRegistrationView;
    expect(orderIdsOf(view)).toEqual([first.orderId, second.orderId]);
    expect(view.persons.map((person) => person.firstName)).toEqual(["Sofie", "Mor"]);
    // Cancelling the second child by its order id leaves the first as it was.
    const cancelled = await suite.app.inject({
      method: "POST",
      url: `/api/MinPamelding/Cancel/${tokens[0]}?orderId=${second.orderId}`,
      payload: { person: "athlete" },
    });
    expect(cancelled.statusCode).toBe(200);
    const after = cancelled.json() as MyRegistrationView;
    expect(after.status).toBe("confirmed");
    expect(after.family?.[0]).toMatchObject({ orderId: second.orderId, status: "cancelled" });
    // An order id outside the family is not found through this link.
    const other = await suite.app.db
      .select({ orderId: campRegistrations.orderId })
      .from(campRegistrations)
      .where(eq(campRegistrations.email, "annen@example.no"));
    expect(
      (
        await suite.app.inject({
          method: "POST",
          url: `/api/MinPamelding/Cancel/${tokens[0]}?orderId=${other[0]!.orderId}`,
          payload: { person: "athlete" },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("«Finn påmeldingen min» stores a secret only when it mails, and a link never opened works until the camp is over, however long ago it was sent", async () => {
    const { id } = await register({ email: "kjent@example.no" });
    const before = await suite.app.db.select().from(familyLinks);
    for (let i = 0; i < 5; i++) {
      await find("ukjent@example.no");
      await find("kjent@example.no");
    }
    await suite.app.findMyRegistrationQueue.idle();
    const after = await suite.app.db.select().from(familyLinks);
    // One mail (10-minute window), one new secret; none for the unknown address.
    expect(after.length - before.length).toBe(1);
    expect(after.filter((link) => link.emailKey === "ukjent@example.no")).toEqual([]);
    const [mail] = await findMails();
    const token = tokensIn(mail!.text)[0]!;
    // Registered and mailed in March for the camp in November, never opened: it still works on the camp's last day.
    await suite.app.db
      .update(eventOrders)
      .set({ createdAt: new Date("2026-03-01T09:00:00Z") })
      .where(eq(eventOrders.id, id));
    await suite.app.db
      .update(familyLinks)
      .set({ createdAt: new Date("2026-03-01T09:05:00Z") })
      .where(eq(familyLinks.tokenHash, personalTokenHash(token)));
    suite.now = new Date("2026-11-30T22:59:00Z");
    expect((await scopeOfLink(suite.app.db, token, suite.now, { markUsed: false }))?.kind).toBe("family");
    // When the camp is over (midnight after its last day in Oslo) it has expired, and retention deletes it.
    suite.now = new Date("2026-11-30T23:00:00Z");
    expect(await scopeOfLink(suite.app.db, token, suite.now, { markUsed: false })).toBeUndefined();
    await deleteExpiredLinks(suite.app.db, suite.now);
    expect(
      await suite.app.db
        .select()
        .from(familyLinks)
        .where(eq(familyLinks.tokenHash, personalTokenHash(token))),
    ).toEqual([]);
  });

  it("«Finn påmeldingen min» for a group whose athletes have different addresses: each address its own mail, each at most once in 10 minutes", async () => {
    const first = await register({ firstName: "Sofie", email: "mor@example.no", siblings: [sibling({ firstName: "Jonas", age: 10 })] });
    const group = await suite.app.db
      .select({ id: campRegistrations.id })
      .from(campRegistrations)
      .where(eq(campRegistrations.groupId, first.orderId))
      .orderBy(asc(campRegistrations.id));
    expect(group).toHaveLength(2);
    // The second athlete's address changed later (the family's own change, or the leader's): both addresses reach the group.
    await updateCampRegistrations(suite.app.db, group[1]!.id, { email: "Far@Example.no", emailKey: "far@example.no" });
    const asks = async (...emails: string[]) => {
      for (const email of emails) expect((await find(email)).statusCode).toBe(200);
      await suite.app.findMyRegistrationQueue.idle();
    };
    const recipients = async () => (await findMails()).map((mail) => mail.recipient).sort();
    suite.now = new Date("2026-11-01T10:01:00Z");
    await asks("mor@example.no", "far@example.no", "MOR@example.no");
    expect(await recipients()).toEqual(["far@example.no", "mor@example.no"]);
    // Nine and a half minutes later, past a 10-minute mark of the clock: still none again.
    suite.now = new Date("2026-11-01T10:10:30Z");
    await asks("far@example.no", "mor@example.no");
    expect(await recipients()).toEqual(["far@example.no", "mor@example.no"]);
    // Ten minutes after each address's mail, each may have another.
    suite.now = new Date("2026-11-01T10:11:30Z");
    await asks("far@example.no", "mor@example.no");
    expect(await recipients()).toEqual(["far@example.no", "far@example.no", "mor@example.no", "mor@example.no"]);
  });

  it("an unopened link opens nothing through a registration made after it: a later camp does not bring an expired link back", async () => {
    const { id } = await register({ email: "senere@example.no" });
    await find("senere@example.no");
    await suite.app.findMyRegistrationQueue.idle();
    const token = tokensIn((await findMails())[0]!.text)[0]!;
    // The registration as if made after the link (next year's camp the family signs up for later).
    await suite.app.db
      .update(eventOrders)
      .set({ createdAt: new Date("2026-11-01T12:00:00Z") })
      .where(eq(eventOrders.id, id));
    await suite.app.db
      .update(familyLinks)
      .set({ createdAt: new Date("2026-11-01T11:00:00Z") })
      .where(eq(familyLinks.tokenHash, personalTokenHash(token)));
    expect(await scopeOfLink(suite.app.db, token, suite.now, { markUsed: false })).toBeUndefined();
    expect((await get(token)).statusCode).toBe(404);
  });

  it("registrations stored before addresses had keys get theirs at start-up, computed by the shared rule", async () => {
    const old = await register({ email: " Gammel.Adresse@BJØRN.no " });
    await updateCampRegistrations(suite.app.db, old.id, { emailKey: null });
    expect(await backfillEmailKeys(suite.app.db)).toBe(1);
    const [row] = await suite.app.db.select({ emailKey: campRegistrations.emailKey }).from(campRegistrations).where(eq(campRegistrations.id, old.id));
    expect(row!.emailKey).toBe("gammel.adresse@xn--bjrn-hra.no");
    expect(await backfillEmailKeys(suite.app.db)).toBe(0);
  });

  it("an opened link does not expire", async () => {
    const { doneToken } = await register({ email: "brukt@example.no" });
    expect((await get(doneToken)).statusCode).toBe(200);
    expect(await suite.app.db.select().from(familyLinks).where(isNotNull(familyLinks.usedAt))).toHaveLength(1);
    await suite.app.db.update(familyLinks).set({ createdAt: new Date("2026-01-01T10:00:00Z") });
    expect((await get(doneToken)).statusCode).toBe(200);
  });

  it("the person export holds no working link and no other person's mail", async () => {
    const other = await register({ firstName: "Nabo", email: "nabo@example.no" });
    const own = await register({ email: "ola@example.no", hasLedsager: true, ledsagere: [companion({ email: "nabo@example.no" })] });
    const exported = JSON.stringify(await exportPerson(suite.app.db, own.id, suite.now, (queued) => suite.app.outbox.render(queued)));
    expect(exported).toContain("/min-side/[fjernet]");
    expect(tokensIn(exported)).toEqual([]);
    // Every stored link stays working; none of them is in the export, in any form.
    const confirmation = (await outboxMails(suite.app, eq(mailOutbox.dedupeKey, `camp-confirmation:${own.id}`), suite.transport))[0]!;
    const live = tokensIn(confirmation.text)[0]!;
    expect((await get(live)).statusCode).toBe(200);
    expect(exported).not.toContain(live);
    expect(exported).not.toContain(other.orderId);
    expect(exported).not.toContain("draftSecretHash");
  });

  it("a draft resubmitted from a second client with the same draftId gets no answer, no link, and switches no payment", async () => {
    const first = await register({ email: "forste@example.no" });
    const stranger = { ...draft({ firstName: "Fremmed", email: "fremmed@example.no" }), draftId: first.body.draftId };
    for (const body of [stranger, { ...stranger, draftSecret: undefined }]) {
      const res = await postRegistration(suite.app, body);
      expect(res.statusCode).toBe(409);
      expect(res.headers[personalLinkHeader]).toBeUndefined();
      expect(res.body).not.toMatch(/min-pamelding|min-side/);
    }
    // The same browser (its own secret) gets its first answer and a link again.
    const again = await postRegistration(suite.app, first.body);
    expect(again.body).toBe("Done");
    expect(orderIdsOf((await get(String(again.headers[personalLinkHeader]).split("/").pop()!)).json())).toEqual([first.orderId]);

    // An open Vipps payment is not switched to card/cash by someone else's resubmission.
    const paying = await startVippsPayment(suite.app, { email: "vipps@example.no" });
    const switchAttempt = await postRegistration(suite.app, { ...paying.body, draftSecret: undefined, vipps: false, email: "fremmed@example.no" });
    expect(switchAttempt.statusCode).toBe(409);
    const [row] = await suite.app.db
      .select({ status: campRegistrations.status, vipps: campRegistrations.vipps })
      .from(campRegistrations)
      .where(eq(campRegistrations.id, paying.registrationId));
    expect(row).toEqual({ status: "pending_payment", vipps: true });
    expect(
      (await suite.app.db.select({ method: eventPayments.method }).from(eventPayments).where(eq(eventPayments.orderId, paying.registrationId))).map(
        (payment) => payment.method,
      ),
    ).toEqual(["vipps"]);
  });
});

describe("«Finn påmeldingen min» takes the same time whether or not the address is known", () => {
  const suite = useVippsCampSuite("pglite", new Date("2026-11-01T10:00:00Z"));

  // Not a stopwatch (a busy machine makes any timing flaky): the answer is given while the database cannot
  // answer anything, so its time cannot depend on what the database holds. The lookup runs after it.
  it("answers the same before the database is asked, then stores a secret and a mail for a known address only", async () => {
    const res = await postRegistration(suite.app, draft({ email: "tid@example.no", hasLedsager: true, ledsagere: [companion()] }));
    expect(res.body).toBe("Done");
    const linksBefore = await suite.app.db.select().from(familyLinks);
    const queue = suite.app.findMyRegistrationQueue;
    const receivedBefore = queue.received;
    suite.now = new Date(suite.now.getTime() + 11 * 60_000);

    // Hold the database: PGlite runs one transaction at a time, so every other query waits until released.
    let release!: () => void;
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const blocked = suite.app.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      holding();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await held;
    const answers = await Promise.race([
      Promise.all(
        ["tid@example.no", "ingen@example.no"].map((email) =>
          suite.app.inject({ method: "POST", url: "/api/MinPamelding/Find", payload: { email } }),
        ),
      ),
      new Promise<"waited for the database">((resolve) => setTimeout(() => resolve("waited for the database"), 5_000)),
    ]);
    release();
    await blocked;
    expect(answers).not.toBe("waited for the database");
    for (const answer of answers as { json(): unknown }[]) expect(answer.json()).toEqual({ message: findMyRegistrationAnswer });

    while (queue.received < receivedBefore + 2) await new Promise((resolve) => setImmediate(resolve));
    await queue.idle();
    await suite.app.outbox.drain();
    const links = await suite.app.db.select().from(familyLinks);
    expect(links.filter((link) => link.emailKey === "ingen@example.no")).toEqual([]);
    expect(links.length - linksBefore.length).toBe(1);
    expect(links.find((link) => !linksBefore.some((before) => before.id === link.id))?.emailKey).toBe("tid@example.no");
  });
});
