import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sha256Hex } from "../admin-auth/password-hash.ts";
import { countRows, createTestTransport } from "../test-support/camp.ts";
import type { Database } from "../db/database.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { newMemberRegistrations } from "../db/schema/members.ts";
import { errorMessages } from "../errors.ts";
import { buildTestApp, testAdminCredentials } from "../test-support/app.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { Referer, type NewMemberDraft } from "../../shared/members/new-member.ts";
import { sql } from "drizzle-orm";

const now = new Date("2026-10-15T10:00:00Z");

const child = (overrides: Partial<NewMemberDraft> = {}): NewMemberDraft => ({
  draftId: randomUUID(),
  firstName: "Sara",
  lastName: "Berg",
  age: 9,
  parentFirstName: "Lise",
  parentLastName: "Berg",
  email: "lise@example.no",
  telephone: "912 34 567",
  referer: Referer.QRCode,
  ...overrides,
});
const adult = (overrides: Partial<NewMemberDraft> = {}): NewMemberDraft =>
  child({
    firstName: "Per",
    lastName: "Dahl",
    age: 34,
    parentFirstName: "",
    parentLastName: "",
    email: "per@example.no",
    telephone: "+4798765432",
    referer: Referer.Website,
    ...overrides,
  });

describe.each(databaseKinds)("new members on %s", (kind) => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let transport: ReturnType<typeof createTestTransport>;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    transport = createTestTransport();
    app = await buildTestApp(database, { clock: () => now, mail: { transport, startWorker: false } });
    const login = await app.inject({ url: `/api/NewMemberAdmin/GetToken/${sha256Hex(testAdminCredentials.NEWMEMBER_ADMIN_PASSWORD)}` });
    expect(login.statusCode).toBe(200);
    token = login.body;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  beforeEach(async () => {
    await app.outbox.drain();
    await database.db.execute(sql`truncate new_member_registrations, mail_outbox restart identity`);
    transport.sent.length = 0;
  });

  const post = (body: unknown) => app.inject({ method: "POST", url: "/api/NewMember/Post", payload: body as object });
  const list = async () => (await app.inject({ url: `/api/NewMemberAdmin/Get/${token}` })).json() as Record<string, unknown>[];

  it("stores a child with a guardian, queues one confirmation to the contact address and answers Done", async () => {
    const body = child();
    const res = await post(body);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toBe("Done");

    const [row] = await database.db.select().from(newMemberRegistrations);
    expect(row).toMatchObject({ firstName: "Sara", parentFirstName: "Lise", telephone: "91234567", referer: 2, age: 9, draftId: body.draftId });
    expect(row!.registrationDate.toISOString()).toBe(now.toISOString());
    const outbox = await database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(outbox).toMatchObject([
      { dedupeKey: `new-member-confirmation:${row!.registrationId}`, recipient: "lise@example.no" },
      { dedupeKey: `new-member-notice:${row!.registrationId}`, recipient: "kontakt@skitaekwondo.no", replyTo: "lise@example.no" },
    ]);

    await app.outbox.drain();
    expect(transport.sent).toHaveLength(2);
    // The club is told, with who to call and where to follow up; an answer goes to the guardian.
    const notice = transport.sent.find((sent) => sent.to === "kontakt@skitaekwondo.no")!;
    expect(notice).toMatchObject({ subject: "Ny interessent: Sara Berg (9 år)", replyTo: "lise@example.no" });
    expect(notice.text).toContain("Foresatt: Lise Berg");
    expect(notice.text).toContain("Telefon: 91234567");
    expect(notice.text).toContain("/nyttmedlem/sjekk");
    const mail = transport.sent.find((sent) => sent.to === "lise@example.no")!;
    expect(mail).toMatchObject({ to: "lise@example.no", subject: "Takk for interessen – Ski Taekwondo Klubb" });
    expect(mail.text).toContain("Hei Lise!");
    expect(mail.text).toContain("Takk for at du meldte interesse på vegne av Sara Berg hos Ski Taekwondo Klubb.");
    expect(mail.text).toContain("Er noe feil, eller har dere ombestemt dere?");
    expect(mail.text).toContain("prøvetime");
    expect(mail.text).toContain("Foresatt: Lise Berg");
  });

  it("stores an adult as their own contact, dropping any guardian name", async () => {
    expect((await post(adult({ parentFirstName: "Skal", parentLastName: "Bort" }))).body).toBe("Done");
    const [row] = await database.db.select().from(newMemberRegistrations);
    expect(row).toMatchObject({ firstName: "Per", parentFirstName: "", parentLastName: "", age: 34, referer: 0 });
    await app.outbox.drain();
    const confirmation = transport.sent.find((sent) => sent.to === "per@example.no")!;
    expect(confirmation.text).toContain("Hei Per!");
    expect(confirmation.text).not.toContain("Foresatt");
  });

  it("escapes user text in the HTML mail", async () => {
    await post(child({ firstName: "<script>alert(1)</script>" }));
    await app.outbox.drain();
    expect(transport.sent).toHaveLength(2);
    for (const mail of transport.sent) {
      expect(mail.html).not.toContain("<script>");
      expect(mail.html).toContain("&lt;script&gt;");
    }
  });

  it("answers 400 with Norwegian messages and stores nothing on bad input", async () => {
    const cases: [unknown, string, string][] = [
      [child({ age: 6 }), "age", "Må være 7 år eller eldre"],
      [child({ parentFirstName: "" }), "parentFirstName", "Du må legge inn fornavnet til en foresatt."],
      [child({ email: "a@b.no,c@d.no" }), "email", "Ugyldig epost"],
      [child({ telephone: "123" }), "telephone", "Ugyldig telefonnummer"],
      [child({ firstName: " " }), "firstName", "Du må legge inn et fornavn."],
      [{ ...child(), referer: 7 }, "referer", "Ugyldig verdi for hvor du fant oss."],
    ];
    for (const [body, path, message] of cases) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: errorMessages.invalidInput, issues: expect.arrayContaining([{ path, message }]) });
    }
    const notJson = await app.inject({ method: "POST", url: "/api/NewMember/Post", headers: { "content-type": "application/json" }, payload: "{" });
    expect(notJson.statusCode).toBe(400);
    expect(await database.db.select().from(newMemberRegistrations)).toEqual([]);
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
  });

  it("stores a retried draft once, and several registrations without a draft id separately", async () => {
    const body = child();
    expect((await post(body)).body).toBe("Done");
    expect((await post(body)).body).toBe("Done");
    const { draftId: _, ...withoutId } = adult();
    expect((await post(withoutId)).body).toBe("Done");
    expect((await post(withoutId)).body).toBe("Done");
    expect(await database.db.select().from(newMemberRegistrations)).toHaveLength(3);
    // A confirmation and the club's notice for each stored registration.
    expect(await database.db.select().from(mailOutbox)).toHaveLength(6);
  });

  it("lists registrations newest first with the spec's fields for the admin", async () => {
    await post(child());
    await post(adult());
    const res = await app.inject({ url: `/api/NewMemberAdmin/Get/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const rows = res.json() as Record<string, unknown>[];
    expect(rows).toHaveLength(2);
    expect(Object.keys(rows[0]!).sort()).toEqual(
      [
        "registrationId",
        "registrationdate",
        "firstName",
        "lastName",
        "firstname",
        "lastname",
        "age",
        "parentFirstName",
        "parentLastName",
        "parentfirstname",
        "parentlastname",
        "email",
        "telephone",
        "referer",
      ].sort(),
    );
    // Same timestamp: the later id first.
    expect(rows.map((row) => row.firstName)).toEqual(["Per", "Sara"]);
    expect(rows[1]).toMatchObject({
      registrationId: 1,
      registrationdate: now.toISOString(),
      firstname: "Sara",
      lastname: "Berg",
      parentfirstname: "Lise",
      age: 9,
      referer: 2,
      telephone: "91234567",
    });
  });

  it("the admin writes to all interested or to one: one mail per contact, greeting the guardian, Reply-To and a copy to the club", async () => {
    await post(child());
    await post(adult());
    await app.outbox.drain();
    transport.sent.length = 0;
    const write = (payload: object) => app.inject({ method: "POST", url: `/api/NewMemberAdmin/Message/${token}`, payload });
    const all = await write({ subject: "Prøvetime tirsdag", body: "Velkommen til prøvetime tirsdag kl. 18." });
    expect(all.statusCode).toBe(201);
    expect(all.json()).toMatchObject({ recipients: 2 });
    await app.outbox.drain();
    const toLise = transport.sent.find((mail) => mail.to === "lise@example.no" && mail.subject === "Prøvetime tirsdag")!;
    expect(toLise.text).toMatch(/^Hei Lise!\n\nDenne meldingen gjelder Sara\./);
    expect(toLise.replyTo).toBe("kontakt@skitaekwondo.no");
    expect(transport.sent.find((mail) => mail.to === "per@example.no")?.text).toMatch(/^Hei Per!\n\nVelkommen/);
    const copy = transport.sent.find((mail) => mail.to === "kontakt@skitaekwondo.no");
    expect(copy?.subject).toBe("Kopi: Prøvetime tirsdag");
    expect(copy!.text).toMatch(/^Kopi av meldingen som ble sendt av \S+ til 2 interesserte \(alle på listen\)\./);
    expect(copy!.text).not.toContain("Flettefeltene");

    const [per] = (await list()).filter((row) => row.firstName === "Per");
    const one = await write({ registrationIds: [per!.registrationId], subject: "Bare til Per", body: "Hei" });
    expect(one.json()).toMatchObject({ recipients: 1 });
    await app.outbox.drain();
    expect(transport.sent.filter((mail) => mail.subject === "Bare til Per").map((mail) => mail.to)).toEqual(["per@example.no"]);

    const outbox = await countRows(database, "mail_outbox");
    for (const bad of [
      { subject: "", body: "x" },
      { subject: "x" },
      { registrationIds: [999999], subject: "x", body: "y" },
      { subject: "x", body: "y", to: "alle" },
    ]) {
      const res = await write(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect(await countRows(database, "mail_outbox")).toBe(outbox);
  });

  it("removes a registration for good and answers an ok flag", async () => {
    await post(child());
    await post(adult());
    const [sara] = (await list()).filter((row) => row.firstName === "Sara");
    const res = await app.inject({ method: "DELETE", url: `/api/NewMemberAdmin/Remove/${sara!.registrationId}/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await list()).map((row) => row.firstName)).toEqual(["Per"]);
    const again = await app.inject({ method: "DELETE", url: `/api/NewMemberAdmin/Remove/${sara!.registrationId}/${token}` });
    expect(again.json()).toEqual({ ok: false });
    expect((await app.inject({ method: "DELETE", url: `/api/NewMemberAdmin/Remove/abc/${token}` })).json()).toEqual({ ok: false });
    const rows = await database.db.execute(sql`select count(*)::int as n from new_member_registrations where first_name = 'Sara'`);
    expect(Number((rows.rows[0] as { n: number }).n)).toBe(0);
  });

  it("gives Excel-ready CSV named nye-medlemmer.csv with formulas neutralised", async () => {
    await post(child({ firstName: '=HYPERLINK("x")' }));
    await post(adult());
    const res = await app.inject({ url: `/api/NewMemberAdmin/GetCsv/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="nye-medlemmer.csv"');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.rawPayload.toString("utf8").slice(1);
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Registrert;Fornavn;Etternavn;Alder;Foresatt fornavn;Foresatt etternavn;E-post;Telefon;Kom via;Registrerings-id");
    expect(lines[1]).toBe("2026-10-15 12:00;Per;Dahl;34;;;per@example.no;'+4798765432;Nettsiden;2");
    expect(lines[2]).toBe(`2026-10-15 12:00;"'=HYPERLINK(""x"")";Berg;9;Lise;Berg;lise@example.no;91234567;QR-kode;1`);
    expect(lines).toHaveLength(3);
  });

  it("refuses every admin call without a valid token, with the spec's 401 body", async () => {
    await post(child());
    for (const [method, url] of [
      ["GET", "/api/NewMemberAdmin/Get/wrong"],
      ["GET", "/api/NewMemberAdmin/GetCsv/wrong"],
      ["DELETE", "/api/NewMemberAdmin/Remove/1/wrong"],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: "Unauthroized" });
    }
    // A camp token is not a new-member token.
    const camp = await app.inject({
      url: `/api/VinterleirAdmin/GetToken/${testAdminCredentials.CAMP_ADMIN_USERNAME}/${sha256Hex(testAdminCredentials.CAMP_ADMIN_PASSWORD)}`,
    });
    expect((await app.inject({ url: `/api/NewMemberAdmin/Get/${camp.body}` })).statusCode).toBe(401);
    expect(await database.db.select().from(newMemberRegistrations)).toHaveLength(1);
  });
});
