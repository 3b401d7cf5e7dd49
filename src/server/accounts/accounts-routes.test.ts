import ExcelJS from "exceljs";
import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useSettlementsReader } from "./accounts-export.ts";
import { accountsMessages, defaultChart, type ChartAnswer } from "../../shared/accounts/accounts-chart.ts";
import { campAccountMessages } from "../../shared/admin/camp-accounts.ts";
import { sha256Hex } from "../admin-auth/password-hash.ts";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventLedgerEntries, eventPayments } from "../db/schema/events-money.ts";
import { eventOrders } from "../db/schema/events-orders.ts";
import { events } from "../db/schema/events.ts";
import { testAdminCredentials } from "../test-support/app.ts";
import { buildCampTestApp, campAdminToken, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { createPublished, grading, order, participant, postOrder } from "../test-support/events.ts";

const start = new Date("2026-11-15T10:00:00Z");
let now = start;

async function readWorkbook(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

/** A sheet's rows as objects by header. */
function sheetRows(sheet: ExcelJS.Worksheet): Record<string, unknown>[] {
  const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: Record<string, unknown>[] = [];
  for (let n = 2; n <= sheet.rowCount; n++)
    rows.push(Object.fromEntries(header.map((name, index) => [name, sheet.getRow(n).getCell(index + 1).value])));
  return rows;
}

const ore = (value: unknown) => Math.round(Number(value ?? 0) * 100);

describe.each(databaseKinds)("Regnskap on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let token: string;
  let campOrder: number;
  let gradingOrder: number;

  const payment = async (orderId: number, ownerKind: "camp" | "order", reference: string, amount: number, refunded = 0) => {
    const [row] = await database.db
      .insert(eventPayments)
      .values({
        orderId,
        ownerKind,
        reference,
        method: "vipps",
        amount,
        state: refunded > 0 ? "refunded" : "captured",
        capturedAmount: amount,
        refundedAmount: refunded,
        paidAmount: amount,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: eventPayments.id });
    return row!.id;
  };
  const entry = (values: Omit<typeof eventLedgerEntries.$inferInsert, "actor" | "reason">) =>
    database.db.insert(eventLedgerEntries).values({ actor: "system", reason: "Test", ...values });

  // The Report API's reader (fees in øre) stands aside here: it knows one fee, 9,75 kr, for the first Vipps payment.
  let restoreReader: () => void;
  beforeAll(() => {
    restoreReader = useSettlementsReader(
      async (_db, references) =>
        new Map(
          references.filter((reference) => reference === "vipps-ref-1").map((reference) => [reference, { fee: 975, payoutDate: "2026-11-20" }]),
        ),
    );
  });
  afterAll(() => restoreReader());
  beforeAll(async () => {
    now = start;
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
    token = await campAdminToken(app);
    const camp = draft();
    const posted = await postRegistration(app, camp);
    if (posted.body !== "Done") throw new Error(posted.body);
    const [registration] = await database.db
      .select({ id: campRegistrations.id })
      .from(campRegistrations)
      .where(eq(campRegistrations.draftId, camp.draftId));
    campOrder = registration!.id;
    await createPublished(app, token, "gradering-desember", grading());
    const ordered = await postOrder(app, "gradering-desember", order({ participants: [participant()] }));
    if (ordered.statusCode >= 300) throw new Error(ordered.body);
    const [gradingRow] = await database.db
      .select({ id: eventOrders.id })
      .from(eventOrders)
      .innerJoin(events, eq(events.id, eventOrders.eventId))
      .where(and(eq(events.slug, "gradering-desember")));
    gradingOrder = gradingRow!.id;

    // The camp: 1 200 kr in by Vipps (two captures of one payment), 300 back by Vipps; the grading: 350 in cash at the
    // door, 100 of it owed back and paid back by the bank; a door payment of 50 by card undone.
    const campPayment = await payment(campOrder, "camp", "vipps-ref-1", 1200, 300);
    const at = (iso: string) => new Date(iso);
    await entry({
      orderId: campOrder,
      ownerKind: "camp",
      kind: "payment",
      method: "vipps",
      amount: 1000,
      paymentId: campPayment,
      at: at("2026-11-02T09:00:00Z"),
    });
    await entry({
      orderId: campOrder,
      ownerKind: "camp",
      kind: "payment",
      method: "vipps",
      amount: 200,
      paymentId: campPayment,
      at: at("2026-11-03T09:00:00Z"),
    });
    await entry({
      orderId: campOrder,
      ownerKind: "camp",
      kind: "refund",
      method: "vipps",
      amount: 300,
      paymentId: campPayment,
      at: at("2026-11-04T09:00:00Z"),
    });
    await entry({ orderId: gradingOrder, kind: "payment", method: "cash", amount: 350, at: at("2026-11-05T09:00:00Z") });
    await entry({ orderId: gradingOrder, kind: "refund-owed", method: "cash", amount: 100, at: at("2026-11-06T09:00:00Z") });
    await entry({ orderId: gradingOrder, kind: "refund-paid", method: "other", amount: 100, at: at("2026-11-07T09:00:00Z") });
    await entry({ orderId: gradingOrder, kind: "payment", method: "card", amount: 50, at: at("2026-11-08T09:00:00Z") });
    await entry({ orderId: gradingOrder, kind: "payment", method: "card", amount: -50, at: at("2026-11-08T09:05:00Z") });
    // 00:30 on 1 January in Oslo: next year's.
    await entry({ orderId: gradingOrder, kind: "payment", method: "cash", amount: 10, at: at("2026-12-31T23:30:00Z") });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const vouchers = async () =>
    (
      await database.db.execute<{ number: number; entry: number }>(
        sql`select number, ledger_entry_id as entry from accounts_vouchers order by number`,
      )
    ).rows.map((row) => ({ number: Number(row.number), entry: Number(row.entry) }));
  const movingEntries = async () =>
    (
      await database.db.execute<{ id: number }>(
        sql`select id from event_ledger_entries where kind in ('payment', 'refund', 'refund-owed', 'refund-paid') and amount <> 0 order by id`,
      )
    ).rows.map((row) => Number(row.id));

  it("the chart: the defaults, a refused save in Norwegian, a save with its change log; a leder's only", async () => {
    const first = await app.inject({ url: `/api/Regnskap/Kontoplan/${token}` });
    expect(first.statusCode).toBe(200);
    expect((first.json() as ChartAnswer).accounts).toEqual(defaultChart);
    expect((await app.inject({ url: `/api/Regnskap/Kontoplan/${"x".repeat(43)}` })).statusCode).toBe(401);

    const bad = await app.inject({
      method: "PUT",
      url: `/api/Regnskap/Kontoplan/${token}`,
      payload: { accounts: defaultChart.map((account) => (account.role === "vipps" ? { ...account, number: "19x5", name: " " } : account)) },
    });
    expect(bad.statusCode).toBe(400);
    const messages = (bad.json() as { issues: { message: string }[] }).issues.map((issue) => issue.message);
    expect(messages).toEqual(expect.arrayContaining([accountsMessages.number, accountsMessages.name]));
    const missing = await app.inject({ method: "PUT", url: `/api/Regnskap/Kontoplan/${token}`, payload: { accounts: defaultChart.slice(1) } });
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as { issues: { message: string }[] }).issues.map((issue) => issue.message)).toContain(accountsMessages.roles);

    const changed = defaultChart.map((account) => (account.role === "fees" ? { ...account, number: "7771", name: "Vipps-gebyr" } : account));
    const saved = await app.inject({ method: "PUT", url: `/api/Regnskap/Kontoplan/${token}`, payload: { accounts: changed } });
    expect(saved.statusCode).toBe(200);
    const answer = saved.json() as ChartAnswer;
    expect(answer.accounts).toEqual(changed);
    expect(answer.changes).toHaveLength(1);
    expect(answer.changes[0]).toMatchObject({ action: "updated", account: testAdminCredentials.CAMP_ADMIN_USERNAME });
    expect(answer.changes[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: "fees.number", from: "7770", to: "7771" },
        { field: "fees.name", from: "Bank- og kortgebyr", to: "Vipps-gebyr" },
      ]),
    );
    // Saving the same again logs nothing.
    await app.inject({ method: "PUT", url: `/api/Regnskap/Kontoplan/${token}`, payload: { accounts: changed } });
    expect(((await app.inject({ url: `/api/Regnskap/Kontoplan/${token}` })).json() as ChartAnswer).changes).toHaveLength(1);

    await app.inject({
      method: "POST",
      url: `/api/VinterleirAdmin/Accounts/${token}`,
      payload: { username: "dora", name: "Dora Dør", role: "innsjekk", password: "Dora-ved-døra-2026" },
    });
    const innsjekk = (await app.inject({ url: `/api/VinterleirAdmin/GetToken/dora/${sha256Hex("Dora-ved-døra-2026")}` })).body;
    const refused = await app.inject({ url: `/api/Regnskap/GetCsv/2026-01-01/2026-12-31/${innsjekk}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: campAccountMessages.forbidden });
    expect(await vouchers()).toEqual([]);
  });

  it("a bad period is refused in Norwegian", async () => {
    const res = await app.inject({ url: `/api/Regnskap/GetXlsx/2026-12-31/2026-01-01/${token}` });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { issues: { message: string }[] }).issues.map((issue) => issue.message)).toContain(accountsMessages.period);
    expect((await app.inject({ url: `/api/Regnskap/GetCsv/2026-02-30/2026-03-01/${token}` })).statusCode).toBe(400);
  });

  it("GetXlsx: the vouchers' lines and the totals per account; debit equals credit; the Vipps lines are the Vipps payments' net", async () => {
    const res = await app.inject({ url: `/api/Regnskap/GetXlsx/2026-01-01/2026-12-31/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="regnskap-2026-01-01-2026-12-31.xlsx"');
    const workbook = await readWorkbook(res.rawPayload);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Bilag", "Kontosummer"]);
    const bilag = workbook.getWorksheet("Bilag")!;
    const header = (bilag.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      "Dato",
      "Bilag",
      "Konto",
      "Kontonavn",
      "Tekst",
      "Debet",
      "Kredit",
      "Arrangement",
      "Person",
      "Ordre",
      "Betalingsmåte",
      "Beløp",
      "Vipps-gebyr",
      "Utbetalingsdato",
    ]);
    const lines = sheetRows(bilag);
    // Eight movements in the year (the one on 1 January Oslo time is next year's), two lines each, and the fee's two.
    expect(lines).toHaveLength(8 * 2 + 2);
    expect(lines.reduce((sum, line) => sum + ore(line.Debet), 0)).toBe(lines.reduce((sum, line) => sum + ore(line.Kredit), 0));
    expect(new Set(lines.map((line) => line.Bilag))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8]));
    expect(lines[0]).toMatchObject({
      Dato: "2026-11-02",
      Bilag: 1,
      Konto: "1925",
      Debet: 1000,
      Arrangement: expect.stringMatching(/^Vinterleir \d{4}$/),
      "Vipps-gebyr": 9.75,
      Utbetalingsdato: "2026-11-20",
    });
    expect(lines[1]).toMatchObject({ Konto: "3100", Kredit: 1000 });
    expect(lines.filter((line) => line.Konto === "7771")).toEqual([expect.objectContaining({ Bilag: 1, Debet: 9.75 })]);

    // The Vipps account's money lines (not the fee's) add up to what the Vipps payments took in less what went back.
    const [vippsNet] = (
      await database.db.execute<{ net: number }>(
        sql`select sum(captured_amount - refunded_amount)::int as net from event_payments where method = 'vipps'`,
      )
    ).rows;
    const vippsLines = lines.filter((line) => line.Konto === "1925" && !String(line.Tekst).startsWith("Vipps-gebyr"));
    expect(vippsLines.reduce((sum, line) => sum + ore(line.Debet) - ore(line.Kredit), 0)).toBe(Number(vippsNet!.net) * 100);

    const totals = sheetRows(workbook.getWorksheet("Kontosummer")!);
    expect(totals.at(-1)).toMatchObject({ Konto: "Sum", Debet: 1000 + 200 + 300 + 350 + 100 + 100 + 50 + 50 + 9.75 });
    expect(totals.at(-1)!.Debet).toBe(totals.at(-1)!.Kredit);
    expect(totals.find((row) => row.Konto === "1925")).toMatchObject({ Debet: 1200, Kredit: 300 + 9.75 });
    expect(totals.find((row) => row.Konto === "2900")).toMatchObject({ Debet: 100, Kredit: 100 });
    expect(totals.find((row) => row.Konto === "3200")).toMatchObject({ Debet: 100 + 50, Kredit: 350 + 50 });
  });

  it("GetCsv: semicolons, UTF-8 with BOM, the same lines, then the totals per account and the sum", async () => {
    const res = await app.inject({ url: `/api/Regnskap/GetCsv/2026-11-01/2026-11-30/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const rows = parse(res.body, { delimiter: ";", bom: true, columns: true, record_delimiter: "\r\n" }) as Record<string, string>[];
    expect(Object.keys(rows[0]!).slice(0, 6)).toEqual(["Dato", "Bilag", "Konto", "Tekst", "Debet", "Kredit"]);
    expect(rows[0]).toMatchObject({
      Dato: "2026-11-02",
      Bilag: "1",
      Konto: "1925",
      Debet: "1000,00",
      Kredit: "",
      Betalingsmåte: "Vipps",
      "Vipps-gebyr": "9,75",
    });
    const sum = rows.at(-1)!;
    expect(sum).toMatchObject({ Tekst: "Sum", Debet: "2159,75", Kredit: "2159,75" });
    expect(rows.find((row) => row.Bilag === "" && row.Konto === "1900")).toMatchObject({ Tekst: "Sum Kontanter", Debet: "350,00", Kredit: "0,00" });
  });

  it("vouchers: numbered once in order of entry id, without gaps, never again, and two exports at once take turns", async () => {
    const before = await vouchers();
    expect(before.map((voucher) => voucher.number)).toEqual(before.map((_voucher, index) => index + 1));
    // Every money movement got one, next year's too: numbering never waits for a later period's export.
    expect(before.map((voucher) => voucher.entry)).toEqual(await movingEntries());
    await app.inject({ url: `/api/Regnskap/GetCsv/2026-01-01/2027-12-31/${token}` });
    expect(await vouchers()).toEqual(before);

    now = new Date("2027-01-10T10:00:00Z");
    token = await campAdminToken(app);
    for (let n = 0; n < 6; n++)
      await entry({ orderId: gradingOrder, kind: "payment", method: "cash", amount: 10 + n, at: new Date(now.getTime() + n * 1000) });
    const answers = await Promise.all([
      app.inject({ url: `/api/Regnskap/GetCsv/2027-01-01/2027-01-31/${token}` }),
      app.inject({ url: `/api/Regnskap/GetXlsx/2027-01-01/2027-01-31/${token}` }),
      app.inject({ url: `/api/Regnskap/GetCsv/2026-01-01/2027-12-31/${token}` }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const after = await vouchers();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.map((voucher) => voucher.number)).toEqual(after.map((_voucher, index) => index + 1));
    expect(after.map((voucher) => voucher.entry)).toEqual(await movingEntries());
    // The January export shows next year's first movement and the six new ones with their numbers.
    const january = parse(answers[0]!.body, { delimiter: ";", bom: true, columns: true, record_delimiter: "\r\n" }) as Record<string, string>[];
    expect([...new Set(january.filter((row) => row.Bilag !== "").map((row) => Number(row.Bilag)))]).toEqual(
      after.slice(before.length - 1).map((voucher) => voucher.number),
    );

    // The accounting retention deletes old entries; their numbers stay taken and are never given again.
    const gone = after.at(-1)!;
    await database.db.delete(eventLedgerEntries).where(eq(eventLedgerEntries.id, gone.entry));
    await entry({ orderId: gradingOrder, kind: "payment", method: "cash", amount: 99, at: now });
    await app.inject({ url: `/api/Regnskap/GetCsv/2027-01-01/2027-01-31/${token}` });
    const later = await vouchers();
    expect(later.find((voucher) => voucher.number === gone.number)).toEqual({ number: gone.number, entry: 0 });
    expect(later.at(-1)!.number).toBe(gone.number + 1);
  });

  it("Summer: the totals per account on screen, without giving numbers", async () => {
    await entry({ orderId: gradingOrder, kind: "refund-owed", method: "cash", amount: 5, at: now });
    const res = await app.inject({ url: `/api/Regnskap/Summer/2027-01-01/2027-01-31/${token}` });
    expect(res.statusCode).toBe(200);
    const answer = res.json() as { accounts: { number: string; debit: number; credit: number }[]; debit: number; credit: number };
    expect(answer.debit).toBe(answer.credit);
    // Cash: next year's first movement, five of the six (the retention took the last) and the 99 after it.
    expect(answer.accounts.find((account) => account.number === "1900")).toEqual({
      number: "1900",
      name: "Kontanter",
      debit: 10 + (10 + 11 + 12 + 13 + 14) + 99,
      credit: 0,
    });
    const numbered = await vouchers();
    expect(numbered.map((voucher) => voucher.entry)).not.toContain(Math.max(...(await movingEntries())));
  });
});
