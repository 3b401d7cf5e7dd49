import { HttpError } from "../errors.ts";

/** What the payment provider gets to know about a stored registration awaiting online payment. */
export interface RegistrationAwaitingPayment {
  registrationId: number;
  orderId: string;
  editionYear: number;
  /** Whole kroner, the server's total. */
  amount: number;
  /** The payment row's reference for this attempt (the idempotency key at the provider). */
  paymentReference: string;
  telephone: string;
}

/**
 * The one seam between camp registration and online payment. The registration with `vipps: true` and a
 * total above 0 is stored as `pending_payment` with a payment row (method vipps, state created) in the
 * registration's transaction; after commit `createPaymentRedirect` is called, and a retried submission of
 * the same draft calls it again (so it must be idempotent per payment reference). Its answer is the text
 * the browser follows (spec §7).
 */
export interface CampPaymentGateway {
  /** False: a submission choosing online payment is refused with 400 before anything is stored. */
  readonly available: boolean;
  createPaymentRedirect(registration: RegistrationAwaitingPayment): Promise<string>;
  /**
   * The payer of a pending registration chose card/cash instead (a retried draft with `vipps: false`):
   * end every open online attempt at the provider. "authorized" means one was paid after all.
   */
  releasePendingPayment?(registrationId: number): Promise<"released" | "authorized">;
  /**
   * Settles at the provider now what a registration's payments owe (capture a fresh reservation, send a
   * queued refund); what fails is retried by the provider's own job. Never throws for a provider error.
   */
  settleNow?(registrationId: number): Promise<void>;
}

export const vippsUnavailableMessage = "Betaling med Vipps er ikke tilgjengelig ennå. Velg kort eller kontant ved oppmøte.";

/** When Vipps is off (not configured, no simulator): online payment is refused with a clear message. */
export const vippsNotAvailableYet: CampPaymentGateway = {
  available: false,
  async createPaymentRedirect() {
    throw new HttpError(400, vippsUnavailableMessage);
  },
};
