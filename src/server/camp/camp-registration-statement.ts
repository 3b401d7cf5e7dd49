import { sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { athletePerson } from "../../shared/camp/camp-ledger.ts";
import type { Db } from "../db/database.ts";
import { driverBoolean, namedStatement } from "../db/prepared-statement.ts";
import { columnNames, valuesList, valuesOf } from "../db/values-list.ts";
import { campCompanions, campPriceLines, campRegistrations, payments } from "../db/schema/camp.ts";
import { campPersonalLinks } from "../db/schema/camp-self-service.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { campConfirmationKeyPrefix, campConfirmationMailKind } from "./camp-confirmation-queue.ts";
import { EditionChangedError, publishedFingerprintSql } from "./camp-edition-cache.ts";

/**
 * The statement camp-registration-write.ts writes a new registration with: everything that belongs to it
 * as ONE statement (data-modifying CTEs). One round trip, atomic like a transaction, the foreign keys
 * checked at its end, and on PostgreSQL no connection held between statements. bench:api showed it pays:
 * the same rows as eleven ordinary statements in a transaction held a pooled connection for eleven round
 * trips and cost more CPU (docs/benchmarks.md). The registration's insert does nothing on either unique key
 * (a concurrent twin of the draft, or a taken order id); then nothing else is inserted and no row comes back.
 * Nor does it insert anything when the published editions are no longer those the registration was priced
 * under (their fingerprint, camp-edition-cache.ts): the statement then answers `edition_current = false`.
 */

/** What the statement's text depends on; every value is a named placeholder. */
export interface StatementShape {
  companions: number;
  priceLines: number;
  /** 0: no payment row (waiting; the other athletes of a group paying once). */
  payments: 0 | 1;
  /** The confirmation mail (rendered when sent) and the family link it carries. */
  confirmationMail: boolean;
  /** A link for the browser that sent the draft. */
  submissionLink: boolean;
}

export const registrationColumns = {
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
  total: campRegistrations.total,
  createdAt: campRegistrations.createdAt,
  editionYear: campRegistrations.editionYear,
  orderId: campRegistrations.orderId,
  status: campRegistrations.status,
  waitlistRank: campRegistrations.waitlistRank,
  groupId: campRegistrations.groupId,
  confirmedAt: campRegistrations.confirmedAt,
} satisfies Record<string, PgColumn>;

export const companionColumns = {
  position: campCompanions.position,
  clientId: campCompanions.clientId,
  firstName: campCompanions.firstName,
  lastName: campCompanions.lastName,
  age: campCompanions.age,
  telephone: campCompanions.telephone,
  email: campCompanions.email,
  sleepover: campCompanions.sleepover,
  alreadyRegistered: campCompanions.alreadyRegistered,
  amount: campCompanions.amount,
} satisfies Record<string, PgColumn>;
const priceLineColumns = { position: campPriceLines.position, kind: campPriceLines.kind, label: campPriceLines.label, amount: campPriceLines.amount };
const paymentColumns = {
  reference: payments.reference,
  method: payments.method,
  amount: payments.amount,
  state: payments.state,
  createdAt: payments.createdAt,
  updatedAt: payments.updatedAt,
};
const mailColumns = {
  recipient: mailOutbox.recipient,
  status: mailOutbox.status,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  createdAt: mailOutbox.createdAt,
};
const familyLinkColumns = { emailKey: campPersonalLinks.emailKey, tokenHash: campPersonalLinks.tokenHash, createdAt: campPersonalLinks.createdAt };
const submissionLinkColumns = { tokenHash: campPersonalLinks.tokenHash, createdAt: campPersonalLinks.createdAt };

export type RegistrationValues = { [key in keyof typeof registrationColumns]: unknown };

/** The placeholder values of one registration for the statement of its shape. */
export interface StatementValues {
  registration: RegistrationValues;
  companions: Record<keyof typeof companionColumns, unknown>[];
  priceLines: Record<keyof typeof priceLineColumns, unknown>[];
  payment?: Record<keyof typeof paymentColumns, unknown>;
  mail?: {
    row: Record<keyof typeof mailColumns, unknown>;
    familyLink: Record<keyof typeof familyLinkColumns, unknown>;
    personalToken: string;
    money: string;
  };
  submissionLink?: Record<keyof typeof submissionLinkColumns, unknown>;
}

const ledgerWho = sql.raw(`'deltaker', 'Påmelding'`);

function statementSql(shape: StatementShape): SQL {
  const insertFor = (name: string, table: PgTable, registrationId: PgColumn, columns: Record<string, PgColumn>, prefix: string, rows: number) =>
    sql`${sql.identifier(name)} as (insert into ${table} (${columnNames([registrationId, ...Object.values(columns)])})
      select registration.id, v.* from registration, ${valuesList("v", prefix, columns, rows)} returning *)`;
  const parts: SQL[] = [
    sql`edition_check as (select ${publishedFingerprintSql} = ${sql.placeholder("editionFingerprint")}::text as current)`,
    sql`registration as (insert into ${campRegistrations} (${columnNames(Object.values(registrationColumns))})
      select v.* from ${valuesList("v", "r", registrationColumns, 1)}, edition_check where edition_check.current
      on conflict do nothing returning id)`,
  ];
  if (shape.companions) parts.push(insertFor("companions", campCompanions, campCompanions.registrationId, companionColumns, "c", shape.companions));
  parts.push(insertFor("price_lines", campPriceLines, campPriceLines.registrationId, priceLineColumns, "l", shape.priceLines));
  if (shape.payments) parts.push(insertFor("payment", payments, payments.registrationId, paymentColumns, "p", 1));
  // The order's charges in the ledger: the athlete's own price lines, and one per companion (its own id).
  parts.push(sql`ledger as (insert into camp_ledger_entries (registration_id, at, actor, reason, kind, person, item, amount)
    select price_lines.registration_id, ${sql.placeholder("r0.createdAt")}::timestamptz, ${ledgerWho}, 'charge', ${sql.raw(`'${athletePerson}'`)}, price_lines.kind, price_lines.amount
      from price_lines where price_lines.kind <> 'companion'
    ${shape.companions ? sql`union all select companions.registration_id, ${sql.placeholder("r0.createdAt")}::timestamptz, ${ledgerWho}, 'charge', 'companion-' || companions.id, 'companion', companions.amount from companions` : sql``})`);
  if (shape.confirmationMail) {
    // The confirmation as the outbox renders it when it sends (camp-confirmation-queue.ts): its kind and payload only.
    parts.push(sql`mail as (insert into ${mailOutbox} (${columnNames([mailOutbox.dedupeKey, mailOutbox.kind, mailOutbox.payload, ...Object.values(mailColumns)])})
      select ${campConfirmationKeyPrefix}::text || registration.id, ${campConfirmationMailKind}::text,
             jsonb_build_object('registrationIds', jsonb_build_array(registration.id), 'personalToken', ${sql.placeholder("personalToken")}::text, 'money', ${sql.placeholder("money")}::jsonb),
             v.* from registration, ${valuesList("v", "m", mailColumns, 1)}
      on conflict (${sql.identifier(mailOutbox.dedupeKey.name)}) do nothing)`);
    // The mail's family link ("Min påmelding" for the address): only the secret's hash is stored.
    parts.push(sql`family_link as (insert into ${campPersonalLinks} (${columnNames(Object.values(familyLinkColumns))})
      select v.* from registration, ${valuesList("v", "f", familyLinkColumns, 1)})`);
  }
  if (shape.submissionLink)
    parts.push(insertFor("submission_link", campPersonalLinks, campPersonalLinks.registrationId, submissionLinkColumns, "s", 1));
  return sql`with ${sql.join(parts, sql`, `)} select registration.id, edition_check.current as edition_current from edition_check left join registration on true`;
}

function placeholderValues(values: StatementValues): Record<string, unknown> {
  const into: Record<string, unknown> = {};
  valuesOf("r", [values.registration], into);
  valuesOf("c", values.companions, into);
  valuesOf("l", values.priceLines, into);
  if (values.payment) valuesOf("p", [values.payment], into);
  if (values.mail) {
    valuesOf("m", [values.mail.row], into);
    valuesOf("f", [values.mail.familyLink], into);
    into.personalToken = values.mail.personalToken;
    into.money = values.mail.money;
  }
  if (values.submissionLink) valuesOf("s", [values.submissionLink], into);
  return into;
}

/** One statement per shape, built once: building and rendering a statement this size costs more CPU than running it. */
const statements = new Map<string, ReturnType<typeof namedStatement>>();

/**
 * Runs the statement of `shape`; answers the new registration's id, or undefined when nothing was written.
 * Outside a transaction it is prepared (db/prepared-statement.ts), inside one it runs on the transaction's connection.
 */
export async function runRegistrationStatement(
  db: Db,
  shape: StatementShape,
  values: StatementValues,
  editionFingerprint: string,
): Promise<number | undefined> {
  const name = `camp_registration_c${shape.companions}_l${shape.priceLines}_p${shape.payments}_m${Number(shape.confirmationMail)}_s${Number(shape.submissionLink)}`;
  let statement = statements.get(name);
  if (!statement) statements.set(name, (statement = namedStatement(name, () => statementSql(shape))));
  const rows = await statement.execute(db, { ...placeholderValues(values), editionFingerprint });
  const [row] = rows;
  if (!driverBoolean(row?.edition_current)) throw new EditionChangedError();
  return row!.id === null || row!.id === undefined ? undefined : Number(row!.id);
}
