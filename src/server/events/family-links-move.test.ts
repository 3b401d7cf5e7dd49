import { asc, getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registrationsOfLink, scopeOfLink } from "../camp/camp-personal-link.ts";
import { familyLinks } from "../db/schema/events-orders.ts";
import { databaseKinds } from "../test-support/database.ts";
import { useDatabaseAt } from "../test-support/migrations-up-to.ts";
import { orderOfLink } from "./event-my-order.ts";
import { newPersonalToken, personalTokenHash } from "./family-links.ts";

/**
 * The camp's links to «Min påmelding» (`camp_personal_links`) and the events' (`event_orders.link_token_hash`,
 * `event_order_links`) become one table, `family_links`. Every link keeps its hash, so every link already
 * mailed opens what it opened before.
 */
/** Every column but the row's side, which migrations 0050 and 0054 add. */
function rowWithoutSide<Table extends typeof familyLinks>(table: Table) {
  const { ownerKind: _side, ...columns } = getTableColumns(table);
  return columns;
}

describe.each(databaseKinds)("the family links in one table on %s", (kind) => {
  const stopped = useDatabaseAt(kind, "0045_order_changes");

  it("keeps every link with its hash, scope and times, and each opens what it opened", async () => {
    const { database, run } = stopped;
    await stopped.campEditions(2026, 2027);
    const token = {
      confirmation: newPersonalToken(),
      message: newPersonalToken(),
      otherMessage: newPersonalToken(),
      family: newPersonalToken(),
      unopenedFamily: newPersonalToken(),
      submission: newPersonalToken(),
    };
    const hash = Object.fromEntries(Object.entries(token).map(([name, secret]) => [name, personalTokenHash(secret)])) as Record<
      keyof typeof token,
      string
    >;
    const at = (minute: number) => `'2026-10-15T10:${String(minute).padStart(2, "0")}:00Z'`;
    await run(`insert into events (slug, kind, definition, last_day, created_at, updated_at)
      values ('gradering-desember', 'gradering', '{}', '2026-12-12', ${at(0)}, ${at(0)})`);
    // A card/cash order confirmed with its link, and a Vipps order not confirmed yet (no link of its own).
    await run(`insert into event_orders (event_id, order_id, draft_id, status, method, first_name, last_name, email, telephone, amount, places,
        created_at, confirmed_at, link_token_hash)
      values (1, 'GR26-AAAAAA', 'd1', 'confirmed', 'card_cash', 'Eva', 'Foresatt', 'eva@example.no', '90000000', 700, 1, ${at(1)}, ${at(2)}, '${hash.confirmation}'),
             (1, 'GR26-BBBBBB', 'd2', 'pending_payment', 'vipps', 'Tor', 'Foresatt', 'tor@example.no', '90000001', 700, 1, ${at(3)}, null, null)`);
    await run(`insert into event_order_links (order_id, token_hash, created_at)
      values (1, '${hash.message}', ${at(4)}), (2, '${hash.otherMessage}', ${at(5)})`);
    const registration = (n: number, first: string, email: string, group: string | null) =>
      run(`insert into camp_registrations (edition_year, draft_id, order_id, first_name, last_name, age, email, email_key, telephone, allergies, club_id,
          grade_id, gradering, has_ledsager, other_info, sleepover, vegan, instructor, public, vipps, wants_to_instruct, data_consent, terms_accepted,
          status, created_at, group_id)
        values (2026, '00000000-0000-4000-8000-00000000000${n}', 'VL26-AAAAA${n}', '${first}', 'Hansen', 30, '${email}', '${email}', '90000002', '', 1,
          1, false, false, '', false, false, 0, true, false, false, true, true, 'confirmed', ${at(n)}, ${group === null ? "null" : `'${group}'`})`);
    await registration(1, "Per", "per@example.no", "VL26-AAAAA1");
    await registration(2, "Kari", "kari@example.no", "VL26-AAAAA1");
    await registration(3, "Ola", "ola@example.no", null);
    await run(`insert into camp_personal_links (registration_id, email_key, token_hash, created_at, used_at)
      values (null, 'per@example.no', '${hash.family}', ${at(6)}, ${at(7)}),
             (null, 'ola@example.no', '${hash.unopenedFamily}', ${at(8)}, null),
             (3, null, '${hash.submission}', ${at(9)}, null)`);

    await database.migrate();

    // The events' orders have moved to higher ids since (0049), their links with them: each is found by its number.
    const orderIdOf = async (orderNumber: string) => Number((await run(`select id from event_orders where order_id = '${orderNumber}'`)).rows[0]!.id);
    const [first, second] = [await orderIdOf("GR26-AAAAAA"), await orderIdOf("GR26-BBBBBB")];
    // Each row as this migration left it (a submission link names its registration's order by order_id since
    // 0054); its side (owner_kind) is a later migration's to check.
    const links = await database.db.select(rowWithoutSide(familyLinks)).from(familyLinks).orderBy(asc(familyLinks.createdAt));
    const time = (minute: number) => new Date(`2026-10-15T10:${String(minute).padStart(2, "0")}:00Z`);
    expect(links.map(({ id: _id, ...link }) => link)).toEqual([
      // The confirmation's link is as old as the order's confirmation.
      { tokenHash: hash.confirmation, emailKey: null, orderId: first, createdAt: time(2), usedAt: null },
      { tokenHash: hash.message, emailKey: null, orderId: first, createdAt: time(4), usedAt: null },
      { tokenHash: hash.otherMessage, emailKey: null, orderId: second, createdAt: time(5), usedAt: null },
      { tokenHash: hash.family, emailKey: "per@example.no", orderId: null, createdAt: time(6), usedAt: time(7) },
      { tokenHash: hash.unopenedFamily, emailKey: "ola@example.no", orderId: null, createdAt: time(8), usedAt: null },
      { tokenHash: hash.submission, emailKey: null, orderId: 3, createdAt: time(9), usedAt: null },
    ]);

    // Each old link opens what it opened: an event order's its order, the camp's its registrations.
    expect((await orderOfLink(database.db, token.confirmation))?.orderId).toBe("GR26-AAAAAA");
    expect((await orderOfLink(database.db, token.message))?.orderId).toBe("GR26-AAAAAA");
    expect((await orderOfLink(database.db, token.otherMessage))?.orderId).toBe("GR26-BBBBBB");
    const now = new Date("2026-10-20T12:00:00Z");
    const orderIds = async (secret: string) => (await registrationsOfLink(database.db, secret, now))?.map((row) => row.orderId);
    expect(await orderIds(token.family)).toEqual(["VL26-AAAAA1", "VL26-AAAAA2"]);
    expect(await orderIds(token.unopenedFamily)).toEqual(["VL26-AAAAA3"]);
    expect(await orderIds(token.submission)).toEqual(["VL26-AAAAA3"]);
    // And nothing else: an order's link is no camp link, and a camp link opens no order.
    expect(await scopeOfLink(database.db, token.confirmation, now)).toBeUndefined();
    expect(await orderOfLink(database.db, token.family)).toBeUndefined();
    expect(await orderOfLink(database.db, token.submission)).toBeUndefined();

    const left = await run(`select
        (select count(*)::int from information_schema.tables where table_name in ('camp_personal_links', 'event_order_links')) as tables,
        (select count(*)::int from information_schema.columns where table_name = 'event_orders' and column_name = 'link_token_hash') as columns`);
    expect(left.rows[0]).toEqual({ tables: 0, columns: 0 });
  });
});
