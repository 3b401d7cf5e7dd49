import { sql, type SQL } from "drizzle-orm";
import { PgTransaction, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { athletePerson } from "../../shared/camp/camp-ledger.ts";
import { isPglite, type Db } from "../db/database.ts";
import { columnNames, columnsOf, jsonRecords, jsonRows, textField, type JsonField } from "../db/json-records.ts";
import { driverBoolean, namedStatement } from "../db/prepared-statement.ts";
import { WriteBatcher } from "../db/write-batcher.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventLedgerEntries, eventPayments } from "../db/schema/events-money.ts";
import { eventOrders, eventPositions, familyLinks } from "../db/schema/events-orders.ts";
import { events } from "../db/schema/events.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { campConfirmationKeyPrefix, campConfirmationMailKind } from "./camp-confirmation-queue.ts";
import { EditionChangedError, publishedFingerprintSql } from "./camp-edition-cache.ts";
import { campAnswerFields } from "./camp-registration-rows.ts";

/**
 * The statement camp-registration-write.ts writes new registrations with (each an order with its athlete and
 * companions as positions, camp-registration-rows.ts): everything that belongs to them
 * as ONE statement (data-modifying CTEs), atomic like a transaction, the foreign keys checked at its end.
 * Its text is fixed: the rows come as JSON, one parameter per table, each child row naming its
 * registration by order id. So one statement writes one registration or many (db/write-batcher.ts groups
 * those that arrive together outside a transaction).
 *
 * A registration's insert does nothing on either unique key (a twin of its draft, or a taken order id);
 * then nothing of it is inserted and it gets no id. Nor is it inserted when the published editions are no
 * longer those it was priced under (their fingerprint, camp-edition-cache.ts): it then answers
 * `editionCurrent = false`.
 */

const registrationColumns = {
  draftId: campRegistrations.draftId,
  firstName: campRegistrations.firstName,
  lastName: campRegistrations.lastName,
  age: campRegistrations.age,
  email: campRegistrations.email,
  emailKey: campRegistrations.emailKey,
  draftSecretHash: campRegistrations.draftSecretHash,
  telephone: campRegistrations.telephone,
  contactName: campRegistrations.contactName,
  allergies: campRegistrations.allergies,
  clubId: campRegistrations.clubId,
  gradeId: campRegistrations.gradeId,
  gradering: campRegistrations.gradering,
  hasLedsager: campRegistrations.hasLedsager,
  otherInfo: campRegistrations.otherInfo,
  sleepover: campRegistrations.sleepover,
  vegan: campRegistrations.vegan,
  instructor: campRegistrations.instructor,
  public: campRegistrations.public,
  vipps: campRegistrations.vipps,
  wantsToInstruct: campRegistrations.wantsToInstruct,
  dataConsent: campRegistrations.dataConsent,
  termsAccepted: campRegistrations.termsAccepted,
  createdAt: campRegistrations.createdAt,
  editionYear: campRegistrations.editionYear,
  orderId: campRegistrations.orderId,
  status: campRegistrations.status,
  waitlistRank: campRegistrations.waitlistRank,
  groupId: campRegistrations.groupId,
  confirmedAt: campRegistrations.confirmedAt,
} satisfies Record<string, PgColumn>;

/** A companion is a position of its registration (camp-companion-rows.ts); its price is only its charge. */
const companionColumns = {
  position: eventPositions.position,
  kind: eventPositions.kind,
  firstName: eventPositions.firstName,
  lastName: eventPositions.lastName,
  age: eventPositions.age,
  answers: eventPositions.answers,
} satisfies Record<string, PgColumn>;
/** The receipt as priced, written as the ledger's charges: a companion's line names the companion by its place in the list. */
const chargeColumns = {
  item: eventLedgerEntries.item,
  label: eventLedgerEntries.label,
  amount: eventLedgerEntries.amount,
  companionPosition: { ...textField("companion_position"), getSQLType: () => "integer" },
};
const paymentColumns = {
  reference: eventPayments.reference,
  method: eventPayments.method,
  amount: eventPayments.amount,
  state: eventPayments.state,
  createdAt: eventPayments.createdAt,
  updatedAt: eventPayments.updatedAt,
};
const mailColumns = {
  recipient: mailOutbox.recipient,
  status: mailOutbox.status,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  createdAt: mailOutbox.createdAt,
};
const submissionLinkColumns = { tokenHash: familyLinks.tokenHash, createdAt: familyLinks.createdAt };

type Values<Columns> = { [key in keyof Columns]: unknown };
export type RegistrationValues = Values<typeof registrationColumns>;

/** One new registration's rows. */
export interface StatementValues {
  registration: RegistrationValues;
  /** The published editions it was priced under (camp-edition-cache.ts). */
  editionFingerprint: string;
  companions: Values<typeof companionColumns>[];
  /** The price's lines in their order, the companions' last. */
  charges: Values<typeof chargeColumns>[];
  payment?: Values<typeof paymentColumns>;
  /** The confirmation mail (rendered when sent) and the family link («Min påmelding» for the address) it carries. */
  mail?: {
    row: Values<typeof mailColumns>;
    familyLink: { emailKey: string; tokenHash: string };
    personalToken: string;
    /** The figures the mail states, as JSON. */
    money: string;
  };
  /** A link to «Min påmelding» for the browser that sent the draft. */
  submissionLink?: Values<typeof submissionLinkColumns>;
  /** The draft of the submission it came in (a group's first athlete's); default its own. */
  leadDraftId?: string;
}

export type StatementResult = { id: number } | { id: undefined; editionCurrent: boolean };

/** Each child row names its registration by its order id. */
const orderIdColumn = { orderId: campRegistrations.orderId };
const incomingColumns = {
  ...registrationColumns,
  editionFingerprint: textField("edition_fingerprint"),
  leadDraftId: textField("lead_draft_id"),
};
const incomingMailColumns = {
  ...orderIdColumn,
  ...mailColumns,
  personalToken: textField("personal_token"),
  money: textField("money"),
  emailKey: familyLinks.emailKey,
  tokenHash: familyLinks.tokenHash,
};
const ledgerWho = sql.raw(`'deltaker', 'Påmelding'`);
/** An incoming answer's column: the instructor's choice is kept as its number in text, like every answer a string or a flag. */
const answerColumn = (field: (typeof campAnswerFields)[number]) =>
  field === "instructor" ? `${campRegistrations.instructor.name}::text` : campRegistrations[field].name;

function statementSql(): SQL {
  // Each row names its order and carries the camp's side as a constant: the write path looks nothing up.
  const insertChildren = (name: string, table: PgTable, registrationId: PgColumn, columns: Record<string, PgColumn>, returning = "") =>
    sql`${sql.identifier(name)} as (insert into ${table} (${columnNames([registrationId, ...Object.values(columns)])}, owner_kind)
      select registration.id, ${columnsOf("c", columns)}, 'camp'
      from registration join ${jsonRecords("c", name, { ...orderIdColumn, ...columns })} on c.order_id = registration.order_id
      order by c.ordinal ${sql.raw(returning && `returning ${returning}`)})`;
  return sql`with published as (select ${publishedFingerprintSql} as fingerprint),
    incoming as (select * from ${jsonRecords("i", "registrations", incomingColumns)}),
    -- The registration is an order of its edition's event (the contact, its status and way of paying)...
    registration as (insert into ${eventOrders} (event_id, order_id, draft_id, status, method, first_name, last_name, email, email_key,
        draft_secret_hash, telephone, contact_name, created_at, confirmed_at, waitlist_rank, group_id, owner_kind)
      select event.id, incoming.order_id, incoming.draft_id, incoming.status, case when incoming.vipps then 'vipps' else 'card_cash' end,
             incoming.first_name, incoming.last_name, incoming.email, incoming.email_key, incoming.draft_secret_hash, incoming.telephone,
             incoming.contact_name, incoming.created_at, incoming.confirmed_at, incoming.waitlist_rank, incoming.group_id, 'camp'
      from incoming join published on incoming.edition_fingerprint = published.fingerprint
      join ${events} event on event.slug = 'vinterleir-' || incoming.edition_year
      -- One order for the unique keys' locks in every batch: two batches holding one draft cannot wait for each other.
      -- A group's athletes share their submission's draft and go in the order they were given.
      order by incoming.edition_year, incoming.lead_draft_id, incoming.ordinal
      on conflict do nothing returning id, order_id, created_at, group_id),
    -- ... and its athlete the order's position 0, the camp's questions its answers (camp-registration-rows.ts).
    athlete as (insert into ${eventPositions} (order_id, owner_kind, position, kind, first_name, last_name, age, club_id, grade_id, answers)
      select registration.id, 'camp', 0, 'athlete', incoming.first_name, incoming.last_name, incoming.age, incoming.club_id, incoming.grade_id,
             jsonb_build_object(${sql.raw(campAnswerFields.map((field) => `'${field}', incoming.${answerColumn(field)}`).join(", "))})
      from registration join incoming on incoming.order_id = registration.order_id),
    ${insertChildren("companions", eventPositions, eventPositions.orderId, companionColumns, "order_id as registration_id, id, position")},
    ${insertChildren("payments", eventPayments, eventPayments.orderId, paymentColumns)},
    -- The price is written once: its lines are the order's charges in the ledger, the receipt in its order; a
    -- companion's line is the companion's (by its own id).
    ledger as (insert into ${eventLedgerEntries} (order_id, owner_kind, at, actor, reason, kind, person, item, label, amount)
      select registration.id, 'camp', registration.created_at, ${ledgerWho}, 'charge',
             coalesce('companion-' || companion.id, ${sql.raw(`'${athletePerson}'`)}), c.item, c.label, c.amount
      from registration join ${jsonRecords("c", "charges", { ...orderIdColumn, ...chargeColumns })} on c.order_id = registration.order_id
      left join companions companion on companion.registration_id = registration.id and companion.position = c.companion_position
      order by registration.id, c.ordinal),
    mails as (select m.*, registration.id as registration_id,
        -- A group's one mail (its first athlete's) covers every athlete of the group, in the order given.
        case when registration.group_id is null then jsonb_build_array(registration.id)
             else (select jsonb_agg(athlete.id order by athlete_in.ordinal) from registration athlete
                     join incoming athlete_in on athlete_in.order_id = athlete.order_id
                    where athlete.group_id = registration.group_id) end as registration_ids
      from registration join ${jsonRecords("m", "mails", incomingMailColumns)}
        on m.order_id = registration.order_id),
    -- The confirmation as the outbox renders it when it sends (camp-confirmation-queue.ts): its kind and payload only.
    mail as (insert into ${mailOutbox} (${columnNames([mailOutbox.dedupeKey, mailOutbox.kind, mailOutbox.payload, ...Object.values(mailColumns)])})
      select ${campConfirmationKeyPrefix}::text || mails.registration_id, ${campConfirmationMailKind}::text,
             jsonb_build_object('registrationIds', mails.registration_ids, 'personalToken', mails.personal_token, 'money', mails.money::jsonb),
             ${columnsOf("mails", mailColumns)}
      from mails on conflict (${sql.identifier(mailOutbox.dedupeKey.name)}) do nothing),
    -- The mail's family link: only the secret's hash is stored.
    family_link as (insert into ${familyLinks} (email_key, token_hash, created_at, owner_kind)
      select email_key, token_hash, created_at, 'camp' from mails),
    ${insertChildren("submission_links", familyLinks, familyLinks.orderId, submissionLinkColumns)}
    select incoming.order_id, registration.id, incoming.edition_fingerprint = published.fingerprint as edition_current
    from incoming cross join published left join registration on registration.order_id = incoming.order_id`;
}

const statement = namedStatement("camp_orders_write", statementSql);

/** The placeholder values of the registrations: one JSON array per table. */
function placeholderValues(all: readonly StatementValues[]): Record<string, string> {
  const child = <Row extends Record<string, unknown>>(columns: Record<string, JsonField>, pick: (values: StatementValues) => Row[]) =>
    jsonRows(
      { ...orderIdColumn, ...columns },
      all.flatMap((values) => pick(values).map((row) => ({ ...row, orderId: values.registration.orderId }))),
    );
  return {
    registrations: jsonRows(
      incomingColumns,
      all.map((values) => ({
        ...values.registration,
        editionFingerprint: values.editionFingerprint,
        leadDraftId: values.leadDraftId ?? values.registration.draftId,
      })),
    ),
    companions: child(companionColumns, (values) => values.companions),
    charges: child(chargeColumns, (values) => values.charges),
    payments: child(paymentColumns, (values) => (values.payment ? [values.payment] : [])),
    mails: child(incomingMailColumns, (values) =>
      values.mail ? [{ ...values.mail.row, personalToken: values.mail.personalToken, money: values.mail.money, ...values.mail.familyLink }] : [],
    ),
    submission_links: child(submissionLinkColumns, (values) => (values.submissionLink ? [values.submissionLink] : [])),
  };
}

/** Writes the registrations in one statement; one result per registration, in their order. */
export async function writeAll(db: Db, all: readonly StatementValues[]): Promise<StatementResult[]> {
  const rows = await statement.execute(db, placeholderValues(all));
  const byOrderId = new Map(rows.map((row) => [String(row.order_id), row]));
  return all.map((values) => {
    const row = byOrderId.get(String(values.registration.orderId));
    if (row?.id !== null && row?.id !== undefined) return { id: Number(row.id) };
    return { id: undefined, editionCurrent: driverBoolean(row?.edition_current) };
  });
}

/** Registrations that arrive together outside a transaction share a statement (db/write-batcher.ts). */
const batchers = new WeakMap<Db, WriteBatcher<StatementValues, StatementResult>>();

export function registrationStatementBatcher(db: Db): WriteBatcher<StatementValues, StatementResult> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new WriteBatcher<StatementValues, StatementResult>({
      write: (all) => writeAll(db, all),
      maxBatch: 32,
      // PGlite runs one statement at a time; PostgreSQL's pool (10) keeps room for everything else.
      concurrency: isPglite(db) ? 1 : 3,
      // A draft is unique per edition, an order id everywhere.
      key: (values) => `${String(values.registration.editionYear)}/${String(values.registration.draftId)}`,
    });
    batchers.set(db, batcher);
  }
  return batcher;
}

/**
 * Writes one registration: inside a transaction on its connection, otherwise with those that arrive at the
 * same moment. Answers its id, or undefined when nothing was written (its draft or order id is stored already).
 */
export async function runRegistrationStatement(db: Db, values: StatementValues): Promise<number | undefined> {
  const [result] = db instanceof PgTransaction ? await writeAll(db as Db, [values]) : [await registrationStatementBatcher(db).write(values)];
  return idOf(result!);
}

/** The id written, undefined when nothing was (a twin, a taken order id); EditionChangedError when its editions changed. */
export function idOf(result: StatementResult): number | undefined {
  if (result.id !== undefined) return result.id;
  if (!result.editionCurrent) throw new EditionChangedError();
  return undefined;
}
