import { createHash } from "node:crypto";
import { asc, desc, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { formatOsloDateTime } from "../../shared/format.ts";
import { offerValidityHours, waitlistAnswer, type WaitlistEntry } from "../../shared/camp/camp-waitlist.ts";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { campPaymentColumns } from "../payments/camp-payment-rows.ts";
import { eventLedgerEntries, eventPayments } from "../db/schema/events-money.ts";
import { events } from "../db/schema/events.ts";
import { campEvents, campEventOfYear } from "./camp-events.ts";
import { eventWaitlistOffers } from "../db/schema/events-orders.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { outboxMails } from "../test-support/outbox.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import type { CampPaymentGateway, RegistrationAwaitingPayment } from "./camp-payment-gateway.ts";
import { registrationWindowMessages } from "./camp-registrations.ts";
import { offerMessages } from "../../shared/events/waitlist-offer.ts";
import { anonymiseRegistrations } from "../privacy/camp-retention.ts";
import { actOnLanding, buildVippsTestApp, registrationStatus, startVippsPayment } from "../test-support/vipps.ts";
import {
  buildCampTestApp,
  campAdminToken,
  createTestTransport,
  clearCampTables,
  companion,
  countRows,
  draft,
  postRegistration,
  type TestApp,
} from "../test-support/camp.ts";
import { campRegistrationCharged, campRegistrationWithTotal } from "./camp-receipt.ts";
import { updateCampRegistrations } from "./camp-registration-rows.ts";
import { clearEvents, createPublished, grading, order, participant, postOrder } from "../test-support/events.ts";

// Inside the seeded 2026 edition's window (opens 1 December 2025, closes when the camp is over), after early bird.
let now = new Date("2026-11-05T10:00:00Z");
const baseUrl = "https://klubb.example";

describe.each(databaseKinds)("camp registration window, capacity and waiting list on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let transport: ReturnType<typeof createTestTransport>;
  let token: string;
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
    ({ app, transport } = await buildCampTestApp(database, { clock: () => now, payments: gateway, env: { PUBLIC_BASE_URL: baseUrl } }));
    token = await campAdminToken(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  beforeEach(async () => {
    now = new Date("2026-11-05T10:00:00Z");
    await app.waitlist.drain();
    await app.outbox.drain();
    await clearCampTables(database);
    await database.db.execute(sql`truncate event_waitlist_offers restart identity cascade`);
    await put({
      registrationDuringCamp: false,
      capacity: null,
      sleepoverCapacity: null,
      companionFee: 550,
      registrationOpensAt: "2025-11-30T23:00:00.000Z",
      registrationClosesAt: "2026-11-30T23:00:00.000Z",
    });
    calls.length = 0;
  });

  const put = async (patch: Record<string, unknown>) => {
    const res = await app.inject({ method: "PUT", url: `/api/CampEdition/Put/2026/${token}`, payload: patch });
    expect(res.statusCode).toBe(200);
    return res;
  };
  const current = async () => (await app.inject({ url: "/api/CampEdition/Current" })).json();
  const statusOf = async (orderIdOrId: number) =>
    (await database.db.select(campRegistrationWithTotal).from(campRegistrations).where(eq(campRegistrations.id, orderIdOrId)))[0]!;
  const waitlist = async (): Promise<WaitlistEntry[]> => (await app.inject({ url: `/api/VinterleirAdmin/Waitlist/${token}` })).json();
  const offerMails = () => outboxMails(app, like(mailOutbox.dedupeKey, "camp-waitlist-offer:%"), transport);
  /** The token in the latest offer mail's link. */
  const latestOfferToken = async () => {
    const mails = await offerMails();
    const text = mails.at(-1)?.text ?? "";
    const match = /\/vinterleir\/venteliste\/([A-Za-z0-9_-]+)/.exec(text);
    if (!match) throw new Error(`no offer link in ${text}`);
    return match[1]!;
  };
  const accept = (offerToken: string) => app.inject({ method: "POST", url: `/api/Venteliste/Accept/${offerToken}` });
  const getOffer = (offerToken: string) => app.inject({ url: `/api/Venteliste/Get/${offerToken}` });
  /** Fills the camp: capacity = n, n confirmed registrations. Answers their ids. */
  const fill = async (n: number) => {
    await put({ capacity: n });
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      expect((await postRegistration(app, draft({ firstName: `Plass${i}` }))).body).toBe("Done");
      const [row] = await database.db.select({ id: campRegistrations.id }).from(campRegistrations).orderBy(desc(campRegistrations.id)).limit(1);
      ids.push(row!.id);
    }
    return ids;
  };
  const joinWaitlist = async (overrides: Parameters<typeof draft>[0] = {}) => {
    const res = await postRegistration(app, draft(overrides));
    expect(res.body).toBe(waitlistAnswer);
    const [row] = await database.db.select(campRegistrationWithTotal).from(campRegistrations).orderBy(desc(campRegistrations.id)).limit(1);
    return row!;
  };

  describe("the registration window", () => {
    it("before it opens: 409 saying when (Oslo time), nothing stored", async () => {
      await put({ registrationOpensAt: "2026-11-06T07:00:00.000Z" });
      expect(await current()).toMatchObject({ state: "notyet" });
      const res = await postRegistration(app, draft());
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: registrationWindowMessages.notYet(new Date("2026-11-06T07:00:00.000Z")) });
      expect(res.json().error).toBe(`Påmeldingen åpner ${formatOsloDateTime(new Date("2026-11-06T07:00:00.000Z"))}.`);
      expect(res.json().error).toContain("kl. 08.00");
      expect(await countRows(database, "camp_registration_view")).toBe(0);
      expect(await countRows(database, "mail_outbox")).toBe(0);
    });

    it("after it closes: 409 «Påmeldingen er stengt.», nothing stored; a draft stored before still gets its answer", async () => {
      const early = draft();
      expect((await postRegistration(app, early)).body).toBe("Done");
      await put({ registrationClosesAt: "2026-11-05T09:00:00.000Z" });
      expect(await current()).toMatchObject({ state: "closed" });
      const res = await postRegistration(app, draft());
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: "Påmeldingen er stengt." });
      expect((await postRegistration(app, early)).body).toBe("Done");
      expect(await countRows(database, "camp_registration_view")).toBe(1);
    });

    it("once the camp's last day is over, and without a current edition: closed", async () => {
      now = new Date("2026-12-01T12:00:00Z");
      expect((await postRegistration(app, draft())).statusCode).toBe(409);
      now = new Date("2026-11-05T10:00:00Z");
      await database.db.update(events).set({ publishedAt: null }).where(campEvents);
      try {
        const res = await postRegistration(app, draft());
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ error: "Påmeldingen er stengt." });
      } finally {
        await database.db.update(events).set({ publishedAt: now }).where(campEventOfYear(2026));
      }
      expect(await countRows(database, "camp_registration_view")).toBe(0);
    });
  });

  it("prices with the edition in the database: a new companion fee applies to the next registration, earlier ones keep theirs", async () => {
    expect((await postRegistration(app, draft({ hasLedsager: true, ledsagere: [companion()] }))).body).toBe("Done");
    await put({ companionFee: 610 });
    expect((await postRegistration(app, draft({ hasLedsager: true, ledsagere: [companion()] }))).body).toBe("Done");
    const rows = await database.db.select({ total: campRegistrationCharged }).from(campRegistrations).orderBy(asc(campRegistrations.id));
    expect(rows.map((row) => row.total)).toEqual([1200 + 550, 1200 + 610]);
    const companionLines = await database.db
      .select({ amount: eventLedgerEntries.amount })
      .from(eventLedgerEntries)
      .where(eq(eventLedgerEntries.item, "companion"))
      .orderBy(asc(eventLedgerEntries.id));
    expect(companionLines.map((line) => line.amount)).toEqual([550, 610]);
  });

  it("a full camp: the registration is stored as waiting (lines kept, no payment), answers Venteliste, mails the place in line; not on the public or admin lists", async () => {
    await fill(1);
    expect(await current()).toMatchObject({ state: "full", placesLeft: 0 });
    const body = draft({ firstName: "Vera", lastName: "Ventesen", email: "vera@example.no", hasLedsager: true, ledsagere: [companion()] });
    const res = await postRegistration(app, body);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(waitlistAnswer);
    const [row] = await database.db.select(campRegistrationWithTotal).from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
    expect(row).toMatchObject({ status: "waiting", total: 1200 + 550, confirmedAt: null });
    expect(await database.db.select(campPaymentColumns).from(eventPayments).where(eq(eventPayments.orderId, row!.id))).toEqual([]);
    // Its receipt as priced is kept in the ledger (the athlete's line and the companion's), beside the first one's.
    expect(await countRows(database, "event_ledger_entries")).toBe(3);
    const [mail] = await outboxMails(app, eq(mailOutbox.dedupeKey, `camp-waitlist:${row!.id}`), transport);
    expect(mail).toMatchObject({ recipient: "vera@example.no", subject: "Du står på venteliste til Vinterleir 2026" });
    expect(mail!.text).toContain("nummer 1");
    expect(mail!.text).toContain("Du betaler ingenting nå.");
    expect((await postRegistration(app, draft({ firstName: "Neste" }))).body).toBe(waitlistAnswer);
    const [second] = await outboxMails(app, eq(mailOutbox.dedupeKey, `camp-waitlist:${row!.id + 1}`), transport);
    expect(second!.text).toContain("nummer 2");

    // A retry of the draft: the same answer, nothing new.
    expect((await postRegistration(app, body)).body).toBe(waitlistAnswer);
    expect(await countRows(database, "camp_registration_view")).toBe(3);

    const list = await app.inject({ url: "/api/VinterleirUsers/Get" });
    expect(list.body).not.toContain("Ventesen");
    const admin = (await app.inject({ url: `/api/VinterleirAdmin/Get/${token}` })).json() as { registrationId: number }[];
    expect(admin.some((person) => person.registrationId === row!.id)).toBe(false);
    expect(await waitlist()).toMatchObject([
      {
        registrationId: row!.id,
        position: 1,
        orderId: row!.orderId,
        name: "Vera Ventesen",
        club: expect.any(String),
        email: "vera@example.no",
        offer: null,
      },
      { position: 2, offer: null },
    ]);
  });

  it("a place freed by the camp admin goes to the first in line: a hashed token, 48 hours, a mail with the link and the Oslo deadline; accepting confirms once", async () => {
    const [first] = await fill(1);
    const vera = await joinWaitlist({ firstName: "Vera", email: "vera@example.no" });
    const nils = await joinWaitlist({ firstName: "Nils" });
    expect(await countRows(database, "event_waitlist_offers")).toBe(0);

    const cancel = await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${first}/${token}` });
    expect(cancel.statusCode).toBe(200);
    const offers = await database.db.select().from(eventWaitlistOffers);
    expect(offers).toHaveLength(1);
    const expiresAt = new Date(now.getTime() + offerValidityHours * 3600_000);
    expect(offers[0]).toMatchObject({ orderId: vera.id, ownerKind: "camp", state: "offered", offeredAt: now, expiresAt });
    const offerToken = await latestOfferToken();
    expect(offerToken.length).toBeGreaterThanOrEqual(43);
    expect(offers[0]!.tokenHash).toBe(createHash("sha256").update(offerToken).digest("hex"));
    expect(JSON.stringify(await database.db.select().from(eventWaitlistOffers))).not.toContain(offerToken);
    const [mail] = await offerMails();
    expect(mail!.recipient).toBe("vera@example.no");
    expect(mail!.text).toContain(`${baseUrl}/vinterleir/venteliste/${offerToken}`);
    expect(mail!.text).toContain(formatOsloDateTime(expiresAt));
    expect(await current()).toMatchObject({ state: "full", placesLeft: 0 });

    const view = await getOffer(offerToken);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual({
      slug: "vinterleir-2026",
      kind: "vinterleir",
      title: "Vinterleir 2026",
      firstDay: expect.stringMatching(/^2026-\d\d-\d\d$/),
      lastDay: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      venue: expect.any(String),
      year: 2026,
      orderId: vera.orderId,
      firstName: "Vera",
      lastName: "Nordmann",
      greetingName: expect.toBeOneOf([expect.any(String), null]),
      participants: ["Vera Nordmann"],
      total: 1200,
      lines: [{ label: expect.stringContaining("Vera"), amount: 1200 }],
      vipps: false,
      state: "offered",
      expiresAt: expiresAt.toISOString(),
    });
    expect((await waitlist())[0]).toMatchObject({ registrationId: vera.id, offer: { state: "offered", expiresAt: expiresAt.toISOString() } });

    const [a, b] = await Promise.all([accept(offerToken), accept(offerToken)]);
    expect([a.statusCode, a.body, b.statusCode, b.body]).toEqual([200, "Done", 200, "Done"]);
    expect(await statusOf(vera.id)).toMatchObject({ status: "confirmed", waitlistRank: null });
    expect(await database.db.select(campPaymentColumns).from(eventPayments).where(eq(eventPayments.orderId, vera.id))).toMatchObject([
      { method: "card_cash", state: "unpaid", amount: 1200 },
    ]);
    expect(await outboxMails(app, eq(mailOutbox.dedupeKey, `camp-confirmation:${vera.id}`), transport)).toHaveLength(1);
    expect((await getOffer(offerToken)).json()).toMatchObject({ state: "accepted" });
    expect((await accept(offerToken)).body).toBe("Done");
    expect(await waitlist()).toMatchObject([{ registrationId: nils.id, position: 1, offer: null }]);
    expect(await countRows(database, "event_waitlist_offers")).toBe(1);
  });

  it("an unanswered offer expires after 48 hours and the place goes to the next; the late answer is 410", async () => {
    const [first] = await fill(1);
    const vera = await joinWaitlist({ firstName: "Vera" });
    const nils = await joinWaitlist({ firstName: "Nils" });
    await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${first}/${token}` });
    const veraToken = await latestOfferToken();

    now = new Date(now.getTime() + offerValidityHours * 3600_000 - 1000);
    await app.waitlist.drain();
    expect(await countRows(database, "event_waitlist_offers")).toBe(1);
    now = new Date(now.getTime() + 1000);
    expect((await getOffer(veraToken)).json()).toMatchObject({ state: "expired" });
    await app.waitlist.drain();
    const offers = await database.db.select().from(eventWaitlistOffers).orderBy(asc(eventWaitlistOffers.id));
    expect(offers.map((offer) => [offer.orderId, offer.state])).toEqual([
      [vera.id, "expired"],
      [nils.id, "offered"],
    ]);
    const late = await accept(veraToken);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ error: offerMessages.expired });
    expect(await statusOf(vera.id)).toMatchObject({ status: "waiting" });
    // Vera stays on the list with her expired offer; no second offer by itself. (A fresh admin login: a token lasts a day.)
    token = await campAdminToken(app);
    expect(await waitlist()).toMatchObject([
      { registrationId: vera.id, offer: { state: "expired" } },
      { registrationId: nils.id, offer: { state: "offered" } },
    ]);
  });

  it("«Nei takk»: the offer is declined, the decliner leaves the list and the place passes to the next at once", async () => {
    const [first] = await fill(1);
    const vera = await joinWaitlist({ firstName: "Vera" });
    const nils = await joinWaitlist({ firstName: "Nils" });
    await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${first}/${token}` });
    const veraToken = await latestOfferToken();
    const decline = () => app.inject({ method: "POST", url: `/api/Venteliste/Decline/${veraToken}` });

    const declined = await decline();
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ state: "declined", firstName: "Vera" });
    expect(await statusOf(vera.id)).toMatchObject({ status: "cancelled", waitlistRank: null });
    // Passed on within the same request, not at the job's next round.
    const offers = await database.db.select().from(eventWaitlistOffers).orderBy(asc(eventWaitlistOffers.id));
    expect(offers.map((offer) => [offer.orderId, offer.state])).toEqual([
      [vera.id, "declined"],
      [nils.id, "offered"],
    ]);
    expect(await latestOfferToken()).not.toBe(veraToken);
    // Again: the same answer, nothing more; accepting afterwards is too late.
    expect((await decline()).json()).toMatchObject({ state: "declined" });
    expect(await countRows(database, "event_waitlist_offers")).toBe(2);
    expect((await accept(veraToken)).statusCode).toBe(410);
    expect(await waitlist()).toMatchObject([{ registrationId: nils.id, position: 1, offer: { state: "offered" } }]);
  });

  it("«Ja takk» after «Nei takk» is 410 saying so, and the offer stays declined (as an event's does)", async () => {
    const [first] = await fill(1);
    const vera = await joinWaitlist({ firstName: "Vera" });
    await joinWaitlist({ firstName: "Nils" });
    await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${first}/${token}` });
    const veraToken = await latestOfferToken();
    expect((await app.inject({ method: "POST", url: `/api/Venteliste/Decline/${veraToken}` })).statusCode).toBe(200);

    const late = await accept(veraToken);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ error: offerMessages.declined });
    // The family's page and the offer's row still say what the family answered, never «trukket tilbake».
    expect((await getOffer(veraToken)).json()).toMatchObject({ state: "declined" });
    const [offer] = await database.db.select().from(eventWaitlistOffers).where(eq(eventWaitlistOffers.orderId, vera.id));
    expect(offer!.state).toBe("declined");
    // «Nei takk» again still answers the same, as before the late «Ja takk».
    const again = await app.inject({ method: "POST", url: `/api/Venteliste/Decline/${veraToken}` });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ state: "declined" });
  });

  it("«Nei takk» after saying yes is 409 and keeps the place; unknown tokens are 404", async () => {
    const [first] = await fill(1);
    const vera = await joinWaitlist({ firstName: "Vera" });
    await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${first}/${token}` });
    const veraToken = await latestOfferToken();
    expect((await accept(veraToken)).body).toBe("Done");
    const late = await app.inject({ method: "POST", url: `/api/Venteliste/Decline/${veraToken}` });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: offerMessages.alreadyAccepted });
    expect(await statusOf(vera.id)).toMatchObject({ status: "confirmed" });
    for (const bad of ["x".repeat(43), "kort", "%2e%2e"])
      expect((await app.inject({ method: "POST", url: `/api/Venteliste/Decline/${bad}` })).statusCode).toBe(404);
  });

  it("an offer never runs past the registration's close, and no offer is made after it", async () => {
    const [first, second] = await fill(2);
    await joinWaitlist();
    await joinWaitlist();
    const closesAt = new Date(now.getTime() + 3600_000);
    await put({ registrationClosesAt: closesAt.toISOString() });
    await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${first}/${token}` });
    const [offer] = await database.db.select().from(eventWaitlistOffers);
    expect(offer!.expiresAt).toEqual(closesAt);

    now = new Date(closesAt.getTime());
    await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${second}/${token}` });
    await app.waitlist.drain();
    expect((await database.db.select().from(eventWaitlistOffers)).map((row) => row.state)).toEqual(["expired"]);
  });

  it("a free place is the waiting list's before it is a new registration's", async () => {
    await fill(1);
    const vera = await joinWaitlist({ firstName: "Vera" });
    // A place freed without an offer yet (as between a cancellation in another process and its job's run).
    const confirmed = await database.db.select({ id: campRegistrations.id }).from(campRegistrations).where(eq(campRegistrations.status, "confirmed"));
    await updateCampRegistrations(
      database.db,
      confirmed.map((row) => row.id),
      { status: "cancelled" },
    );
    expect((await postRegistration(app, draft({ firstName: "Sen" }))).body).toBe(waitlistAnswer);
    await app.waitlist.drain();
    expect(await database.db.select({ registrationId: eventWaitlistOffers.orderId }).from(eventWaitlistOffers)).toEqual([
      { registrationId: vera.id },
    ]);
  });

  it("one pass of the one waiting-list job offers a camp edition's freed place and a grading's, each by its own column and in its own words", async () => {
    const slug = "gradering-desember";
    await createPublished(app, token, slug, grading({ capacity: 1 }));
    try {
      for (const [name, answer] of [
        ["Ola", "Done"],
        ["Per", "Venteliste"],
      ] as const) {
        const res = await postOrder(app, slug, order({ participants: [participant({ firstName: name })] }));
        expect(res.body).toBe(answer);
      }
      const [campPlace] = await fill(1);
      const vera = await joinWaitlist({ firstName: "Vera" });
      // Both places freed behind the job's back (as by another process): only the job's pass finds them.
      await updateCampRegistrations(database.db, campPlace!, { status: "cancelled" });
      const gradingOrders = await database.db.execute<{ id: number; status: string }>(
        sql`select o.id, o.status from event_orders o join events e on e.id = o.event_id where e.slug = ${slug} order by o.id`,
      );
      const [ola, per] = gradingOrders.rows.map((row) => Number(row.id));
      await database.db.execute(sql`update event_orders set status = 'cancelled' where id = ${ola!}`);

      await app.waitlist.drain();
      const offers = await database.db
        .select({
          orderId: eventWaitlistOffers.orderId,
          ownerKind: eventWaitlistOffers.ownerKind,
          state: eventWaitlistOffers.state,
        })
        .from(eventWaitlistOffers)
        .orderBy(asc(eventWaitlistOffers.id));
      expect(offers).toEqual(
        expect.arrayContaining([
          { orderId: vera.id, ownerKind: "camp", state: "offered" },
          { orderId: per, ownerKind: "order", state: "offered" },
        ]),
      );
      expect(offers).toHaveLength(2);
      const mails = await outboxMails(app, like(mailOutbox.dedupeKey, "%-waitlist-offer:%"), transport);
      expect(mails.map((mail) => [mail.dedupeKey.split(":")[0], mail.subject.split(" – ")[0]]).sort()).toEqual([
        ["camp-waitlist-offer", "Ledig plass på Vinterleir 2026"],
        ["event-waitlist-offer", "Ledig plass på Cupgradering desember"],
      ]);
      // Nothing more to offer: another pass makes none.
      expect(await app.waitlist.runOnce()).toBe(0);
    } finally {
      await clearEvents(database, app);
    }
  });

  it("a capacity raised by PUT offers the new places at once", async () => {
    await fill(1);
    const vera = await joinWaitlist();
    const nils = await joinWaitlist();
    const olga = await joinWaitlist();
    await put({ capacity: 3 });
    await app.waitlist.drain();
    const offers = await database.db.select().from(eventWaitlistOffers).orderBy(asc(eventWaitlistOffers.id));
    expect(offers.map((offer) => offer.orderId)).toEqual([vera.id, nils.id]);
    expect(await current()).toMatchObject({ state: "full", placesLeft: 0 });
    void olga;
  });

  it("the camp admin removes someone (their open offer withdrawn and passed on) and moves someone in line", async () => {
    const [first] = await fill(1);
    const vera = await joinWaitlist({ firstName: "Vera" });
    const nils = await joinWaitlist({ firstName: "Nils" });
    const olga = await joinWaitlist({ firstName: "Olga" });

    const moved = await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Waitlist/Move/${olga.id}/${token}`, payload: { position: 1 } });
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as WaitlistEntry[]).map((entry) => [entry.registrationId, entry.position])).toEqual([
      [olga.id, 1],
      [vera.id, 2],
      [nils.id, 3],
    ]);
    const last = await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Waitlist/Move/${olga.id}/${token}`, payload: { position: 99 } });
    expect((last.json() as WaitlistEntry[]).map((entry) => entry.registrationId)).toEqual([vera.id, nils.id, olga.id]);

    await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${first}/${token}` });
    const veraToken = await latestOfferToken();
    const removed = await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Waitlist/Remove/${vera.id}/${token}` });
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as WaitlistEntry[]).map((entry) => [entry.registrationId, entry.offer?.state ?? null])).toEqual([
      [nils.id, "offered"],
      [olga.id, null],
    ]);
    expect(await statusOf(vera.id)).toMatchObject({ status: "cancelled" });
    const gone = await accept(veraToken);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ error: offerMessages.withdrawn });
    expect((await getOffer(veraToken)).json()).toMatchObject({ state: "withdrawn" });

    // Bad input: never a 5xx.
    const admin = (path: string, payload?: object) =>
      app.inject({ method: "POST", url: `/api/VinterleirAdmin/Waitlist/${path}`, ...(payload ? { payload } : {}) });
    expect((await admin(`Remove/${vera.id}/${token}`)).statusCode).toBe(404);
    expect((await admin(`Remove/${first}/${token}`)).statusCode).toBe(404);
    expect((await admin(`Remove/abc/${token}`)).statusCode).toBe(404);
    expect((await admin(`Remove/99999999999/${token}`)).statusCode).toBe(404);
    expect((await admin(`Move/${nils.id}/${token}`, { position: 0 })).statusCode).toBe(400);
    expect((await admin(`Move/${nils.id}/${token}`, { position: "1" })).statusCode).toBe(400);
    expect((await admin(`Move/${nils.id}/${token}`)).statusCode).toBe(400);
    expect((await admin(`Move/${first}/${token}`, { position: 1 })).statusCode).toBe(404);
    expect((await admin(`Remove/${nils.id}/feil-token`)).statusCode).toBe(401);
    expect((await admin(`Move/${nils.id}/feil-token`, { position: 1 })).statusCode).toBe(401);
    expect((await app.inject({ url: `/api/VinterleirAdmin/Waitlist/feil-token` })).statusCode).toBe(401);
  });

  it("anonymising a registration deletes its waiting-list and offer mails too", async () => {
    const [first] = await fill(1);
    const vera = await joinWaitlist({ firstName: "Vera" });
    await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${first}/${token}` });
    expect(await outboxMails(app, like(mailOutbox.recipient, "ola@example.no"), transport)).not.toEqual([]);
    const keys = async () => (await database.db.select({ key: mailOutbox.dedupeKey }).from(mailOutbox)).map((row) => row.key).sort();
    // The leader's cancellation tells the family what happens to the money.
    expect(await keys()).toEqual(
      [`camp-confirmation:${first}`, `camp-self:${first}:leader-cancel`, `camp-waitlist-offer:1`, `camp-waitlist:${vera.id}`].sort(),
    );
    await anonymiseRegistrations(database.db, { registrationIds: [vera.id] }, now);
    expect(await keys()).toEqual([`camp-confirmation:${first}`, `camp-self:${first}:leader-cancel`]);
  });

  it("unknown and malformed offer tokens are 404 on Get and Accept", async () => {
    // (Fastify answers 414 for a path segment over 100 characters, before any route.)
    for (const bad of ["x", "A".repeat(43), "A".repeat(44), "a".repeat(100), "..%2F..%2Fetc", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA%3D"]) {
      expect((await getOffer(bad)).statusCode).toBe(404);
      expect((await accept(bad)).statusCode).toBe(404);
    }
    // A control character is refused before any route looks (as everywhere).
    expect((await getOffer("%00")).statusCode).toBe(400);
    expect((await accept("%00")).statusCode).toBe(400);
  });

  it("a Vipps registration from the waiting list: Accept answers the payment address, a double click the same one and never two payments", async () => {
    const [first] = await fill(1);
    const vera = await joinWaitlist({ vipps: true });
    await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${first}/${token}` });
    const offerToken = await latestOfferToken();
    expect((await getOffer(offerToken)).json()).toMatchObject({ vipps: true });
    const [a, b] = await Promise.all([accept(offerToken), accept(offerToken)]);
    expect(a.body).toBe(`https://pay.example/${vera.orderId}-1`);
    expect(b.body).toBe(a.body);
    expect(await statusOf(vera.id)).toMatchObject({ status: "pending_payment" });
    expect(await database.db.select(campPaymentColumns).from(eventPayments).where(eq(eventPayments.orderId, vera.id))).toMatchObject([
      { method: "vipps", state: "created", reference: `${vera.orderId}-1` },
    ]);
    expect(await outboxMails(app, eq(mailOutbox.dedupeKey, `camp-confirmation:${vera.id}`), transport)).toEqual([]);
  });

  it("with late registration on, a Vipps registration from before the camp that accepts a place while it is under way pays at the door", async () => {
    try {
      now = new Date("2026-11-27T21:00:00Z");
      token = await campAdminToken(app);
      await put({ registrationDuringCamp: true });
      const [first] = await fill(1);
      const vera = await joinWaitlist({ vipps: true });
      now = new Date("2026-11-28T08:00:00Z");
      token = await campAdminToken(app);
      await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${first}/${token}` });
      const accepted = await accept(await latestOfferToken());
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.body).not.toContain("pay.example");
      expect(calls).toEqual([]);
      expect(await statusOf(vera.id)).toMatchObject({ status: "confirmed", vipps: false });
      expect(await database.db.select(campPaymentColumns).from(eventPayments).where(eq(eventPayments.orderId, vera.id))).toMatchObject([
        { method: "card_cash", state: "unpaid" },
      ]);
    } finally {
      // The leader's sign-ins above ended the suite's token (expired by their clock): a fresh one on the suite's day.
      now = new Date("2026-11-05T10:00:00Z");
      token = await campAdminToken(app);
    }
  });

  it("a Vipps payment that ends unpaid gives its place to the waiting list; paying again afterwards finds the camp full and waits", async () => {
    await put({ capacity: 1 });
    const paying = draft({ vipps: true, firstName: "Per" });
    expect((await postRegistration(app, paying)).body).toMatch(/^https:\/\/pay\.example\//);
    const vera = await joinWaitlist({ firstName: "Vera" });
    const [per] = await database.db.select(campRegistrationWithTotal).from(campRegistrations).where(eq(campRegistrations.draftId, paying.draftId));
    await database.db.update(eventPayments).set({ state: "aborted", vippsState: "ABORTED" }).where(eq(eventPayments.orderId, per!.id));
    await app.waitlist.drain();
    expect(await database.db.select({ registrationId: eventWaitlistOffers.orderId }).from(eventWaitlistOffers)).toEqual([
      { registrationId: vera.id },
    ]);

    expect((await postRegistration(app, paying)).body).toBe(waitlistAnswer);
    expect(await statusOf(per!.id)).toMatchObject({ status: "waiting" });
    expect(await waitlist()).toMatchObject([{ registrationId: vera.id }, { registrationId: per!.id }]);
  });

  it("a Vipps payment that ended unpaid is taken up again when a place is free (a new attempt holds it)", async () => {
    await put({ capacity: 2 });
    const paying = draft({ vipps: true });
    const firstAnswer = (await postRegistration(app, paying)).body;
    const [per] = await database.db.select(campRegistrationWithTotal).from(campRegistrations).where(eq(campRegistrations.draftId, paying.draftId));
    await database.db.update(eventPayments).set({ state: "aborted", vippsState: "ABORTED" }).where(eq(eventPayments.orderId, per!.id));
    const again = await postRegistration(app, paying);
    expect(again.body).toBe(`https://pay.example/${per!.orderId}-2`);
    expect(again.body).not.toBe(firstAnswer);
    expect(await current()).toMatchObject({ placesLeft: 1 });
  });

  it("sleepover places: when every one is held, a sleepover is refused (409, nothing stored) and the athlete can come without", async () => {
    await put({ sleepoverCapacity: 2 });
    expect(await current()).toMatchObject({ sleepoverPlacesLeft: 2 });
    const answers = await Promise.all(Array.from({ length: 3 }, (_, i) => postRegistration(app, draft({ firstName: `Sover${i}`, sleepover: true }))));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 409]);
    expect(answers.find((res) => res.statusCode === 409)!.json()).toEqual({
      error: "Alle overnattingsplassene er tatt. Gå tilbake og meld på uten overnatting.",
    });
    expect(await countRows(database, "camp_registration_view")).toBe(2);
    expect(await current()).toMatchObject({ state: "open", placesLeft: null, sleepoverPlacesLeft: 0 });
    expect((await postRegistration(app, draft({ firstName: "Hjemme", sleepover: false }))).body).toBe("Done");
  });

  it("capacity = confirmed + 2 and five registrations at once: exactly two Done and three Venteliste", async () => {
    await fill(3);
    await put({ capacity: 5 });
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => postRegistration(app, draft({ firstName: `Samtidig${i}` }))));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const bodies = answers.map((res) => res.body).sort();
    expect(bodies).toEqual(["Done", "Done", waitlistAnswer, waitlistAnswer, waitlistAnswer]);
    expect(await countRows(database, "event_payments")).toBe(5);
    expect((await waitlist()).map((entry) => entry.position)).toEqual([1, 2, 3]);
  });
});

