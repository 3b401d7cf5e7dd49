import { asc, eq, isNotNull, like } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { MyRegistrationView } from "../../shared/camp/camp-my-registration.ts";
import { campRefund } from "../../shared/camp/camp-pricing.ts";
import { formatKroner } from "../../shared/format.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventPaymentActions, eventPayments } from "../db/schema/events-money.ts";
import { familyLinks } from "../db/schema/events-orders.ts";
import { campPayment, campPaymentColumns, campPaymentWithId } from "../payments/camp-payment-rows.ts";
import { groupShares } from "../payments/group-payments.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { outboxMails } from "../test-support/outbox.ts";
import { actOnLanding, reconcile, startVippsPayment, useVippsCampSuite } from "../test-support/vipps.ts";
import { databaseKinds } from "../test-support/database.ts";
import { campEditionOfYear } from "./camp-edition-lookup.ts";
import { adminActionMessages, cancelRegistration } from "./camp-admin-actions.ts";
import { figuresOf } from "./camp-ledger-store.ts";
import { campAdminToken, companion, draft, postRegistration, sibling } from "../test-support/camp.ts";
import { campRegistrationWithTotal } from "./camp-receipt.ts";

const linkPattern = /https:\/\/klubb\.example\/min-side\/([A-Za-z0-9_-]{43})/g;

