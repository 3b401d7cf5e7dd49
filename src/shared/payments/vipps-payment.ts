import { z } from "zod";

/**
 * The Vipps payment shapes the browser reads: the result page's status (spec §3, §7) and the camp admin's
 * payment details. The server answers with them and the API document (OpenAPI) describes them from here.
 */

/** `GET /api/Vipps/CheckIfVippsOk/{orderId}` answers one of these as text; "" while the payment is open. */
export const vippsStatuses = ["", "RESERVED", "CANCELLED", "REJECTED", "RESERVE_FAILED"] as const;
export const VippsStatusSchema = z.enum(vippsStatuses);
export type VippsStatus = z.infer<typeof VippsStatusSchema>;

/**
 * `GET /api/Vipps/CheckIfVippsOk/{orderId}?kvittering=1`: the status, and once the payment is reserved what the
 * result page says about it — what was paid for with its year, the people (first names only, with whether
 * each is the one who paid: src/shared/person-voice.ts), the contact person's first name and the amount.
 */
export const VippsResultSchema = z.object({
  status: VippsStatusSchema,
  receipt: z
    .object({
      /** «vinterleiren 2027», «graderingen «Cupgradering desember» 2026». */
      what: z.string(),
      people: z.array(z.object({ firstName: z.string(), self: z.boolean() })),
      /** An event order's contact person's first name; null for the camp (its adult athlete is «du»). */
      registrant: z.string().nullable(),
      /** Whole kroner, the whole payment (a group's one payment for all). */
      amount: z.number(),
    })
    .nullable(),
});
export type VippsResult = z.infer<typeof VippsResultSchema>;

/** `POST /api/Vipps/Cancel/{orderId}`: the order and its payment's status once ended. */
export const VippsCancelAnswerSchema = z.object({ orderId: z.string(), status: VippsStatusSchema });
export type VippsReceipt = NonNullable<VippsResult["receipt"]>;

/** One payment attempt of a registration, with the amounts Vipps holds (in kroner). */
export const VippsPaymentViewSchema = z.object({
  reference: z.string(),
  method: z.string(),
  state: z.string(),
  vippsState: z.string().nullable(),
  status: VippsStatusSchema,
  amount: z.number(),
  authorized: z.number(),
  captured: z.number(),
  refunded: z.number(),
  cancelled: z.number(),
  pendingRefund: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type VippsPaymentView = z.infer<typeof VippsPaymentViewSchema>;

/** `GET /api/VinterleirAdmin/Payments/{registrationId}/{token}`: the payments, the money log and the refund rule. */
export const CampPaymentDetailsSchema = z.object({
  registrationId: z.number(),
  orderId: z.string(),
  payments: z.array(VippsPaymentViewSchema),
  actions: z.array(
    z.object({ reference: z.string(), actor: z.string(), action: z.string(), amount: z.number(), at: z.string(), note: z.string().nullable() }),
  ),
  refund: z
    .object({
      reference: z.string(),
      captured: z.number(),
      refunded: z.number(),
      max: z.number(),
      suggested: z.number(),
      fullRefundUntil: z.string(),
      rule: z.string(),
    })
    .nullable(),
  /**
   * A group paying once: the whole payment (the rows above show this athlete's share of it) and every
   * athlete's share, so the admin sees the payment once with its shares.
   */
  group: z
    .object({
      reference: z.string(),
      amount: z.number(),
      captured: z.number(),
      refunded: z.number(),
      shares: z.array(z.object({ orderId: z.string(), name: z.string(), status: z.string(), amount: z.number(), refunded: z.number() })),
    })
    .optional(),
});
export type CampPaymentDetails = z.infer<typeof CampPaymentDetailsSchema>;

/** The body of `POST /api/VinterleirAdmin/Refund/{registrationId}/{token}`: the amount (all that is left without it). */
export const RefundBodySchema = z
  .object({
    amount: z.number().int().min(1).max(1_000_000).optional(),
    /** What the admin saw as refunded already: a refund made meanwhile elsewhere is not repeated. */
    alreadyRefunded: z.number().int().min(0).optional(),
  })
  .strict();
export type RefundBody = z.infer<typeof RefundBodySchema>;
