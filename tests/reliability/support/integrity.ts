/**
 * What the database itself holds after a fault run, checked with SQL (works on a pg client and on PGlite):
 * every expected draft stored exactly once with all of its parts (companions, price lines that add up to the
 * total, one payment of that total, one confirmation mail), nothing else stored, nothing orphaned.
 */
export interface Queryable {
  query<Row>(text: string): Promise<{ rows: Row[] }>;
}

export interface DraftLike {
  lastName: string;
  ledsagere: unknown[];
}

export interface IntegrityReport {
  registrations: number;
  expected: number;
  missing: string[];
  duplicated: string[];
  unexpected: string[];
  /** Registrations whose parts are incomplete or do not add up, with what is wrong. */
  halfWritten: string[];
  orphans: number;
}

interface RegistrationRow {
  last_name: string;
  status: string;
  total: number;
  companions: number;
  lines: number;
  payments: number;
  payments_matching: number;
  mails: number;
}

export async function checkIntegrity(db: Queryable, drafts: DraftLike[]): Promise<IntegrityReport> {
  const { rows } = await db.query<RegistrationRow>(`
    select r.last_name, r.status, charged.lines, charged.total,
           (select count(*) from event_positions c where c.order_id = r.id and c.kind = 'companion')::int as companions,
           (select count(*) from event_payments p where p.order_id = r.id)::int as payments,
           (select count(*) from event_payments p where p.order_id = r.id and p.amount = charged.total)::int as payments_matching,
           (select count(*) from mail_outbox m where m.dedupe_key = 'camp-confirmation:' || r.id)::int as mails
      from camp_registration_view r
      -- The receipt's lines are the ledger's charges; the total is their sum.
      cross join lateral (select count(*)::int as lines, coalesce(sum(l.amount), 0)::int as total from event_ledger_entries l
                           where l.order_id = r.id and l.kind = 'charge') as charged`);
  const {
    rows: [orphanRow],
  } = await db.query<{ n: number }>(`
    select ((select count(*) from event_positions c where c.owner_kind = 'camp'
               and not exists (select 1 from camp_registration_view r where r.id = c.order_id))
          + (select count(*) from event_payments p where p.owner_kind = 'camp' and not exists (select 1 from camp_registration_view r where r.id = p.order_id)))::int as n`);

  const expected = new Map(drafts.map((draft) => [draft.lastName, draft]));
  const seen = new Map<string, number>();
  const halfWritten: string[] = [];
  for (const row of rows) {
    seen.set(row.last_name, (seen.get(row.last_name) ?? 0) + 1);
    const draft = expected.get(row.last_name);
    const problems: string[] = [];
    if (row.status !== "confirmed") problems.push(`status ${row.status}`);
    if (draft && row.companions !== draft.ledsagere.length) problems.push(`${row.companions}/${draft.ledsagere.length} companions`);
    if (row.lines < 1) problems.push("no charges in the ledger");
    if (row.payments !== 1 || row.payments_matching !== 1) problems.push(`${row.payments} payments (${row.payments_matching} of the total)`);
    if (row.mails !== 1) problems.push(`${row.mails} confirmation mails`);
    if (problems.length) halfWritten.push(`${row.last_name}: ${problems.join(", ")}`);
  }
  return {
    registrations: rows.length,
    expected: drafts.length,
    missing: drafts.filter((draft) => !seen.has(draft.lastName)).map((draft) => draft.lastName),
    duplicated: [...seen].filter(([, n]) => n > 1).map(([name]) => name),
    unexpected: [...seen.keys()].filter((name) => !expected.has(name)),
    halfWritten,
    orphans: orphanRow?.n ?? 0,
  };
}
