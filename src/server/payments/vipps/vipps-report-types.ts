/**
 * The Report API's answers as we read them (Vipps MobilePay Report API 2.0, openapi/report-swagger.yaml):
 * only what we use is required; new fields and new entry types are allowed, as the guide asks.
 */
import { z } from "zod";

export const ReportLedgerSchema = z.object({
  ledgerId: z.string(),
  currency: z.string().optional(),
  settlesForRecipientHandles: z.array(z.string()).optional(),
});

export const GetLedgersResponseSchema = z.object({
  cursor: z.string().optional(),
  items: z.array(ReportLedgerSchema),
});

export const ReportTransactionSchema = z.object({
  pspReference: z.string(),
  time: z.string(),
  ledgerDate: z.string().optional(),
  /** capture, refund, fees-retained, scheduled-for-payout, capture-fee, … (new types may come). */
  entryType: z.string(),
  reference: z.string().nullish(),
  currency: z.string(),
  /** Øre. */
  amount: z.number().int(),
  balanceBefore: z.number().int().optional(),
  balanceAfter: z.number().int().optional(),
  recipientHandle: z.string().nullish(),
});
export type ReportTransaction = z.infer<typeof ReportTransactionSchema>;

export const ReportPageSchema = z.object({
  cursor: z.string().optional(),
  hasMore: z.boolean().optional(),
  tryLater: z.boolean().optional(),
  items: z.array(ReportTransactionSchema),
});

export type ReportTopic = "funds" | "fees";
