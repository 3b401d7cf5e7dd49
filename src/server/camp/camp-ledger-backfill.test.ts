import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ledgerFigures } from "../../shared/camp/camp-ledger.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventLedgerEntries } from "../db/schema/events-money.ts";
import { migrationsFolder } from "../db/migrations-folder.ts";
import { databaseKinds } from "../test-support/database.ts";
import { campAdminToken, companion, draft, postRegistration, sibling } from "../test-support/camp.ts";
import { actOnLanding, reconcile, startVippsPayment, useVippsCampSuite } from "../test-support/vipps.ts";
import { readLedgers } from "./camp-ledger-store.ts";
import { createSubmissionLink as createPersonalLink } from "./camp-personal-link.ts";
import { readCampCompanions } from "./camp-companion-rows.ts";

/** A migration's statements, without their comments. */
function statementsOf(file: string): string[] {
  const text = readFileSync(path.join(migrationsFolder(), file), "utf8");
  return text
    .split("--> statement-breakpoint")
    .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
    .filter((statement) => statement !== "");
}

/**
 * What a database from before the ledger held, rebuilt from today's rows: the registrations' own table, the
 * receipt's price lines (the athlete's lines as charged when registering, a grading added or taken off) and the
 * total column, as the release before the receipt moved into the ledger kept them.
 */
const beforeTheLedger = [
  `create table "camp_price_lines" ("id" integer primary key generated always as identity, "registration_id" integer not null,
     "position" integer not null, "kind" text not null, "label" text not null, "amount" integer not null)`,
  `insert into "camp_price_lines" ("registration_id", "position", "kind", "label", "amount")
   select "order_id", row_number() over (partition by "order_id" order by "id") - 1,
     case when "amount" < 0 and "item" = 'grading' then 'cancelled-grading' else "item" end, coalesce("label", ''), "amount"
   from "event_ledger_entries"
   where "kind" = 'charge' and "owner_kind" = 'camp' and "person" = 'athlete' and "item" <> 'cancellation-fee'
     and ("reason" = 'Påmelding' or "item" = 'grading')`,
  // The registrations as their own table held them (what the migrations read of them), with the total column.
  `create table "camp_registrations" as select "id", "status", "created_at", "cancelled_at" from "camp_registration_view"`,
  `alter table "camp_registrations" add primary key ("id")`,
  `alter table "camp_registrations" add column "total" integer`,
  // The companions as their own table held them, each with its price (its first charge) and its id.
  `create table "camp_companions" as select p."id", p."order_id" as "registration_id", p."position", p."first_name",
     p."last_name", p."cancelled_at", (select l."amount" from "event_ledger_entries" l where l."kind" = 'charge'
       and l."order_id" = p."order_id" and l."person" = 'companion-' || p."id" order by l."id" limit 1) as "amount"
   from "event_positions" p where p."kind" = 'companion' and p."owner_kind" = 'camp'`,
  // The payments and their money log as the camp's own tables held them, and the ledger's column for them.
  `create table "payments" as select "id", "order_id" as "registration_id", "reference", "method", "kind", "amount", "state",
     "paid_amount", "captured_amount", "refunded_amount", "created_at", "updated_at", "vipps_state", "authorized_amount", "cancelled_amount",
     "redirect_url", "settle", "pending_refund_key", "pending_refund_amount", "next_check_at", "claimed_until", "last_checked_at", "last_error"
   from "event_payments" where "owner_kind" = 'camp'`,
  `alter table "payments" add primary key ("id")`,
  `create table "money_actions" as select * from "event_payment_actions"`,
  // A group's one Vipps payment's shares as their own table held them until 0060: for every athlete of the group,
  // what the capture brought in for it and what went back.
  `create table "payment_shares" as select p."id" as "payment_id", m."id" as "registration_id",
     coalesce((select sum(l."amount") from "event_ledger_entries" l where l."order_id" = m."id" and l."owner_kind" = 'camp'
       and l."payment_id" = p."id" and l."kind" = 'payment'), 0)::integer as "amount",
     coalesce((select sum(l."amount") from "event_ledger_entries" l where l."order_id" = m."id" and l."owner_kind" = 'camp'
       and l."payment_id" = p."id" and l."kind" = 'refund'), 0)::integer as "refunded_amount"
   from "event_payments" p
   join "event_orders" lead on lead."id" = p."order_id" and lead."owner_kind" = 'camp' and lead."group_id" = lead."order_id"
   join "event_orders" m on m."group_id" = lead."group_id" and m."event_id" = lead."event_id" and m."owner_kind" = 'camp'
   where p."owner_kind" = 'camp' and p."method" = 'vipps' and p."kind" = 'registration'`,
  `alter table "event_ledger_entries" add column "camp_payment_id" integer`,
  // The ledger's camp entries named their registration in a column of their own before 0058.
  `alter table "event_ledger_entries" add column "camp_registration_id" integer`,
  `alter table "event_ledger_entries" alter column "order_id" drop not null`,
];

