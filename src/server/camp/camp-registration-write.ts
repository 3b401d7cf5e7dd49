import { createHash } from "node:crypto";
import { emailKey } from "../../shared/contact/email-key.ts";
import type { CampPrice } from "../../shared/camp/camp-pricing.ts";
import type { CampRegistration } from "../../shared/camp/camp-registration.ts";
import { athletePerson, ledgerFigures } from "../../shared/camp/camp-ledger.ts";
import type { Db } from "../db/database.ts";
import type { PaymentMethod } from "../db/schema/camp.ts";
import { companionAnswers } from "./camp-companion-rows.ts";
import { newPersonalToken, personalTokenHash } from "../events/family-links.ts";
import { idOf, runRegistrationStatement, writeAll, type StatementValues } from "./camp-registration-statement.ts";
import { writeWithinLimits, type PlaceLimits } from "./camp-registration-within-limits.ts";
import { campDraftKey } from "./camp-registration-rows.ts";
import { contactNameBelowAge } from "../../shared/camp/contact-greeting.ts";

/**
 * The one place a new camp registration is written (a single one, each athlete of a group, one within a
 * capacity or onto the waiting list), inside the caller's transaction: the registration, its companions,
 * ledger charges (the price's lines) and payment, the confirmation mail (rendered when it is sent) and the
 * browser's link to "Min påmelding". See docs/decisions/0020-one-registration-writer.md.
 */

export type RegistrationStatus = "pending_payment" | "confirmed" | "cancelled" | "waiting";

/** How a payment starts: card/cash is owed at the camp, free is settled, an online attempt waits for Vipps. */
export function startingPaymentState(method: PaymentMethod): "unpaid" | "paid" | "created" {
  return method === "card_cash" ? "unpaid" : method === "free" ? "paid" : "created";
}

/** The payment method of a price: nothing to pay is free, otherwise online when asked for, else at the camp. */
export function paymentMethodFor(total: number, vipps: boolean): PaymentMethod {
  return total === 0 ? "free" : vipps ? "vipps" : "card_cash";
}

/** Each online attempt has its own reference (`{orderId}-{n}`); card/cash and free settle under the order id. */
export function firstPaymentReference(method: PaymentMethod, orderId: string): string {
  return method === "vipps" ? `${orderId}-1` : orderId;
}

export interface NewRegistration {
  registration: CampRegistration;
  editionYear: number;
  /** The published editions it was priced under (camp-edition-cache.ts): the write stores nothing if they changed. */
  editionFingerprint: string;
  orderId: string;
  price: CampPrice;
  method: PaymentMethod;
  status: Exclude<RegistrationStatus, "cancelled">;
  now: Date;
  /** Its place in line when it is waiting. */
  waitlistRank?: number | null;
  /** The first athlete's order id when registered together with others. */
  groupId?: string;
  /**
   * Its payment row: its own for its total (default), a group's one payment for the group total (the
   * first athlete), or none (waiting for an offer; the other athletes of a group paying once).
   */
  payment?: { amount: number } | "none";
  /**
   * Its confirmation mail when confirmed (default). A group's one mail is the first athlete's: it covers
   * every athlete of the group written in the same statement, with the group's figures.
   */
  confirmationMail?: boolean | { groupMoney: { paid: number; outstanding: number } };
  /** A link to "Min påmelding" for the browser that sent the draft (default, with the draft's secret; never for one waiting). */
  submissionLink?: boolean;
  /**
   * The edition's limits, outside a transaction: written with those arriving at once if it fits, or
   * NoPlaceInBatch thrown, nothing written (camp-registration-within-limits.ts).
   */
  limits?: PlaceLimits;
}

export interface WrittenRegistration {
  id: number;
  /** The secret of a new link to "Min påmelding" for the browser that sent the draft (only with its draft secret). */
  submissionToken?: string;
}

/**
 * Writes a new registration (one statement, camp-registration-statement.ts), on the database itself or
 * inside the caller's transaction; undefined (nothing written) when its draft or its order id is already stored.
 * Throws EditionChangedError (nothing written) when the published editions are no longer those it was priced under.
 */
export async function writeRegistration(db: Db, input: NewRegistration): Promise<WrittenRegistration | undefined> {
  const { values, submissionToken } = statementValuesOf(input);
  const id = input.limits ? await writeWithinLimits(db, values, input.limits, input.now) : await runRegistrationStatement(db, values);
  if (id === undefined) return undefined;
  return { id, ...(submissionToken ? { submissionToken } : {}) };
}

/**
 * Writes several new registrations in one statement inside the caller's transaction (the athletes of a
 * group): one answer per registration, in their order, as `writeRegistration` answers.
 */
export async function writeRegistrationsTogether(tx: Db, inputs: readonly NewRegistration[]): Promise<(WrittenRegistration | undefined)[]> {
  const first = inputs[0]?.registration.draftId;
  const lead = first === undefined ? undefined : campDraftKey(first);
  const all = inputs.map((input) => {
    const { values, submissionToken } = statementValuesOf(input);
    return { values: { ...values, ...(lead ? { leadDraftId: lead } : {}) }, submissionToken };
  });
  const results = await writeAll(
    tx,
    all.map(({ values }) => values),
  );
  return results.map((result, index) => {
    const id = idOf(result);
    const submissionToken = all[index]!.submissionToken;
    return id === undefined ? undefined : { id, ...(submissionToken ? { submissionToken } : {}) };
  });
}

