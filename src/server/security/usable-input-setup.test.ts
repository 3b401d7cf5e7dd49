import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validDraft } from "../../shared/camp/camp-draft.fixture.ts";
import { invalidCharactersMessage } from "../../shared/text-rules.ts";
import type { Database } from "../db/database.ts";
import { buildTestApp } from "../test-support/app.ts";
import { campAdminToken, createTestTransport } from "../test-support/camp.ts";
import { createTestDatabase } from "../test-support/database.ts";

describe("broken Unicode and control characters are refused with 400 everywhere", () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let admin: string;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    app = await buildTestApp(database, {
      clock: () => new Date("2026-10-15T10:00:00Z"),
      env: { CAMP_YEAR: "2026", PUBLIC_BASE_URL: "https://klubb.example" },
      mail: { transport: createTestTransport(), startWorker: false },
    });
    admin = await campAdminToken(app);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  // JSON text with the escapes as sent: JSON.stringify would write the lone half as an escape too.
  const json = (method: "POST" | "PUT", url: string, body: string) =>
    app.inject({ method, url, payload: body, headers: { "content-type": "application/json" } });

  it.each([
    ["a lone high surrogate", "\\ud800"],
    ["a lone low surrogate", "x\\udc00y"],
    ["NUL", "a\\u0000b"],
    ["an escape character", "\\u001b[31m"],
    ["DEL", "\\u007f"],
  ])("%s in an edition field, a registration, a lookup and a key", async (_what, bad) => {
    const answers = [
      await json("PUT", `/api/CampEdition/Put/2026/${admin}`, `{"venue":"Hallen ${bad}"}`),
      await json("PUT", `/api/CampEdition/Put/2026/${admin}`, `{"program":[{"day":1,"from":"10:00","what":"${bad}","audience":"alle"}]}`),
      await json("POST", "/api/Vinterleir/Post", JSON.stringify(validDraft()).replace('"Ola"', `"O${bad}la"`)),
      await json("POST", "/api/MinPamelding/Find", `{"email":"ola${bad}@example.no"}`),
      await json("POST", "/api/MinPamelding/Find", `{"email":"ola@example.no","${bad}":1}`),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect(answers[0]!.json().issues).toEqual([{ path: "", message: invalidCharactersMessage }]);
  });

  it("in a path parameter or a query value", async () => {
    for (const url of ["/api/MinPamelding/Get/abc%00def", "/api/Venteliste/Get/%1B", `/api/VinterleirAdmin/Get/${admin}?year=2026%00`]) {
      expect((await app.inject({ url })).statusCode, url).toBe(400);
    }
  });

  it("an API answer that does not say how it may be kept is never stored; the public lists keep their own rule", async () => {
    const refused = await json("POST", "/api/MinPamelding/Find", `{"email":"\\u0000"}`);
    expect(refused.headers["cache-control"]).toBe("no-store");
    const admin400 = await json("PUT", `/api/CampEdition/Put/2026/${admin}`, `{"venue":1}`);
    expect(admin400.headers["cache-control"]).toBe("no-store");
    expect((await app.inject({ url: "/api/VinterleirUsers/Get" })).headers["cache-control"]).toBe("no-cache");
  });

  it("keeps tab and line breaks in free text", async () => {
    const res = await json("POST", "/api/Vinterleir/Post", JSON.stringify(validDraft({ otherInfo: "Linje 1\nLinje 2\tmed tab" })));
    expect(res.statusCode).not.toBe(400);
  });
});
