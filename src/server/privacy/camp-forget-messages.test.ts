import { and, eq, like, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { createTestDatabase, databaseKinds } from "../test-support/database.ts";
import { buildCampTestApp, campAdminToken, draft, postRegistration, type TestApp } from "../test-support/camp.ts";
import { eventMessageForgotten } from "./person-forget.ts";

const slug = "vinterleir-2026";
const frida = { firstName: "Frida", lastName: "Glemmesen", email: "Frida.Glemmesen@Example.no" };
const fridaKey = "frida.glemmesen@example.no";
const ola = { firstName: "Ola", lastName: "Blirsen", email: "ola.blirsen@example.no" };

describe.each(databaseKinds)("a camp registration deleted on request, in the leader's messages, on %s", (kind) => {
  let database: Database;
  let app: TestApp;
  let transport: Awaited<ReturnType<typeof buildCampTestApp>>["transport"];
  let leder: string;
  const now = new Date("2026-10-15T10:00:00Z");
  const ids: Record<string, number> = {};

  const send = (subject: string) =>
    app.inject({ method: "POST", url: `/api/Melding/Send/${slug}/${leder}`, payload: { segment: "all", subject, body: "Hei {deltakere}." } });

  /** Frida's mails of the leader's messages not sent yet (the club's own copy aside), by address. */
  const unsentTo = async () =>
    (
      await database.db
        .select({ to: mailOutbox.recipient, key: mailOutbox.dedupeKey })
        .from(mailOutbox)
        .where(and(like(mailOutbox.dedupeKey, "message:%"), ne(mailOutbox.status, "sent")))
    )
      .filter((mail) => !mail.key.endsWith(":copy") && mail.to === frida.email)
      .map((mail) => mail.to);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app, transport } = await buildCampTestApp(database, { clock: () => now }));
    leder = await campAdminToken(app);
    for (const [key, person] of [
      ["frida", frida],
      ["ola", ola],
    ] as const) {
      const body = draft({ ...person, vipps: false });
      expect((await postRegistration(app, body)).body).toBe("Done");
      const [row] = await database.db.select({ id: campRegistrations.id }).from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
      ids[key] = row!.id;
    }
    await app.outbox.drain();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("takes the family's address and names out of the log now, and its mail still queued is not sent", async () => {
    expect((await send("Velkommen")).statusCode).toBe(201);
    await app.outbox.drain();
    // The mail server says «try again later» to the second message's two mails: both still queued when Frida asks.
    transport.failures = 2;
    expect((await send("Husk beltet")).statusCode).toBe(201);
    await app.outbox.drain();
    expect(transport.failures).toBe(0);

    expect(await unsentTo()).toEqual([frida.email]);
    const forgot = await app.inject({ method: "POST", url: `/api/VinterleirAdmin/Forget/${ids.frida}/${leder}` });
    expect(forgot.statusCode, forgot.body).toBe(200);

    const log = (await app.inject({ url: `/api/Melding/Get/${slug}/${leder}` })).json() as {
      subject: string;
      families: { address: string | null; participants: string | null; state: string; error: string | null }[];
    }[];
    const families = (subject: string) => log.find((entry) => entry.subject === subject)!.families;
    expect(families("Velkommen")).toEqual(
      expect.arrayContaining([
        { address: null, participants: null, state: "sent", error: null },
        { address: ola.email, participants: "Ola Blirsen", state: "sent", error: null },
      ]),
    );
    expect(families("Husk beltet")).toEqual(
      expect.arrayContaining([
        { address: null, participants: null, state: "failed", error: eventMessageForgotten },
        expect.objectContaining({ address: ola.email, participants: "Ola Blirsen" }),
      ]),
    );
    expect(await unsentTo()).toEqual([]);
    const recipients = JSON.stringify((await database.db.execute(sql`select * from message_recipients`)).rows);
    for (const personal of ["Glemmesen", fridaKey, frida.email]) expect(recipients).not.toContain(personal);
    expect(recipients).toContain("Ola Blirsen");
  });
});