/**
 * The ledger's way into a database from before it: the migration that made the camp's ledger (its table and the
 * backfill from what was stored), the one that moved those entries into the one ledger (the move only: its
 * columns are in place), the one that dropped the camp's table, the one that moved the receipt in, and the
 * payments' move of the ledger's camp payment into its payment.
 */
function upgradeStatements(): string[] {
  const move = statementsOf("0034_one_ledger.sql").filter((statement) => /^(INSERT|SELECT)/.test(statement));
  return [
    ...statementsOf("0014_ledger.sql"),
    ...move,
    ...statementsOf("0035_drop_camp_ledger_entries.sql"),
    ...statementsOf("0042_receipt_in_the_ledger.sql"),
    // The camp's entries name their order by order_id, with the camp's side (0058), before their payments are named.
    `update "event_ledger_entries" set "order_id" = "camp_registration_id", "owner_kind" = 'camp' where "camp_registration_id" is not null`,
    `alter table "event_ledger_entries" drop column "camp_registration_id"`,
    `alter table "event_ledger_entries" alter column "order_id" set not null`,
    // The companions are positions already, and the payments are the engine's: the ledger's camp payment is its payment.
    `drop table "camp_companions"`,
    `update "event_ledger_entries" set "payment_id" = "camp_payment_id" where "camp_payment_id" is not null`,
    `alter table "event_ledger_entries" drop column "camp_payment_id"`,
    `drop table "money_actions"`,
    `drop table "payments"`,
    // The registrations are the engine's orders already, and a group payment's shares the ledger's (0060).
    `drop table "camp_registrations"`,
    `drop table "payment_shares"`,
  ];
}

describe.each(databaseKinds)("the ledger migration's backfill on %s", (kind) => {
  // After the full-refund deadline, so a cancellation keeps half.
  const suite = useVippsCampSuite(kind, new Date("2026-11-25T10:00:00Z"));

  it("gives every registration made before the ledger the figures it had: paid, refunded, owed back, kept and left to pay", async () => {
    const admin = await campAdminToken(suite.app);
    const link = (id: number) => createPersonalLink(suite.app.db, id, suite.now);
    const approve = async (overrides: Parameters<typeof draft>[0]) => {
      const paying = await startVippsPayment(suite.app, overrides);
      await actOnLanding(suite.app, paying.redirectUrl, "approve");
      await suite.sim.settled();
      await reconcile(suite.service);
      return paying.registrationId;
    };
    const cardCash = async (overrides: Parameters<typeof draft>[0]) => {
      const body = draft(overrides);
      await postRegistration(suite.app, body);
      const [row] = await suite.app.db
        .select({ id: campRegistrations.id })
        .from(campRegistrations)
        .where(eq(campRegistrations.draftId, body.draftId));
      return row!.id;
    };
    // Vipps, a companion cancelled alone (half back); a group paid once, one athlete cancelled; card/cash
    // unpaid; card/cash paid and then cancelled by the leader (half owed back outside Vipps).
    const withCompanion = await approve({ hasLedsager: true, ledsagere: [companion()] });
    const [kari] = await readCampCompanions(suite.app.db, withCompanion);
    await suite.app.inject({
      method: "POST",
      url: `/api/MinPamelding/Cancel/${await link(withCompanion)}`,
      payload: { person: `companion-${kari!.id}` },
    });
    const group = await approve({ firstName: "Gruppe", siblings: [sibling({ firstName: "Søsken" })] });
    const groupIds = (
      await suite.app.db
        .select({ id: campRegistrations.id })
        .from(campRegistrations)
        .where(sql`${campRegistrations.groupId} is not null`)
    ).map((row) => row.id);
    await suite.app.inject({
      method: "POST",
      url: `/api/MinPamelding/Cancel/${await link(groupIds.find((id) => id !== group)!)}`,
      payload: { person: "athlete" },
    });
    await cardCash({ firstName: "Ubetalt" });
    const paidThenCancelled = await cardCash({ firstName: "Betalt" });
    await suite.app.inject({ method: "POST", url: `/api/VinterleirAdmin/MarkPaid/${paidThenCancelled}/${admin}` });
    await suite.app.inject({ method: "POST", url: `/api/VinterleirAdmin/Cancel/${paidThenCancelled}/${admin}` });
    await suite.sim.settled();
    await reconcile(suite.service);

    const ids = (await suite.app.db.select({ id: campRegistrations.id }).from(campRegistrations).orderBy(campRegistrations.id)).map((row) => row.id);
    const figures = async () => [...(await readLedgers(suite.app.db, ids)).values()].map((entries) => ledgerFigures(entries));
    const before = await figures();
    expect(before.some((one) => one.kept > 0) && before.some((one) => one.refundOwed > 0) && before.some((one) => one.outstanding > 0)).toBe(true);

    // As if the registrations had been made before the ledger: their price lines, no entries, then the migrations'
    // backfill and moves.
    for (const statement of beforeTheLedger) await suite.app.db.execute(sql.raw(statement));
    await suite.app.db.delete(eventLedgerEntries).where(eq(eventLedgerEntries.ownerKind, "camp"));
    for (const statement of upgradeStatements()) await suite.app.db.execute(sql.raw(statement));
    expect(await figures()).toEqual(before);
  });
});
