import { z } from "zod";

/** The treasurer's summary of an edition after the camp: GET /api/VinterleirAdmin/Treasurer/{token}. */
export const TreasurerSummarySchema = z.object({
  year: z.number(),
  /** Confirmed registrations, and the athletes plus companions in them. */
  registrations: z.number(),
  participants: z.number(),
  cancelledRegistrations: z.number(),
  /** Per payment method (card/cash, Vipps, free): payments that took money or are owed it. `paid` is the money that came in, refunds included. */
  byMethod: z.array(
    z.object({
      method: z.string(),
      registrations: z.number(),
      toPay: z.number(),
      paid: z.number(),
      refunded: z.number(),
    }),
  ),
  /** Vipps refunds made, and what the refund rule gave back on cancelled card/cash payments (paid out by hand). */
  refundedVipps: z.number(),
  refundDueCardCash: z.number(),
  /** Not cancelled, with money left to pay. */
  unpaidRegistrations: z.number(),
  unpaidAmount: z.number(),
  /** From the ledgers, the same figures as the admin's totals: money in, money out, kept under the rules, owed back. */
  paid: z.number(),
  refunded: z.number(),
  kept: z.number(),
  refundOwed: z.number(),
  /** Paid minus refunded, every method. */
  net: z.number(),
  /** «Skal betales tilbake»: per order, money owed back outside Vipps and not paid back yet. */
  refundsOwed: z.array(z.object({ registrationId: z.number(), orderId: z.string(), name: z.string(), amount: z.number() })),
});
export type TreasurerSummary = z.infer<typeof TreasurerSummarySchema>;

/** POST /api/VinterleirAdmin/RefundPaid/{registrationId}/{token}: the treasurer paid money owed back outside Vipps. */
export const RefundPaidSchema = z.object({
  amount: z.number().int("Beløpet må være et helt antall kroner.").min(1, "Beløpet må være minst 1 kr."),
  /** How it was paid back: by bank transfer or cash is "other" or "cash". */
  method: z.enum(["cash", "other"]).default("other"),
});
export type RefundPaid = z.input<typeof RefundPaidSchema>;

export const refundPaidMessages = {
  notOwed: "Så mye skal ikke betales tilbake på denne påmeldingen.",
} as const;
