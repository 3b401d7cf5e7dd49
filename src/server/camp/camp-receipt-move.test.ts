import { describe, expect, it } from "vitest";
import { databaseKinds } from "../test-support/database.ts";
import { migrationsUpTo, useDatabaseAt } from "../test-support/migrations-up-to.ts";

/**
 * The camp's receipt moves into the ledger (migration 0042): on a database as the release before left it,
 * every charge gets the line it was written with, and the charges without a line of their own (a kept fee, a
 * correction's, a whole cancellation's) are named as the server names them now; the price lines and the
 * registration's total go. The receipt before and after adds up to the same figure where nothing was kept.
 */
describe.each(databaseKinds)("the camp's receipt moving into the ledger on %s", (kind) => {
  const stopped = useDatabaseAt(kind, "0041_ledger_indexes_per_kind");

  it("labels every charge with its price line, names the rest, and drops the lines and the total", async () => {
    const { database, run } = stopped;
    await stopped.campEditions(2026, 2027);
    const at = "'2026-11-20T10:00:00Z'";
    const registration = (n: number, first: string, total: number, status: string) =>
      run(`insert into camp_registrations (edition_year, draft_id, order_id, first_name, last_name, age, email, telephone, allergies, club_id,
          grade_id, gradering, has_ledsager, other_info, sleepover, vegan, instructor, public, vipps, wants_to_instruct, data_consent, terms_accepted,
          total, status, created_at)
        values (2027, '00000000-0000-4000-8000-00000000000${n}', 'VL27-AAAAA${n}', '${first}', 'Hansen', 30, 'per@example.no', '90000001', '', 1,
          1, false, true, '', false, false, 0, true, false, false, true, true, ${total}, '${status}', ${at})`);
    await registration(1, "Per", 1730, "confirmed");
    await registration(2, "Kari", 923, "cancelled");
    await run(`insert into camp_companions (registration_id, position, client_id, first_name, last_name, age, telephone, email, sleepover, already_registered, amount, cancelled_at)
      values (1, 0, 'a', 'Mona', 'Hansen', 40, '90000002', 'mona@example.no', false, false, 550, null),
             (1, 1, 'b', 'Frode', 'Hansen', 41, '90000003', 'frode@example.no', false, false, 550, ${at})`);
    await run(`insert into camp_price_lines (registration_id, position, kind, label, amount) values
      (1, 0, 'athlete', 'Vinterleir, ungdom/voksen: Per Hansen', 1080), (1, 1, 'companion', 'Ledsager: Mona Hansen', 550),
      (1, 2, 'companion', 'Ledsager: Frode Hansen', 550), (1, 3, 'cancelled-companion', 'Avbestilt ledsager: Frode Hansen', -550),
      (1, 4, 'correction', 'Rettet av leirledelsen', 100), (2, 0, 'athlete', 'Vinterleir, barn: Kari Hansen', 923)`);
    const charge = (registrationId: number, person: string, item: string, amount: number, reason = "Påmelding") =>
      `(${registrationId}, ${at}, 'deltaker', '${reason}', 'charge', '${person}', '${item}', ${amount})`;
    await run(`insert into event_ledger_entries (camp_registration_id, at, actor, reason, kind, person, item, amount) values
      ${charge(1, "athlete", "athlete", 1080)}, ${charge(1, "companion-1", "companion", 550)}, ${charge(1, "companion-2", "companion", 550)},
      ${charge(2, "athlete", "athlete", 923)},
      ${charge(1, "companion-2", "companion", -550, "Ledsager Frode Hansen avbestilt.")}, ${charge(1, "companion-2", "cancellation-fee", 100, "Ledsager Frode Hansen avbestilt.")},
      ${charge(1, "athlete", "athlete", 150, "Rettet av leirledelsen (alder).")}, ${charge(1, "athlete", "grading", -50, "Rettet av leirledelsen (alder).")},
      ${charge(2, "athlete", "athlete", -923, "Påmeldingen avbestilt.")}`);

    // Only up to this migration: once the registrations are orders (0049) their table, and its total, are gone anyway.
    await database.migrate(migrationsUpTo("0042_receipt_in_the_ledger"));

    const labels = await run(`select camp_registration_id as registration, label, amount from event_ledger_entries order by event_ledger_entries.id`);
    expect(labels.rows).toEqual([
      { registration: 1, label: "Vinterleir, ungdom/voksen: Per Hansen", amount: 1080 },
      { registration: 1, label: "Ledsager: Mona Hansen", amount: 550 },
      { registration: 1, label: "Ledsager: Frode Hansen", amount: 550 },
      { registration: 2, label: "Vinterleir, barn: Kari Hansen", amount: 923 },
      { registration: 1, label: "Avbestilt ledsager: Frode Hansen", amount: -550 },
      { registration: 1, label: "Beholdt etter avbestillingsreglene", amount: 100 },
      { registration: 1, label: "Rettet av leirledelsen: vinterleir", amount: 150 },
      { registration: 1, label: "Rettet av leirledelsen: gradering", amount: -50 },
      { registration: 2, label: "Avbestilt vinterleir", amount: -923 },
    ]);
    const left = await run(`select
        (select count(*)::int from information_schema.tables where table_name = 'camp_price_lines') as lines,
        (select count(*)::int from information_schema.columns where table_name = 'camp_registrations' and column_name = 'total') as total`);
    expect(left.rows[0]).toEqual({ lines: 0, total: 0 });
  });
  it("never gives a line that took nothing off (a free item cancelled) to a free item charged after it", async () => {
    const { database, run } = stopped;
    await stopped.campEditions(2026, 2027);
    const at = "'2026-11-20T10:00:00Z'";
    await run(`insert into camp_registrations (edition_year, draft_id, order_id, first_name, last_name, age, email, telephone, allergies, club_id,
        grade_id, gradering, has_ledsager, other_info, sleepover, vegan, instructor, public, vipps, wants_to_instruct, data_consent, terms_accepted,
        total, status, created_at)
      values (2027, '00000000-0000-4000-8000-000000000009', 'VL27-AAAAA9', 'Dan', 'Kandidat', 30, 'dan@example.no', '90000001', '', 1,
        1, true, true, '', false, false, 0, true, false, false, true, true, 1080, 'confirmed', ${at})`);
    const id = ((await run(`select id from camp_registrations where order_id = 'VL27-AAAAA9'`)).rows[0] as { id: number }).id;
    await run(`insert into camp_companions (registration_id, position, client_id, first_name, last_name, age, telephone, email, sleepover, already_registered, amount, cancelled_at)
      values (${id}, 0, 'a', 'Allerede', 'En', 40, '90000002', 'en@example.no', false, true, 0, ${at}),
             (${id}, 1, 'b', 'Allerede', 'To', 41, '90000003', 'to@example.no', false, true, 0, null)`);
    const [first, second] = (await run(`select id from camp_companions where registration_id = ${id} order by position`)).rows as { id: number }[];
    // The dan grading (free) taken off and ticked again; a free companion cancelled alone and another added. A
    // cancellation of a free item wrote a line of 0 but no charge (nothing was taken off).
    await run(`insert into camp_price_lines (registration_id, position, kind, label, amount) values
      (${id}, 0, 'athlete', 'Vinterleir, ungdom/voksen: Dan Kandidat', 1080),
      (${id}, 1, 'grading', 'Dan-gradering (betales direkte til forbundet)', 0),
      (${id}, 2, 'companion', 'Ledsager: Allerede En (allerede påmeldt)', 0),
      (${id}, 3, 'cancelled-grading', 'Avbestilt gradering', 0),
      (${id}, 4, 'cancelled-companion', 'Avbestilt ledsager: Allerede En', 0),
      (${id}, 5, 'grading', 'Dan-gradering (betales direkte til forbundet)', 0),
      (${id}, 6, 'companion', 'Ledsager: Allerede To (allerede påmeldt)', 0)`);
    const charge = (person: string, item: string, amount: number) =>
      `(${id}, ${at}, 'deltaker', 'Påmelding', 'charge', '${person}', '${item}', ${amount})`;
    await run(`insert into event_ledger_entries (camp_registration_id, at, actor, reason, kind, person, item, amount) values
      ${charge("athlete", "athlete", 1080)}, ${charge("athlete", "grading", 0)}, ${charge(`companion-${first!.id}`, "companion", 0)},
      ${charge("athlete", "grading", 0)}, ${charge(`companion-${second!.id}`, "companion", 0)}`);

    await database.migrate(migrationsUpTo("0042_receipt_in_the_ledger"));

    const labels = await run(`select label from event_ledger_entries where camp_registration_id = ${id} order by id`);
    expect(labels.rows.map((row) => row.label)).toEqual([
      "Vinterleir, ungdom/voksen: Dan Kandidat",
      "Dan-gradering (betales direkte til forbundet)",
      "Ledsager: Allerede En (allerede påmeldt)",
      "Dan-gradering (betales direkte til forbundet)",
      "Ledsager: Allerede To (allerede påmeldt)",
    ]);
  });
});