describe.each(databaseKinds)("the waiting list with the Vipps simulator on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let transport: ReturnType<typeof createTestTransport>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app, transport } = await buildVippsTestApp(database, () => now));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("a payment aborted at Vipps gives its place to the first in line at once; the offer's Vipps payment confirms", async () => {
    now = new Date("2026-11-05T10:00:00Z");
    const token = await campAdminToken(app);
    expect((await app.inject({ method: "PUT", url: `/api/CampEdition/Put/2026/${token}`, payload: { capacity: 1 } })).statusCode).toBe(200);
    const per = await startVippsPayment(app, { firstName: "Per" });
    const vera = draft({ firstName: "Vera", vipps: true });
    expect((await postRegistration(app, vera)).body).toBe(waitlistAnswer);

    await actOnLanding(app, per.redirectUrl, "abort");
    await app.vipps!.simulator!.settled();
    // The webhook's ABORTED kicked the waiting-list job (no timer runs in tests).
    await vi.waitFor(async () => expect(await countRows(database, "event_waitlist_offers")).toBe(1));
    const [mail] = await outboxMails(app, like(mailOutbox.dedupeKey, "camp-waitlist-offer:%"), transport);
    expect(mail!.text).toContain("https://klubb.example/vinterleir/venteliste/");
    const offerToken = /\/vinterleir\/venteliste\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;

    const accepted = await app.inject({ method: "POST", url: `/api/Venteliste/Accept/${offerToken}` });
    expect(accepted.statusCode).toBe(200);
    const paying = new URL(accepted.body);
    expect(paying.pathname).toBe("/vipps-sim/landing");
    await actOnLanding(app, accepted.body, "approve");
    await app.vipps!.simulator!.settled();
    const [row] = await database.db.select(campRegistrationWithTotal).from(campRegistrations).where(eq(campRegistrations.draftId, vera.draftId));
    await vi.waitFor(async () => expect((await registrationStatus(app, row!.id))?.status).toBe("confirmed"));
    // Per lost the place: paying again finds the camp full.
    expect((await postRegistration(app, per.body)).body).toBe(waitlistAnswer);
  });
});
