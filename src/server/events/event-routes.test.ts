import ExcelJS from "exceljs";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connectPostgres, type Database } from "../db/database.ts";
import { buildCampTestApp, createTestTransport, campAdminToken, countRows, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { clearEvents, countLeaderEvents, createPublished, grading, order, participant, postOrder, sale } from "../test-support/events.ts";
import { buildTestApp } from "../test-support/app.ts";
import { outboxMails } from "../test-support/outbox.ts";
import { anonymiseEndedEvents } from "../privacy/event-retention.ts";
import { loadEdition } from "../camp/camp-editions.ts";
import { eventOrderMessages } from "./event-orders.ts";
import { emailKey } from "../../shared/contact/email-key.ts";

let now = new Date("2026-11-26T12:00:00Z");

describe.each(databaseKinds)("events on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let transport: ReturnType<typeof createTestTransport>;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app, transport } = await buildCampTestApp(database, { clock: () => now }));
    token = await campAdminToken(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  beforeEach(async () => {
    now = new Date("2026-11-26T12:00:00Z");
    await clearEvents(database, app);
  });

  /** The club's own events in the public list (the winter camp is listed too; its own test below). */
  const list = async () =>
    ((await app.inject({ url: "/api/Arrangement/Get" })).json() as { kind: string }[]).filter((event) => event.kind !== "vinterleir");

  it("the places left on the event's page are the database's count at every read: 10, then 8 right after two places are booked", async () => {
    await createPublished(app, token, "gradering-desember", grading({ capacity: 10 }));
    // The page's loader (served page) and the browser's refresh read this call.
    const detail = async () => (await app.inject({ url: "/api/Arrangement/Get/gradering-desember" })).json();
    expect(await detail()).toMatchObject({ state: "open", placesLeft: 10 });
    const booked = await postOrder(app, "gradering-desember", order({ participants: [participant(), participant({ firstName: "Per" })] }));
    expect(booked.body).toBe("Done");
    expect(await detail()).toMatchObject({ state: "open", placesLeft: 8 });
    expect(await list()).toEqual([expect.objectContaining({ slug: "gradering-desember", placesLeft: 8 })]);
  });

  it("a grading with fee 350 and capacity 2: listed when published, two accepted, the third on the waiting list", async () => {
    await app.inject({ method: "PUT", url: `/api/ArrangementAdmin/Put/gradering-desember/${token}`, payload: grading() as object });
    expect(await list()).toEqual([]);
    await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Publish/gradering-desember/${token}` });
    expect(await list()).toEqual([
      expect.objectContaining({
        slug: "gradering-desember",
        kind: "gradering",
        title: "Cupgradering desember",
        firstDay: "2026-12-12",
        lastDay: "2026-12-12",
        state: "open",
        placesLeft: 2,
        url: "/arrangementer/gradering-desember",
      }),
    ]);

    const answers = [];
    for (const name of ["Ola", "Per", "Pål"])
      answers.push(await postOrder(app, "gradering-desember", order({ participants: [participant({ firstName: name })] })));
    expect(answers.map((answer) => [answer.statusCode, answer.body])).toEqual([
      [200, "Done"],
      [200, "Done"],
      [200, "Venteliste"],
    ]);
    expect(await list()).toEqual([expect.objectContaining({ state: "full", placesLeft: 0 })]);
    const detail = (await app.inject({ url: "/api/Arrangement/Get/gradering-desember" })).json();
    expect(detail).toMatchObject({ state: "full", waitingListOpen: true, price: 350, minAge: 7, maxAge: 12 });

    const participants = (await app.inject({ url: `/api/ArrangementAdmin/Participants/gradering-desember/${token}` })).json();
    expect(participants.map((row: { name: string; status: string; charged: number }) => [row.name, row.status, row.charged])).toEqual([
      ["Ola Nordmann", "confirmed", 350],
      ["Per Nordmann", "confirmed", 350],
      ["Pål Nordmann", "waiting", 0],
    ]);
    // Two confirmations, and for the third «you are on the waiting list» with its place in line and the price if a place frees.
    const mails = await outboxMails(app, undefined, transport);
    expect(mails.map((mail) => mail.subject.split(" – ")[0])).toEqual([
      "Gradering: Cupgradering desember",
      "Gradering: Cupgradering desember",
      "Du står på venteliste til Cupgradering desember",
    ]);
    expect(mails[2]!.text).toContain(
      "Cupgradering desember (lørdag 12. desember 2026, Ski Taekwondo Klubb) er full, så Pål Nordmann står på ventelisten som nummer 1.",
    );
    // A confirmation says when and where (and a grading's start), what to pay at the door, and who sends it.
    expect(mails[0]!.text).toContain("Når og hvor: lørdag 12. desember 2026, Ski Taekwondo Klubb, start kl. 10.00.");
    expect(mails[0]!.text).toContain("Å betale ved oppmøte (kort eller kontant): 350");
    expect(mails[0]!.text).toMatch(/Mer om arrangementet: \S+\n\nHilsen Ski Taekwondo Klubb\n$/);
    expect(mails[0]!.html).toContain("<p>Når og hvor: lørdag 12. desember 2026, Ski Taekwondo Klubb, start kl. 10.00.</p>");
    // The personal link works until the event is over, with no limit of days of its own.
    for (const part of [mails[0]!.text, mails[0]!.html]) {
      expect(part).toContain("Lenken er personlig: ikke del den med andre. Den virker til arrangementet er over.");
      expect(part).not.toMatch(/innen \d+ dager/);
    }
    expect(mails[2]!.text).toContain("Du betaler ingenting nå.");
    expect(mails[2]!.text).toContain("Totalt: 350");
    const xlsx = await app.inject({ url: `/api/ArrangementAdmin/GetXlsx/gradering-desember/${token}` });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const statuses = workbook.getWorksheet("Deltakere")!.getColumn(2).values.slice(2);
    expect(statuses).toEqual(["Bekreftet", "Bekreftet", expect.stringMatching(/^Venteliste, nr\. 1 i køen/)]);
    // The CSV is the Excel file's first sheet, column for column.
    const csv = await app.inject({ url: `/api/ArrangementAdmin/GetCsv/gradering-desember/${token}` });
    expect([csv.statusCode, csv.headers["content-type"]]).toEqual([200, "text/csv; charset=utf-8"]);
    const csvRows: string[][] = parse(csv.body, { bom: true, delimiter: ";" });
    const sheet = workbook.getWorksheet("Deltakere")!;
    expect(csvRows[0]).toEqual((sheet.getRow(1).values as string[]).slice(1));
    expect(csvRows.slice(1).map((row) => [row[1], row[2]])).toEqual([
      [statuses[0], "Ola Nordmann"],
      [statuses[1], "Per Nordmann"],
      [statuses[2], "Pål Nordmann"],
    ]);
  });

  it("refuses a participant outside the age range, another club's athlete and a grade out of range, storing nothing", async () => {
    await createPublished(app, token, "gradering-desember", grading());
    for (const [who, path] of [
      [participant({ age: 14 }), "participants.0.age"],
      [participant({ clubId: 1 }), "participants.0.clubId"],
      [participant({ gradeId: 15 }), "participants.0.gradeId"],
    ] as const) {
      const res = await postOrder(app, "gradering-desember", order({ participants: [who] }));
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([expect.objectContaining({ path })]);
      expect(res.json().error).toMatch(/[a-zæøå]/);
    }
    expect(await countRows(database, "event_orders")).toBe(0);
    // An age left empty is no limit: the grades alone decide.
    await createPublished(app, token, "gradering-alle-aldre", grading({ minAge: null, maxAge: null }));
    expect((await postOrder(app, "gradering-alle-aldre", order({ participants: [participant({ age: 40 })] }))).statusCode).toBe(200);
  });

  it("answers 409 before the window opens and after it closes, and 404 for an unpublished or unknown event", async () => {
    await createPublished(app, token, "gradering-desember", grading());
    now = new Date("2026-10-01T12:00:00Z");
    expect((await postOrder(app, "gradering-desember", order({ participants: [participant()] }))).statusCode).toBe(409);
    expect((await list())[0]).toMatchObject({ state: "notyet" });
    now = new Date("2026-12-11T12:00:00Z");
    const closed = await postOrder(app, "gradering-desember", order({ participants: [participant()] }));
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe("Påmeldingen til dette arrangementet er stengt.");
    now = new Date("2026-12-13T12:00:00Z");
    expect(await list()).toEqual([]);
    await app.inject({ method: "PUT", url: `/api/ArrangementAdmin/Put/kladd/${token}`, payload: grading() as object });
    expect((await postOrder(app, "kladd", order({ participants: [participant()] }))).statusCode).toBe(404);
    expect((await app.inject({ url: "/api/Arrangement/Get/kladd" })).statusCode).toBe(404);
    expect(await countRows(database, "event_orders")).toBe(0);
  });

  it("a sale: the T-shirt in M with stock 1 is sold once; the second order is refused and nothing of it is stored", async () => {
    await createPublished(app, token, "klubbtoy", sale(1));
    const first = await postOrder(app, "klubbtoy", order({ items: [{ itemId: "t-skjorte", variant: "M", quantity: 1 }] }));
    expect([first.statusCode, first.body]).toEqual([200, "Done"]);
    const second = await postOrder(
      app,
      "klubbtoy",
      order({
        items: [
          { itemId: "t-skjorte", variant: "S", quantity: 1 },
          { itemId: "t-skjorte", variant: "M", quantity: 1 },
        ],
      }),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe("T-skjorte i M er utsolgt.");
    expect(await countRows(database, "event_orders")).toBe(1);
    const detail = (await app.inject({ url: "/api/Arrangement/Get/klubbtoy" })).json();
    expect(detail.items[0].variants).toEqual([
      { id: "S", left: 5 },
      { id: "M", left: 0 },
    ]);
    const unknown = await postOrder(app, "klubbtoy", order({ items: [{ itemId: "t-skjorte", variant: "XXL", quantity: 1 }] }));
    expect(unknown.statusCode).toBe(400);
  });

  it("two simultaneous orders for the last T-shirt: exactly one accepted", async () => {
    await createPublished(app, token, "klubbtoy", sale(1));
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() => postOrder(app, "klubbtoy", order({ items: [{ itemId: "t-skjorte", variant: "M", quantity: 1 }] }))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await countRows(database, "event_orders")).toBe(1);
  });

  it("twenty simultaneous registrations for three places: three confirmed, seventeen on the waiting list, none charged twice", async () => {
    await createPublished(app, token, "gradering-desember", grading({ capacity: 3 }));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        postOrder(app, "gradering-desember", order({ participants: [participant({ firstName: `Utøver${index}` })] })),
      ),
    );
    expect(answers.filter((answer) => answer.body === "Done")).toHaveLength(3);
    expect(answers.filter((answer) => answer.body !== "Done").map((answer) => answer.statusCode)).toEqual(Array(17).fill(200));
    const stored = await database.db.execute<{ status: string; orders: number; charges: number }>(sql`select status, count(*)::int as orders,
        (select count(*)::int from event_ledger_entries l join event_orders o2 on o2.id = l.order_id where o2.status = o.status) as charges
      from event_orders o group by status order by status`);
    expect(stored.rows.map((row) => [row.status, Number(row.orders), Number(row.charges)])).toEqual([
      ["confirmed", 3, 3],
      ["waiting", 17, 0],
    ]);
  });

  it("a leader's save during a sale moves what is left by the change made, never puts sold items back on sale", async () => {
    await createPublished(app, token, "klubbtoy", sale(3));
    const tshirtM = () => postOrder(app, "klubbtoy", order({ items: [{ itemId: "t-skjorte", variant: "M", quantity: 1 }] }));
    expect((await tshirtM()).body).toBe("Done");
    expect((await tshirtM()).body).toBe("Done");
    const left = async () => (await app.inject({ url: "/api/Arrangement/Get/klubbtoy" })).json().items[0].variants;
    const admin = async () =>
      ((await app.inject({ url: `/api/ArrangementAdmin/Get/${token}` })).json() as { slug: string; definition: unknown; stockLeft: unknown }[]).find(
        (event) => event.slug === "klubbtoy",
      )!;
    // The form the leader opened says 3 in all and 1 left; a new title saved from it changes no stock.
    expect(await admin()).toMatchObject({ stockLeft: expect.arrayContaining([{ itemId: "t-skjorte", variant: "M", stock: 1 }]) });
    const put = (definition: object) => app.inject({ method: "PUT", url: `/api/ArrangementAdmin/Put/klubbtoy/${token}`, payload: definition });
    expect((await put({ ...sale(3), title: "Klubbtøy 2027" })).statusCode).toBeLessThan(300);
    expect(await left()).toEqual([
      { id: "S", left: 5 },
      { id: "M", left: 1 },
    ]);
    // Two more for sale in all: two more left.
    expect((await put(sale(5))).statusCode).toBeLessThan(300);
    expect(await left()).toEqual([
      { id: "S", left: 5 },
      { id: "M", left: 3 },
    ]);
    // Fewer in all than are sold: refused, nothing changed.
    const tooFew = await put(sale(1));
    expect([tooFew.statusCode, tooFew.json().error]).toEqual([
      409,
      "Det er allerede solgt flere av T-skjorte i M enn antallet du skrev. Skriv minst så mange som er solgt.",
    ]);
    expect(await left()).toEqual([
      { id: "S", left: 5 },
      { id: "M", left: 3 },
    ]);
  });
  it("the same form sent twice is stored once", async () => {
    await createPublished(app, token, "gradering-desember", grading());
    const body = order({ participants: [participant()] });
    expect((await postOrder(app, "gradering-desember", body)).body).toBe("Done");
    expect((await postOrder(app, "gradering-desember", body)).body).toBe("Done");
    expect(await countRows(database, "event_orders")).toBe(1);
  });

  it("the same order for the last T-shirt sent twice at once (a double click): both answered «Done», stored and sold once", async () => {
    await createPublished(app, token, "klubbtoy", sale(1));
    const body = order({ items: [{ itemId: "t-skjorte", variant: "M", quantity: 1 }] });
    const answers = await Promise.all([postOrder(app, "klubbtoy", body), postOrder(app, "klubbtoy", body)]);
    expect(answers.map((answer) => [answer.statusCode, answer.body])).toEqual([
      [200, "Done"],
      [200, "Done"],
    ]);
    expect(await countRows(database, "event_orders")).toBe(1);
    expect((await postOrder(app, "klubbtoy", order({ items: [{ itemId: "t-skjorte", variant: "M", quantity: 1 }] }))).statusCode).toBe(409);
  });

  it("the same form sent again after its order was cancelled is refused with 409, never answered «Done»", async () => {
    await createPublished(app, token, "gradering-desember", grading());
    const body = order({ participants: [participant()] });
    expect((await postOrder(app, "gradering-desember", body)).body).toBe("Done");
    const [stored] = (await database.db.execute<{ order_id: string }>(sql`select order_id from event_orders`)).rows;
    expect((await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Cancel/${stored!.order_id}/${token}`, payload: {} })).statusCode).toBe(
      200,
    );
    const again = await postOrder(app, "gradering-desember", { ...body, vipps: false });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(eventOrderMessages.draftCancelled);
    expect(await countRows(database, "event_orders")).toBe(1);
  });

  it("stores an order's address by the shared emailKey: case and the domain folded, plus-addressing and look-alikes kept apart", async () => {
    await createPublished(app, token, "gradering-desember", grading({ capacity: 10 }));
    const addresses = ["  Kari.Nordmann@EXAMPLE.no ", "kari.nordmann+gradering@example.no", "karı.nordmann@example.no", "kari@Bøler.no"];
    for (const email of addresses) {
      const answer = await postOrder(
        app,
        "gradering-desember",
        order({ contact: { firstName: "Kari", lastName: "Nordmann", email, telephone: "91234567" }, participants: [participant()] }),
      );
      expect(answer.body, answer.body).toBe("Done");
    }
    const stored = (await database.db.execute<{ email: string }>(sql`select email from event_orders order by id`)).rows.map((row) => row.email);
    expect(stored).toEqual(addresses.map((email) => emailKey(email)));
    expect(stored).toEqual(["kari.nordmann@example.no", "kari.nordmann+gradering@example.no", "karı.nordmann@example.no", "kari@xn--bler-gra.no"]);
    const sentTo = (await database.db.execute<{ recipient: string }>(sql`select recipient from mail_outbox order by id`)).rows.map(
      (row) => row.recipient,
    );
    expect(sentTo).toEqual(stored);
  });

  it("a course: price by age band and the club's own questions, answered per participant and listed", async () => {
    await createPublished(app, token, "sommersamling", {
      kind: "kurs",
      title: "Sommersamling",
      firstDay: "2027-06-18",
      lastDay: "2027-06-20",
      venue: "Ski",
      registrationOpensAt: "2026-11-01T08:00:00+01:00",
      registrationClosesAt: "2027-06-01T00:00:00+02:00",
      capacity: 30,
      price: 900,
      priceBands: [{ maxAge: 12, price: 600 }],
      sleepover: true,
      questions: [
        { id: "mat", label: "Matallergier", type: "text", required: false, choices: [] },
        { id: "buss", label: "Trenger buss", type: "yesno", required: true, choices: [] },
        { id: "gruppe", label: "Gruppe", type: "choice", required: true, choices: ["Barn", "Ungdom"] },
      ],
    });
    const missing = await postOrder(app, "sommersamling", order({ participants: [participant({ answers: { gruppe: "Barn" } })] }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toEqual([{ path: "participants.0.answers.buss", message: "Svar på «Trenger buss»." }]);
    const ok = await postOrder(
      app,
      "sommersamling",
      order({
        participants: [
          participant({ age: 10, answers: { buss: true, gruppe: "Barn" } }),
          participant({ firstName: "Siri", age: 15, answers: { buss: false, gruppe: "Ungdom", mat: "Nøtter" } }),
        ],
      }),
    );
    expect(ok.body).toBe("Done");
    const rows = (await app.inject({ url: `/api/ArrangementAdmin/Participants/sommersamling/${token}` })).json();
    expect(rows.map((row: { name: string; answers: unknown; charged: number }) => [row.name, row.answers, row.charged])).toEqual([
      // Each row its own price by age band (the order's 1 500 kr shared out, not repeated).
      ["Ola Nordmann", { Matallergier: "", "Trenger buss": "Ja", Gruppe: "Barn" }, 600],
      ["Siri Nordmann", { Matallergier: "Nøtter", "Trenger buss": "Nei", Gruppe: "Ungdom" }, 900],
    ]);
  });

  it("the admin: invalid definitions get Norwegian 400s, copy moves the dates by whole weeks, camps are listed", async () => {
    const bad = await app.inject({
      method: "PUT",
      url: `/api/ArrangementAdmin/Put/feil/${token}`,
      payload: { ...grading(), lastDay: "2026-12-01", maxAge: 3 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((issue: { message: string }) => issue.message)).toEqual([
      "Siste dag kan ikke være før første dag.",
      "Høyeste alder kan ikke være lavere enn laveste.",
    ]);
    expect(
      (await app.inject({ method: "PUT", url: `/api/ArrangementAdmin/Put/Ugyldig_Adresse/${token}`, payload: grading() as object })).statusCode,
    ).toBe(400);
    expect(
      (await app.inject({ method: "PUT", url: `/api/ArrangementAdmin/Put/vinterleir-2030/${token}`, payload: grading() as object })).statusCode,
    ).toBe(409);
    expect(await countLeaderEvents(database)).toBe(0);

    await createPublished(app, token, "gradering-desember", grading());
    const copy = await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Copy/gradering-desember/gradering-desember-2027/${token}` });
    expect(copy.statusCode).toBe(201);
    const all = (await app.inject({ url: `/api/ArrangementAdmin/Get/${token}` })).json();
    const copied = all.find((event: { slug: string }) => event.slug === "gradering-desember-2027");
    expect(copied).toMatchObject({
      published: false,
      firstDay: "2027-12-11",
      definition: expect.objectContaining({ registrationOpensAt: "2027-10-31T07:00:00.000Z", price: 350 }),
    });
    expect(new Date("2027-12-11T12:00:00Z").getUTCDay()).toBe(new Date("2026-12-12T12:00:00Z").getUTCDay());
    expect(all.find((event: { slug: string }) => event.slug === "vinterleir-2026")).toMatchObject({
      kind: "vinterleir",
      title: "Vinterleir 2026",
      firstDay: "2026-11-28",
      // The published camp's window as families meet it, for the admin's status.
      state: "open",
      registrationOpensAt: expect.any(String),
      definition: null,
    });
    // A new event's form never replaces the event that already has its address.
    const taken = await app.inject({
      method: "PUT",
      url: `/api/ArrangementAdmin/Put/gradering-desember/${token}?create=1`,
      payload: grading({ title: "En annen gradering" }) as object,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe("Det finnes allerede et arrangement med denne adressen. Velg en annen.");
    expect(all.find((event: { slug: string }) => event.slug === "gradering-desember").title).toBe("Cupgradering desember");
    expect(
      (await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Copy/gradering-desember/gradering-desember-2027/${token}` })).statusCode,
    ).toBe(409);
    expect((await app.inject({ url: `/api/ArrangementAdmin/Get/not-a-token` })).statusCode).toBe(401);
  });

  it("an event with orders cannot be moved back to a day already over, which would blank its families at once", async () => {
    await createPublished(app, token, "gradering-desember", grading());
    expect((await postOrder(app, "gradering-desember", order({ participants: [participant()] }))).body).toBe("Done");
    const put = (lastDay: string) =>
      app.inject({
        method: "PUT",
        url: `/api/ArrangementAdmin/Put/gradering-desember/${token}`,
        payload: grading({ firstDay: lastDay, lastDay }) as object,
      });
    const back = await put("2026-11-20");
    expect(back.statusCode).toBe(409);
    expect(back.json().error).toMatch(/^Et arrangement med påmeldinger kan ikke flyttes til en dag som er passert/);
    // Later, or earlier but still to come, is the leader's to decide.
    expect((await put("2026-12-19")).statusCode).toBe(200);
    expect((await put("2026-12-05")).statusCode).toBe(200);
  });

  it("lists the published winter camp that has not ended as vinterleir-YYYY, with its own page", async () => {
    const all = (await app.inject({ url: "/api/Arrangement/Get" })).json();
    expect(all).toContainEqual(
      expect.objectContaining({
        slug: "vinterleir-2026",
        kind: "vinterleir",
        title: "Vinterleir 2026",
        firstDay: "2026-11-28",
        lastDay: "2026-11-30",
        state: "open",
        placesLeft: null,
        url: "/vinterleir",
      }),
    );
    now = new Date("2026-12-01T12:00:00Z");
    expect(((await app.inject({ url: "/api/Arrangement/Get" })).json() as { slug: string }[]).map((event) => event.slug)).not.toContain(
      "vinterleir-2026",
    );
  });

  it("blanks the participants' and contacts' personal data 30 days after the event, keeping the money", async () => {
    await createPublished(app, token, "gradering-desember", grading());
    await postOrder(app, "gradering-desember", order({ participants: [participant()] }));
    expect(await anonymiseEndedEvents(app.db, new Date("2027-01-05T12:00:00Z"), 30)).toBe(0);
    expect(await anonymiseEndedEvents(app.db, new Date("2027-01-13T12:00:00Z"), 30)).toBe(1);
    const [row] = (await app.inject({ url: `/api/ArrangementAdmin/Participants/gradering-desember/${token}` })).json();
    expect(row).toMatchObject({ name: "Anonymisert", email: "", telephone: "", contactName: "Anonymisert", charged: 350 });
    // Nothing in the event's rows names a person any more: not the orders, the participants nor the ledger's labels.
    const dump = await app.db.execute<{ text: string }>(sql`select concat(
        (select json_agg(t) from event_orders t), (select json_agg(t) from event_positions t),
        (select json_agg(t) from event_ledger_entries t)) as text`);
    for (const personal of ["Ola", "Nordmann", "kari@example.no", "91234567"]) expect(dump.rows[0]!.text).not.toContain(personal);
    expect(await anonymiseEndedEvents(app.db, new Date("2027-02-13T12:00:00Z"), 30)).toBe(0);
  });

  it("blanks the name of a participant cancelled alone from the ledger's reasons too", async () => {
    await createPublished(app, token, "gradering-desember", grading({ capacity: 10 }));
    const two = [participant({ firstName: "Ingrid", lastName: "Haugen" }), participant({ firstName: "Sindre", lastName: "Haugen" })];
    expect((await postOrder(app, "gradering-desember", order({ participants: two }))).body).toBe("Done");
    const [stored] = (await app.db.execute<{ order_id: string }>(sql`select order_id from event_orders`)).rows;
    const cancel = await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Cancel/${stored!.order_id}/${token}`, payload: { position: 1 } });
    expect(cancel.statusCode).toBe(200);
    expect(await anonymiseEndedEvents(app.db, new Date("2027-01-13T12:00:00Z"), 30)).toBe(1);
    const dump = await app.db.execute<{ text: string }>(sql`select concat(
        (select json_agg(t) from event_orders t), (select json_agg(t) from event_positions t),
        (select json_agg(t) from event_ledger_entries t)) as text`);
    for (const personal of ["Ingrid", "Sindre", "Haugen"]) expect(dump.rows[0]!.text).not.toContain(personal);
  });

  it("Copy of vinterleir-2026 to vinterleir-2027 gives dates 52 weeks later on the same weekdays", async () => {
    const res = await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Copy/vinterleir-2026/vinterleir-2027/${token}` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ slug: "vinterleir-2027", weeks: 52 });
    const [from, to] = await Promise.all([2026, 2027].map(async (year) => (await loadEdition(app.db, year))!.data));
    for (const key of ["firstDay", "lastDay"] as const) {
      const days = (Date.parse(to![key]) - Date.parse(from![key])) / 86_400_000;
      expect(days).toBe(364);
      expect(new Date(to![key]).getUTCDay()).toBe(new Date(from![key]).getUTCDay());
    }
    // A camp is copied only to a camp, and never over one that exists.
    expect((await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Copy/vinterleir-2026/gradering-mars/${token}` })).statusCode).toBe(400);
    expect((await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Copy/vinterleir-2026/vinterleir-2027/${token}` })).statusCode).toBe(409);
  });

  if (kind === "postgres") {
    it("a sale's order that waits on the stock while a leader's save raises the price is charged the new price, never the old", async () => {
      await createPublished(app, token, "klubbtoy", sale(3));
      const url = (database as Database & { url: string }).url;
      const second = await connectPostgres(url);
      try {
        let posted: ReturnType<typeof postOrder> | undefined;
        // The leader's save as store() makes it: the definition updated, then every size's stock row written.
        await second.db.transaction(async (tx) => {
          await tx.execute(sql`update events set definition = jsonb_set(definition, '{items,0,price}', '300'::jsonb), version = version + 1
            where slug = 'klubbtoy'`);
          await tx.execute(sql`update event_stock set stock = stock`);
          posted = postOrder(app, "klubbtoy", order({ items: [{ itemId: "t-skjorte", variant: "M", quantity: 1 }] }));
          await new Promise((resolve) => setTimeout(resolve, 300));
        });
        const answer = await posted!;
        const stored = await database.db.execute<{ amount: number }>(sql`select amount from event_orders`);
        expect([answer.statusCode, stored.rows.map((row) => Number(row.amount))]).toEqual([200, [300]]);
      } finally {
        await second.close();
      }
    });

    it("two app instances on one PostgreSQL database never sell the last T-shirt twice", async () => {
      await createPublished(app, token, "klubbtoy", sale(1));
      const url = (database as Database & { url: string }).url;
      const second = await connectPostgres(url);
      // The second instance starts no outbox timer and no Vipps jobs: they would send the first one's mails where no
      // test sees them, and act on its payments.
      const other = await buildTestApp(second, {
        clock: () => now,
        mail: { startWorker: false },
        env: { VIPPS_SIMULATOR: "false" },
      });
      try {
        const answers = await Promise.all(
          [app, other, app, other].map((instance) =>
            postOrder(instance, "klubbtoy", order({ items: [{ itemId: "t-skjorte", variant: "M", quantity: 1 }] })),
          ),
        );
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
        expect(await countRows(database, "event_orders")).toBe(1);
      } finally {
        await other.close();
        await second.close();
      }
    });
  }
});
