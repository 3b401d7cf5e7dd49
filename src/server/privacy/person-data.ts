/**
 * A person's rights on request (GDPR art. 15 and 17) for one camp registration: everything we hold about
 * it as JSON, and anonymisation now (the payment records stay for the accounting law, D6).
 */
import { paymentsOfRegistration } from "../payments/payment-shares.ts";
import { ledgerFigureLabels, ledgerFigures, type LedgerEntry } from "../../shared/camp/camp-ledger.ts";
import { ledgerEntryWhat, ledgerHistoryLine } from "../../shared/camp/camp-ledger-history.ts";
import { actorLabel, moneyActionLabel, paymentMethodLabel, paymentStateLabel } from "../../shared/camp/camp-state-labels.ts";
import { registrationLedgerHistory } from "../camp/camp-ledger-history.ts";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { emailKey } from "../../shared/contact/email-key.ts";
import { withoutLinkSecrets } from "../../shared/privacy/link-secrets.ts";
import { gradeLabel } from "../../shared/camp/grades.ts";
import type { Db } from "../db/database.ts";
import { campCompanions, campPriceLines, campRegistrations, moneyActions, payments } from "../db/schema/camp.ts";
import { clubs } from "../db/schema/clubs.ts";
import { grades } from "../db/schema/grades.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { renderQueuedMail } from "../mail/mail-kinds.ts";
import { campConfirmationKey } from "../camp/camp-confirmation-queue.ts";
import { anonymiseRegistrations } from "./retention.ts";

export interface PersonExport {
  exportedAt: string;
  about: string;
  registration: Record<string, unknown> & { club: string; grade: string };
  companions: Record<string, unknown>[];
  /** The receipt's lines, as the family read them. */
  priceLines: { label: string; amount: number }[];
  payments: Record<string, unknown>[];
  /** The payments' log, each line in the shared Norwegian words (never a stored system word or note). */
  moneyActions: { at: string; reference: string; who: string; what: string; amount: number }[];
  /** The ledger as «Historikk» reads it, and its figures under their Norwegian names («Betalt», «Å betale» …). */
  ledger: { entries: { at: string; who: string; what: string; amount: number; reason: string; line: string }[]; figures: Record<string, number> };
  mails: Record<string, unknown>[];
}

export async function exportPerson(db: Db, registrationId: number, now: Date, publicBaseUrl = ""): Promise<PersonExport | undefined> {
  const [found] = await db
    .select({ registration: campRegistrations, club: clubs.name, grade: grades })
    .from(campRegistrations)
    .innerJoin(clubs, eq(clubs.clubId, campRegistrations.clubId))
    .innerJoin(grades, eq(grades.gradeId, campRegistrations.gradeId))
    .where(eq(campRegistrations.id, registrationId));
  if (!found) return undefined;
  const registration = found.registration;
  const companions = await db
    .select()
    .from(campCompanions)
    .where(eq(campCompanions.registrationId, registrationId))
    .orderBy(asc(campCompanions.position));
  const priceLines = await db
    .select()
    .from(campPriceLines)
    .where(eq(campPriceLines.registrationId, registrationId))
    .orderBy(asc(campPriceLines.position));
  // Of a group's one payment, this athlete's share.
  const paymentRows = await paymentsOfRegistration(db, registrationId);
  const actions =
    paymentRows.length === 0
      ? []
      : await db
          .select()
          .from(moneyActions)
          .where(
            inArray(
              moneyActions.paymentId,
              paymentRows.map((payment) => payment.id),
            ),
          )
          .orderBy(asc(moneyActions.id));
  const history = (await registrationLedgerHistory(db, registrationId)) ?? [];
  // The registration's own confirmation, and any other mail still held for its own address (compared by
  // key, never by the database's case rules). Not the companions' addresses: a companion may have given
  // someone else's, whose mail is not this person's to see.
  const ownKey = registration.emailKey ?? emailKey(registration.email);
  const candidates = await db
    .select({
      id: mailOutbox.id,
      dedupeKey: mailOutbox.dedupeKey,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      kind: mailOutbox.kind,
      payload: mailOutbox.payload,
    })
    .from(mailOutbox)
    .orderBy(asc(mailOutbox.id));
  const own = candidates.filter(
    (mail) =>
      mail.dedupeKey === campConfirmationKey(registrationId) || (ownKey !== undefined && ownKey !== null && emailKey(mail.recipient) === ownKey),
  );
  const mails = await Promise.all(
    own.map(async ({ dedupeKey: _key, kind, payload, ...mail }) => {
      // A mail not sent yet that is rendered when sent: shown as it will go out.
      const subjectAndText =
        mail.text === null && kind
          ? await renderQueuedMail(db, { kind, payload: payload ?? {}, createdAt: mail.createdAt }, { publicBaseUrl }).catch(() => undefined)
          : undefined;
      const text = subjectAndText?.text ?? mail.text;
      // A copy of a mail is no key: its links are shown without their secrets.
      return { ...mail, subject: subjectAndText?.subject ?? mail.subject, text: text === null ? null : withoutLinkSecrets(text) };
    }),
  );

  return {
    exportedAt: now.toISOString(),
    about:
      "Alt Ski Taekwondo Klubb lagrer om denne påmeldingen til vinterleiren: påmeldingen, ledsagerne, kvitteringslinjene, " +
      "betalingene med betalingsloggen, kassaboka (det som er belastet, betalt og betalt tilbake) og e-postene vi har sendt eller skal sende.",
    // The draft secret's hash is a credential's trace, not something about the person.
    registration: { ...withoutDraftSecret(registration), club: found.club, grade: gradeLabel(found.grade) },
    companions,
    priceLines: priceLines.map((line) => ({ label: line.label, amount: line.amount })),
    // Every money word through the shared labels: the method and state as the treasurer reads them.
    payments: paymentRows.map((payment) => ({
      reference: payment.reference,
      method: paymentMethodLabel(payment.method),
      state: paymentStateLabel(payment.state),
      amount: payment.amount,
      paidAmount: payment.paidAmount,
      capturedAmount: payment.capturedAmount,
      refundedAmount: payment.refundedAmount,
      createdAt: payment.createdAt.toISOString(),
      updatedAt: payment.updatedAt.toISOString(),
    })),
    moneyActions: actions.map((action) => ({
      at: action.at.toISOString(),
      reference: paymentRows.find((payment) => payment.id === action.paymentId)?.reference ?? "",
      who: actorLabel(action.actor),
      what: moneyActionLabel(action.action),
      amount: action.amount,
    })),
    // The order's money as the ledger has it: every entry as «Historikk» shows it, and the figures every screen shows.
    ledger: {
      entries: history.map((entry) => ({
        at: entry.at,
        who: actorLabel(entry.actor),
        what: ledgerEntryWhat(entry),
        amount: entry.amount,
        reason: entry.reason,
        line: ledgerHistoryLine(entry),
      })),
      figures: figuresInWords(history),
    },
    mails,
  };
}

