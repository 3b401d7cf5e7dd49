/** How a Vipps call fails: an HTTP answer that is not a success, or no answer at all. */
import type { Problem } from "./vipps-types.ts";

/** Vipps answered, but not with success. `code` is the ePayment error code from extraDetails, if any. */
export class VippsApiError extends Error {
  readonly code: string | undefined;
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly problem: Problem | undefined,
    readonly body: string,
  ) {
    const code = problem?.extraDetails?.find((detail) => detail.name === "ErrorCode")?.reason;
    super(
      `Vipps ${operation}: HTTP ${status}${code ? ` (${code})` : ""}${problem ? ` ${problem.title}` : ""}${problem?.traceId ? ` traceId=${problem.traceId}` : ""}`,
    );
    this.name = "VippsApiError";
    this.code = code;
  }
  /** Worth asking again with the same Idempotency-Key. */
  get retryable(): boolean {
    return this.status === 429 || this.status === 423 || this.status >= 500 || this.code === "6280";
  }
}

/** No answer at all (network error or timeout): the request may or may not have been carried out. */
export class VippsUnreachableError extends Error {
  constructor(
    readonly operation: string,
    readonly cause: unknown,
  ) {
    super(`Vipps ${operation}: no answer (${cause instanceof Error ? cause.message : String(cause)})`);
    this.name = "VippsUnreachableError";
  }
}
