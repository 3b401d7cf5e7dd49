import type { MyRegistrationView } from "../../shared/camp/camp-my-registration.ts";
import { asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailMoneyLines } from "../../shared/camp/camp-ledger-labels.ts";
import { participantPaymentMethodLabels } from "../../shared/camp/camp-state-labels.ts";
import { emailKey } from "../../shared/contact/email-key.ts";
import { formatKroner } from "../../shared/format.ts";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { campPaymentColumns } from "../payments/camp-payment-rows.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { outboxMails } from "../test-support/outbox.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { campConfirmationKey } from "./camp-confirmation-queue.ts";
import { personalTokenHash } from "../events/family-links.ts";
import { selfServiceMailKey } from "./camp-self-service-mail.ts";
import { campInputMessages } from "./camp-registrations.ts";
import { anonymousParticipant } from "./camp-public-routes.ts";
import {
  buildCampTestApp,
  campAdminToken,
  createTestTransport,
  clearCampTables,
  companion,
  countRows,
  draft,
  postRegistration,
  sibling,
  type TestApp,
} from "../test-support/camp.ts";
import { campRegistrationWithTotal } from "./camp-receipt.ts";
import { eventLedgerEntries, eventPayments } from "../db/schema/events-money.ts";
import { familyLinks } from "../db/schema/events-orders.ts";
import { readCampCompanions } from "./camp-companion-rows.ts";

// Before 1 November: the early-bird price (1200 → 1080 for youth/adults).
const now = new Date("2026-10-15T10:00:00Z");