/** The ledger's figures under the names every screen gives them. */
function figuresInWords(
  history: readonly { kind: LedgerEntry["kind"]; amount: number; item: string | null; method: string | null }[],
): Record<string, number> {
  const figures = ledgerFigures(
    history.map((entry, index) => ({
      id: index,
      kind: entry.kind,
      person: null,
      item: entry.item,
      method: entry.method,
      amount: entry.amount,
      paymentId: null,
    })),
  );
  return Object.fromEntries(
    (Object.keys(ledgerFigureLabels) as (keyof typeof ledgerFigureLabels)[]).map((key) => [ledgerFigureLabels[key], figures[key]]),
  );
}

function withoutDraftSecret<T extends { draftSecretHash: unknown }>(registration: T): Omit<T, "draftSecretHash"> {
  const { draftSecretHash: _hash, ...rest } = registration;
  return rest;
}

export type ForgetOutcome = { kind: "not-found" } | { kind: "ok"; changed: boolean; registrationId: number; orderId: string; anonymisedAt: string };

/**
 * Anonymises one registration (athlete and companions) now and logs the action on its latest payment.
 * A repeat changes nothing. Payments and money actions stay (accounting law).
 */
export async function forgetPerson(db: Db, registrationId: number, now: Date, actor: string): Promise<ForgetOutcome> {
  const [before] = await db
    .select({ id: campRegistrations.id, orderId: campRegistrations.orderId, anonymisedAt: campRegistrations.anonymisedAt })
    .from(campRegistrations)
    .where(eq(campRegistrations.id, registrationId));
  if (!before) return { kind: "not-found" };
  if (before.anonymisedAt) {
    return { kind: "ok", changed: false, registrationId, orderId: before.orderId, anonymisedAt: before.anonymisedAt.toISOString() };
  }
  const changed = await anonymiseRegistrations(db, { registrationIds: [registrationId] }, now, async (tx) => {
    const [payment] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.registrationId, registrationId))
      .orderBy(sql`${payments.id} desc`)
      .limit(1);
    // money_actions is the admin action log of a registration; every registration has a payment row.
    if (payment) {
      await tx.insert(moneyActions).values({
        paymentId: payment.id,
        actor,
        action: "anonymise",
        amount: 0,
        at: now,
        note: "Personopplysningene er slettet etter ønske fra personen. Betalingene beholdes for regnskapet.",
      });
    }
  });
  const [after] = await db
    .select({ anonymisedAt: campRegistrations.anonymisedAt })
    .from(campRegistrations)
    .where(eq(campRegistrations.id, registrationId));
  return {
    kind: "ok",
    changed: changed.length > 0,
    registrationId,
    orderId: before.orderId,
    anonymisedAt: (after?.anonymisedAt ?? now).toISOString(),
  };
}
