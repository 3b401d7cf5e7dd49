import { sql } from "drizzle-orm";
import { registrantGreetingName } from "../../shared/camp/contact-greeting.ts";
import { receiptLines, receiptTotal, type ReceiptLine } from "../../shared/camp/camp-ledger-receipt.ts";
import type { LedgerEntry } from "../../shared/camp/camp-ledger.ts";
import type { Db } from "../db/database.ts";
import { namedStatement } from "../db/prepared-statement.ts";
import type { PaymentMethod } from "../db/schema/camp.ts";

/** What a camp confirmation says about one registration, as its rows stand when the mail is sent. */
export interface ConfirmationRow {
  editionYear: number;
  orderId: string;
  firstName: string;
  lastName: string;
  age: number;
  contactName: string;
  groupId: string | null;
  sleepover: boolean;
  clubName: string;
  /** Its receipt: the ledger's charges in the order they were written. */
  lines: ReceiptLine[];
  total: number;
  /** The method of its latest payment; none before one is made. */
  method: PaymentMethod | null;
  /** Whom the mail greets: the person who registered it (for a group's athlete, whoever registered the group). */
  greetingName: string | undefined;
}

interface StoredRow extends Omit<ConfirmationRow, "lines" | "total" | "greetingName"> {
  ledger: Pick<LedgerEntry, "kind" | "label" | "item" | "amount">[];
  groupFirst: { age: number; firstName: string; contactName: string } | null;
}

/**
 * Registrations with their club, their ledger's entries, their latest payment's method and their group's first
 * athlete, in one call for a whole batch of mails: on PGlite each statement's round of calls into the engine
 * costs more than the reading itself. The ids go in, and each row comes out, as JSON text, which both drivers
 * hand over alike.
 */
const confirmationRead = namedStatement(
  "camp_confirmation_mail_read",
  () => sql`
    select json_build_object(
      'editionYear', r.edition_year, 'orderId', r.order_id, 'firstName', r.first_name, 'lastName', r.last_name,
      'age', r.age, 'contactName', r.contact_name, 'groupId', r.group_id, 'sleepover', r.sleepover, 'clubName', c.name,
      'ledger', (select coalesce(json_agg(json_build_object('kind', l.kind, 'label', l.label, 'item', l.item, 'amount', l.amount) order by l.id), '[]'::json)
                   from event_ledger_entries l where l.order_id = r.id and l.owner_kind = 'camp'),
      'method', (select p.method from event_payments p where p.order_id = r.id and p.owner_kind = 'camp' order by p.id desc limit 1),
      'groupFirst', (select json_build_object('age', f.age, 'firstName', f.first_name, 'contactName', f.contact_name)
                       from camp_registration_view f
                      where r.group_id is not null and r.group_id <> r.order_id and f.order_id = r.group_id and f.anonymised_at is null
                      limit 1)
    )::text as row, r.id
      from camp_registration_view r join clubs c on c.club_id = r.club_id
     where r.id in (select value::int from json_array_elements_text(${sql.placeholder("ids")}::json))`,
);

/** The registrations' rows by id (a missing one is not in the map). */
export async function readConfirmationRows(db: Db, registrationIds: readonly number[]): Promise<Map<number, ConfirmationRow>> {
  const rows = new Map<number, ConfirmationRow>();
  for (const found of await confirmationRead.execute(db, { ids: JSON.stringify(registrationIds) })) {
    const { ledger, groupFirst, ...row } = JSON.parse(String(found.row)) as StoredRow;
    const lines = receiptLines(ledger as LedgerEntry[]);
    rows.set(Number(found.id), { ...row, lines, total: receiptTotal(lines), greetingName: registrantGreetingName(row, groupFirst ?? undefined) });
  }
  return rows;
}
