import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ledgerHistoryLine, type LedgerHistoryEntry } from "../../shared/camp/camp-ledger-history.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { readCampCompanions } from "./camp-companion-rows.ts";
import { eventLedgerEntries } from "../db/schema/events-money.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { databaseKinds } from "../test-support/database.ts";
import { campAdminToken, companion, draft, postRegistration } from "../test-support/camp.ts";
import { actOnLanding, reconcile, startVippsPayment, useVippsCampSuite } from "../test-support/vipps.ts";
import { sha256Hex } from "../admin-auth/password-hash.ts";
import { outboxMails } from "../test-support/outbox.ts";

const linkPattern = /https:\/\/klubb\.example\/min-side\/([A-Za-z0-9_-]{43})/;

/** The leader adds and removes companions: every krone through the ledger, the family told. */
describe.each(databaseKinds)("the leader's companion correction on %s", (kind) => {
  // Before the full-refund deadline (midnight 21 November); tests move the clock past it where they say so.
  const suite = useVippsCampSuite(kind, new Date("2026-11-10T10:00:00Z"));

  const inject = (method: "GET" | "POST", url: string, payload?: object) => suite.app.inject({ method, url, ...(payload ? { payload } : {}) });
  const tokenOf = async (registrationId: number) => {
    const [mail] = await outboxMails(suite.app, eq(mailOutbox.dedupeKey, `camp-confirmation:${registrationId}`), suite.transport);
    return linkPattern.exec(mail!.text)![1]!;
  };
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
  const add = (registrationId: number, admin: string, firstName: string) =>
    inject("POST", `/api/VinterleirAdmin/AddCompanion/${registrationId}/${admin}`, {
      ...companion({ firstName, id: randomUUID() }),
      alreadyRegistered: false,
    });
  const remove = (registrationId: number, admin: string, companionId: number) =>
    inject("POST", `/api/VinterleirAdmin/RemoveCompanion/${registrationId}/${admin}`, { companionId });
  const companionIds = async (registrationId: number) =>
    (await readCampCompanions(suite.app.db, registrationId)).map((row) => row.id).sort((a, b) => a - b);
  const vippsRefunded = (reference: string) => suite.sim.payments.get(reference)!.aggregate.refundedAmount.value / 100;
  const money = async (admin: string) => {
    const totals = (await inject("GET", `/api/VinterleirAdmin/Totals/${admin}`)).json();
    const treasurer = (await inject("GET", `/api/VinterleirAdmin/Treasurer/${admin}`)).json();
    return { totals, treasurer };
  };

  it("a companion the leader adds to a Vipps order is owed until paid; removed unpaid, nothing goes back and nothing is kept", async () => {
    const paying = await paidWithVipps();
    const admin = await campAdminToken(suite.app);
    const added = await add(paying.registrationId, admin, "Kari");
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ changed: true, total: 1750, outstanding: 550, refund: 0 });
    // The family sees it owed, pays it with Vipps on Min påmelding, and is told by mail.
    expect(await view(paying.token)).toMatchObject({ paid: 1200, outstanding: 550 });
    const [mail] = await suite.app.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, `camp-self:${paying.registrationId}:leader-add-companion-%`));
    expect(mail!.subject).toBe(`Påmeldingen ${paying.orderId} er endret`);
    // Ola registered himself (an adult): he is greeted.
    expect(mail!.text).toMatch(/^Hei Ola!\n\nLeirledelsen har lagt til ledsager Kari Nordmann/);
    expect(mail!.html).toContain("<p>Hei Ola!</p>");
    expect(mail!.text).toContain("Utestående: 550\u00a0kr (betal med Vipps på «Min påmelding»)");
    expect((await inject("POST", `/api/MinPamelding/Pay/${paying.token}`)).statusCode).toBe(200);

    const [companionId] = await companionIds(paying.registrationId);
    suite.now = new Date("2026-11-23T10:00:00Z");
    const removed = await remove(paying.registrationId, await campAdminToken(suite.app), companionId!);
    expect(removed.json()).toEqual({ changed: true, total: 1200, outstanding: 0, refund: 0 });
    await suite.sim.settled();
    await reconcile(suite.service);
    expect(vippsRefunded(paying.reference)).toBe(0);
    expect(await view(paying.token)).toMatchObject({ paid: 1200, refunded: 0, kept: 0, outstanding: 0 });
    // A second click changes nothing.
    expect((await remove(paying.registrationId, await campAdminToken(suite.app), companionId!)).json()).toMatchObject({ changed: false, refund: 0 });

    // «Historikk»: the leader's account and Norwegian reasons.
    const history = (
      await inject("GET", `/api/VinterleirAdmin/Ledger/${paying.registrationId}/${await campAdminToken(suite.app)}`)
    ).json() as LedgerHistoryEntry[];
    const lines = history.map(ledgerHistoryLine);
    expect(lines).toContainEqual(
      expect.stringMatching(/Belastet: Ledsager \(Kari Nordmann\), 550\skr – Ledsager Kari Nordmann lagt til av leirledelsen\.$/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/Belastet: Ledsager \(Kari Nordmann\), −550\skr – Ledsager Kari Nordmann fjernet av leirledelsen\.$/),
    );
    expect(history.filter((entry) => /leirledelsen/.test(entry.reason)).every((entry) => entry.actor !== "deltaker")).toBe(true);
  });

  it("a paid companion the leader removes after the deadline comes back by the rule: half through Vipps, half kept", async () => {
    const paying = await paidWithVipps({ hasLedsager: true, ledsagere: [companion({ firstName: "Per" })] });
    const [companionId] = await companionIds(paying.registrationId);
    suite.now = new Date("2026-11-23T10:00:00Z");
    const admin = await campAdminToken(suite.app);
    const res = await remove(paying.registrationId, admin, companionId!);
    expect(res.json()).toEqual({ changed: true, total: 1475, outstanding: 0, refund: 275 });
    await suite.sim.settled();
    await reconcile(suite.service);
    expect(vippsRefunded(paying.reference)).toBe(275);
    expect(await view(paying.token)).toMatchObject({ paid: 1750, refunded: 275, kept: 275, outstanding: 0 });
    const [mail] = await suite.app.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, `camp-self:${paying.registrationId}:leader-remove-%`));
    expect(mail!.text).toContain("Leirledelsen har avbestilt fra påmeldingen med ordrenummer");
    expect(mail!.text).toContain(":\n- Ledsager Per Nordmann\n\nDisse står som før:\n- Ola Nordmann\n\n");
    expect(mail!.text).toContain("Tilbake etter avbestillingsreglene:\n- Ledsager Per Nordmann: 275\u00a0kr\nTotalt tilbake: 275\u00a0kr");
    expect(mail!.text).toContain("Du får 275\u00a0kr tilbake med Vipps");
    expect(mail!.text).toContain("275\u00a0kr av det som var betalt, beholdes etter avbestillingsreglene.");
    const { totals, treasurer } = await money(admin);
    for (const key of ["paid", "refunded", "net"] as const) expect(totals[key]).toBe(treasurer[key]);
  });

  it("a companion paid at the door and removed by the leader is owed back on «Skal betales tilbake»; «Kasserer» and «Deltakere» agree", async () => {
    const { registrationId } = await cardCash({ hasLedsager: true, ledsagere: [companion({ firstName: "Siri" })] });
    const admin = await campAdminToken(suite.app);
    expect((await inject("POST", `/api/VinterleirAdmin/MarkPaid/${registrationId}/${admin}`)).statusCode).toBe(200);
    const [companionId] = await companionIds(registrationId);
    expect((await remove(registrationId, admin, companionId!)).json()).toEqual({ changed: true, total: 1200, outstanding: 0, refund: 550 });
    const { totals, treasurer } = await money(admin);
    expect(treasurer.refundsOwed).toEqual([expect.objectContaining({ registrationId, amount: 550 })]);
    expect(totals).toMatchObject({ paid: 1750, refunded: 0, refundOwed: 550, net: 1750 });
    for (const key of ["paid", "refunded", "net", "refundOwed"] as const) expect(totals[key]).toBe(treasurer[key]);
    const persons = (await inject("GET", `/api/VinterleirAdmin/Get/${admin}`)).json() as { registrationId: number; isLedsager: boolean }[];
    // The removed companion is off the list.
    expect(persons.filter((person) => person.registrationId === registrationId && person.isLedsager)).toEqual([]);
  });

  it("removing a paying companion that another registration claims «allerede påmeldt» tells the leader there", async () => {
    const kari = companion({ firstName: "Kari", lastName: "Ledsager", telephone: "99887766" });
    const a = await cardCash({ hasLedsager: true, ledsagere: [kari] });
    const b = await cardCash({ firstName: "Bjørn", hasLedsager: true, ledsagere: [{ ...kari, id: "claim-1", alreadyRegistered: true }] });
    const admin = await campAdminToken(suite.app);
    const [paying] = await companionIds(a.registrationId);
    expect((await remove(a.registrationId, admin, paying!)).statusCode).toBe(200);
    const changes = (await inject("GET", `/api/VinterleirAdmin/Changes/${b.registrationId}/${admin}`)).json() as { summary: string }[];
    expect(changes).toEqual([
      expect.objectContaining({ summary: expect.stringContaining("Ledsager Kari Ledsager er oppgitt som allerede påmeldt, men er avbestilt") }),
    ]);
    // The leader then removes the claim, and the flag goes.
    const [claim] = await companionIds(b.registrationId);
    expect((await remove(b.registrationId, admin, claim!)).json()).toMatchObject({ changed: true, refund: 0, total: 1200 });
    const flagged = ((await inject("GET", `/api/VinterleirAdmin/Get/${admin}`)).json() as { claimUncovered?: boolean }[]).filter(
      (person) => person.claimUncovered,
    );
    expect(flagged).toEqual([]);
  });

  it("bad input is refused in Norwegian and stores nothing; another registration's companion is not found; the door account may not", async () => {
    const a = await cardCash({ hasLedsager: true, ledsagere: [companion({ firstName: "Ola" })] });
    const b = await cardCash();
    const admin = await campAdminToken(suite.app);
    const entries = async () => (await suite.app.db.select().from(eventLedgerEntries).where(eq(eventLedgerEntries.ownerKind, "camp"))).length;
    const before = await entries();
    const bad = await inject("POST", `/api/VinterleirAdmin/AddCompanion/${b.registrationId}/${admin}`, {
      ...companion({ age: 12 }),
      alreadyRegistered: false,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([{ path: "age", message: "Ledsager må være myndig." }]);
    const claimed = await inject("POST", `/api/VinterleirAdmin/AddCompanion/${b.registrationId}/${admin}`, {
      ...companion(),
      alreadyRegistered: true,
    });
    expect(claimed.statusCode).toBe(400);
    const [olaId] = await companionIds(a.registrationId);
    expect((await remove(b.registrationId, admin, olaId!)).statusCode).toBe(404);
    expect((await inject("POST", `/api/VinterleirAdmin/RemoveCompanion/${b.registrationId}/${admin}`, { companionId: "1; drop" })).statusCode).toBe(
      400,
    );
    expect((await add(999999, admin, "Ingen")).statusCode).toBe(404);
    expect((await inject("POST", `/api/VinterleirAdmin/RemoveCompanion/abc/${admin}`, { companionId: 1 })).statusCode).toBe(404);
    await inject("POST", `/api/VinterleirAdmin/Accounts/${admin}`, {
      username: "dora",
      name: "Dora Dør",
      role: "innsjekk",
      password: "Dora-ved-døra-2026",
    });
    const door = (await inject("GET", `/api/VinterleirAdmin/GetToken/dora/${sha256Hex("Dora-ved-døra-2026")}`)).body;
    expect((await add(b.registrationId, door, "Dora")).statusCode).toBe(403);
    expect((await remove(a.registrationId, door, olaId!)).statusCode).toBe(403);
    expect(await entries()).toBe(before);
    const companions = await readCampCompanions(suite.app.db, b.registrationId);
    expect(companions).toEqual([]);
  });
});
