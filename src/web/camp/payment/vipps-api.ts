import { VippsStatusSchema, type VippsStatus } from "../../../shared/payments/vipps-payment.ts";
import { ApiError, send, type ApiGet } from "../../lib/api-client.ts";

/** GET /api/Vipps/CheckIfVippsOk/{orderId}: text status; anything else is an ApiError (the page retries). */
export async function checkVippsStatus(orderId: string, get?: ApiGet): Promise<VippsStatus> {
  const path = `/api/Vipps/CheckIfVippsOk/${encodeURIComponent(orderId)}`;
  const response = get ? await get(path) : await send(path, { cache: "no-store" });
  const body = (await response.text()).trim();
  if (!response.ok) throw new ApiError(`GET ${path} svarte ${response.status}: ${body.slice(0, 300)}`, response.status);
  const status = VippsStatusSchema.safeParse(body);
  if (!status.success) throw new ApiError(`GET ${path} svarte med ukjent status «${body.slice(0, 100)}»`, response.status);
  return status.data;
}

/** POST /api/Vipps/Cancel/{orderId}: ends the open Vipps attempt (at Vipps too). The JSON answer is not used. */
export async function cancelVippsOrder(orderId: string): Promise<void> {
  const path = `/api/Vipps/Cancel/${encodeURIComponent(orderId)}`;
  const response = await send(path, { method: "POST" });
  if (!response.ok) throw new ApiError(`POST ${path} svarte ${response.status}`, response.status);
}
