import { z } from "zod";

/** The treasurer's summary of an edition after the camp: GET /api/VinterleirAdmin/Treasurer/{token}. */
export const TreasurerSummarySchema = z.object({
  year: z.number(),
  /** Confirmed registrations, and the athletes plus companions in them. */
  registrations: z.number(),
  participants: z.number(),
  cancelledRegistrations: z.number(),
  /**
   * Per method money moved by (the ledger entry's: vipps, card, cash …): `registrations` counts the orders
   * whose money came in by it, `paid` the money in by it, `refunded` the money that went back by it (a refund
   * under the method it went back by). An order paid one way is under that one method only.
   */
  byMethod: z.array(
    z.object({
      method: z.string(),
      registrations: z.number(),
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
  /** From the ledgers, the same figures as the admin's totals and the sum over its rows: charged, money in, money out, kept under the rules, owed back, still to pay. */
  charged: z.number(),
  paid: z.number(),
  refunded: z.number(),
  kept: z.number(),
  refundOwed: z.number(),
  outstanding: z.number(),
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
  /**
   * What the list showed as owed back when the treasurer pressed the button: a second press, or the same request
   * sent again, finds less owed and is refused, where the cap alone would record two part payments.
   */
  owedBefore: z.number().int("Beløpet må være et helt antall kroner.").min(0),
});
export type RefundPaid = z.input<typeof RefundPaidSchema>;

export const refundPaidMessages = {
  notOwed: "Så mye skal ikke betales tilbake på denne påmeldingen.",
} as const;

/**
 * POST /api/VinterleirAdmin/MarkPaid/{registrationId}/{token}: what is left to pay was paid at the door, by
 * card or in cash. Without a method (calls made before the admin asked) the money is «ikke oppgitt».
 */
export const MarkPaidSchema = z.object({
  method: z.enum(["card", "cash"], { error: "Velg kort eller kontant." }).optional(),
});
export type MarkPaid = z.input<typeof MarkPaidSchema>;
