import { z } from "zod";

/**
 * The treasurer's view of Vipps's payouts (docs/decisions/0044-vipps-payouts-matched.md): each Vipps capture and
 * refund of ours matched to the Report API's line by reference, per payout, and what is left on either side.
 * Amounts in øre (a fee is 2,99 % of a capture, so not whole kroner).
 */

export const vippsPayoutLabels = {
  title: "Utbetalinger fra Vipps",
  notPaidOut: "Ikke utbetalt ennå",
  unknownAtVipps: "Ukjent hos Vipps",
  unknownToUs: "Ukjent hos oss",
  capture: "Betalt",
  refund: "Tilbakebetalt",
} as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Datoen må skrives ÅÅÅÅ-MM-DD.");

/** A calendar date (YYYY-MM-DD) that exists. */
export const CalendarDateTextSchema = isoDate.refine((text) => {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}, "Datoen finnes ikke.");

export const VippsMovementKindSchema = z.enum(["capture", "refund"]);
export type VippsMovementKind = z.infer<typeof VippsMovementKindSchema>;

/** One capture or refund of ours (as we logged it when Vipps told us). */
export const VippsOwnMovementSchema = z.object({
  reference: z.string(),
  kind: VippsMovementKindSchema,
  /** Øre. */
  amount: z.number().int(),
  at: z.string(),
  /** «camp» or «event»: whose payment it is. */
  ownerKind: z.string(),
  orderId: z.number().int(),
});
export type VippsOwnMovement = z.infer<typeof VippsOwnMovementSchema>;

export const VippsMatchedLineSchema = VippsOwnMovementSchema.extend({
  pspReference: z.string(),
  /** Øre: Vipps's fee for this capture (0 for a refund). */
  fee: z.number().int(),
  ledgerDate: z.string(),
});

export const VippsPayoutSchema = z.object({
  /** The bank day the money reaches the club's account (the next bank day after the ledger date it was scheduled). */
  payoutDate: z.string(),
  /** The ledger date whose end scheduled the payout. */
  ledgerDate: z.string(),
  /** The bank transfer's text, as Vipps gives it. */
  transferText: z.string(),
  /** Øre: what reached the bank. */
  amount: z.number().int(),
  captured: z.number().int(),
  refunded: z.number().int(),
  fees: z.number().int(),
  /** captured − refunded − fees. */
  net: z.number().int(),
  matchedCount: z.number().int(),
  lines: z.array(VippsMatchedLineSchema),
});
export type VippsPayout = z.infer<typeof VippsPayoutSchema>;

export const VippsUnknownLineSchema = z.object({
  reference: z.string(),
  pspReference: z.string(),
  kind: VippsMovementKindSchema,
  amount: z.number().int(),
  ledgerDate: z.string(),
});

export const VippsPayoutReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The last ledger date read from Vipps (every date before it is read too); null before the first read. */
  readThrough: z.string().nullable(),
  payouts: z.array(VippsPayoutSchema),
  /** Ours in the period that Vipps has not paid out yet (its report not read yet, or no payout since). */
  notPaidOut: z.array(VippsOwnMovementSchema),
  /** Ours in the period missing from Vipps's report although its dates have been read. */
  unknownAtVipps: z.array(VippsOwnMovementSchema),
  /** Captures and refunds in Vipps's report for the period that we have no record of. */
  unknownToUs: z.array(VippsUnknownLineSchema),
});
export type VippsPayoutReport = z.infer<typeof VippsPayoutReportSchema>;

export const VippsReadAnswerSchema = z.object({
  /** Ledger dates read now (each with both topics). */
  datesRead: z.number().int(),
  readThrough: z.string().nullable(),
});
