import { z } from "zod";
import { VippsPaymentViewSchema } from "../payments/vipps-payment.ts";
import { registrationStatuses } from "./camp-lists.ts";

/**
 * The answers of the camp admin's actions on one registration (src/shared/camp/camp-admin-calls.ts), as the
 * server sends them and the API document describes them.
 */

/** MarkPaid and Cancel: the registration and its payment after the action, and whether it changed anything. */
export const CampAdminActionAnswerSchema = z.object({
  registrationId: z.number(),
  orderId: z.string(),
  status: z.enum(registrationStatuses),
  paymentMethod: z.string(),
  paymentState: z.string(),
  /** What the order costs now and what came in (the ledger's figures). */
  amount: z.number(),
  paid: z.number(),
  /** What the refund rule gives back on cancellation (Cancel only). */
  refundDue: z.number().optional(),
  changed: z.boolean(),
});
export type CampAdminActionAnswer = z.infer<typeof CampAdminActionAnswerSchema>;

/** An order's ledger figures (shared/camp/camp-ledger.ts, LedgerFigures): after the treasurer paid money back. */
export const LedgerFiguresSchema = z.object({
  charged: z.number(),
  paid: z.number(),
  refunded: z.number(),
  refundOwed: z.number(),
  kept: z.number(),
  outstanding: z.number(),
  credit: z.number(),
  net: z.number(),
});

/** The leader's correction: which fields changed, the order's new price, what is left to pay and what goes back. */
export const CampCorrectionAnswerSchema = z.object({
  changed: z.array(z.string()),
  total: z.number(),
  outstanding: z.number(),
  refund: z.number(),
});

/** A companion added or removed by the leader: whether it changed, the new price, what is left and what goes back. */
export const LeaderCompanionAnswerSchema = z.object({
  changed: z.boolean(),
  total: z.number(),
  outstanding: z.number(),
  refund: z.number(),
});

/** One change made through «Min påmelding», as the admin's change log shows it. */
export const RegistrationChangeSchema = z.object({ at: z.string(), actor: z.string(), summary: z.string() });
export type RegistrationChange = z.infer<typeof RegistrationChangeSchema>;

/** A refund through Vipps: refunded (200), or sent and not yet answered by Vipps (202); the payment after it. */
export const CampVippsRefundAnswerSchema = z.object({
  kind: z.enum(["refunded", "pending"]),
  amount: z.number(),
  payment: VippsPaymentViewSchema,
});

/** A registration anonymised on request (the payments are kept); `changed` false when it already was. */
export const CampForgetAnswerSchema = z.object({ changed: z.boolean(), registrationId: z.number(), orderId: z.string(), anonymisedAt: z.string() });
