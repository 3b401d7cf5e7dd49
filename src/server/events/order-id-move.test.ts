import { describe, expect, it } from "vitest";
import { databaseKinds } from "../test-support/database.ts";
import { useDatabaseAt } from "../test-support/migrations-up-to.ts";
import { columnsOf, expectedAfterMove, orders } from "../test-support/order-id-move.ts";

/**
 * Every row that names a camp registration's order names it by `order_id`, as an event order's rows do
 * (migration 0053 onwards): `camp_registration_id` held the order's id already, so each camp row's `order_id`
 * takes it, and its side (`owner_kind`), which can no longer follow from which column is set, stays «camp» as a
 * plain column. Every other field of every row, the camp's and the events', is as it was.
 */
describe.each(databaseKinds)("the camp's rows naming their order by order_id (migrations 0053–0056) on %s", (kind) => {
  // One database stopped before the first of these moves, filled for all of them, then migrated once: each table
  // is untouched by the moves before its own, so the rows as the release left them are the same at either stop.
  const stopped = useDatabaseAt(kind, "0052_camp_places_counted_once");

  it("moves the change log, the family links, the waiting-list offers and the door log to order_id, keeping every other field and the side", async () => {
    const { database, run } = stopped;
    await orders(stopped);
    const changes = async () => {
      await run(`insert into order_changes (id, order_id, camp_registration_id, at, actor, summary) overriding system value values
        (3, null, 1, '2026-10-15T08:00:03.516Z', 'deltaker', 'Endret telefon'),
        (4, 10, null, '2026-10-15T08:00:04.000Z', 'deltaker', 'Avbestilte'),
        (9, null, 2, '2026-10-16T08:00:00.000Z', 'camp-admin', 'Leirledelsen la til ledsager Mona Hansen (550 kr)'),
        (12, null, 1, '2026-10-14T09:30:00.000Z', 'system', 'Ledsager Frode Hansen er oppgitt som allerede påmeldt')`);
      const expected = await expectedAfterMove(stopped, "order_changes");
      expect(expected.map((row) => [row.id, row.order_id, row.owner_kind])).toEqual([
        [3, 1, "camp"],
        [4, 10, "order"],
        [9, 2, "camp"],
        [12, 1, "camp"],
      ]);

      return async () => {
        expect((await run(`select * from order_changes order by id`)).rows).toEqual(expected);
        expect(await columnsOf(stopped, "order_changes")).toEqual(["actor", "at", "id", "order_id", "owner_kind", "summary"]);
        // A new row is an event order's unless its writer says «camp»; claiming the wrong side is refused.
        await run(`insert into order_changes (order_id, at, actor, summary) values (10, now(), 'deltaker', 'Endret')`);
        await run(`insert into order_changes (order_id, owner_kind, at, actor, summary) values (1, 'camp', now(), 'deltaker', 'Endret')`);
        await expect(run(`insert into order_changes (order_id, at, actor, summary) values (1, now(), 'deltaker', 'Feil side')`)).rejects.toThrow();
        await expect(
          run(`insert into order_changes (order_id, owner_kind, at, actor, summary) values (10, 'camp', now(), 'deltaker', 'Feil side')`),
        ).rejects.toThrow();
        await expect(run(`insert into order_changes (at, actor, summary) values (now(), 'deltaker', 'Uten ordre')`)).rejects.toThrow();
      };
    };
    const links = async () => {
      await run(`insert into family_links (id, token_hash, email_key, camp_registration_id, order_id, created_at, used_at) overriding system value values
        (2, '${"a".repeat(64)}', 'per@example.no', null, null, '2026-10-15T10:00:00Z', '2026-10-15T11:00:00Z'),
        (3, '${"b".repeat(64)}', null, 1, null, '2026-10-15T10:01:00Z', null),
        (5, '${"c".repeat(64)}', null, null, 10, '2026-10-15T10:02:00Z', null),
        (6, '${"d".repeat(64)}', null, 2, null, '2026-10-15T10:03:00Z', '2026-10-16T09:00:00Z'),
        (7, '${"e".repeat(64)}', 'kari@example.no', null, null, '2026-10-15T10:04:00Z', null)`);
      await run(`select setval(pg_get_serial_sequence('family_links', 'id'), 7)`);
      const expected = await expectedAfterMove(stopped, "family_links");
      expect(expected.map((row) => [row.id, row.email_key, row.order_id, row.owner_kind])).toEqual([
        [2, "per@example.no", null, "camp"],
        [3, null, 1, "camp"],
        [5, null, 10, "order"],
        [6, null, 2, "camp"],
        [7, "kari@example.no", null, "camp"],
      ]);

      return async () => {
        expect((await run(`select * from family_links order by id`)).rows).toEqual(expected);
        expect(await columnsOf(stopped, "family_links")).toEqual([
          "created_at",
          "email_key",
          "id",
          "order_id",
          "owner_kind",
          "token_hash",
          "used_at",
        ]);
        // An event order's link by default, the camp's when its writer says so; the wrong side, or no scope or two, is refused.
        await run(`insert into family_links (token_hash, order_id, created_at) values ('${"f".repeat(64)}', 10, now())`);
        await run(`insert into family_links (token_hash, order_id, owner_kind, created_at) values ('${"g".repeat(64)}', 1, 'camp', now())`);
        await expect(run(`insert into family_links (token_hash, order_id, created_at) values ('${"h".repeat(64)}', 1, now())`)).rejects.toThrow();
        await expect(
          run(`insert into family_links (token_hash, order_id, owner_kind, created_at) values ('${"h".repeat(64)}', 10, 'camp', now())`),
        ).rejects.toThrow();
        await expect(run(`insert into family_links (token_hash, created_at) values ('${"h".repeat(64)}', now())`)).rejects.toThrow();
        await expect(
          run(
            `insert into family_links (token_hash, email_key, order_id, owner_kind, created_at) values ('${"h".repeat(64)}', 'x', 1, 'camp', now())`,
          ),
        ).rejects.toThrow();
      };
    };
    const offers = async () => {
      await run(`insert into event_waitlist_offers (id, order_id, camp_registration_id, token_hash, state, offered_at, expires_at, ended_at)
        overriding system value values
        (4, null, 2, '${"a".repeat(64)}', 'offered', '2026-10-15T10:00:00Z', '2026-10-17T10:00:00Z', null),
        (5, 10, null, '${"b".repeat(64)}', 'declined', '2026-10-15T10:00:00Z', '2026-10-17T10:00:00Z', '2026-10-16T10:00:00Z'),
        (8, null, 1, '${"c".repeat(64)}', 'accepted', '2026-10-14T10:00:00Z', '2026-10-16T10:00:00Z', '2026-10-15T09:00:00Z')`);
      await run(`select setval(pg_get_serial_sequence('event_waitlist_offers', 'id'), 8)`);
      const held = async () =>
        (await run(`select order_id, places from event_holders(901, '2026-10-16T10:00:00Z') order by order_id`)).rows.map((row) => [
          Number(row.order_id),
          Number(row.places),
        ]);
      // The waiting registration (2) holds its place while its offer is open; the confirmed one (1) holds its own.
      const heldBefore = await held();
      expect(heldBefore).toEqual([
        [1, 1],
        [2, 1],
      ]);
      const expected = await expectedAfterMove(stopped, "event_waitlist_offers");
      expect(expected.map((row) => [row.id, row.order_id, row.owner_kind])).toEqual([
        [4, 2, "camp"],
        [5, 10, "order"],
        [8, 1, "camp"],
      ]);

      return async () => {
        expect((await run(`select * from event_waitlist_offers order by id`)).rows).toEqual(expected);
        expect(await columnsOf(stopped, "event_waitlist_offers")).toEqual([
          "ended_at",
          "expires_at",
          "id",
          "offered_at",
          "order_id",
          "owner_kind",
          "state",
          "token_hash",
        ]);
        expect(await held()).toEqual(heldBefore);
        // Once expired, the camp's waiting order holds nothing and is out of the line still to be offered, as an event's.
        await run(`update event_waitlist_offers set state = 'expired' where id = 4`);
        expect(await held()).toEqual([[1, 1]]);
        expect((await run(`select order_id from event_line_fits(901, 5, null)`)).rows).toEqual([]);
        // One open offer per order, and the wrong side refused.
        await expect(
          run(`insert into event_waitlist_offers (order_id, owner_kind, token_hash, state, offered_at, expires_at)
            values (2, 'camp', '${"d".repeat(64)}', 'offered', now(), now()), (2, 'camp', '${"e".repeat(64)}', 'offered', now(), now())`),
        ).rejects.toThrow();
        await expect(
          run(
            `insert into event_waitlist_offers (order_id, token_hash, state, offered_at, expires_at) values (2, '${"f".repeat(64)}', 'offered', now(), now())`,
          ),
        ).rejects.toThrow();
      };
    };
    const door = async () => {
      await run(`insert into event_checkin_actions (id, order_id, camp_registration_id, position, kind, account_username, account_name, at, action_id,
          changed, person_id, day, amount, undone_by) overriding system value values
        (3, null, 1, null, 'checkin', 'dorvakt', 'Dørvakt', '2026-11-27T08:00:00Z', '00000000-0000-4000-8000-000000000001', true, 'a1', '2026-11-27', null, null),
        (4, 10, null, 0, 'checkin', 'dorvakt', 'Dørvakt', '2026-11-27T08:01:00Z', null, true, null, null, null, null),
        (6, null, 1, null, 'payment', 'kasse', 'Kasse', '2026-11-27T08:02:00Z', '00000000-0000-4000-8000-000000000002', true, 'a1', '2026-11-27', 200,
          '00000000-0000-4000-8000-000000000003'),
        (7, null, 2, null, 'undo-checkin', 'dorvakt', 'Dørvakt', '2026-11-27T08:03:00Z', '00000000-0000-4000-8000-000000000004', false, 'c5', '2026-11-27',
          null, null),
        (9, 10, null, 0, 'undo', 'dorvakt', 'Dørvakt', '2026-11-27T08:04:00Z', '00000000-0000-4000-8000-000000000005', true, null, null, null, null)`);
      await run(`select setval(pg_get_serial_sequence('event_checkin_actions', 'id'), 9)`);
      const expected = await expectedAfterMove(stopped, "event_checkin_actions");
      expect(expected.map((row) => [row.id, row.order_id, row.owner_kind])).toEqual([
        [3, 1, "camp"],
        [4, 10, "order"],
        [6, 1, "camp"],
        [7, 2, "camp"],
        [9, 10, "order"],
      ]);

      return async () => {
        expect((await run(`select * from event_checkin_actions order by id`)).rows).toEqual(expected);
        expect(await columnsOf(stopped, "event_checkin_actions")).not.toContain("camp_registration_id");
        // A camp action still needs its person, day and action id; the wrong side is refused.
        const insert = (values: string) =>
          run(
            `insert into event_checkin_actions (order_id, owner_kind, kind, account_username, account_name, at, action_id, person_id, day) values ${values}`,
          );
        await insert(`(1, 'camp', 'checkin', 'd', 'D', now(), '00000000-0000-4000-8000-000000000010', 'a1', '2026-11-28')`);
        await expect(insert(`(1, 'camp', 'checkin', 'd', 'D', now(), '00000000-0000-4000-8000-000000000011', null, '2026-11-28')`)).rejects.toThrow();
        await expect(insert(`(1, 'order', 'checkin', 'd', 'D', now(), null, null, null)`)).rejects.toThrow();
        await expect(
          insert(`(10, 'camp', 'checkin', 'd', 'D', now(), '00000000-0000-4000-8000-000000000012', 'a1', '2026-11-28')`),
        ).rejects.toThrow();
      };
    };
    const checks = [await changes(), await links(), await offers(), await door()];

    await database.migrate();

    for (const check of checks) await check();
  });
});
