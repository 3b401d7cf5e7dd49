import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chargedCompanionMailText } from "../../shared/camp/companion-cases.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { campCompanionCases } from "../db/schema/camp-companion-cases.ts";
import { eventLedgerEntries } from "../db/schema/events-money.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { databaseKinds } from "../test-support/database.ts";
import { campAdminToken, companion, draft, postRegistration } from "../test-support/camp.ts";
import { useVippsCampSuite } from "../test-support/vipps.ts";
import { outboxMails } from "../test-support/outbox.ts";
import { sha256Hex } from "../admin-auth/password-hash.ts";
import { readCampCompanions } from "./camp-companion-rows.ts";

const linkPattern = /https:\/\/klubb\.example\/min-side\/([A-Za-z0-9_-]{43})/;

/**
 * «Allerede påmeldt» companions whose payer goes: a case opens for the leader the moment the paying registration
 * (or only its paying companion) is cancelled, and is decided once: charged, or let go free with a reason.
 */
describe.each(databaseKinds)("the leader's cases of companions left without a payer on %s", (kind) => {
  const suite = useVippsCampSuite(kind, new Date("2026-11-10T10:00:00Z"));
  const inject = (method: "GET" | "POST", url: string, payload?: object) => suite.app.inject({ method, url, ...(payload ? { payload } : {}) });
  const tokenOf = async (registrationId: number) => {
    const [mail] = await outboxMails(suite.app, eq(mailOutbox.dedupeKey, `camp-confirmation:${registrationId}`), suite.transport);
    return linkPattern.exec(mail!.text)![1]!;
  };
  const cardCash = async (overrides: Parameters<typeof draft>[0] = {}) => {
    const body = draft({ email: `familie-${randomUUID().slice(0, 8)}@example.no`, ...overrides });
    expect((await postRegistration(suite.app, body)).body).toBe("Done");
    const [row] = await suite.app.db
      .select({ id: campRegistrations.id, orderId: campRegistrations.orderId })
      .from(campRegistrations)
      .where(eq(campRegistrations.draftId, body.draftId));
    return { registrationId: row!.id, orderId: row!.orderId, token: await tokenOf(row!.id) };
  };
  const kari = companion({ firstName: "Kari", lastName: "Ledsager", telephone: "99887766" });
  /** A pays for Kari; B (Bjørn) lists her «allerede påmeldt» at 0 kr. */
  const payerAndClaim = async () => {
    const a = await cardCash({ firstName: "Anne", hasLedsager: true, ledsagere: [kari] });
    const b = await cardCash({ firstName: "Bjørn", hasLedsager: true, ledsagere: [{ ...kari, id: "claim-1", alreadyRegistered: true }] });
    return { a, b, admin: await campAdminToken(suite.app) };
  };
  const cases = async (admin: string) => (await inject("GET", `/api/VinterleirAdmin/CompanionCases/${admin}`)).json() as Record<string, unknown>[];
  const decide = (caseId: unknown, admin: string, body: object) => inject("POST", `/api/VinterleirAdmin/CompanionCase/${caseId}/${admin}`, body);
  const view = async (token: string) => (await inject("GET", `/api/MinPamelding/Get/${token}`)).json();
  const ledgerOf = (registrationId: number) =>
    suite.app.db
      .select()
      .from(eventLedgerEntries)
      .where(and(eq(eventLedgerEntries.orderId, registrationId), eq(eventLedgerEntries.ownerKind, "camp")))
      // In the order written: a reused database can hand a new row an earlier place in the table.
      .orderBy(eventLedgerEntries.id);

  it("the family cancels the paying registration: a case opens; charged, the fee is owed and the family is mailed; it is never decided twice", async () => {
    const { a, b, admin } = await payerAndClaim();
    expect(await cases(admin)).toEqual([]);
    expect((await inject("POST", `/api/MinPamelding/Cancel/${a.token}`, { person: "athlete" })).statusCode).toBe(200);
    const [claim] = await readCampCompanions(suite.app.db, b.registrationId);
    const open = await cases(admin);
    expect(open).toEqual([
      expect.objectContaining({
        companionId: claim!.id,
        companionName: "Kari Ledsager",
        registrationId: b.registrationId,
        orderId: b.orderId,
        athleteName: "Bjørn Nordmann",
        payingOrderId: a.orderId,
        payingAthleteName: "Anne Nordmann",
        cause: "registration-cancelled",
        fee: 550,
        chargeable: true,
        openedAt: "2026-11-10T10:00:00.000Z",
      }),
    ]);
    const before = await view(b.token);
    const charged = await decide(open[0]!.id, admin, { decision: "charge" });
    expect(charged.statusCode).toBe(200);
    expect(charged.json()).toEqual({ decision: "charge", amount: 550, outstanding: before.outstanding + 550 });
    // The family's own page reads it from the ledger.
    expect(await view(b.token)).toMatchObject({ outstanding: before.outstanding + 550 });
    const entries = await ledgerOf(b.registrationId);
    expect(entries.at(-1)).toMatchObject({
      kind: "charge",
      item: "companion",
      person: `companion-${claim!.id}`,
      amount: 550,
      label: "Ledsager: Kari Ledsager",
      actor: "leirsjef",
      reason: expect.stringContaining("Leirledelsen tar betalt for ledsageren"),
    });
    const [mail] = await suite.app.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, `camp-self:${b.registrationId}:companion-case-%`));
    expect(mail!.subject).toBe(`Påmeldingen ${b.orderId} er endret`);
    const text = (mail!.text ?? "").replace(/\s+/g, " ");
    expect(text).toContain(chargedCompanionMailText("Kari Ledsager", b.orderId, 550).replace(/\s+/g, " "));
    // What is now owed (nothing was paid at the door yet), and the link to the family's page (stored without its secret).
    expect(text).toContain("Ny pris: 1 750 kr. Betalt: 0 kr Betales ved oppmøte: 1 750 kr");
    expect(text).toContain("Min påmelding: https://klubb.example/min-side/");
    // Closed: off the list, and a second tap is told who decided.
    expect(await cases(admin)).toEqual([]);
    const again = await decide(open[0]!.id, admin, { decision: "free", reason: "Hjelper på kjøkkenet" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("Saken er allerede avgjort av leirsjef: ledsageren betaler.");
    expect(await ledgerOf(b.registrationId)).toHaveLength(entries.length);
    // Now a paying companion: no longer flagged as an uncovered claim.
    const persons = (await inject("GET", `/api/VinterleirAdmin/Get/${admin}`)).json() as { claimUncovered?: boolean }[];
    expect(persons.filter((person) => person.claimUncovered)).toEqual([]);
  });

  it("only the paying companion is removed by the leader: let go free, the reason is in the ledger and the change log, nothing is owed", async () => {
    const { a, b, admin } = await payerAndClaim();
    const [paying] = await readCampCompanions(suite.app.db, a.registrationId);
    expect((await inject("POST", `/api/VinterleirAdmin/RemoveCompanion/${a.registrationId}/${admin}`, { companionId: paying!.id })).statusCode).toBe(
      200,
    );
    const [open] = await cases(admin);
    expect(open).toMatchObject({ cause: "companion-cancelled", payingOrderId: a.orderId, companionName: "Kari Ledsager" });
    // A reason is required, in Norwegian; nothing is stored without one.
    const bad = await decide(open!.id, admin, { decision: "free", reason: " " });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([{ path: "reason", message: "Skriv kort hvorfor ledsageren skal være med uten å betale." }]);
    expect((await decide(open!.id, admin, { decision: "later" })).statusCode).toBe(400);
    const before = await view(b.token);
    const free = await decide(open!.id, admin, { decision: "free", reason: "Hjelper på kjøkkenet hele helgen" });
    expect(free.statusCode).toBe(200);
    expect(free.json()).toEqual({ decision: "free", amount: 0, outstanding: before.outstanding });
    expect((await ledgerOf(b.registrationId)).at(-1)).toMatchObject({
      kind: "charge",
      amount: 0,
      label: "Ledsager: Kari Ledsager (uten betaling, avgjort av leirledelsen)",
      reason: expect.stringContaining("Hjelper på kjøkkenet hele helgen"),
    });
    const changes = (await inject("GET", `/api/VinterleirAdmin/Changes/${b.registrationId}/${admin}`)).json() as { summary: string }[];
    expect(changes.map((change) => change.summary)).toContain(
      "Leirledelsen lar ledsager Kari Ledsager være med uten å betale: Hjelper på kjøkkenet hele helgen",
    );
    expect(await cases(admin)).toEqual([]);
    const persons = (await inject("GET", `/api/VinterleirAdmin/Get/${admin}`)).json() as { claimUncovered?: boolean }[];
    expect(persons.filter((person) => person.claimUncovered)).toEqual([]);
    // No mail for a decision that costs the family nothing.
    expect(
      await suite.app.db
        .select()
        .from(mailOutbox)
        .where(like(mailOutbox.dedupeKey, `camp-self:${b.registrationId}:companion-case-%`)),
    ).toEqual([]);
    // Forgotten, the family's case goes and the leader's words leave the ledger; the entry and its amount stay.
    expect((await inject("POST", `/api/VinterleirAdmin/Forget/${b.registrationId}/${admin}`)).statusCode).toBe(200);
    const forgotten = (await ledgerOf(b.registrationId)).find((entry) => entry.amount === 0 && entry.label?.includes("uten betaling"));
    expect(forgotten?.reason).toBe(
      "Ledsager Anonymisert var oppgitt som allerede påmeldt, men den som betalte er avbestilt. Leirledelsen lar ledsageren være med uten å betale.",
    );
    expect(await suite.app.db.select().from(campCompanionCases)).toEqual([]);
  });

  it("two leaders tap at once: one decision wins, the other is told it is done, and the ledger gets one entry", async () => {
    const { a, b, admin } = await payerAndClaim();
    expect((await inject("POST", `/api/VinterleirAdmin/Cancel/${a.registrationId}/${admin}`)).statusCode).toBe(200);
    const [open] = await cases(admin);
    expect(open).toMatchObject({ cause: "registration-cancelled" });
    const entriesBefore = (await ledgerOf(b.registrationId)).length;
    const answers = await Promise.all([
      decide(open!.id, admin, { decision: "charge" }),
      decide(open!.id, admin, { decision: "free", reason: "Tante til to av utøverne" }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409)!;
    expect(loser.json().error).toMatch(/^Saken er allerede avgjort av leirsjef: /);
    expect(await ledgerOf(b.registrationId)).toHaveLength(entriesBefore + 1);
  });

  it("a person still paid for on another registration opens no case; the door account may not see or decide; an unknown case is 404", async () => {
    const { a, admin } = await payerAndClaim();
    // Kari is paid for twice: cancelling one payer leaves the claim covered.
    await cardCash({ firstName: "Cecilie", hasLedsager: true, ledsagere: [{ ...kari, id: "second-payer" }] });
    expect((await inject("POST", `/api/MinPamelding/Cancel/${a.token}`, { person: "athlete" })).statusCode).toBe(200);
    expect(await cases(admin)).toEqual([]);
    await inject("POST", `/api/VinterleirAdmin/Accounts/${admin}`, {
      username: "dora",
      name: "Dora Dør",
      role: "innsjekk",
      password: "Dora-ved-døra-2026",
    });
    const door = (await inject("GET", `/api/VinterleirAdmin/GetToken/dora/${sha256Hex("Dora-ved-døra-2026")}`)).body;
    expect((await inject("GET", `/api/VinterleirAdmin/CompanionCases/${door}`)).statusCode).toBe(403);
    expect((await decide(1, door, { decision: "charge" })).statusCode).toBe(403);
    expect((await decide(999999, admin, { decision: "charge" })).statusCode).toBe(404);
    expect((await decide("1;drop", admin, { decision: "charge" })).statusCode).toBe(404);
  });

  it("a case whose companion the family then cancels closes without a decision", async () => {
    const { a, b, admin } = await payerAndClaim();
    expect((await inject("POST", `/api/MinPamelding/Cancel/${a.token}`, { person: "athlete" })).statusCode).toBe(200);
    const [open] = await cases(admin);
    const [claim] = await readCampCompanions(suite.app.db, b.registrationId);
    expect((await inject("POST", `/api/MinPamelding/Cancel/${b.token}`, { person: `companion-${claim!.id}` })).statusCode).toBe(200);
    expect(await cases(admin)).toEqual([]);
    const gone = await decide(open!.id, admin, { decision: "charge" });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error).toBe("Ledsageren eller påmeldingen er avbestilt, så saken er lukket.");
  });
});
