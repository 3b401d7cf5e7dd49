import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { changeLineText, type ChangeLogEntry } from "../../shared/change-log.ts";
import { eventChangeLines } from "../../shared/events/event-change-lines.ts";
import type { EventKind } from "../../shared/events/event-definition.ts";
import type { Database } from "../db/database.ts";
import { testAdminCredentials } from "../test-support/app.ts";
import { buildCampTestApp, campAdminToken, type TestApp } from "../test-support/camp.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { clearEvents, grading, order, postOrder, sale } from "../test-support/events.ts";

let now = new Date("2026-11-26T12:00:00Z");
const account = testAdminCredentials.CAMP_ADMIN_USERNAME;

describe.each(databaseKinds)("the events' change log on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildCampTestApp(database, { clock: () => now }));
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

  const put = (slug: string, definition: object, query = "") =>
    app.inject({ method: "PUT", url: `/api/ArrangementAdmin/Put/${slug}/${token}${query}`, payload: definition });
  const publish = (slug: string) => app.inject({ method: "POST", url: `/api/ArrangementAdmin/Publish/${slug}/${token}` });
  const log = async (slug: string) => {
    const res = await app.inject({ url: `/api/ArrangementAdmin/Changes/${slug}/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    return res.json() as ChangeLogEntry[];
  };
  /** An entry's lines as the leader reads them at `now`. */
  const lines = (entry: ChangeLogEntry, eventKind: EventKind = "gradering") =>
    eventChangeLines(entry.changes, { now, year: 2026, kind: eventKind }).map(changeLineText);
  const version = async (slug: string) =>
    Number((await database.db.execute<{ version: number }>(sql`select version from events where slug = ${slug}`)).rows[0]!.version);

  it("logs a create, a price change, a publish; a save that changes nothing logs nothing", async () => {
    expect((await put("gradering-desember", grading({ price: 300 }), "?create=1")).statusCode).toBe(201);
    const [created] = await log("gradering-desember");
    expect(created).toMatchObject({ changedAt: now.toISOString(), account, action: "created" });
    expect(created!.changes).toContainEqual({ field: "price", from: null, to: 300 });

    now = new Date("2026-11-26T13:15:00Z");
    expect((await put("gradering-desember", grading({ price: 350 }))).statusCode).toBe(200);
    const updated = (await log("gradering-desember"))[1]!;
    expect(updated).toMatchObject({ changedAt: "2026-11-26T13:15:00.000Z", account, action: "updated" });
    expect(updated.changes).toEqual([{ field: "price", from: 300, to: 350 }]);
    expect(lines(updated)).toEqual(["Pris: 300\u00a0kr → 350\u00a0kr"]);

    // The same form saved again: no entry, no new version.
    const before = await version("gradering-desember");
    expect((await put("gradering-desember", grading({ price: 350 }))).statusCode).toBe(200);
    expect(await log("gradering-desember")).toHaveLength(2);
    expect(await version("gradering-desember")).toBe(before);

    // Dates, the window and a belt, in the leader's words.
    expect((await put("gradering-desember", grading({ price: 350, lastDay: "2026-12-13", maxGradeId: 4, capacity: null }))).statusCode).toBe(200);
    expect(lines((await log("gradering-desember"))[2]!)).toEqual([
      "Siste dag: 12. desember → 13. desember",
      "Antall plasser: 2 → ingen grense",
      "Høyeste grad: 2. Cup (Rødt med to sorte striper) → 8. Cup (Gult)",
    ]);

    now = new Date("2026-11-26T14:00:00Z");
    expect((await publish("gradering-desember")).statusCode).toBe(200);
    // Publishing again changes nothing.
    expect((await publish("gradering-desember")).statusCode).toBe(200);
    const entries = await log("gradering-desember");
    expect(entries.map((entry) => entry.action)).toEqual(["created", "updated", "updated", "published"]);
    expect(entries[3]).toMatchObject({ account, changes: [{ field: "publishedAt", from: null, to: "2026-11-26T14:00:00.000Z" }] });
    expect(lines(entries[3]!)).toEqual(["Publisert: – → torsdag 26. november kl. 15.00"]);
  });

  it("logs a copy on the new event, from which event it was made; the old event's log is as it was", async () => {
    expect((await put("gradering-desember", grading())).statusCode).toBe(201);
    const copy = await app.inject({ method: "POST", url: `/api/ArrangementAdmin/Copy/gradering-desember/gradering-desember-2027/${token}` });
    expect(copy.statusCode).toBe(201);
    const [copied, ...rest] = await log("gradering-desember-2027");
    expect(rest).toEqual([]);
    expect(copied).toMatchObject({ account, action: "copied" });
    expect(copied!.changes[0]).toEqual({ field: "copiedFrom", from: null, to: "gradering-desember" });
    expect(copied!.changes).toContainEqual({ field: "firstDay", from: null, to: "2027-12-11" });
    expect(await log("gradering-desember")).toHaveLength(1);
  });

  it("a sale's items one by one, and a save refused after its stock was taken logs nothing", async () => {
    expect((await put("klubbtoy", sale(3))).statusCode).toBe(201);
    expect((await publish("klubbtoy")).statusCode).toBe(200);
    expect((await put("klubbtoy", sale(5))).statusCode).toBe(200);
    expect(lines((await log("klubbtoy"))[2]!, "salg")).toEqual([
      "Varer: T-skjorte, 200\u00a0kr (S: 5 stk, M: 3 stk) → T-skjorte, 200\u00a0kr (S: 5 stk, M: 5 stk)",
    ]);
    for (let n = 0; n < 2; n++) {
      const res = await postOrder(app, "klubbtoy", order({ items: [{ itemId: "t-skjorte", variant: "M", quantity: 1 }] }));
      expect(res.body).toBe("Done");
    }
    // Fewer in all than are sold: refused in the same transaction as its log entry.
    expect((await put("klubbtoy", sale(1))).statusCode).toBe(409);
    expect(await log("klubbtoy")).toHaveLength(3);
  });

  it("answers 404 in Norwegian for an unknown address or a camp edition, and 401 without a valid token", async () => {
    for (const slug of ["finnes-ikke", "vinterleir-2026"]) {
      const res = await app.inject({ url: `/api/ArrangementAdmin/Changes/${slug}/${token}` });
      expect([res.statusCode, res.json().error]).toEqual([404, "Fant ikke arrangementet."]);
    }
    expect((await put("gradering-desember", grading())).statusCode).toBe(201);
    expect((await app.inject({ url: "/api/ArrangementAdmin/Changes/gradering-desember/not-a-token" })).statusCode).toBe(401);
  });
});
