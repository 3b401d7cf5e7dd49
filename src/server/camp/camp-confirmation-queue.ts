import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import type { RenderedMail } from "../mail/outbox.ts";
import { rowOfBatch, type MailRenderContext } from "../mail/mail-kinds.ts";
import { campEditionOfYear } from "./camp-edition-lookup.ts";
import { checkInCodeFor } from "./checkin/checkin-code.ts";
import { createMailLink, personalLinkUrl } from "./camp-personal-link.ts";
import { ledgerFigures, sumFigures, type LedgerFigures } from "../../shared/camp/camp-ledger.ts";
import { readLedgers } from "./camp-ledger-store.ts";
import { loadClubContact } from "../site-content/club-contact.ts";
import { renderCampConfirmation, type GroupConfirmation } from "./camp-confirmation-mail.ts";
import { readConfirmationRows } from "./camp-confirmation-read.ts";

/**
 * The camp confirmation in the outbox: queued inside the transaction that confirms the registration with
 * only what cannot be read later, rendered (camp-confirmation-mail.ts) from the rows when it is sent.
 */

export const campConfirmationKeyPrefix = "camp-confirmation:";

export function campConfirmationKey(registrationId: number): string {
  return `${campConfirmationKeyPrefix}${registrationId}`;
}

/** The outbox kind of a camp confirmation: rendered when it is sent (mail/mail-kinds.ts). */
export const campConfirmationMailKind = "camp-confirmation";

/**
 * What the outbox keeps for a confirmation until it is sent; the rest is read from the rows then. The
 * figures stand as they did when it was queued (a payment recorded before the mail goes out must not be
 * counted twice beside `reserved`), and the family link's secret exists nowhere else. A new registration's
 * statement writes the same payload itself (camp-registration-statement.ts, its `mail`).
 */
interface QueuedConfirmation {
  /** The registrations confirmed together, the one the mail goes to first (a group: every athlete). */
  registrationIds: number[];
  personalToken: string;
  money: Pick<LedgerFigures, "paid" | "outstanding">;
  reserved?: number;
}

export interface QueueConfirmationOptions {
  /** Money Vipps has reserved and is taking now: counted as paid in the mail. */
  reserved?: number;
}

/**
 * Queues the confirmation of registrations confirmed together (one, or a group sharing the contact details:
 * the first athlete's mail with every other athlete's receipt, order id, check-in code and link, and one
 * total). Call it inside the transaction that confirms them; the dedupe key (the first athlete's) makes a
 * second call a no-op. Only what the renderer cannot read later is stored (QueuedConfirmation); the mail
 * is rendered from the rows when it is sent.
 */
export async function queueConfirmation(
  db: Db,
  registrationIds: readonly number[],
  now: Date,
  options: QueueConfirmationOptions = {},
): Promise<void> {
  const [first] = registrationIds;
  if (first === undefined) throw new Error("A confirmation needs a registration");
  // The athletes share the address the mail goes to: one family link opens them all.
  const personalToken = await createMailLink(db, first, now);
  const money = sumFigures([...(await readLedgers(db, registrationIds)).values()].map(ledgerFigures));
  const payload: QueuedConfirmation = {
    registrationIds: [...registrationIds],
    personalToken,
    money: { paid: money.paid, outstanding: money.outstanding },
    ...(options.reserved ? { reserved: options.reserved } : {}),
  };
  await db.execute(sql`
    insert into mail_outbox (dedupe_key, recipient, kind, payload, status, next_attempt_at, created_at)
    select ${campConfirmationKey(first)}, r.email, ${campConfirmationMailKind}, ${JSON.stringify(payload)}::jsonb, 'pending', ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from camp_registration_view r where r.id = ${first}
    on conflict (dedupe_key) do nothing`);
}

/** The confirmation of one registration (card/cash/free now; a Vipps payment later). */
export function queueCampConfirmationMail(db: Db, registrationId: number, now: Date, _publicBaseUrl?: string, reserved = 0): Promise<void> {
  return queueConfirmation(db, [registrationId], now, { reserved });
}

/** One confirmation for a group (registered together, sharing the contact details). */
export function queueCampGroupConfirmationMail(
  db: Db,
  registrationIds: readonly number[],
  now: Date,
  _publicBaseUrl?: string,
  reserved = 0,
): Promise<void> {
  return queueConfirmation(db, registrationIds, now, { reserved });
}

function confirmationIdsOf(payload: Record<string, unknown>): number[] {
  return (payload as unknown as QueuedConfirmation).registrationIds;
}

/** The outbox's renderer for a queued confirmation (mail/mail-kinds.ts): the mail as it goes out. */
export async function renderQueuedCampConfirmation(
  db: Db,
  queued: { payload: Record<string, unknown>; createdAt: Date },
  context: MailRenderContext,
): Promise<RenderedMail> {
  const { publicBaseUrl, once } = context;
  const { registrationIds, personalToken, money, reserved } = queued.payload as unknown as QueuedConfirmation;
  const rowOf = async (id: number) => {
    const row = await rowOfBatch(context, campConfirmationMailKind, confirmationIdsOf, (ids) => readConfirmationRows(db, ids), id);
    if (!row) throw new Error(`No camp registration ${id}`);
    return row;
  };
  const [first, ...rest] = registrationIds;
  const registration = await rowOf(first!);
  const others: GroupConfirmation["others"] = [];
  for (const id of rest) {
    const { orderId, firstName, lastName, sleepover, lines, total } = await rowOf(id);
    others.push({ orderId, firstName, lastName, sleepover, lines, total, checkInCode: await checkInCodeFor(db, orderId) });
  }
  // A group's mail: the others' receipts below the first athlete's, and one total for everyone.
  const group = others.length > 0 ? { others, total: registration.total + others.reduce((sum, other) => sum + other.total, 0) } : undefined;
  // A group pays together: a first athlete with nothing to pay does not make the group's payment free
  // (the others pay at the camp; a group paying with Vipps has its one payment on the first athlete).
  const ownMethod = registration.method ?? "card_cash";
  const paymentMethod = group && ownMethod === "free" && group.total > 0 ? "card_cash" : ownMethod;
  const edition = await once(`camp-edition:${registration.editionYear}`, () => campEditionOfYear(db, registration.editionYear));
  // The person who registered: a child's contact person, or (an athlete of a group confirmed on its own) whoever registered the group.
  return renderCampConfirmation({ ...registration, money, paymentMethod, checkInCode: await checkInCodeFor(db, registration.orderId) }, edition, {
    sentAt: queued.createdAt,
    personalLink: personalLinkUrl(publicBaseUrl, personalToken),
    ...(reserved ? { reserved } : {}),
    ...(group ? { group } : {}),
    contactEmail: (await once("club-contact", () => loadClubContact(db))).general,
  });
}
