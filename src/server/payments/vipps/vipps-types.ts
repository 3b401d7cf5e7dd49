/**
 * The request and response shapes we use from the Vipps MobilePay ePayment API 1.7.0, the Webhooks API v1
 * and the Access Token API 2.0.0, written by hand from Vipps's OpenAPI files, kept beside this code in
 * ./openapi/ (vipps-contract.test.ts checks them against those files).
 * Responses are parsed leniently (unknown fields pass through: Vipps adds fields); what we send is exact.
 */
import { z } from "zod";

export const referencePattern = /^[a-zA-Z0-9-]{8,64}$/;
const ReferenceSchema = z.string().regex(referencePattern);
const CurrencySchema = z.enum(["NOK", "DKK", "EUR"]);
const AmountSchema = z.looseObject({ currency: CurrencySchema, value: z.number().int().min(0) });
export type Amount = z.infer<typeof AmountSchema>;

const paymentStates = ["CREATED", "ABORTED", "EXPIRED", "AUTHORIZED", "TERMINATED"] as const;
const PaymentStateSchema = z.enum(paymentStates);
export type VippsPaymentState = z.infer<typeof PaymentStateSchema>;

const paymentEventNames = ["CREATED", "ABORTED", "EXPIRED", "CANCELLED", "CAPTURED", "REFUNDED", "AUTHORIZED", "TERMINATED"] as const;
const PaymentEventNameSchema = z.enum(paymentEventNames);
export type VippsEventName = z.infer<typeof PaymentEventNameSchema>;

export const AggregateSchema = z.looseObject({
  authorizedAmount: AmountSchema,
  cancelledAmount: AmountSchema,
  capturedAmount: AmountSchema,
  refundedAmount: AmountSchema,
});
export type Aggregate = z.infer<typeof AggregateSchema>;

/** POST /epayment/v1/payments: the fields we send (userFlow WEB_REDIRECT, WALLET). */
export const CreatePaymentRequestSchema = z.strictObject({
  amount: z.strictObject({ currency: CurrencySchema, value: z.number().int().min(0).max(65_000_000) }),
  paymentMethod: z.strictObject({ type: z.enum(["WALLET", "CARD"]) }),
  reference: ReferenceSchema,
  userFlow: z.enum(["WEB_REDIRECT", "NATIVE_REDIRECT", "PUSH_MESSAGE", "QR"]),
  returnUrl: z.string().max(1024).optional(),
  paymentDescription: z.string().min(3).max(100).optional(),
  customer: z.strictObject({ phoneNumber: z.string().regex(/^\d{10,15}$/) }).optional(),
});
export type CreatePaymentRequest = z.infer<typeof CreatePaymentRequestSchema>;

export const CreatePaymentResponseSchema = z.looseObject({
  redirectUrl: z.string().optional(),
  reference: ReferenceSchema,
});

export const GetPaymentResponseSchema = z.looseObject({
  aggregate: AggregateSchema,
  amount: AmountSchema,
  state: PaymentStateSchema,
  paymentMethod: z.looseObject({ type: z.string(), cardBin: z.string().optional() }),
  profile: z.looseObject({ sub: z.string().optional() }),
  pspReference: z.string(),
  reference: ReferenceSchema,
  redirectUrl: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional().nullable(),
});

export const ModificationResponseSchema = z.looseObject({
  amount: AmountSchema,
  state: PaymentStateSchema,
  aggregate: AggregateSchema,
  pspReference: z.string(),
  reference: ReferenceSchema,
});

/** The 1.7.0 file lists `paymentAction` as required but defines `name`: we validate `name` (see payments/vipps/openapi/README.md). */
export const PaymentEventSchema = z.looseObject({
  reference: ReferenceSchema,
  pspReference: z.string(),
  name: PaymentEventNameSchema,
  amount: AmountSchema,
  timestamp: z.string(),
  idempotencyKey: z.string().nullable().optional(),
  success: z.boolean(),
});
export type PaymentEvent = z.infer<typeof PaymentEventSchema>;

/** A webhook's body: a payment event with the sales unit's number. */
export const WebhookEventSchema = z.looseObject({ msn: z.string(), ...PaymentEventSchema.shape });

export const ProblemSchema = z.looseObject({
  type: z.string(),
  title: z.string(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  status: z.number().int(),
  traceId: z.string(),
  extraDetails: z
    .array(z.looseObject({ name: z.string(), reason: z.string() }))
    .nullable()
    .optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;

/** Access Token API: the numbers are strings in the spec. */
export const AccessTokenResponseSchema = z.looseObject({
  token_type: z.string(),
  expires_in: z.union([z.string(), z.number()]),
  ext_expires_in: z.union([z.string(), z.number()]).optional(),
  expires_on: z.union([z.string(), z.number()]).optional(),
  not_before: z.union([z.string(), z.number()]).optional(),
  resource: z.string().optional(),
  access_token: z.string().min(1),
});

export const webhookEventTypes = [
  "epayments.payment.created.v1",
  "epayments.payment.aborted.v1",
  "epayments.payment.expired.v1",
  "epayments.payment.cancelled.v1",
  "epayments.payment.captured.v1",
  "epayments.payment.refunded.v1",
  "epayments.payment.authorized.v1",
  "epayments.payment.terminated.v1",
] as const;

export const RegisterWebhookResponseSchema = z.looseObject({ id: z.string(), secret: z.string() });
export const GetWebhooksResponseSchema = z.looseObject({
  webhooks: z.array(z.looseObject({ id: z.string(), url: z.string(), events: z.array(z.string()) })),
});

/** Our own ePayment error codes of interest. */
export const vippsErrorCodes = {
  referenceExists: "4150",
  captureBeforeReservation: "6080",
  captureTooHigh: "6090",
  cancelAfterFullCapture: "6040",
  cancelTransactionOnlyAuthorized: "6060",
  refundTooHigh: "6150",
  idempotencyBodyMismatch: "4010",
  retryLater: "6280",
} as const;
