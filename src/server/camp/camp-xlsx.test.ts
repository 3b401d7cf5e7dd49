import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campAccountMessages } from "../../shared/admin/camp-accounts.ts";
import { sha256Hex } from "../admin-auth/password-hash.ts";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { buildCampTestApp, campAdminToken, companion, draft, postRegistration, type TestApp } from "../test-support/camp.ts";

const now = new Date("2026-10-15T10:00:00Z");

async function readWorkbook(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

describe.each(databaseKinds)("Excel exports on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let token: string;
  let innsjekk: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
    token = await campAdminToken(app);
    const ola = draft({
      telephone: "+4791234567",
      allergies: "Nøtter",
      vegan: true,
      sleepover: true,
      hasLedsager: true,
      ledsagere: [companion({ firstName: "Kari", telephone: "+4798765432", sleepover: true })],
    });
    for (const body of [
      ola,
      draft({ firstName: "=SUM(A1)", lastName: "Formel", telephone: "004712345678", gradering: true, gradeId: 16, clubId: 2, age: 30 }),
    ]) {
      const res = await postRegistration(app, body);
      if (res.body !== "Done") throw new Error(res.body);
    }
    const [row] = await database.db.select({ id: campRegistrations.id }).from(campRegistrations).where(eq(campRegistrations.draftId, ola.draftId));
    await app.inject({ method: "POST", url: `/api/VinterleirAdmin/MarkPaid/${row!.id}/${token}` });
    await app.inject({
      method: "POST",
      url: `/api/VinterleirAdmin/Accounts/${token}`,
      payload: { username: "dora", name: "Dora Dør", role: "innsjekk", password: "Dora-ved-døra-2026" },
    });
    innsjekk = (await app.inject({ url: `/api/VinterleirAdmin/GetToken/dora/${sha256Hex("Dora-ved-døra-2026")}` })).body;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("GET /api/VinterleirAdmin/GetXlsx: one row per person, typed cells, Norwegian headers and words, Oslo time, frozen header, autofilter", async () => {
    const res = await app.inject({ url: `/api/VinterleirAdmin/GetXlsx/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="vinterleir-2026-deltakere.xlsx"');
    const workbook = await readWorkbook(res.rawPayload);
    // The file says which camp it holds: its title, and the header of every printed page.
    expect(workbook.title).toBe("Påmeldte til vinterleiren 2026");
    const sheet = workbook.getWorksheet("Deltakere")!;
    expect(sheet.headerFooter.oddHeader).toBe('&C&"-,Bold"Påmeldte til vinterleiren 2026');
    expect(sheet.rowCount).toBe(1 + 3);
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    expect(header.slice(0, 4)).toEqual(["Status", "Ordrenummer", "Fornavn", "Etternavn"]);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    // Read back, exceljs gives the filter as a range: the whole header row.
    expect(sheet.autoFilter).toBe(`A1:${sheet.getColumn(header.length).letter}1`);
    const rows = [2, 3, 4].map((n) => Object.fromEntries(header.map((name, index) => [name, sheet.getRow(n).getCell(index + 1).value])));
    const ola = rows.find((row) => row.Fornavn === "Ola")!;
    expect(ola).toMatchObject({
      Status: "Bekreftet",
      Telefon: "+4791234567",
      Alder: expect.any(Number),
      "Å betale (kr)": expect.any(Number),
      Veganer: "Ja",
      Betalingsmåte: "Ved oppmøte (kort eller kontant)",
      Betalingsstatus: "betalt",
      Allergier: "Nøtter",
    });
    // The registration time is the Oslo wall-clock time: 10:00 UTC in October is 12:00 in Oslo.
    expect(ola.Registrert).toEqual(new Date("2026-10-15T12:00:00Z"));
    expect(sheet.getRow(2).getCell(header.indexOf("Registrert") + 1).numFmt).toBe("dd.mm.yyyy hh:mm");
    const formula = rows.find((row) => row.Etternavn === "Formel")!;
    expect(formula).toMatchObject({ Fornavn: "=SUM(A1)", Telefon: "004712345678", Betalingsstatus: "ikke betalt" });
    // Text stays text: no apostrophe anywhere, no formula cells.
    for (const row of rows) for (const value of Object.values(row)) if (typeof value === "string") expect(value.startsWith("'")).toBe(false);
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
    expect(rows.find((row) => row.Fornavn === "Kari")).toMatchObject({ "Er ledsager": "Ja", "Ledsager for": "Ola Nordmann", Telefon: "+4798765432" });
  });

  it("another camp's files (?year=) say its year in their names and titles", async () => {
    const participants = await app.inject({ url: `/api/VinterleirAdmin/GetXlsx/${token}?year=2027` });
    expect(participants.headers["content-disposition"]).toBe('attachment; filename="vinterleir-2027-deltakere.xlsx"');
    expect((await readWorkbook(participants.rawPayload)).title).toBe("Påmeldte til vinterleiren 2027");
    const sleepover = await app.inject({ url: `/api/VinterleirAdmin/GetXlsx/overnatting/${token}?year=2027` });
    expect(sleepover.headers["content-disposition"]).toBe('attachment; filename="vinterleir-2027-overnatting.xlsx"');
    expect((await readWorkbook(sleepover.rawPayload)).title).toBe("Overnatting – vinterleiren 2027");
    const treasurer = await app.inject({ url: `/api/VinterleirAdmin/GetXlsx/kasserer/${token}?year=2027` });
    expect(treasurer.headers["content-disposition"]).toBe('attachment; filename="vinterleir-2027-kasserer.xlsx"');
    expect((await readWorkbook(treasurer.rawPayload)).title).toBe("Oppsummering for kassereren – vinterleiren 2027");
    const csv = await app.inject({ url: `/api/VinterleirAdmin/GetCsv/${token}?year=2027` });
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="vinterleir-2027-deltakere.csv"');
  });

  it("the weekend lists as Excel: kitchen with allergies (leder only), sleepover, grading, unpaid; treasurer summary", async () => {
    const kitchen = await app.inject({ url: `/api/VinterleirAdmin/GetXlsx/kjokken/${token}` });
    expect(kitchen.statusCode).toBe(200);
    expect(kitchen.headers["content-disposition"]).toBe('attachment; filename="vinterleir-2026-kjokken.xlsx"');
    const book = await readWorkbook(kitchen.rawPayload);
    expect(book.title).toBe("Kjøkken – vinterleiren 2026");
    expect(book.getWorksheet("Allergier")!.headerFooter.oddHeader).toBe('&C&"-,Bold"Kjøkken – vinterleiren 2026');
    const meals = book.getWorksheet("Kjøkken")!;
    expect((meals.getRow(1).values as unknown[]).slice(1)).toEqual(["Dag", "Klokken", "Måltid", "Antall", "Veganere", "Allergier (antall)"]);
    expect(typeof meals.getRow(2).getCell(4).value).toBe("number");
    expect(book.getWorksheet("Allergier")!.getRow(2).getCell(5).value).toBe("Nøtter");

    const forbidden = await app.inject({ url: `/api/VinterleirAdmin/GetXlsx/kjokken/${innsjekk}` });
    expect([forbidden.statusCode, forbidden.json()]).toEqual([403, { error: campAccountMessages.forbidden }]);
    expect((await app.inject({ url: `/api/VinterleirAdmin/GetXlsx/kasserer/${innsjekk}` })).statusCode).toBe(403);
    expect((await app.inject({ url: `/api/VinterleirAdmin/GetXlsx/finnesikke/${token}` })).statusCode).toBe(404);

    const sleep = await readWorkbook((await app.inject({ url: `/api/VinterleirAdmin/GetXlsx/overnatting/${innsjekk}` })).rawPayload);
    const nights = sleep.getWorksheet("Overnatting")!;
    const names = nights.getColumn(2).values.slice(2);
    expect(names).toEqual(expect.arrayContaining(["Ola Nordmann", "Kari Nordmann"]));
    expect(nights.getColumn(4).values.slice(2)).toContain("Ola Nordmann");

    const grading = (await readWorkbook((await app.inject({ url: `/api/VinterleirAdmin/GetXlsx/gradering/${token}` })).rawPayload)).getWorksheet(
      "Gradering",
    )!;
    expect(grading.rowCount).toBe(1 + 1);
    expect(grading.getRow(2).getCell(2).value).toBe("=SUM(A1) Formel");

    const unpaid = (await readWorkbook((await app.inject({ url: `/api/VinterleirAdmin/GetXlsx/ubetalt/${token}` })).rawPayload)).getWorksheet(
      "Ubetalt ved oppmøte",
    )!;
    expect(unpaid.rowCount).toBe(2);
    expect(unpaid.getRow(2).getCell(1).value).toBe("=SUM(A1) Formel");
    expect(typeof unpaid.getRow(2).getCell(9).value).toBe("number");

    const summary = await app.inject({ url: `/api/VinterleirAdmin/Treasurer/${token}` });
    expect(summary.json()).toMatchObject({
      year: 2026,
      registrations: 2,
      participants: 3,
      unpaidRegistrations: 1,
      // Only money that moved is under a method: the one marked paid, by the leader («Betalt med kort» or «Betalt med kontant»; this call says neither).
      byMethod: [expect.objectContaining({ method: "card_cash", registrations: 1 })],
    });
    const treasurer = await readWorkbook((await app.inject({ url: `/api/VinterleirAdmin/GetXlsx/kasserer/${token}` })).rawPayload);
    expect(treasurer.title).toBe("Oppsummering for kassereren – vinterleiren 2026");
    expect(treasurer.getWorksheet("Per betalingsmåte")!.getRow(2).getCell(1).value).toBe("Kort eller kontant (ikke oppgitt)");
  });
});
