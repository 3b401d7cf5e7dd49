import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ledgerFigures, sumFigures } from "../../shared/camp/camp-ledger.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventPayments } from "../db/schema/events-money.ts";
import { campPaymentColumns } from "../payments/camp-payment-rows.ts";
import { correctionMessages } from "./camp-correction.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { outboxMails } from "../test-support/outbox.ts";
import { databaseKinds } from "../test-support/database.ts";
import { campAdminToken, companion, draft, postRegistration } from "../test-support/camp.ts";
import { actOnLanding, reconcile, startVippsPayment, useVippsCampSuite } from "../test-support/vipps.ts";
import { readLedger, readLedgers } from "./camp-ledger-store.ts";
import { ledgerHistoryLine, type LedgerHistoryEntry } from "../../shared/camp/camp-ledger-history.ts";
import { campRegistrationCharged } from "./camp-receipt.ts";
import { readCampCompanions } from "./camp-companion-rows.ts";

const linkPattern = /https:\/\/klubb\.example\/min-side\/([A-Za-z0-9_-]{43})/;

/** The sequences replayed against the server: every krone accounted for. */
describe.each(databaseKinds)("the money ledger on %s", (kind) => {
  // Before the full-refund deadline (midnight 21 November); tests move the clock past it where they say so.
  const suite = useVippsCampSuite(kind, new Date("2026-11-10T10:00:00Z"));

  const inject = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    suite.app.inject({ method, url, ...(payload ? { payload } : {}) });
  const tokenOf = async (registrationId: number, key = `camp-confirmation:${registrationId}`) => {
    const [mail] = await outboxMails(suite.app, eq(mailOutbox.dedupeKey, key), suite.transport);
    return linkPattern.exec(mail!.text)![1]!;
  };
  // Each registration its own address, so each mail's family link opens that registration alone.
  const ownAddress = () => ({ email: `familie-${randomUUID().slice(0, 8)}@example.no` });
  const paidWithVipps = async (overrides: Parameters<typeof draft>[0] = {}) => {
    const paying = await startVippsPayment(suite.app, { ...ownAddress(), ...overrides });
    await actOnLanding(suite.app, paying.redirectUrl, "approve");
    await suite.sim.settled();
    await reconcile(suite.service);
    return { ...paying, token: await tokenOf(paying.registrationId) };
  };
  const cardCash = async (overrides: Parameters<typeof draft>[0] = {}) => {
    const body = draft({ ...ownAddress(), ...overrides });
    expect((await postRegistration(suite.app, body)).body).toBe("Done");
    const [row] = await suite.app.db.select({ id: campRegistrations.id }).from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
    return { registrationId: row!.id, token: await tokenOf(row!.id) };
  };
  const view = async (token: string) => (await inject("GET", `/api/MinPamelding/Get/${token}`)).json();
  const addCompanion = (token: string, firstName: string) =>
    inject("POST", `/api/MinPamelding/AddCompanion/${token}`, { ...companion({ firstName }), alreadyRegistered: false });
  const cancel = (token: string, person: string) => inject("POST", `/api/MinPamelding/Cancel/${token}`, { person });
  const newestCompanion = (view: { persons: { key: string; kind: string; cancelled: boolean }[] }) =>
    view.persons.filter((person) => person.kind === "companion" && !person.cancelled).at(-1)!.key;
  const vippsRefunded = (reference: string) => suite.sim.payments.get(reference)!.aggregate.refundedAmount.value / 100;

  it("sequence 1: an unpaid companion cancelled three times gives nothing back; after the deadline the athlete gets half of what was paid for the athlete", async () => {
    const paying = await paidWithVipps();
    // The confirmation explains the money from the ledger: reserved by Vipps and being taken counts as paid.
    const [confirmation] = await outboxMails(suite.app, eq(mailOutbox.dedupeKey, `camp-confirmation:${paying.registrationId}`), suite.transport);
    expect(confirmation!.text).toContain("Betalt: 1\u00a0200\u00a0kr\nUtestående: 0\u00a0kr");
    for (const name of ["En", "To", "Tre"]) {
      expect((await addCompanion(paying.token, name)).statusCode).toBe(200);
      const res = await cancel(paying.token, newestCompanion(await view(paying.token)));
      expect(res.json()).toMatchObject({ refund: 0, status: "confirmed" });
    }
    await suite.sim.settled();
    await reconcile(suite.service);
    expect(vippsRefunded(paying.reference)).toBe(0);
    expect(await view(paying.token)).toMatchObject({ paid: 1200, refunded: 0, kept: 0, outstanding: 0 });

    await addCompanion(paying.token, "Fire");
    await addCompanion(paying.token, "Fem");
    suite.now = new Date("2026-11-23T10:00:00Z");
    const whole = await cancel(paying.token, "athlete");
    expect(whole.json()).toMatchObject({ refund: 600, status: "cancelled", paid: 1200, kept: 600 });
    await suite.sim.settled();
    await reconcile(suite.service);
    expect(vippsRefunded(paying.reference)).toBe(600);
  });

  it("sequence 2: paid at the door, a companion added and cancelled: nothing is asked twice", async () => {
    const { registrationId, token } = await cardCash();
    const admin = await campAdminToken(suite.app);
    // The leader says how it was paid; anything but card or cash is refused, and nothing is booked.
    expect((await inject("POST", `/api/VinterleirAdmin/MarkPaid/${registrationId}/${admin}`, { method: "vipps" })).statusCode).toBe(400);
    expect(ledgerFigures(await readLedger(suite.app.db, registrationId)).paid).toBe(0);
    expect((await inject("POST", `/api/VinterleirAdmin/MarkPaid/${registrationId}/${admin}`, { method: "cash" })).statusCode).toBe(200);
    expect((await readLedger(suite.app.db, registrationId)).filter((entry) => entry.kind === "payment").map((entry) => entry.method)).toEqual([
      "cash",
    ]);
    await addCompanion(token, "Kari");
    expect(await view(token)).toMatchObject({ paid: 1200, outstanding: 550 });
    const res = await cancel(token, newestCompanion(await view(token)));
    expect(res.json()).toMatchObject({ refund: 0, paid: 1200, outstanding: 0, refundOwed: 0 });
    expect(res.json().paymentState).not.toMatch(/oppmøte/);
  });

  it("sequence 3: the door takes at most what is left, and a cancelled companion can neither be checked in nor counted", async () => {
    const { registrationId, token } = await cardCash({ hasLedsager: true, ledsagere: [companion({ firstName: "Kari" })] });
    const admin = await campAdminToken(suite.app);
    const door = (body: Record<string, unknown>) =>
      inject("POST", `/api/VinterleirAdmin/CheckIn/Action/${admin}`, { actionId: randomUUID(), day: "2026-11-28", ...body });
    const athlete = `a${registrationId}`;
    const tooMuch = await door({ kind: "payment", personId: athlete, amount: 100_000, method: "card" });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toBe("Det er bare 1750 kr igjen å betale. Skriv inn 1750 kr eller mindre.");
    expect((await door({ kind: "payment", personId: athlete, amount: 1000, method: "card" })).statusCode).toBe(200);
    expect((await door({ kind: "payment", personId: athlete, amount: 750, method: "cash" })).statusCode).toBe(200);
    expect((await door({ kind: "payment", personId: athlete, amount: 1, method: "cash" })).statusCode).toBe(409);
    const totals = (await inject("GET", `/api/VinterleirAdmin/Treasurer/${admin}`)).json();
    expect(totals.byMethod).toEqual(
      expect.arrayContaining([expect.objectContaining({ method: "card", paid: 1000 }), expect.objectContaining({ method: "cash", paid: 750 })]),
    );

    const [kari] = await readCampCompanions(suite.app.db, registrationId);
    // Cancelled after paying in full before the deadline: all 550 kr paid for her are owed back outside Vipps.
    expect((await cancel(token, `companion-${kari!.id}`)).json()).toMatchObject({ refund: 550, refundOwed: 550 });
    const checkIn = await door({ kind: "checkin", personId: `c${kari!.id}` });
    expect(checkIn.statusCode).toBe(409);
    expect(checkIn.json().error).toBe("Personen er avbestilt og kan ikke sjekkes inn.");
    const counts = (await inject("GET", `/api/VinterleirAdmin/CheckIn/Counts/${admin}`)).json();
    expect(counts.days.find((day: { day: string }) => day.day === "2026-11-28")).toMatchObject({ expected: 1, arrived: 0 });
    const treasurer = (await inject("GET", `/api/VinterleirAdmin/Treasurer/${admin}`)).json();
    expect(treasurer.refundsOwed).toEqual([expect.objectContaining({ registrationId, amount: 550 })]);
  });

  it("sequence 4: a companion claimed «allerede påmeldt» must be a confirmed paying companion; cancelled there, the leader is told", async () => {
    const kari = companion({ firstName: "Kari", lastName: "Ledsager", telephone: "99887766" });
    const a = await cardCash({ hasLedsager: true, ledsagere: [kari] });
    const claim = { ...kari, id: "claim-1", alreadyRegistered: true };
    const b = await cardCash({ firstName: "Bjørn", hasLedsager: true, ledsagere: [claim] });
    expect(await view(b.token)).toMatchObject({ total: 1200 });
    const [paying] = await readCampCompanions(suite.app.db, a.registrationId);
    const admin = await campAdminToken(suite.app);
    const flagged = async () =>
      ((await inject("GET", `/api/VinterleirAdmin/Get/${admin}`)).json() as { registrationId: number; firstname: string; claimUncovered?: boolean }[])
        .filter((person) => person.claimUncovered)
        .map((person) => [person.registrationId, person.firstname]);
    // Covered while Kari is A's paying companion: no flag anywhere.
    expect(await flagged()).toEqual([]);
    expect((await cancel(a.token, `companion-${paying!.id}`)).statusCode).toBe(200);
    // The claiming registration is flagged in the list, on the athlete and on the claimed companion.
    expect(await flagged()).toEqual([
      [b.registrationId, "Bjørn"],
      [b.registrationId, "Kari"],
    ]);
    const changes = (await inject("GET", `/api/VinterleirAdmin/Changes/${b.registrationId}/${admin}`)).json() as { actor: string; summary: string }[];
    expect(changes).toEqual([
      expect.objectContaining({
        actor: "system",
        summary: expect.stringContaining("Ledsager Kari Ledsager er oppgitt som allerede påmeldt, men er avbestilt"),
      }),
    ]);
    // B's own log, which B's family gets in its person export, says nothing of A's order: not even its number.
    const [aOrder] = await suite.app.db
      .select({ orderId: campRegistrations.orderId })
      .from(campRegistrations)
      .where(eq(campRegistrations.id, a.registrationId));
    expect(aOrder!.orderId).toMatch(/^VL/);
    expect(JSON.stringify(changes)).not.toContain(aOrder!.orderId);
    const exported = (await inject("GET", `/api/VinterleirAdmin/PersonExport/${b.registrationId}/${admin}`)).body;
    expect(exported).toContain("er oppgitt som allerede påmeldt");
    expect(exported).not.toContain(aOrder!.orderId);
    // A new claim on the cancelled companion is refused.
    const again = await postRegistration(suite.app, draft({ firstName: "Berit", hasLedsager: true, ledsagere: [{ ...claim, id: "claim-2" }] }));
    expect(again.statusCode).toBe(400);
  });

  it("the admin's totals and the treasurer give the same paid, refunded and net, each the sum over the registrations", async () => {
    const paying = await paidWithVipps({ hasLedsager: true, ledsagere: [companion({ firstName: "Kari" })] });
    await cancel(paying.token, newestCompanion(await view(paying.token)));
    const { registrationId } = await cardCash({ firstName: "Siri" });
    const admin = await campAdminToken(suite.app);
    await inject("POST", `/api/VinterleirAdmin/MarkPaid/${registrationId}/${admin}`);
    await cardCash({ firstName: "Per" });
    await suite.sim.settled();
    await reconcile(suite.service);
    const totals = (await inject("GET", `/api/VinterleirAdmin/Totals/${admin}`)).json();
    const treasurer = (await inject("GET", `/api/VinterleirAdmin/Treasurer/${admin}`)).json();
    const ids = (await suite.app.db.select({ id: campRegistrations.id, status: campRegistrations.status }).from(campRegistrations))
      .filter((row) => row.status !== "waiting")
      .map((row) => row.id);
    const sum = sumFigures([...(await readLedgers(suite.app.db, ids)).values()].map(ledgerFigures));
    expect(sum).toMatchObject({ paid: 1750 + 1200, refunded: 550, net: 2400, outstanding: 1200 });
    for (const key of ["paid", "refunded", "net"] as const) {
      expect(totals[key]).toBe(sum[key]);
      expect(treasurer[key]).toBe(sum[key]);
    }
  });

  it("places are checked on every path: Min påmelding's change to sleepover is refused when no sleepover place is left", async () => {
    const admin = await campAdminToken(suite.app);
    const edition = (body: object) => inject("PUT", `/api/CampEdition/Put/2026/${admin}`, body);
    expect((await edition({ capacity: null, sleepoverCapacity: 1 })).statusCode).toBe(200);
    try {
      await cardCash({ sleepover: true });
      const { token } = await cardCash({ firstName: "Siri", sleepover: false });
      const res = await inject("POST", `/api/MinPamelding/Change/${token}`, { sleepover: true });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe("Alle overnattingsplassene er tatt, så overnatting kan ikke legges til nå.");
      expect(await view(token)).toMatchObject({ sleepover: false });
    } finally {
      expect((await edition({ sleepoverCapacity: null })).statusCode).toBe(200);
    }
  });

  it("the leader corrects a registration with the wizard's rules; the price change goes through the ledger and the family is told", async () => {
    const paying = await paidWithVipps({ age: 30 });
    const admin = await campAdminToken(suite.app);
    const correct = (body: object) => inject("POST", `/api/VinterleirAdmin/Correct/${paying.registrationId}/${admin}`, body);
    // Grading is for home-club children: refused with the wizard's words.
    const refused = await correct({ gradering: true });
    expect(refused.statusCode).toBe(400);
    // Twelve, not thirty: the child's price (1 025 kr); the 175 kr paid beyond it goes back through Vipps.
    const res = await correct({ age: 12 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ changed: ["age"], total: 1025, outstanding: 0, refund: 175 });
    await suite.sim.settled();
    await reconcile(suite.service);
    expect(vippsRefunded(paying.reference)).toBe(175);
    expect(await view(paying.token)).toMatchObject({ paid: 1200, refunded: 175, outstanding: 0 });
    const [mail] = await outboxMails(suite.app, like(mailOutbox.dedupeKey, `camp-self:${paying.registrationId}:correction-%`), suite.transport);
    expect(mail!.text).toContain("Du får 175\u00a0kr tilbake");
    // Betalt, what went back and Å betale from the ledger: the figures add up to the new price.
    expect(mail!.text).toContain(
      "Ny pris: 1\u00a0025\u00a0kr.\nDu får 175\u00a0kr tilbake.\nBetalt: 1\u00a0200\u00a0kr\nTilbakebetalt: 175\u00a0kr\nUtestående: 0\u00a0kr",
    );
    expect(mail!.text).toMatch(/Min påmelding: \S+\/min-side\//);
    expect(mail!.html).toContain("Betalt: 1\u00a0200\u00a0kr<br>Tilbakebetalt: 175\u00a0kr<br>");
    // Back to an adult: 175 kr to pay again.
    expect((await correct({ age: 30 })).json()).toMatchObject({ total: 1200, outstanding: 175, refund: 0 });
  });

  it("grading turned on by the leader's correction and off on Min påmelding: the receipt's total and the ledger's agree", async () => {
    const { registrationId, token } = await cardCash({ age: 10, clubId: 29, gradeId: 3, gradering: false });
    const admin = await campAdminToken(suite.app);
    const before = (await view(token)).total;
    const on = await inject("POST", `/api/VinterleirAdmin/Correct/${registrationId}/${admin}`, { gradering: true });
    expect(on.json()).toMatchObject({ changed: ["gradering"], total: before + 350 });
    const off = await inject("POST", `/api/MinPamelding/Grading/${token}`, { gradering: false });
    expect(off.json()).toMatchObject({ gradering: false, changed: true });
    const figures = ledgerFigures(await readLedger(suite.app.db, registrationId));
    expect(figures.charged).toBe(before);
    expect((await view(token)).total).toBe(figures.charged);
  });

  it("the leader cannot correct the price while Vipps has reserved the money but not taken it (it would be taken in full and the difference never come back)", async () => {
    const paying = await startVippsPayment(suite.app, { ...ownAddress(), age: 30 });
    // Vipps reserves the 1 200 kr, but taking it fails for now: the capture is due and retried.
    suite.sim.addFault({ operation: "capture", status: 500, count: 1_000 });
    await actOnLanding(suite.app, paying.redirectUrl, "approve");
    await suite.sim.settled();
    await reconcile(suite.service);
    const [due] = await suite.app.db.select(campPaymentColumns).from(eventPayments).where(eq(eventPayments.orderId, paying.registrationId));
    expect(due).toMatchObject({ settle: "capture", capturedAmount: 0, authorizedAmount: 1200 });
    const admin = await campAdminToken(suite.app);
    const correct = (body: object) => inject("POST", `/api/VinterleirAdmin/Correct/${paying.registrationId}/${admin}`, body);
    const busy = await correct({ age: 12 });
    expect(busy.statusCode, busy.body).toBe(409);
    expect(busy.json()).toEqual({ error: correctionMessages.paymentBusy });
    const [registration] = await suite.app.db
      .select({ age: campRegistrations.age, total: campRegistrationCharged })
      .from(campRegistrations)
      .where(eq(campRegistrations.id, paying.registrationId));
    expect(registration).toEqual({ age: 30, total: 1200 });
    // Once the money is in, the same correction sends the difference back.
    suite.sim.clearFaults();
    await suite.service.settleNow(paying.registrationId);
    expect((await correct({ age: 12 })).json()).toMatchObject({ total: 1025, outstanding: 0, refund: 175 });
    await suite.sim.settled();
    await reconcile(suite.service);
    expect(vippsRefunded(paying.reference)).toBe(175);
  });

  it("a leader's cancellation of a paid registration mails the family the amount coming back", async () => {
    suite.now = new Date("2026-11-12T10:00:00Z");
    const paying = await paidWithVipps({ email: "familie@example.no" });
    const admin = await campAdminToken(suite.app);
    const res = await inject("POST", `/api/VinterleirAdmin/Cancel/${paying.registrationId}/${admin}`);
    expect(res.json()).toMatchObject({ refundDue: 1200, status: "cancelled" });
    const [mail] = await outboxMails(suite.app, like(mailOutbox.dedupeKey, `camp-self:${paying.registrationId}:leader-cancel`), suite.transport);
    expect(mail!.recipient).toBe("familie@example.no");
    expect(mail!.text).toContain("Du får 1\u00a0200\u00a0kr tilbake med Vipps");
    await suite.sim.settled();
    await reconcile(suite.service);
    expect(vippsRefunded(paying.reference)).toBe(1200);
  });

  it("«Historikk» lists the ledger's entries by name with their Norwegian reasons, and no system word", async () => {
    const { registrationId, token } = await cardCash({ firstName: "Ola", lastName: "Nordmann" });
    const [confirmation] = await outboxMails(suite.app, eq(mailOutbox.dedupeKey, `camp-confirmation:${registrationId}`), suite.transport);
    expect(confirmation!.text).toContain("Betalt: 0\u00a0kr\nBetales ved oppmøte: 1\u00a0200\u00a0kr");
    expect((await addCompanion(token, "Kari")).statusCode).toBe(200);
    expect((await cancel(token, newestCompanion(await view(token)))).statusCode).toBe(200);
    const admin = await campAdminToken(suite.app);
    expect((await inject("POST", `/api/VinterleirAdmin/MarkPaid/${registrationId}/${admin}`)).statusCode).toBe(200);
    const res = await inject("GET", `/api/VinterleirAdmin/Ledger/${registrationId}/${admin}`);
    expect(res.statusCode).toBe(200);
    const lines = (res.json() as LedgerHistoryEntry[]).map(ledgerHistoryLine);
    expect(lines).toEqual([
      expect.stringMatching(/^10\.11\.2026 \d\d:00 – .+: Belastet: Vinterleir \(Ola Nordmann\), 1\s200\skr – .+/),
      expect.stringMatching(/Deltakeren \(Min påmelding\): Belastet: Ledsager \(Kari Nordmann\), 550\skr – /),
      expect.stringMatching(/Deltakeren \(Min påmelding\): Belastet: Ledsager \(Kari Nordmann\), −550\skr – /),
      expect.stringMatching(/: Innbetalt: Kort eller kontant \(ikke oppgitt\), 1\s200\skr – /),
    ]);
    for (const line of lines) expect(line).not.toMatch(/\b(charge|payment|refund|athlete|companion|card_cash|vipps-webhook|camp-admin)\b/);
    expect((await inject("GET", `/api/VinterleirAdmin/Ledger/999999/${admin}`)).statusCode).toBe(404);
  });
});