describe.each(databaseKinds)("a group paying once with Vipps on %s", (kind) => {
  // After the full-refund deadline (midnight 21 November), before the camp.
  const suite = useVippsCampSuite(kind, new Date("2026-11-25T10:00:00Z"));
  let admin: string;
  beforeEach(async () => {
    admin = await campAdminToken(suite.app);
    expect((await suite.app.inject({ method: "PUT", url: `/api/CampEdition/Put/2026/${admin}`, payload: { capacity: null } })).statusCode).toBe(200);
  });

  const registrations = () => suite.app.db.select(campRegistrationWithTotal).from(campRegistrations).orderBy(asc(campRegistrations.id));
  /** Every athlete's share of a group payment, as the ledger and the group give it. */
  const sharesOf = async (paymentId: number) =>
    (await groupShares(suite.app.db, [(await campPayment(suite.app.db, paymentId))!])).get(paymentId) ?? [];
  const get = (token: string) => suite.app.inject({ url: `/api/MinPamelding/Get/${token}` });
  const cancel = (token: string, body: unknown, orderId?: string) =>
    suite.app.inject({ method: "POST", url: `/api/MinPamelding/Cancel/${token}${orderId ? `?orderId=${orderId}` : ""}`, payload: body as object });

  // Each athlete answers the public-list question on their own; these two said yes.
  const startGroup = () =>
    startVippsPayment(suite.app, { siblings: [sibling({ public: true }), sibling({ firstName: "Per", age: 12, public: true })] });
  /** A group of three registered and paid with one Vipps payment; answers the payment and the links from the mail. */
  const paidGroup = async () => {
    const paying = await startGroup();
    expect((await actOnLanding(suite.app, paying.redirectUrl, "approve")).statusCode).toBe(303);
    await suite.sim.settled();
    await reconcile(suite.service);
    const mails = await outboxMails(suite.app, like(mailOutbox.dedupeKey, "camp-confirmation:%"), suite.transport);
    expect(mails).toHaveLength(1);
    const tokens = [...mails[0]!.text.matchAll(linkPattern)].map((match) => match[1]!);
    return { paying, mail: mails[0]!, tokens: [...new Set(tokens)] };
  };

  it("one payment for the group total, one redirect; approved: every athlete confirmed and the whole total captured, one mail", async () => {
    const paying = await startGroup();
    const stored = await registrations();
    expect(stored.map((row) => row.status)).toEqual(["pending_payment", "pending_payment", "pending_payment"]);
    const total = stored.reduce((sum, row) => sum + row.total, 0);
    const rows = await suite.app.db.select(campPaymentColumns).from(eventPayments);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ registrationId: stored[0]!.id, method: "vipps", amount: total, reference: `${stored[0]!.orderId}-1` });
    const shares = await sharesOf(rows[0]!.id);
    expect(shares.map((share) => [share.registrationId, share.amount])).toEqual(stored.map((row) => [row.id, row.total]));
    expect(suite.sim.payments.get(paying.reference)!.amount.value).toBe(total * 100);
    // Nobody of a group waiting for payment is on the public list, and no confirmation (nor its family link) is written yet.
    expect((await suite.app.inject({ url: "/api/VinterleirUsers/Get" })).json()).toEqual([]);
    // Nothing about the people before the payment is reserved.
    expect((await suite.app.inject({ url: `/api/Vipps/CheckIfVippsOk/${paying.orderId}?kvittering=1` })).json()).toEqual({
      status: "",
      receipt: null,
    });
    expect(await outboxMails(suite.app, like(mailOutbox.dedupeKey, "camp-confirmation:%"), suite.transport)).toEqual([]);
    expect(await suite.app.db.select().from(familyLinks).where(isNotNull(familyLinks.emailKey))).toEqual([]);

    expect((await actOnLanding(suite.app, paying.redirectUrl, "approve")).statusCode).toBe(303);
    await suite.sim.settled();
    await reconcile(suite.service);
    expect((await registrations()).map((row) => row.status)).toEqual(["confirmed", "confirmed", "confirmed"]);
    expect(suite.sim.payments.get(paying.reference)!.aggregate.capturedAmount.value).toBe(total * 100);
    const mails = await outboxMails(suite.app, like(mailOutbox.dedupeKey, "camp-confirmation:%"), suite.transport);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Totalt for alle: ${formatKroner(total)}`);
    expect((await suite.app.inject({ url: `/api/Vipps/CheckIfVippsOk/${paying.orderId}` })).body).toBe("RESERVED");
    // The result page's words: the camp and its year, every athlete by first name, the whole payment.
    const result = (await suite.app.inject({ url: `/api/Vipps/CheckIfVippsOk/${stored[1]!.orderId}?kvittering=1` })).json();
    expect(result).toMatchObject({ status: "RESERVED", receipt: { what: "vinterleiren 2026", registrant: null, amount: total } });
    expect(result.receipt.people.map((person: { firstName: string }) => person.firstName)).toEqual(stored.map((row) => row.firstName.trim()));
    // Every athlete's order id leads to the group's one payment (each athlete's result page works).
    for (const row of stored.slice(1)) expect((await suite.app.inject({ url: `/api/Vipps/CheckIfVippsOk/${row.orderId}` })).body).toBe("RESERVED");
    const captured = await suite.app.db.select().from(eventPaymentActions).where(eq(eventPaymentActions.action, "vipps-captured"));
    expect(captured.reduce((sum, line) => sum + line.amount, 0)).toBe(total);
  });

  it("ended unpaid: every athlete of the group stays unpaid and holds no place", async () => {
    expect((await suite.app.inject({ method: "PUT", url: `/api/CampEdition/Put/2026/${admin}`, payload: { capacity: 3 } })).statusCode).toBe(200);
    const paying = await startGroup();
    // While the payment can be paid, the group holds all three places.
    expect((await postRegistration(suite.app, draft({ firstName: "Sen" }))).body).toBe("Venteliste");
    expect((await actOnLanding(suite.app, paying.redirectUrl, "abort")).statusCode).toBe(303);
    await suite.sim.settled();
    await reconcile(suite.service);
    const stored = await registrations();
    expect(stored.slice(0, 3).map((row) => row.status)).toEqual(["pending_payment", "pending_payment", "pending_payment"]);
    expect((await suite.app.inject({ url: `/api/Vipps/CheckIfVippsOk/${paying.orderId}` })).body).toBe("CANCELLED");
    expect((await suite.app.inject({ url: `/api/Vipps/CheckIfVippsOk/${stored[2]!.orderId}` })).body).toBe("CANCELLED");
    // The places went with the payment: the next registration gets one.
    expect((await postRegistration(suite.app, draft({ firstName: "Neste" }))).body).toBe("Done");
  });

  it("tried again after an unpaid end: a new attempt for the group total with the same shares; or switched to card/cash together", async () => {
    const paying = await startGroup();
    expect((await actOnLanding(suite.app, paying.redirectUrl, "abort")).statusCode).toBe(303);
    await suite.sim.settled();
    await reconcile(suite.service);
    // "Prøv igjen": the same draft again, with Vipps.
    const again = await postRegistration(suite.app, paying.body);
    expect(again.statusCode).toBe(200);
    const second = new URL(again.body).searchParams.get("reference")!;
    expect(second).toBe(`${paying.orderId}-2`);
    const rows = await suite.app.db.select(campPaymentColumns).from(eventPayments).orderBy(asc(eventPayments.id));
    expect(rows.map((row) => row.amount)).toEqual([rows[0]!.amount, rows[0]!.amount]);
    const shares = await sharesOf(rows[1]!.id);
    expect(shares.map((share) => share.amount)).toEqual((await registrations()).map((row) => row.total));
    // Then card/cash instead: the open attempt ends, and all three are confirmed with their own card/cash payment and one mail.
    const cash = await postRegistration(suite.app, { ...paying.body, vipps: false });
    expect(cash.body).toBe("Done");
    await suite.sim.settled();
    const stored = await registrations();
    expect(stored.map((row) => [row.status, row.vipps])).toEqual([
      ["confirmed", false],
      ["confirmed", false],
      ["confirmed", false],
    ]);
    const cashRows = await suite.app.db
      .select(campPaymentColumns)
      .from(eventPayments)
      .where(eq(eventPayments.method, "card_cash"))
      .orderBy(asc(eventPayments.orderId));
    expect(cashRows.map((row) => [row.registrationId, row.amount])).toEqual(stored.map((row) => [row.id, row.total]));
    expect(await outboxMails(suite.app, like(mailOutbox.dedupeKey, "camp-confirmation:%"), suite.transport)).toHaveLength(1);
  });

  it("an athlete the leader cancelled after an unpaid end is not in the next attempt: it asks for the others' shares only", async () => {
    const paying = await startGroup();
    expect((await actOnLanding(suite.app, paying.redirectUrl, "abort")).statusCode).toBe(303);
    await suite.sim.settled();
    await reconcile(suite.service);
    const stored = await registrations();
    const per = stored[2]!;
    const cancelled = await suite.app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${per.id}/${admin}` });
    expect(cancelled.statusCode).toBe(200);
    // "Prøv igjen" from the wizard: the group's two others.
    const again = await postRegistration(suite.app, paying.body);
    expect(again.statusCode).toBe(200);
    const reference = new URL(again.body).searchParams.get("reference")!;
    const rows = await suite.app.db.select(campPaymentColumns).from(eventPayments).orderBy(asc(eventPayments.id));
    const others = stored[0]!.total + stored[1]!.total;
    expect(rows.at(-1)).toMatchObject({ reference, amount: others });
    // The attempt is for the whole group; the cancelled athlete's share of it is nothing.
    const shares = await sharesOf(rows.at(-1)!.id);
    expect(shares.map((share) => [share.registrationId, share.amount])).toEqual([
      [stored[0]!.id, stored[0]!.total],
      [stored[1]!.id, stored[1]!.total],
      [per.id, 0],
    ]);
    expect(suite.sim.payments.get(reference)!.amount.value).toBe(others * 100);

    expect((await actOnLanding(suite.app, again.body, "approve")).statusCode).toBe(303);
    await suite.sim.settled();
    await reconcile(suite.service);
    expect((await registrations()).map((row) => row.status)).toEqual(["confirmed", "confirmed", "cancelled"]);
    expect(suite.sim.payments.get(reference)!.aggregate.capturedAmount.value).toBe(others * 100);
    // The cancelled athlete paid nothing; the two others paid their own totals.
    expect((await figuresOf(suite.app.db, per.id)).paid).toBe(0);
    for (const row of stored.slice(0, 2)) expect((await figuresOf(suite.app.db, row.id)).paid).toBe(row.total);
  });

  it("the leader's Cancel of an athlete whose share is approved but not yet captured: captured first, then the rule on that share", async () => {
    const paying = await startGroup();
    expect((await actOnLanding(suite.app, paying.redirectUrl, "approve")).statusCode).toBe(303);
    await suite.sim.settled();
    const stored = await registrations();
    const kari = stored[1]!;
    // Without the capture the route makes first, the cancellation would see nothing paid: refused.
    const [payment] = await suite.app.db.select(campPaymentColumns).from(eventPayments);
    await suite.app.db.update(eventPayments).set({ settle: "capture" }).where(campPaymentWithId(payment!.id));
    const direct = await cancelRegistration(suite.app.db, kari.id, suite.now);
    expect(direct).toEqual({ kind: "conflict", message: adminActionMessages.vippsCapturePending });

    const res = await suite.app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${kari.id}/${admin}` });
    expect(res.statusCode).toBe(200);
    const edition = await campEditionOfYear(suite.app.db, 2026);
    expect(res.json().refundDue).toBe(campRefund(kari.total, edition, suite.now));
  });

  it("one personal link shows the whole group; cancelling one athlete refunds the rule on that athlete's share only, once", async () => {
    const { paying, tokens } = await paidGroup();
    const stored = await registrations();
    // The athletes share the address the mail goes to: one family link for all three.
    expect(tokens).toHaveLength(1);
    const view = (await get(tokens[0]!)).json() as MyRegistrationView;
    expect(view.group?.members.map((member) => member.orderId)).toEqual(stored.map((row) => row.orderId));
    const groupTotal = stored.reduce((sum, row) => sum + row.total, 0);
    expect(view.group).toMatchObject({ orderId: stored[0]!.orderId, total: groupTotal, paymentMethod: "vipps" });
    // The group's state line speaks of the group's money, not the first athlete's.
    expect(view.group!.paymentState).toBe(`Betalt ${formatKroner(groupTotal)}.`);

    const kari = stored[1]!;
    const edition = await campEditionOfYear(suite.app.db, 2026);
    const expected = campRefund(kari.total, edition, suite.now);
    const member = view.group!.members[1]!;
    expect(member.persons[0]).toMatchObject({ firstName: "Kari", amount: kari.total, refundIfCancelledToday: expected });
    expect(member.paid).toBe(kari.total);

    // Cancelled from the first athlete's link, twice at once: one refund.
    const answers = await Promise.all([
      cancel(tokens[0]!, { person: "athlete", expectedRefund: expected }, kari.orderId),
      cancel(tokens[0]!, { person: "athlete", expectedRefund: expected }, kari.orderId),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(answers.map((res) => res.json().changed).sort()).toEqual([false, true]);
    expect(answers.find((res) => res.json().changed)!.json().refund).toBe(expected);
    await suite.sim.settled();
    await reconcile(suite.service);

    expect((await registrations()).map((row) => row.status)).toEqual(["confirmed", "cancelled", "confirmed"]);
    expect(suite.sim.payments.get(paying.reference)!.aggregate.refundedAmount.value).toBe(expected * 100);
    const requested = await suite.app.db.select().from(eventPaymentActions).where(eq(eventPaymentActions.action, "refund-requested"));
    expect(requested.map((line) => line.amount)).toEqual([expected]);
    const refunded = await suite.app.db.select().from(eventPaymentActions).where(eq(eventPaymentActions.action, "vipps-refunded"));
    expect(refunded.reduce((sum, line) => sum + line.amount, 0)).toBe(expected);
    const share = (await sharesOf((await suite.app.db.select(campPaymentColumns).from(eventPayments))[0]!.id)).find(
      (one) => one.registrationId === kari.id,
    );
    expect(share).toMatchObject({ amount: kari.total, refundedAmount: expected });
    // The others keep what they paid; the public list has the two still coming.
    const after = (await get(tokens[0]!)).json() as MyRegistrationView;
    // «Betalt» is what came in; what went back and what the rules kept are lines of their own.
    expect(after.group!.members.map((one) => [one.status, one.paid, one.refunded, one.kept])).toEqual([
      ["confirmed", stored[0]!.total, 0, 0],
      ["cancelled", kari.total, expected, kari.total - expected],
      ["confirmed", stored[2]!.total, 0, 0],
    ]);
    expect(after.group!.paymentState).toBe(`Betalt ${formatKroner(groupTotal)}. ${formatKroner(expected)} er betalt tilbake.`);
    const names = ((await suite.app.inject({ url: "/api/VinterleirUsers/Get" })).json() as { name: string }[]).map((person) => person.name).sort();
    expect(names).toEqual(["Ola Nordmann", "Per Nordmann"]);

    // The next athlete: its own share by the rule, from the same payment.
    const per = stored[2]!;
    const perRefund = campRefund(per.total, edition, suite.now);
    expect((await cancel(tokens[0]!, { person: "athlete", expectedRefund: perRefund }, per.orderId)).json()).toMatchObject({
      changed: true,
      refund: perRefund,
    });
    await suite.sim.settled();
    await reconcile(suite.service);
    expect(suite.sim.payments.get(paying.reference)!.aggregate.refundedAmount.value).toBe((expected + perRefund) * 100);
    expect((await registrations())[0]!.status).toBe("confirmed");
    expect((await suite.app.inject({ url: `/api/Vipps/CheckIfVippsOk/${paying.orderId}` })).body).toBe("RESERVED");

    // The last athlete too: the payment was captured and partly refunded, and nobody it was for is coming.
    const ola = stored[0]!;
    const olaRefund = campRefund(ola.total, edition, suite.now);
    expect((await cancel(tokens[0]!, { person: "athlete", expectedRefund: olaRefund }, ola.orderId)).statusCode).toBe(200);
    await suite.sim.settled();
    await reconcile(suite.service);
    for (const row of stored) expect((await suite.app.inject({ url: `/api/Vipps/CheckIfVippsOk/${row.orderId}` })).body).toBe("CANCELLED");
  });

  it("two athletes of the group cancelled at the same moment never share out more than their own refunds", async () => {
    const { paying, tokens } = await paidGroup();
    const stored = await registrations();
    const edition = await campEditionOfYear(suite.app.db, 2026);
    const answers = await Promise.all([
      cancel(tokens[0]!, { person: "athlete" }, stored[1]!.orderId),
      cancel(tokens[0]!, { person: "athlete" }, stored[2]!.orderId),
    ]);
    // The shared payment is locked: each gets its own refund, or is asked to try again while one is on its way.
    expect(answers.every((res) => res.statusCode === 200 || res.statusCode === 409)).toBe(true);
    await suite.sim.settled();
    await reconcile(suite.service);
    // What each cancelled athlete cost before the cancellation took their lines off.
    const cancelled = new Set((await registrations()).filter((row) => row.status === "cancelled").map((row) => row.id));
    const due = stored.filter((row) => cancelled.has(row.id)).reduce((sum, row) => sum + campRefund(row.total, edition, suite.now), 0);
    expect(suite.sim.payments.get(paying.reference)!.aggregate.refundedAmount.value).toBe(due * 100);
    const requested = await suite.app.db.select().from(eventPaymentActions).where(eq(eventPaymentActions.action, "refund-requested"));
    expect(requested.reduce((sum, line) => sum + line.amount, 0)).toBe(due);
  });

  it("the camp admin sees each athlete's share in the list, the payment once with its shares, and the treasurer's sums agree", async () => {
    const { tokens } = await paidGroup();
    const stored = await registrations();
    const kari = stored[1]!;
    const edition = await campEditionOfYear(suite.app.db, 2026);
    const refund = campRefund(kari.total, edition, suite.now);
    expect((await cancel(tokens[0]!, { person: "athlete" }, kari.orderId)).statusCode).toBe(200);
    await suite.sim.settled();
    await reconcile(suite.service);

    const list = (await suite.app.inject({ url: `/api/VinterleirAdmin/Get/${admin}?year=2026` })).json() as {
      orderid: string;
      group: string | null;
      amount: number;
      paid: number;
      refunded: number;
      status: string;
      paymentMethod: string;
    }[];
    expect(
      list.map((person) => [person.orderid, person.group, person.status, person.paymentMethod, person.amount, person.paid, person.refunded]),
    ).toEqual([
      [stored[0]!.orderId, stored[0]!.orderId, "confirmed", "vipps", stored[0]!.total, stored[0]!.total, 0],
      // Cancelled: what it costs now is what the rules kept; her row shows all she paid and what went back.
      [kari.orderId, stored[0]!.orderId, "cancelled", "vipps", kari.total - refund, kari.total, refund],
      [stored[2]!.orderId, stored[0]!.orderId, "confirmed", "vipps", stored[2]!.total, stored[2]!.total, 0],
    ]);

    const details = (await suite.app.inject({ url: `/api/VinterleirAdmin/Payments/${kari.id}/${admin}` })).json();
    const total = stored.reduce((sum, row) => sum + row.total, 0);
    expect(details.payments).toEqual([
      expect.objectContaining({ reference: `${stored[0]!.orderId}-1`, amount: kari.total, captured: kari.total, refunded: refund }),
    ]);
    expect(details.group).toMatchObject({ reference: `${stored[0]!.orderId}-1`, amount: total, captured: total, refunded: refund });
    expect(
      details.group.shares.map((share: { orderId: string; amount: number; refunded: number }) => [share.orderId, share.amount, share.refunded]),
    ).toEqual([
      [stored[0]!.orderId, stored[0]!.total, 0],
      [kari.orderId, kari.total, refund],
      [stored[2]!.orderId, stored[2]!.total, 0],
    ]);

    const treasurer = (await suite.app.inject({ url: `/api/VinterleirAdmin/Treasurer/${admin}?year=2026` })).json();
    const vipps = treasurer.byMethod.find((entry: { method: string }) => entry.method === "vipps");
    expect(vipps).toMatchObject({ paid: total, refunded: refund });
    // What the club keeps: everything that came in less the one refund, counted once.
    expect(treasurer.net).toBe(total - refund);
    expect(treasurer.refundedVipps).toBe(refund);
  });

  it("an athlete of the group gets a companion paid as its own difference; cancelling the companion, then the athlete, refunds from the right payments", async () => {
    const { paying, tokens } = await paidGroup();
    const stored = await registrations();
    const kari = stored[1]!;
    const added = await suite.app.inject({
      method: "POST",
      url: `/api/MinPamelding/AddCompanion/${tokens[0]}?orderId=${kari.orderId}`,
      payload: { ...companion({ firstName: "Mor" }), alreadyRegistered: false },
    });
    expect(added.statusCode).toBe(200);
    const body = added.json();
    const fee = body.group.members[1].total - kari.total;
    expect(fee).toBeGreaterThan(0);
    expect(body.payUrl).toContain(`reference=${kari.orderId}-2`);
    await actOnLanding(suite.app, body.payUrl, "approve");
    await suite.sim.settled();
    await reconcile(suite.service);
    const own = await suite.app.db.select(campPaymentColumns).from(eventPayments).where(eq(eventPayments.orderId, kari.id));
    expect(own.map((row) => [row.kind, row.capturedAmount])).toEqual([["change", fee]]);

    const edition = await campEditionOfYear(suite.app.db, 2026);
    const view = (await get(tokens[0]!)).json() as MyRegistrationView;
    const mor = view.group!.members[1]!.persons.find((person) => person.kind === "companion")!;
    expect(mor.refundIfCancelledToday).toBe(campRefund(fee, edition, suite.now));
    const companionCancel = await cancel(tokens[0]!, { person: mor.key, expectedRefund: mor.refundIfCancelledToday }, kari.orderId);
    expect(companionCancel.json()).toMatchObject({ changed: true, refund: campRefund(fee, edition, suite.now) });
    await suite.sim.settled();
    await reconcile(suite.service);
    // The companion's refund came from the athlete's own difference payment, the group's payment is untouched.
    expect(suite.sim.payments.get(`${kari.orderId}-2`)!.aggregate.refundedAmount.value).toBe(campRefund(fee, edition, suite.now) * 100);
    expect(suite.sim.payments.get(paying.reference)!.aggregate.refundedAmount.value).toBe(0);

    const athleteRefund = campRefund(kari.total, edition, suite.now);
    expect((await cancel(tokens[0]!, { person: "athlete", expectedRefund: athleteRefund }, kari.orderId)).json()).toMatchObject({
      changed: true,
      refund: athleteRefund,
    });
    await suite.sim.settled();
    await reconcile(suite.service);
    const refunded = (reference: string) => suite.sim.payments.get(reference)!.aggregate.refundedAmount.value / 100;
    expect(refunded(paying.reference) + refunded(`${kari.orderId}-2`)).toBe(campRefund(fee, edition, suite.now) + athleteRefund);
    expect((await registrations()).map((row) => row.status)).toEqual(["confirmed", "cancelled", "confirmed"]);
  });

  it("a link acts only on its own family's registrations", async () => {
    const { tokens } = await paidGroup();
    const other = await postRegistration(suite.app, draft({ firstName: "Fremmed", email: "fremmed@example.no" }));
    expect(other.body).toBe("Done");
    const [stranger] = (await registrations()).filter((row) => row.firstName === "Fremmed");
    for (const orderId of [stranger!.orderId, "VL26-ZZZZZZ", "x".repeat(300)]) {
      const res = await cancel(tokens[0]!, { person: "athlete" }, orderId);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toContain("Fant ikke påmeldingen");
    }
    const changed = await suite.app.inject({
      method: "POST",
      url: `/api/MinPamelding/Change/${tokens[0]}?orderId=${stranger!.orderId}`,
      payload: { allergies: "nøtter" },
    });
    expect(changed.statusCode).toBe(404);
    expect((await registrations()).every((row) => row.status === "confirmed" && row.allergies === "")).toBe(true);
  });
});
