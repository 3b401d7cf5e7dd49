import { createHash, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInMessages } from "../../../shared/camp/camp-checkin.ts";
import { doorCodeHashInput, DoorListSchema, DoorRefusalsSchema, searchDoorList } from "../../../shared/camp/door-list.ts";
import { sha256Hex } from "../../admin-auth/password-hash.ts";
import type { Database } from "../../db/database.ts";
import { campRegistrations } from "../../db/schema/camp.ts";
import { buildCampTestApp, campAdminToken, companion, countRows, draft, postRegistration, type TestApp } from "../../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../../test-support/database.ts";
import { checkInCodeFor } from "./checkin-code.ts";

/** The family registers the evening before the camp (registration closes when it starts); the door opens the next morning. */
const dayBefore = new Date("2026-11-27T22:30:00Z");
const now = new Date("2026-11-28T09:00:00Z");
const helperPassword = "Innsjekk-i-kjelleren-2026";

describe.each(databaseKinds)("the door list and refused door actions on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let leder: string;
  let helper: string;
  let registrationId: number;
  const url = (path: string) => `/api/VinterleirAdmin/CheckIn/${path}`;
  const act = (token: string, body: Record<string, unknown>) => app.inject({ method: "POST", url: url(`Action/${token}`), payload: body });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    let clock = dayBefore;
    ({ app } = await buildCampTestApp(database, { clock: () => clock }));
    leder = await campAdminToken(app);
    const created = await app.inject({
      method: "POST",
      url: `/api/VinterleirAdmin/Accounts/${leder}`,
      payload: { username: "dor", name: "Dora Dør", role: "innsjekk", password: helperPassword },
    });
    expect(created.statusCode, created.body).toBe(201);
    helper = (await app.inject({ url: `/api/VinterleirAdmin/GetToken/dor/${sha256Hex(helperPassword)}` })).body;
    const body = draft({
      firstName: "Åse",
      lastName: "Kjeller",
      email: "ase.kjeller@example.no",
      telephone: "98765432",
      allergies: "Nøtter-HEMMELIG",
      sleepover: true,
      hasLedsager: true,
      ledsagere: [companion({ firstName: "Bjørn", lastName: "Kjeller" })],
    });
    const res = await postRegistration(app, body);
    expect(res.body).toBe("Done");
    const [row] = await database.db.select({ id: campRegistrations.id }).from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
    registrationId = row!.id;
    clock = now;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("gives an innsjekk account the event's list with what the door needs and nothing more", async () => {
    const res = await app.inject({ url: url(`DoorList/${helper}`) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const list = DoorListSchema.parse(res.json());
    expect(list.event.key).toBe("vinterleir-2026");
    expect(list.event.days).toContain("2026-11-28");
    expect(list.event.today).toBe("2026-11-28");
    expect(new Date(list.event.keepUntil).getTime()).toBeGreaterThan(new Date(`${list.event.days.at(-1)}T23:59:59Z`).getTime());
    expect(list.fetchedAt).toBe(now.toISOString());
    const entry = list.entries.find((candidate) => candidate.registrationId === registrationId)!;
    expect(entry.persons.map((person) => [person.name, person.isLedsager, person.allergy, person.sleepover])).toEqual([
      ["Åse Kjeller", false, true, true],
      ["Bjørn Kjeller", true, false, false],
    ]);
    expect(entry.outstanding).toBe(entry.amount);
    // The phone matches a scanned code by its hash; the code itself is not in the list.
    const code = await checkInCodeFor(database.db, entry.orderId);
    expect(entry.codeHash).toBe(createHash("sha256").update(doorCodeHashInput(code)).digest("hex"));
    const text = res.body;
    for (const secret of ["HEMMELIG", "Nøtter", "ase.kjeller@example.no", "98765432", code, '"age"']) expect(text, secret).not.toContain(secret);
    // The same search as the server's, on the phone.
    expect(searchDoorList(list.entries, "BJØRN kjel").hits.map((hit) => hit.registrationId)).toEqual([registrationId]);
  });

  it("takes the event's key, refuses another event, a bad key and a bad token", async () => {
    expect((await app.inject({ url: url(`DoorList/${helper}?event=vinterleir-2026`) })).statusCode).toBe(200);
    const other = await app.inject({ url: url(`DoorList/${helper}?event=vinterleir-2019`) });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: checkInMessages.unknownEvent });
    expect((await app.inject({ url: url(`DoorList/${helper}?event=${encodeURIComponent("../x")}`) })).statusCode).toBe(400);
    const unauthorised = await app.inject({ url: url("DoorList/not-a-token") });
    expect(unauthorised.statusCode).toBe(401);
    expect(unauthorised.body.startsWith("{")).toBe(true);
  });

  it("two doors offline take the same payment: the second is refused, never doubled, and listed once for the leader", async () => {
    const list = DoorListSchema.parse((await app.inject({ url: url(`DoorList/${helper}`) })).json());
    const outstanding = list.entries.find((entry) => entry.registrationId === registrationId)!.outstanding;
    const first = { actionId: randomUUID(), kind: "payment", personId: `a${registrationId}`, amount: outstanding, method: "card" };
    const second = { actionId: randomUUID(), kind: "payment", personId: `a${registrationId}`, amount: outstanding, method: "cash" };
    // Both doors also checked the athlete in while offline: both arrive, one check-in stands.
    const checkins = [randomUUID(), randomUUID()].map((actionId) => ({ actionId, kind: "checkin", personId: `a${registrationId}` }));
    expect((await act(leder, checkins[0]!)).statusCode).toBe(200);
    expect((await act(helper, checkins[1]!)).statusCode).toBe(200);
    expect((await act(leder, first)).statusCode).toBe(200);
    const refused = await act(helper, second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(checkInMessages.nothingOutstanding);
    // The phone sends it again after a lost answer: still refused, still one row.
    expect((await act(helper, second)).statusCode).toBe(409);
    expect(await countRows(database, "camp_checkin_refusals")).toBe(1);

    const after = DoorListSchema.parse((await app.inject({ url: url(`DoorList/${helper}`) })).json());
    const entry = after.entries.find((candidate) => candidate.registrationId === registrationId)!;
    expect(entry.outstanding).toBe(0);
    expect(entry.doorPayments.map((payment) => payment.amount)).toEqual([outstanding]);
    expect(entry.persons[0]!.checkedIn).toEqual(["2026-11-28"]);

    const forLeader = await app.inject({ url: url(`Refused/${leder}`) });
    expect(forLeader.statusCode).toBe(200);
    expect(DoorRefusalsSchema.parse(forLeader.json()).refusals).toEqual([
      expect.objectContaining({
        actionId: second.actionId,
        kind: "payment",
        name: "Åse Kjeller",
        amount: outstanding,
        method: "cash",
        by: "Dora Dør",
        message: checkInMessages.nothingOutstanding,
      }),
    ]);
    // The list is the leader's: a helper gets 403.
    expect((await app.inject({ url: url(`Refused/${helper}`) })).statusCode).toBe(403);
  });
});