describe.each(databaseKinds)("POST /api/Vinterleir/Post with siblings on %s", (kind) => {
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
    await app.outbox.drain();
    await clearCampTables(database);
    await put({ capacity: null, sleepoverCapacity: null });
  });

  const put = async (patch: Record<string, unknown>) => {
    const res = await app.inject({ method: "PUT", url: `/api/CampEdition/Put/2026/${token}`, payload: patch });
    expect(res.statusCode).toBe(200);
  };
  const rows = () => database.db.select(campRegistrationWithTotal).from(campRegistrations).orderBy(asc(campRegistrations.id));

  it("stores one registration per athlete, linked by the first one's order id, each priced on its own", async () => {
    const body = draft({ siblings: [sibling(), sibling({ firstName: "Per", age: 12, clubId: 2 })] });
    const res = await postRegistration(app, body);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("Done");
    const stored = await rows();
    expect(stored.map((row) => [row.firstName, row.status, row.email, row.groupId])).toEqual([
      ["Ola", "confirmed", body.email, stored[0]!.orderId],
      ["Kari", "confirmed", body.email, stored[0]!.orderId],
      ["Per", "confirmed", body.email, stored[0]!.orderId],
    ]);
    expect(stored[2]!.clubId).toBe(2);
    expect(stored[1]!.total).toBe(1080);
    expect(new Set(stored.map((row) => row.draftId)).size).toBe(3);
    const paid = await database.db.select(campPaymentColumns).from(eventPayments);
    expect(paid.map((payment) => payment.method)).toEqual(["card_cash", "card_cash", "card_cash"]);
    // One confirmation: the first athlete's receipt, then each other's lines and own order id, one total, and
    // one link for the family (it opens every athlete), not the same link again per athlete.
    const mails = await outboxMails(app, like(mailOutbox.dedupeKey, "camp-confirmation:%"), transport);
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text;
    expect(text).toContain("Påmeldt i samme påmelding\n");
    expect(text).toContain(`Kari Nordmann, ordrenummer ${stored[1]!.orderId}`);
    expect(text).toContain(`Per Nordmann, ordrenummer ${stored[2]!.orderId}`);
    expect(text).toContain(`Totalt for alle: ${formatKroner(stored[0]!.total + stored[1]!.total + stored[2]!.total)}`);
    expect(text.match(/\/min-side\//g)).toHaveLength(1);
    expect(mails[0]!.html.match(/\/min-side\//g)).toHaveLength(1);
    expect(text).not.toContain("Min påmelding for Kari");
    expect(text).toContain("På «Min påmelding» ser dere alle tre");
  });

  it("one mail under the first athlete's key: the others in the order given, the family's figures (a free athlete too), the address's family link", async () => {
    const body = draft({
      firstName: "Først",
      siblings: [sibling({ firstName: "Andre", age: 12, clubId: 2 }), sibling({ firstName: "Gratis", clubId: 29 }), sibling({ firstName: "Fjerde" })],
    });
    expect((await postRegistration(app, body)).body).toBe("Done");
    const stored = await rows();
    expect(stored.map((row) => [row.firstName, row.total > 0])).toEqual([
      ["Først", true],
      ["Andre", true],
      ["Gratis", false],
      ["Fjerde", true],
    ]);
    const sum = stored.reduce((total, row) => total + row.total, 0);
    const [mail, ...more] = await outboxMails(app, like(mailOutbox.dedupeKey, "camp-confirmation:%"), transport);
    expect(more).toHaveLength(0);
    expect([mail!.dedupeKey, mail!.recipient]).toEqual([campConfirmationKey(stored[0]!.id), body.email]);
    const at = stored.slice(1).map((row) => mail!.text.indexOf(`${row.firstName} ${row.lastName}, ordrenummer ${row.orderId}`));
    expect(at.every((index) => index > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(mail!.text).toContain(`Totalt for alle: ${formatKroner(sum)}`);
    expect(mail!.text).toContain(mailMoneyLines({ paid: 0, outstanding: sum }, "card_cash").join("\n"));
    const token = /\/min-side\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const [link] = await database.db
      .select()
      .from(familyLinks)
      .where(eq(familyLinks.tokenHash, personalTokenHash(token)));
    expect(link).toMatchObject({ emailKey: emailKey(body.email), orderId: null, ownerKind: "camp" });
  });

  it("a group whose first athlete has nothing to pay: the mail says the others pay at the camp, not that nothing is owed", async () => {
    const body = draft({ firstName: "Gratis", clubId: 29, siblings: [sibling({ firstName: "Betaler", clubId: 1 })] });
    expect((await postRegistration(app, body)).body).toBe("Done");
    const stored = await rows();
    expect(stored.map((row) => row.total > 0)).toEqual([false, true]);
    const [mail] = await outboxMails(app, like(mailOutbox.dedupeKey, "camp-confirmation:%"), transport);
    expect(mail!.text).toContain(`Betaling: ${participantPaymentMethodLabels.card_cash}.`);
    expect(mail!.text).not.toContain("ingenting å betale");
    expect(mail!.text).toContain("På «Min påmelding» ser dere begge, kan rette opplysningene");
    expect(mail!.text).not.toContain("sovepose");
    expect(mail!.text).toContain(mailMoneyLines({ paid: 0, outstanding: stored[1]!.total }, "card_cash").join("\n"));
  });

  it("the camp admin list shows the group together, each athlete labelled with the group", async () => {
    await postRegistration(app, draft({ firstName: "Alene" }));
    await postRegistration(app, draft({ siblings: [sibling()] }));
    const list: { firstname: string; group?: string | null; orderid: string }[] = (
      await app.inject({ url: `/api/VinterleirAdmin/Get/${token}` })
    ).json();
    const group = list.filter((person) => person.group);
    expect(group.map((person) => person.firstname)).toEqual(["Ola", "Kari"]);
    expect(group.every((person) => person.group === group[0]!.orderid)).toBe(true);
    expect(list.find((person) => person.firstname === "Alene")!.group).toBeNull();
  });

  it("each athlete of a group is cancelled alone through the family's link in the group's mail", async () => {
    await postRegistration(app, draft({ siblings: [sibling()] }));
    const [mail] = await outboxMails(app, like(mailOutbox.dedupeKey, "camp-confirmation:%"), transport);
    const kariToken = /\/min-side\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const view = await app.inject({ url: `/api/MinPamelding/Get/${kariToken}` });
    expect(view.statusCode).toBe(200);
    // One link for the family: the page shows both athletes, each cancelled by its own order id.
    const kari = (view.json() as MyRegistrationView).group!.members.find((member) => member.persons[0]!.firstName === "Kari")!;
    const cancel = await app.inject({
      method: "POST",
      url: `/api/MinPamelding/Cancel/${kariToken}?orderId=${kari.orderId}`,
      payload: { person: "athlete" },
    });
    expect(cancel.statusCode).toBe(200);
    const stored = await rows();
    expect(stored.map((row) => [row.firstName, row.status])).toEqual([
      ["Ola", "confirmed"],
      ["Kari", "cancelled"],
    ]);
    // The family's mail: Kari is gone, Ola still comes and still pays at the door, and the link stays.
    const [cancelled] = await outboxMails(app, eq(mailOutbox.dedupeKey, selfServiceMailKey(stored[1]!.id, "cancel-athlete")), transport);
    expect(cancelled!.subject).toBe("Kari Nordmann er avbestilt fra vinterleir 2026");
    // Greets the one who registered the family (Ola), names who was cancelled and who stays.
    expect(cancelled!.text).toMatch(/^Hei Ola!\n/);
    expect(cancelled!.text).toContain(
      `Avbestilt fra påmeldingen med ordrenummer ${stored[1]!.orderId}:\n- Kari Nordmann\n\nDisse står som før:\n- Ola Nordmann`,
    );
    expect(cancelled!.html).toContain("<p>Disse står som før:</p>\n<ul><li>Ola Nordmann</li></ul>");
    expect(cancelled!.text).toContain(`Utestående for de andre i påmeldingen: ${formatKroner(stored[0]!.total)}.`);
    expect(cancelled!.text).not.toContain("Du skal ikke betale noe mer");
    expect(cancelled!.text).toMatch(/Min påmelding: \S+\/min-side\//);
  });

  it("both athletes of a family cancelled at once: one mail says the other stays, the last says all is cancelled", async () => {
    await postRegistration(app, draft({ siblings: [sibling()] }));
    const stored = await rows();
    const cancel = (id: number) => app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${id}/${token}` });
    expect((await Promise.all(stored.map((row) => cancel(row.id)))).map((res) => res.statusCode)).toEqual([200, 200]);
    const mails = await outboxMails(app, like(mailOutbox.dedupeKey, "%:leader-cancel"), transport);
    expect(mails).toHaveLength(2);
    expect(mails.filter((mail) => mail.text.includes("Disse står som før:"))).toHaveLength(1);
    expect(mails.filter((mail) => mail.text.includes("Ingen fra påmeldingen er nå meldt på vinterleir 2026."))).toHaveLength(1);
  });

  it("a family's packing list has the sleeping things when any of them sleeps over, not only the first athlete", async () => {
    await postRegistration(app, draft({ sleepover: false, siblings: [sibling({ firstName: "Kari", sleepover: true })] }));
    const [mail] = await outboxMails(app, like(mailOutbox.dedupeKey, "camp-confirmation:%"), transport);
    expect(mail!.text).toContain("- liggeunderlag, sovepose og toalettsaker for den som overnatter i hallen");
  });

  it("the leader cancels one athlete of a family: the mail says what the others still owe and links to them", async () => {
    await postRegistration(app, draft({ siblings: [sibling()] }));
    const stored = await rows();
    const res = await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${stored[1]!.id}/${token}` });
    expect(res.statusCode).toBe(200);
    const [mail] = await outboxMails(app, eq(mailOutbox.dedupeKey, selfServiceMailKey(stored[1]!.id, "leader-cancel")), transport);
    expect(mail!.text).toContain(`Leirledelsen har avbestilt fra påmeldingen med ordrenummer ${stored[1]!.orderId}:\n- Kari Nordmann\n`);
    expect(mail!.text).toContain(`Utestående for de andre i påmeldingen: ${formatKroner(stored[0]!.total)}.`);
    expect(mail!.text).toMatch(/Min påmelding: \S+\/min-side\//);
  });

  it("takes the largest group (ten more athletes with full texts), and refuses sleepovers that do not all fit", async () => {
    const long = "ø".repeat(2000);
    const full = draft({
      allergies: long,
      otherInfo: long,
      siblings: Array.from({ length: 10 }, () => sibling({ allergies: long, otherInfo: long })),
    });
    expect((await postRegistration(app, full)).statusCode).toBe(200);
    expect(await countRows(database, "camp_registration_view")).toBe(11);
    await put({ sleepoverCapacity: 1 });
    const res = await postRegistration(app, draft({ sleepover: true, siblings: [sibling({ sleepover: true })] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(campInputMessages.groupSleepoverFull);
    expect(await countRows(database, "camp_registration_view")).toBe(11);
  });

  it("a retried group draft stores nothing new", async () => {
    const body = draft({ siblings: [sibling()] });
    expect((await postRegistration(app, body)).statusCode).toBe(200);
    expect((await postRegistration(app, body)).body).toBe("Done");
    expect(await countRows(database, "camp_registration_view")).toBe(2);
  });

  it("the same group sent twice at once is stored once, its athletes in the order given, with one mail", async () => {
    const body = draft({ firstName: "Først", siblings: [sibling({ firstName: "Andre" }), sibling({ firstName: "Tredje" })] });
    const answers = await Promise.all([postRegistration(app, body), postRegistration(app, body)]);
    expect(answers.map((res) => `${res.statusCode} ${res.body}`)).toEqual(["200 Done", "200 Done"]);
    const rows = await database.db.select(campRegistrationWithTotal).from(campRegistrations).orderBy(asc(campRegistrations.id));
    expect(rows.map((row) => row.firstName)).toEqual(["Først", "Andre", "Tredje"]);
    expect(new Set(rows.map((row) => row.groupId))).toEqual(new Set([rows[0]!.orderId]));
    expect(await outboxMails(app, like(mailOutbox.dedupeKey, "camp-confirmation:%"), transport)).toHaveLength(1);
  });

  it("a body without siblings (or with an empty list) is a registration on its own", async () => {
    expect((await postRegistration(app, draft())).statusCode).toBe(200);
    expect((await postRegistration(app, draft({ siblings: [] }))).statusCode).toBe(200);
    expect((await rows()).map((row) => row.groupId)).toEqual([null, null]);
  });

  it("validates each further athlete with the wizard's rules and messages, and at most 10", async () => {
    const bad = await postRegistration(app, draft({ siblings: [sibling({ firstName: " ", age: 3 })] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((issue: { path: string }) => issue.path)).toEqual(
      expect.arrayContaining(["siblings.0.firstName", "siblings.0.age"]),
    );
    const tooMany = await postRegistration(app, draft({ siblings: Array.from({ length: 11 }, () => sibling()) }));
    expect(tooMany.statusCode).toBe(400);
    const unknownGrade = await postRegistration(app, draft({ siblings: [sibling({ gradeId: 9999 })] }));
    expect(unknownGrade.statusCode).toBe(400);
    expect(unknownGrade.json().issues[0].path).toBe("siblings.0.gradeId");
    const extra = await postRegistration(app, { ...draft(), siblings: [{ ...sibling(), email: "x@example.no" }] });
    expect(extra.statusCode).toBe(400);
    expect(await countRows(database, "camp_registration_view")).toBe(0);
  });

  it("a group that does not fit entirely in the free places is refused with a 409, nothing stored", async () => {
    await put({ capacity: 2 });
    expect((await postRegistration(app, draft())).statusCode).toBe(200);
    const res = await postRegistration(app, draft({ siblings: [sibling()] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(campInputMessages.groupDoesNotFit(1, 2));
    expect(await countRows(database, "camp_registration_view")).toBe(1);
    expect((await postRegistration(app, draft({ siblings: [] }))).statusCode).toBe(200);
  });

  it("two groups racing for the last places never overfill the camp", async () => {
    await put({ capacity: 3 });
    const answers = await Promise.all([
      postRegistration(app, draft({ siblings: [sibling()] })),
      postRegistration(app, draft({ siblings: [sibling()] })),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await countRows(database, "camp_registration_view")).toBe(2);
  });

  describe("every athlete answers the public-list question on their own", () => {
    const publicList = async () => (await app.inject({ url: "/api/VinterleirUsers/Get" })).json() as { name: string; grade: string; club: string }[];

    it("a sibling who was not asked stays off the public list by name, although the first athlete said yes", async () => {
      const res = await postRegistration(app, draft({ public: true, otherInfo: "Bare om Ola", siblings: [sibling({ firstName: "Kari", age: 14 })] }));
      expect(res.body).toBe("Done");
      // Nothing of the first athlete's own answers is taken for her: not the public-list answer, not the free text.
      expect((await rows()).map((row) => [row.firstName, row.public, row.otherInfo])).toEqual([
        ["Ola", true, "Bare om Ola"],
        ["Kari", false, ""],
      ]);
      const list = await publicList();
      expect(list.map((entry) => entry.name)).toEqual(expect.arrayContaining(["Ola Nordmann", anonymousParticipant.name]));
      expect(JSON.stringify(list)).not.toContain("Kari");
    });

    it("each athlete's own answer is kept: a sibling's yes shows, a sibling's no does not, whatever the first one chose", async () => {
      const res = await postRegistration(
        app,
        draft({ public: false, siblings: [sibling({ firstName: "Kari", public: true }), sibling({ firstName: "Per", public: false })] }),
      );
      expect(res.body).toBe("Done");
      expect((await rows()).map((row) => [row.firstName, row.public])).toEqual([
        ["Ola", false],
        ["Kari", true],
        ["Per", false],
      ]);
      const names = (await publicList()).map((entry) => entry.name);
      expect(names.filter((name) => name !== anonymousParticipant.name)).toEqual(["Kari Nordmann"]);
    });

    it("a public-list answer that is not yes or no is refused with the wizard's message", async () => {
      const res = await postRegistration(app, draft({ siblings: [sibling({ public: "ja" })] }));
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([
        expect.objectContaining({ path: "siblings.0.public", message: "Du må velge om utøveren skal vises med navn på deltakerlisten." }),
      ]);
      expect(await countRows(database, "camp_registration_view")).toBe(0);
    });
  });

  it("a sibling brings companions of its own, stored with the sibling and priced by the same rules", async () => {
    const res = await postRegistration(
      app,
      draft({ siblings: [sibling({ firstName: "Kari", hasLedsager: true, ledsagere: [companion({ firstName: "Mor", sleepover: true })] })] }),
    );
    expect(res.body).toBe("Done");
    const [ola, kari] = await rows();
    const companions = await readCampCompanions(database.db);
    expect(companions.map((row) => [row.registrationId, row.firstName, row.sleepover])).toEqual([[kari!.id, "Mor", true]]);
    const lines = await database.db.select().from(eventLedgerEntries).where(eq(eventLedgerEntries.orderId, kari!.id));
    expect(lines.map((line) => line.item)).toContain("companion");
    const companionCharge = lines.filter((line) => line.person === `companion-${companions[0]!.id}`).reduce((sum, line) => sum + line.amount, 0);
    expect(kari!.total - ola!.total).toBe(companionCharge);
    expect(companionCharge).toBeGreaterThan(0);
  });

  it("a sibling's companions follow the single path's rules: ticked without any, or claimed as already registered but unknown", async () => {
    const none = await postRegistration(app, draft({ siblings: [sibling({ hasLedsager: true, ledsagere: [] })] }));
    expect(none.statusCode).toBe(400);
    expect(none.json().issues.map((issue: { path: string }) => issue.path)).toEqual(["siblings.0.ledsagere"]);
    const unknown = await postRegistration(
      app,
      draft({ siblings: [sibling({ hasLedsager: true, ledsagere: [companion({ firstName: "Ukjent", alreadyRegistered: true })] })] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues[0].path).toBe("siblings.0.ledsagere.0.alreadyRegistered");
    expect(await countRows(database, "camp_registration_view")).toBe(0);
  });

  describe("POST /api/Vinterleir/Price: what the wizard shows before payment", () => {
    const quote = (body: unknown) => app.inject({ method: "POST", url: "/api/Vinterleir/Price", payload: body as object });

    it("answers each athlete's lines and the total that the submission then stores, and stores nothing itself", async () => {
      const body = draft({
        siblings: [
          sibling({ firstName: "Kari", age: 10, clubId: 29, gradeId: 5, gradering: true, public: false }),
          sibling({ firstName: "Per", hasLedsager: true, ledsagere: [companion({ firstName: "Mor" })] }),
        ],
      });
      const res = await quote(body);
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      const answer = res.json() as { athletes: { name: string; lines: { label: string; amount: number }[]; total: number }[]; total: number };
      expect(answer.athletes.map((athlete) => athlete.name)).toEqual(["Ola Nordmann", "Kari Nordmann", "Per Nordmann"]);
      expect(await countRows(database, "camp_registration_view")).toBe(0);

      expect((await postRegistration(app, body)).body).toBe("Done");
      const stored = await rows();
      for (const [index, row] of stored.entries()) {
        const lines = await database.db
          .select()
          .from(eventLedgerEntries)
          .where(eq(eventLedgerEntries.orderId, row.id))
          .orderBy(asc(eventLedgerEntries.id));
        expect(answer.athletes[index]!.lines).toEqual(lines.map((line) => ({ label: line.label, amount: line.amount })));
        expect(answer.athletes[index]!.total).toBe(row.total);
      }
      expect(answer.total).toBe(stored.reduce((sum, row) => sum + row.total, 0));
    });

    it("refuses what the submission refuses, with the same paths and messages", async () => {
      const unknownGrade = await quote(draft({ siblings: [sibling({ gradeId: 9999 })] }));
      expect(unknownGrade.statusCode).toBe(400);
      expect(unknownGrade.json().issues[0].path).toBe("siblings.0.gradeId");
      const invalid = await quote(draft({ siblings: [sibling({ public: "ja" })] }));
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().issues[0].path).toBe("siblings.0.public");
    });
  });
});
