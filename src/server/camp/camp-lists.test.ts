import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventPaymentActions, eventPayments } from "../db/schema/events-money.ts";
import { campPaymentColumns } from "../payments/camp-payment-rows.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { anonymousParticipant } from "./camp-public-routes.ts";
import { adminActionMessages } from "./camp-admin-actions.ts";
import { neutraliseFormula } from "./camp-csv.ts";
import { adminPersonSpecFields } from "../test-support/admin-person-fields.ts";
import { buildCampTestApp, campAdminToken, companion, draft, moveToEdition, postRegistration, type TestApp } from "../test-support/camp.ts";

const now = new Date("2026-10-15T10:00:00Z");
const secret = {
  email: "hemmelig.adresse@example.no",
  telephone: "+4799988877",
  allergies: "Peanøttallergi-XYZ",
  otherInfo: "Hemmelig-info-QQ",
  age: 42,
};

describe.each(databaseKinds)("camp lists on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let token: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
    token = await campAdminToken(app);
    const register = async (key: string, body: ReturnType<typeof draft>) => {
      const res = await postRegistration(app, body);
      if (res.body !== "Done") throw new Error(res.body);
      const [row] = await database.db.select({ id: campRegistrations.id }).from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
      ids[key] = row!.id;
    };
    // Public, Bergen Vest, 7.1 cup, with a companion who sleeps over.
    await register("ola", draft({ hasLedsager: true, ledsagere: [companion({ firstName: "Kari", sleepover: true })] }));
    // Not public, distinctive personal data, another club, a dan grade.
    await register("secret", draft({ firstName: "Skjult", lastName: "Person", clubId: 2, gradeId: 16, public: false, ...secret }));
    // Public, home club (free), white belt, formula-looking text.
    await register(
      "home",
      draft({ firstName: '=HYPERLINK("x")', lastName: "@Sum", clubId: 29, gradeId: 1, age: 12, otherInfo: "-2+3", allergies: "@nøtter" }),
    );
    // Public but cancelled: in the admin list, nowhere else.
    await register("cancelled", draft({ firstName: "Avbestilt", lastName: "Deltaker", gradeId: 5 }));
    // Another edition: nowhere this year.
    await register("lastYear", draft({ firstName: "Ifjor", lastName: "Deltaker" }));
    // Last year's camp, made as the camp admin makes one.
    const copied = await app.inject({ method: "POST", url: `/api/CampEdition/Copy/2026/2025/${token}` });
    if (copied.statusCode !== 201) throw new Error(copied.body);
    await moveToEdition(database, ids.lastYear!, 2025);
    const cancel = await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${ids.cancelled}/${token}` });
    if (cancel.statusCode !== 200) throw new Error(cancel.body);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("GET /api/VinterleirUsers/Get lists confirmed athletes of this edition as {name, grade, club}, anonymous without consent, sorted by club then name", async () => {
    const res = await app.inject({ url: "/api/VinterleirUsers/Get" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { name: "Ola Nordmann", grade: "7.1. Cup (Gult med grønn stripe)", club: "Bergen Vest" },
      { ...anonymousParticipant, club: expect.any(String) },
      { name: '=HYPERLINK("x") @Sum', grade: "10. Cup (Hvitt)", club: "Ski Taekwondo Klubb" },
    ]);
    for (const participant of res.json() as object[]) expect(Object.keys(participant).sort()).toEqual(["club", "grade", "name"]);
  });

  it("never lets personal fields out through the public routes", async () => {
    const bodies = [(await app.inject({ url: "/api/VinterleirUsers/Get" })).body, (await app.inject({ url: "/api/VinterleirUsers/GetGrades" })).body];
    for (const body of bodies) {
      for (const value of [
        secret.email,
        secret.telephone,
        "99988877",
        secret.allergies,
        secret.otherInfo,
        "Skjult",
        "Person",
        "Kari",
        "example.no",
        "Avbestilt",
        "Ifjor",
      ]) {
        expect(body).not.toContain(value);
      }
      expect(body).not.toMatch(/"(age|email|telephone|allergies|otherInfo|orderId)"/i);
    }
  });

  it("GET /api/VinterleirUsers/GetGrades counts every confirmed athlete (public or not), only grades in use, cup first then dan", async () => {
    const res = await app.inject({ url: "/api/VinterleirUsers/GetGrades" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { grade: { gradeId: 1, name: "Hvitt", grade: 10, isDan: false }, amount: 1 },
      { grade: { gradeId: 5, name: "Gult med grønn stripe", grade: 7.1, isDan: false }, amount: 1 },
      { grade: { gradeId: 16, name: "2. dan", grade: 2, isDan: true }, amount: 1 },
    ]);
  });

  it("admin routes answer 401 to a missing or wrong token", async () => {
    for (const url of ["/api/VinterleirAdmin/Get/feil", "/api/VinterleirAdmin/GetCsv/feil", "/api/VinterleirAdmin/Totals/feil"]) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: "Unauthroized" });
    }
    for (const action of ["MarkPaid", "Cancel"]) {
      const res = await app.inject({ method: "POST", url: `/api/VinterleirAdmin/${action}/${ids.ola}/feil` });
      expect(res.statusCode).toBe(401);
    }
    const [olaPayment] = await database.db.select(campPaymentColumns).from(eventPayments).where(eq(eventPayments.orderId, ids.ola!));
    expect(olaPayment!.state).toBe("unpaid");
  });

  it("GET /api/VinterleirAdmin/Get lists one row per athlete and companion with the spec's field names and amounts that sum to the total", async () => {
    const res = await app.inject({ url: `/api/VinterleirAdmin/Get/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const rows = res.json() as Record<string, unknown>[];
    const extra = ["registrationId", "status", "paymentMethod", "paymentState", "createdAt", "anonymisedAt", "arrivals", "group"];
    // Each person's own money from the ledger (src/shared/payments/person-money.ts).
    extra.push("refunded", "refundOwed", "outstanding", "paidWith", "refundedWith");
    // A companion's row also names the companion (what the leader's «Fjern» sends).
    for (const row of rows)
      expect(Object.keys(row).sort()).toEqual([...adminPersonSpecFields, ...extra, ...(row.isLedsager ? ["companionId"] : [])].sort());
    // Four registrations this edition (one cancelled), one companion.
    expect(rows).toHaveLength(5);
    const ola = rows.filter((row) => row.registrationId === ids.ola);
    expect(ola).toMatchObject([
      {
        firstname: "Ola",
        isLedsager: false,
        isLedsagerForName: null,
        amount: 1080,
        paid: 0,
        grade: "7.1. Cup (Gult med grønn stripe)",
        club: "Bergen Vest",
        status: "confirmed",
        paymentMethod: "card_cash",
        paymentState: "unpaid",
      },
      {
        firstname: "Kari",
        isLedsager: true,
        isLedsagerForName: "Ola Nordmann",
        amount: 550,
        paid: 0,
        grade: null,
        club: "Bergen Vest",
        sleepover: true,
        status: "confirmed",
      },
    ]);
    expect(ola[0]!.orderid).toBe(ola[1]!.orderid);
    const hidden = rows.find((row) => row.registrationId === ids.secret)!;
    expect(hidden).toMatchObject({
      email: secret.email,
      telephone: secret.telephone,
      age: secret.age,
      allergies: secret.allergies,
      otherinfo: secret.otherInfo,
      public: false,
      amount: 1080,
      grade: "2. Dan",
    });
    expect(rows.find((row) => row.registrationId === ids.home)).toMatchObject({ amount: 0, paid: 0, paymentMethod: "free", paymentState: "paid" });
    expect(rows.find((row) => row.registrationId === ids.cancelled)).toMatchObject({ status: "cancelled" });
    expect(rows.some((row) => row.registrationId === ids.lastYear)).toBe(false);
    const lastYear = await app.inject({ url: `/api/VinterleirAdmin/Get/${token}?year=2025` });
    expect((lastYear.json() as unknown[]).length).toBe(1);
  });

  it("GET /api/VinterleirAdmin/GetCsv gives Excel-ready CSV: BOM, semicolons, CRLF, Ja/Nei, formulas neutralised, one row per person", async () => {
    const res = await app.inject({ url: `/api/VinterleirAdmin/GetCsv/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="vinterleir-2026-deltakere.csv"');
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.toString("utf8").slice(1);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
    const lines = text.trimEnd().split("\r\n");
    expect(lines).toHaveLength(1 + 5);
    const header = lines[0]!.split(";");
    expect(header.slice(0, 6)).toEqual(["Status", "Ordrenummer", "Fornavn", "Etternavn", "Er ledsager", "Ledsager for"]);
    expect(header).toEqual(
      expect.arrayContaining(["Allergier", "Å betale (kr)", "Betalt (kr)", "Vises offentlig", "Telefon", "E-post", "Transaksjons-id"]),
    );
    const cells = (line: string) => Object.fromEntries(line.split(";").map((cell, index) => [header[index]!, cell]));
    const kari = lines.map(cells).find((row) => row.Fornavn === "Kari")!;
    expect(kari).toMatchObject({
      "Er ledsager": "Ja",
      "Ledsager for": "Ola Nordmann",
      Overnatter: "Ja",
      "Å betale (kr)": "550",
      Status: "Bekreftet",
    });
    const home = lines.find((line) => line.includes("HYPERLINK"))!;
    expect(home).toContain(`"'=HYPERLINK(""x"")"`);
    expect(home).toContain(";'@Sum;");
    expect(home).toContain(";'-2+3;");
    expect(home).toContain(";'@nøtter;");
    expect(home).not.toMatch(/;[=+\-@]/);
    // The telephone starts with + and is neutralised too; the digits stay readable.
    expect(text).toContain("'+4799988877");
    expect(lines.map(cells).find((row) => row.Fornavn === "Avbestilt")!.Status).toBe("Avbestilt");
    // Norwegian state words and Oslo local time, never the stored English words or UTC ISO strings.
    expect(kari).toMatchObject({ Betalingsmåte: "Ved oppmøte (kort eller kontant)", Betalingsstatus: "ikke betalt", Registrert: "15.10.2026 12:00" });
    expect(text).not.toMatch(/;unpaid;|;card_cash;|\d{4}-\d{2}-\d{2}T/);
  });

  it("totals count confirmed participants only; mark paid and cancel are logged, idempotent and change the totals", async () => {
    const totals = async () => (await app.inject({ url: `/api/VinterleirAdmin/Totals/${token}` })).json();
    expect(await totals()).toMatchObject({
      registrations: 3,
      count: 4,
      sumToPay: 1080 + 550 + 1080 + 0,
      sumPaid: 0,
      sumOutstanding: 2710,
      paid: 0,
      refunded: 0,
      net: 0,
    });

    const paid = await app.inject({ method: "POST", url: `/api/VinterleirAdmin/MarkPaid/${ids.ola}/${token}` });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      registrationId: ids.ola,
      status: "confirmed",
      paymentMethod: "card_cash",
      paymentState: "paid",
      amount: 1630,
      paid: 1630,
      changed: true,
    });
    const again = await app.inject({ method: "POST", url: `/api/VinterleirAdmin/MarkPaid/${ids.ola}/${token}` });
    expect(again.json()).toMatchObject({ paymentState: "paid", paid: 1630, changed: false });
    expect(await totals()).toMatchObject({ sumPaid: 1630, sumOutstanding: 1080 });
    const rows = (await app.inject({ url: `/api/VinterleirAdmin/Get/${token}` })).json() as { registrationId: number; paid: number }[];
    expect(rows.filter((row) => row.registrationId === ids.ola).map((row) => row.paid)).toEqual([1080, 550]);

    const free = await app.inject({ method: "POST", url: `/api/VinterleirAdmin/MarkPaid/${ids.home}/${token}` });
    expect(free.statusCode).toBe(409);
    expect(free.json()).toEqual({ error: adminActionMessages.notCardCash });
    const cancelledPay = await app.inject({ method: "POST", url: `/api/VinterleirAdmin/MarkPaid/${ids.cancelled}/${token}` });
    expect(cancelledPay.statusCode).toBe(409);
    expect((await app.inject({ method: "POST", url: `/api/VinterleirAdmin/MarkPaid/999999/${token}` })).statusCode).toBe(404);
    expect((await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/abc/${token}` })).statusCode).toBe(404);

    // Cancel before 22 November: everything paid is to be refunded.
    const cancel = await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${ids.ola}/${token}` });
    expect(cancel.json()).toMatchObject({ status: "cancelled", refundDue: 1630, changed: true });
    const cancelAgain = await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${ids.ola}/${token}` });
    expect(cancelAgain.json()).toMatchObject({ status: "cancelled", changed: false });
    expect(await totals()).toMatchObject({ registrations: 2, count: 2, sumToPay: 1080, sumPaid: 0, sumOutstanding: 1080 });
    // The money Ola paid at the door is owed back outside Vipps until the treasurer marks it paid back.
    expect(await totals()).toMatchObject({ paid: 1630, refunded: 0, refundOwed: 1630, kept: 0, net: 1630 });

    const [olaPayment] = await database.db.select(campPaymentColumns).from(eventPayments).where(eq(eventPayments.orderId, ids.ola!));
    const actions = await database.db
      .select()
      .from(eventPaymentActions)
      .where(eq(eventPaymentActions.paymentId, olaPayment!.id))
      .orderBy(eventPaymentActions.id);
    expect(actions.map((action) => [action.actor, action.action, action.amount, action.at.toISOString()])).toEqual([
      ["leirsjef", "mark-paid", 1630, now.toISOString()],
      ["leirsjef", "cancel", 1630, now.toISOString()],
    ]);
    const list = (await app.inject({ url: "/api/VinterleirUsers/Get" })).json() as { name: string }[];
    expect(list.some((row) => row.name === "Ola Nordmann")).toBe(false);
    const count = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from event_payment_actions`);
    expect(Number(count.rows[0]!.n)).toBe(3);
  });
});

describe("neutraliseFormula", () => {
  it("prefixes cells a spreadsheet would run and leaves the rest alone", () => {
    for (const cell of ["=1+1", "+47", "-1", "@SUM(A1)", "\tx", "\rx"]) expect(neutraliseFormula(cell)).toBe(`'${cell}`);
    for (const cell of ["Ola", "", "1-2", "a=b", "'quoted"]) expect(neutraliseFormula(cell)).toBe(cell);
  });
});
