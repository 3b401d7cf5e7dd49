/**
 * What the site tells families beyond «Send melding» itself: the greeting by the contact person's name (never
 * the child's), the «Tilbudt plass» segment, the mail when the leader takes someone off the waiting list, the
 * club's address as kept in «Nettsted» for Reply-To and the new-member notice, a planned message cancelled
 * before its time, and the log of what was written to the interested.
 */
import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedSiteContent } from "../../shared/site/site-content-seed.ts";
import { Referer } from "../../shared/members/new-member.ts";
import { sha256Hex } from "../admin-auth/password-hash.ts";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { testAdminCredentials } from "../test-support/app.ts";
import { buildCampTestApp, campAdminToken, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import { clubAddress } from "../site-content/club-contact.ts";

const slug = "vinterleir-2026";
const edited = "styret@example.no";

describe.each(databaseKinds)("messages to families, and what the site tells them itself, on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let transport: Awaited<ReturnType<typeof buildCampTestApp>>["transport"];
  let leder: string;
  let now = new Date("2026-11-05T10:00:00Z");
  const ids: Record<string, number> = {};

  const send = (body: object, token = leder) => app.inject({ method: "POST", url: `/api/Melding/Send/${slug}/${token}`, payload: body });
  const mailsTo = (prefix: string, subject: string) => transport.sent.filter((mail) => mail.to.startsWith(prefix) && mail.subject === subject);
  const register = async (name: string, overrides: Parameters<typeof draft>[0], answer = "Done") => {
    const res = await postRegistration(
      app,
      draft({ firstName: name, lastName: "Lund", email: `${name.toLowerCase()}.familie@example.no`, vipps: false, ...overrides }),
    );
    expect(res.body).toContain(answer);
    const [row] = await database.db.select({ id: campRegistrations.id }).from(campRegistrations).orderBy(desc(campRegistrations.id)).limit(1);
    ids[name] = row!.id;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app, transport } = await buildCampTestApp(database, { clock: () => now }));
    leder = await campAdminToken(app);
    const put = await app.inject({
      method: "PUT",
      url: `/api/CampEdition/Put/2026/${leder}`,
      payload: { capacity: 2, registrationOpensAt: "2025-11-30T23:00:00.000Z", registrationClosesAt: "2026-11-30T23:00:00.000Z" },
    });
    expect(put.statusCode, put.body).toBe(200);
    // Two children take the two places: Emma's parent gave a name, Ola's did not. Then two wait.
    await register("Emma", { age: 10, contactName: "Kari" });
    await register("Ola", { age: 11 });
    await register("Nora", { age: 9, contactName: "Per" }, "Venteliste");
    await register("Siri", { age: 12 }, "Venteliste");
    await app.outbox.drain();
    transport.sent.length = 0;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("greets the contact person the form named, or no one — never the child; a text that greets by itself is greeted once", async () => {
    expect((await send({ segment: "all", subject: "Hilsen", body: "Vi sees, {deltakere}. {navn}" })).json().recipients).toBe(2);
    // The leader's own «Hei {navn}!»: the mail adds none (text and HTML alike).
    expect((await send({ segment: "all", subject: "Egen hilsen", body: "Hei {navn}!\n\nVi sees, {deltakere}." })).json().recipients).toBe(2);
    await app.outbox.drain();
    const [emma] = mailsTo("emma", "Hilsen");
    expect(emma?.text).toMatch(/^Hei Kari!\n/);
    expect(emma?.text).toContain("Denne meldingen gjelder Emma Lund.");
    expect(emma?.text).toContain("Vi sees, Emma. Kari");
    const [ola] = mailsTo("ola", "Hilsen");
    expect(ola?.text).toMatch(/^Hei!\n/);
    expect(ola?.text).not.toContain("Hei Ola");
    const [emmaOwn] = mailsTo("emma", "Egen hilsen");
    expect(emmaOwn?.text).toMatch(/^Hei Kari!\n\nDenne meldingen gjelder Emma Lund\.\n\nVi sees, Emma\.\n/);
    expect(emmaOwn?.html).toContain("<p>Hei Kari!</p>\n<p>Denne meldingen gjelder Emma Lund.</p>\n<p>Vi sees, Emma.</p>");
    const [olaOwn] = mailsTo("ola", "Egen hilsen");
    expect(olaOwn?.text).toMatch(/^Hei!\n\nDenne meldingen gjelder Ola Lund\./);
    for (const mail of [emmaOwn, olaOwn]) {
      expect(mail?.text.match(/\bHei\b/g)).toHaveLength(1);
      expect(mail?.html.match(/\bHei\b/g)).toHaveLength(1);
    }
    const [row] = await database.db
      .select({ contactName: campRegistrations.contactName })
      .from(campRegistrations)
      .where(eq(campRegistrations.id, ids.Emma!));
    expect(row?.contactName).toBe("Kari");
  });

  it("an adult athlete's registration stores no contact person; a too long name is a 400 in Norwegian", async () => {
    await register("Voksen", { age: 30, contactName: "Noen Andre" }, "Venteliste");
    const [row] = await database.db
      .select({ contactName: campRegistrations.contactName })
      .from(campRegistrations)
      .where(eq(campRegistrations.id, ids.Voksen!));
    expect(row?.contactName).toBe("");
    const bad = await postRegistration(app, draft({ age: 10, contactName: "x".repeat(101) }));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Navnet kan ha høyst 100 tegn.");
  });

  it("«Tilbudt plass»: the families offered a freed place, and only they; taking someone off the list mails them", async () => {
    const cancel = await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${ids.Ola}/${leder}` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await app.waitlist.drain();
    expect((await send({ segment: "offered", subject: "Svar på tilbudet", body: "Husk å svare." })).json().recipients).toBe(1);
    expect((await send({ segment: "waiting", subject: "Alle som venter", body: "Vi venter." })).json().recipients).toBe(3);
    await app.outbox.drain();
    expect(transport.sent.filter((mail) => mail.subject === "Svar på tilbudet").map((mail) => mail.to)).toEqual(["nora.familie@example.no"]);
    expect(mailsTo("nora", "Svar på tilbudet")[0]?.text).toMatch(/^Hei Per!\n/);
    // The offer mail itself greets the contact person too.
    expect(transport.sent.find((mail) => mail.to.startsWith("nora") && mail.subject.startsWith("Ledig plass"))?.text).toMatch(/^Hei Per!\n/);

    const removed = await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Waitlist/Remove/${ids.Siri}/${leder}` });
    expect(removed.statusCode).toBe(200);
    await app.outbox.drain();
    const [mail] = mailsTo("siri", "Du står ikke lenger på ventelisten til Vinterleir 2026");
    expect(mail?.text).toContain("Leirledelsen har tatt Siri Lund av ventelisten");
    expect(mail?.text).toContain("Du har ikke betalt noe og skal ikke betale noe.");
    expect(mail?.text).toMatch(/^Hei!\n/);
  });

  it("Reply-To, the club's copy and the new-member notice follow the address the club keeps in «Nettsted»", async () => {
    const kontakt = await app.inject({
      method: "PUT",
      url: `/api/NettstedAdmin/Put/kontakt/${leder}`,
      payload: { ...seedSiteContent.kontakt, general: edited },
    });
    expect(kontakt.statusCode, kontakt.body).toBe(200);
    await send({ segment: "all", subject: "Ny adresse", body: "Svar gjerne." });
    await app.outbox.drain();
    const [emma] = mailsTo("emma", "Ny adresse");
    expect(emma?.replyTo).toBe(edited);
    expect(emma?.text).toContain(`Svar på denne e-posten går til ${edited}.`);
    expect(transport.sent.find((mail) => mail.subject === "Kopi: Ny adresse")?.to).toBe(edited);
    const preview = await app.inject({
      method: "POST",
      url: `/api/Melding/Preview/${slug}/${leder}`,
      payload: { message: { segment: "all", subject: "x", body: "y" } },
    });
    expect(preview.json().replyTo).toBe(edited);

    const interest = await app.inject({
      method: "POST",
      url: "/api/NewMember/Post",
      payload: {
        draftId: randomUUID(),
        firstName: "Sara",
        lastName: "Berg",
        age: 9,
        parentFirstName: "Lise",
        parentLastName: "Berg",
        email: "lise@example.no",
        telephone: "912 34 567",
        referer: Referer.QRCode,
      },
    });
    expect(interest.statusCode, interest.body).toBe(200);
    await app.outbox.drain();
    expect(transport.sent.filter((mail) => mail.to === edited && mail.subject !== "Kopi: Ny adresse")).toHaveLength(1);
    // A configured address wins over the one in «Nettsted».
    expect(await clubAddress(app.db, "trening@example.no")).toBe("trening@example.no");
    expect(await clubAddress(app.db, undefined)).toBe(edited);
  });

  it("the new-member admin sees what was written to the interested, with each address's state", async () => {
    const login = await app.inject({ url: `/api/NewMemberAdmin/GetToken/${sha256Hex(testAdminCredentials.NEWMEMBER_ADMIN_PASSWORD)}` });
    const token = login.body;
    const sent = await app.inject({
      method: "POST",
      url: `/api/NewMemberAdmin/Message/${token}`,
      payload: { subject: "Prøvetime", body: "Velkommen på prøvetime." },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await app.outbox.drain();
    const log = await app.inject({ url: `/api/NewMemberAdmin/Messages/${token}` });
    expect(log.statusCode).toBe(200);
    expect(log.json()).toEqual([
      expect.objectContaining({
        subject: "Prøvetime",
        recipients: 1,
        counts: { queued: 0, sent: 1, failed: 0 },
        families: [expect.objectContaining({ address: "lise@example.no", state: "sent" })],
      }),
    ]);
    // Not for a camp account, nor without one.
    expect((await app.inject({ url: `/api/NewMemberAdmin/Messages/${leder}` })).statusCode).toBe(401);
  });

  it("a planned message can be cancelled before its time and is then never sent; a sent one cannot", async () => {
    const sendAt = new Date(now.getTime() + 60 * 60_000).toISOString();
    const planned = await send({ segment: "all", subject: "Senere avlyst", body: "Skal ikke komme.", sendAt });
    const id = planned.json().id;
    const cancel = (messageId: number, token = leder) => app.inject({ method: "POST", url: `/api/Melding/Cancel/${slug}/${messageId}/${token}` });
    const created = await app.inject({
      method: "POST",
      url: `/api/VinterleirAdmin/Accounts/${leder}`,
      payload: { username: "dora", name: "Dora Dør", role: "innsjekk", password: "Innsjekk-ved-døra-2026" },
    });
    expect(created.statusCode).toBe(201);
    const innsjekk = (await app.inject({ url: `/api/VinterleirAdmin/GetToken/dora/${sha256Hex("Innsjekk-ved-døra-2026")}` })).body;
    expect((await cancel(id, innsjekk)).statusCode).toBe(403);

    const done = await cancel(id);
    expect(done.statusCode).toBe(200);
    expect(done.json().find((entry: { id: number }) => entry.id === id)).toMatchObject({
      cancelledBy: testAdminCredentials.CAMP_ADMIN_USERNAME,
      queuedAt: null,
      recipients: 0,
    });
    now = new Date(now.getTime() + 2 * 60 * 60_000);
    leder = await campAdminToken(app);
    expect(await app.messageScheduler.runOnce()).toBe(0);
    await app.outbox.drain();
    expect(transport.sent.some((mail) => mail.subject === "Senere avlyst")).toBe(false);

    expect((await cancel(id)).json()).toEqual({ error: "Meldingen er allerede avlyst." });
    const sentNow = (await send({ segment: "all", subject: "Nå", body: "Nå." })).json().id;
    const late = await cancel(sentNow);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: "Meldingen er allerede sendt og kan ikke avlyses." });
    expect((await cancel(999_999)).statusCode).toBe(404);
  });
});
