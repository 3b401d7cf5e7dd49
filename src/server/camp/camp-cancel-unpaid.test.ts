import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { nothingPaidCancelledSentence, nothingPaidSentence } from "../../shared/camp/cancellation-terms.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { databaseKinds } from "../test-support/database.ts";
import { campAdminToken, companion, draft, postRegistration } from "../test-support/camp.ts";
import { useVippsCampSuite } from "../test-support/vipps.ts";
import { outboxMails } from "../test-support/outbox.ts";

const linkPattern = /https:\/\/klubb\.example\/min-side\/([A-Za-z0-9_-]{43})/;

/**
 * A card/cash registration cancelled after the full-refund deadline while unpaid: the rule applies to what
 * was paid, so nothing paid means nothing back, nothing kept and nothing owed — no cancellation fee.
 */
describe.each(databaseKinds)("cancelling what was never paid on %s", (kind) => {
  const suite = useVippsCampSuite(kind, new Date("2026-11-10T10:00:00Z"));
  const inject = (method: "GET" | "POST", url: string, payload?: object) => suite.app.inject({ method, url, ...(payload ? { payload } : {}) });
  const cardCash = async (overrides: Parameters<typeof draft>[0] = {}) => {
    const body = draft({ email: `familie-${randomUUID().slice(0, 8)}@example.no`, ...overrides });
    expect((await postRegistration(suite.app, body)).body).toBe("Done");
    const [row] = await suite.app.db.select({ id: campRegistrations.id }).from(campRegistrations).where(eq(campRegistrations.draftId, body.draftId));
    const [mail] = await outboxMails(suite.app, eq(mailOutbox.dedupeKey, `camp-confirmation:${row!.id}`), suite.transport);
    // The confirmation states the rule, then that it applies to what was paid.
    expect(mail!.text.replace(/\s+/g, " ")).toMatch(
      /Avbestiller du innen midnatt 21\. november 2026, får du alt du har betalt tilbake; [^.]+\. Reglene gjelder det som er betalt/,
    );
    expect(mail!.text.replace(/\s+/g, " ")).toContain(nothingPaidSentence);
    return { registrationId: row!.id, token: linkPattern.exec(mail!.text)![1]! };
  };
  const view = async (token: string) => (await inject("GET", `/api/MinPamelding/Get/${token}`)).json();

  it("after the deadline an unpaid card/cash registration is cancelled for nothing: no fee kept, nothing owed either way", async () => {
    const { registrationId, token } = await cardCash({ hasLedsager: true, ledsagere: [companion({ firstName: "Kari" })] });
    suite.now = new Date("2026-11-23T10:00:00Z");
    // Min påmelding asks with what was paid for each person: nothing, so it costs nothing.
    const before = await view(token);
    for (const person of before.persons) expect(person).toMatchObject({ refundIfCancelledToday: 0, paidForIfCancelledToday: 0 });
    const res = await inject("POST", `/api/MinPamelding/Cancel/${token}`, { person: "athlete" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "cancelled", refund: 0, paid: 0, kept: 0, refundOwed: 0, outstanding: 0 });
    expect(res.json().paymentState).toBe("Avbestilt – ingenting er betalt, og ingenting skal betales.");
    const [mail] = await suite.app.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, `camp-self:${registrationId}:cancel-athlete`));
    expect(mail!.text).toContain(nothingPaidCancelledSentence);
    expect(mail!.text).toContain("Du skal ikke betale noe mer.");
    expect(mail!.text).not.toMatch(/beholdes etter avbestillingsreglene/);
    const admin = await campAdminToken(suite.app);
    const treasurer = (await inject("GET", `/api/VinterleirAdmin/Treasurer/${admin}`)).json();
    expect(treasurer).toMatchObject({ paid: 0, kept: 0, refundOwed: 0, net: 0 });
    expect(treasurer.refundsOwed).toEqual([]);
  });

  it("after the deadline a paid card/cash athlete gets the rule's share of what was paid, owed back outside Vipps, while an unpaid companion costs nothing", async () => {
    const { registrationId, token } = await cardCash();
    const admin = await campAdminToken(suite.app);
    expect((await inject("POST", `/api/VinterleirAdmin/MarkPaid/${registrationId}/${admin}`)).statusCode).toBe(200);
    expect(
      (await inject("POST", `/api/MinPamelding/AddCompanion/${token}`, { ...companion({ firstName: "Per" }), alreadyRegistered: false })).statusCode,
    ).toBe(200);
    suite.now = new Date("2026-11-23T10:00:00Z");
    const per = (await view(token)).persons.find((person: { kind: string }) => person.kind === "companion");
    expect(per).toMatchObject({ refundIfCancelledToday: 0, paidForIfCancelledToday: 0 });
    expect((await inject("POST", `/api/MinPamelding/Cancel/${token}`, { person: per.key })).json()).toMatchObject({
      refund: 0,
      kept: 0,
      outstanding: 0,
    });
    const athlete = (await view(token)).persons[0];
    expect(athlete).toMatchObject({ refundIfCancelledToday: 600, paidForIfCancelledToday: 1200 });
    expect((await inject("POST", `/api/MinPamelding/Cancel/${token}`, { person: "athlete" })).json()).toMatchObject({
      refund: 600,
      kept: 600,
      refundOwed: 600,
    });
    const treasurer = (await inject("GET", `/api/VinterleirAdmin/Treasurer/${await campAdminToken(suite.app)}`)).json();
    expect(treasurer.refundsOwed).toEqual([expect.objectContaining({ registrationId, amount: 600 })]);
  });
});
