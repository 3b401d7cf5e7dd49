import { callPath } from "../../../shared/api/call.ts";
import { vippsCalls } from "../../../shared/payments/vipps-calls.ts";
import { VippsResultSchema, type VippsResult } from "../../../shared/payments/vipps-payment.ts";
import { ApiError, send, type ApiGet } from "../../lib/api-client.ts";

/** vippsCalls.check with `?kvittering=1`: the status and, once reserved, what was paid for (JSON, not the plain status). */
export async function checkVippsResult(orderId: string, get?: ApiGet): Promise<VippsResult> {
  const path = callPath(vippsCalls.check, { orderId }, { kvittering: "1" });
  const response = get ? await get(path) : await send(path, { cache: "no-store" });
  const body = await response.text();
  if (!response.ok) throw new ApiError(`GET ${path} svarte ${response.status}: ${body.slice(0, 300)}`, response.status);
  const result = VippsResultSchema.safeParse(JSON.parse(body));
  if (!result.success) throw new ApiError(`GET ${path} svarte med et ukjent svar`, response.status);
  return result.data;
}

/** vippsCalls.cancel: ends the open Vipps attempt (at Vipps too). The JSON answer is not used. */
export async function cancelVippsOrder(orderId: string): Promise<void> {
  const path = callPath(vippsCalls.cancel, { orderId });
  const response = await send(path, { method: "POST" });
  if (!response.ok) throw new ApiError(`POST ${path} svarte ${response.status}`, response.status);
}