function statementValuesOf(input: NewRegistration): { values: StatementValues; submissionToken: string | undefined } {
  const { registration, price, method, status, now } = input;
  const key = requiredEmailKey(registration.email);
  const payment = input.payment ?? (status === "waiting" ? "none" : { amount: price.total });
  // A group's athletes share one mail, the first athlete's: none of them has one of its own.
  if (input.groupId !== undefined && (input.confirmationMail ?? true) === true) throw new Error("A group's athlete has no mail of its own");
  if (typeof input.confirmationMail === "object" && input.groupId !== input.orderId) throw new Error("A group's mail is its first athlete's");
  const confirmationMail = status === "confirmed" && input.confirmationMail !== false;
  const submissionToken = registration.draftSecret && status !== "waiting" && input.submissionLink !== false ? newPersonalToken() : undefined;
  const personalToken = confirmationMail ? newPersonalToken() : undefined;
  const values: StatementValues = {
    editionFingerprint: input.editionFingerprint,
    registration: {
      ...registrationValues(input),
      emailKey: key,
      editionYear: input.editionYear,
      orderId: input.orderId,
      status,
      waitlistRank: input.waitlistRank ?? null,
      groupId: input.groupId ?? null,
      confirmedAt: status === "confirmed" ? now : null,
    },
    // The athlete is the order's position 0; its companions follow.
    companions: registration.ledsagere.map((companion, index) => ({
      position: index + 1,
      kind: "companion",
      firstName: companion.firstName,
      lastName: companion.lastName,
      age: companion.age,
      answers: companionAnswers({ ...companion, clientId: companion.id }),
    })),
    charges: chargesOf(price.lines),
    ...(payment === "none"
      ? {}
      : {
          payment: {
            reference: firstPaymentReference(method, input.orderId),
            method,
            amount: payment.amount,
            state: startingPaymentState(method),
            createdAt: now,
            updatedAt: now,
          },
        }),
    ...(personalToken
      ? {
          mail: {
            row: { recipient: registration.email, status: "pending", nextAttemptAt: now, createdAt: now },
            familyLink: { emailKey: key, tokenHash: personalTokenHash(personalToken) },
            personalToken,
            // The ledger as this statement writes it: the price lines charged, nothing paid yet.
            money: JSON.stringify(typeof input.confirmationMail === "object" ? input.confirmationMail.groupMoney : moneyOfCharges(price.lines)),
          },
        }
      : {}),
    ...(submissionToken ? { submissionLink: { tokenHash: personalTokenHash(submissionToken), createdAt: now } } : {}),
  };
  return { values, submissionToken };
}

/** The price's lines as the ledger's charges, in their order; the n-th companion line is the n-th companion's (position n). */
function chargesOf(lines: CampPrice["lines"]): StatementValues["charges"] {
  let companion = 1;
  return lines.map((line) => ({
    item: line.kind,
    label: line.label,
    amount: line.amount,
    companionPosition: line.kind === "companion" ? companion++ : null,
  }));
}

/** A new registration's figures: every price line charged, nothing paid. */
export function moneyOfCharges(lines: CampPrice["lines"]): { paid: number; outstanding: number } {
  const { paid, outstanding } = ledgerFigures(
    lines.map((line, index) => ({
      id: index + 1,
      kind: "charge",
      person: athletePerson,
      item: line.kind,
      method: null,
      amount: line.amount,
      paymentId: null,
    })),
  );
  return { paid, outstanding };
}

export function draftSecretHash(secret: string | undefined): string | null {
  return secret ? createHash("sha256").update(secret).digest("hex") : null;
}

/** The registration's own columns as submitted. */
function registrationValues({ registration, now }: Pick<NewRegistration, "registration" | "now">) {
  return {
    draftId: campDraftKey(registration.draftId),
    firstName: registration.firstName,
    lastName: registration.lastName,
    age: registration.age,
    email: registration.email,
    draftSecretHash: draftSecretHash(registration.draftSecret),
    telephone: registration.telephone,
    // Only a child's registration names a contact person: an adult is greeted by their own name.
    contactName: registration.age < contactNameBelowAge ? (registration.contactName ?? "") : "",
    allergies: registration.allergies,
    clubId: registration.clubId,
    gradeId: registration.gradeId,
    gradering: registration.gradering,
    hasLedsager: registration.hasLedsager,
    otherInfo: registration.otherInfo,
    sleepover: registration.sleepover,
    vegan: registration.vegan,
    instructor: registration.instructor,
    public: registration.public === true,
    vipps: registration.vipps,
    wantsToInstruct: registration.wantsToInstruct,
    dataConsent: registration.dataConsent,
    termsAccepted: registration.termsAccepted,
    createdAt: now,
  };
}

/** The schema refuses an address without a key, so a missing one here is a bug, not input. */
function requiredEmailKey(address: string): string {
  const key = emailKey(address);
  if (key === undefined) throw new Error("A validated e-mail address has no key");
  return key;
}
