import { EventCancelAnswerSchema, MyEventOrderSchema, type EventCancel, type MyEventOrder } from "../../shared/events/event-my-order.ts";
import { ApiError, getJson, parseErrorBody, send } from "../lib/api-client.ts";

const segment = encodeURIComponent;

/** GET /api/Arrangement/MinPamelding/{token}: the order, or "notfound" for a link that opens nothing. */
export async function getMyEventOrder(token: string): Promise<MyEventOrder | "notfound"> {
  try {
    return await getJson(`/api/Arrangement/MinPamelding/${segment(token)}`, MyEventOrderSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return "notfound";
    throw error;
  }
}

export type CancelResult =
  | { kind: "ok"; view: MyEventOrder; changed: boolean; refund: number }
  /** 400/404/409: the server's Norwegian sentence. */
  | { kind: "refused"; message: string }
  | { kind: "failed"; detail: string };

/** Cancels one participant (`position`) or the whole order; the family's link or a leader's token path. */
export async function postCancel(path: string, body: EventCancel): Promise<CancelResult> {
  let response: Response;
  let text: string;
  try {
    response = await send(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    text = await response.text();
  } catch (error) {
    return { kind: "failed", detail: error instanceof ApiError ? error.detail : String(error) };
  }
  if (response.status === 401) throw new ApiError("Innloggingen er utløpt.", 401);
  if (response.ok) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { kind: "failed", detail: text.slice(0, 300) };
    }
    const parsed = EventCancelAnswerSchema.safeParse(json);
    if (!parsed.success) return { kind: "failed", detail: parsed.error.message };
    const { changed, refund, ...view } = parsed.data;
    return { kind: "ok", view, changed, refund };
  }
  const message = parseErrorBody(text)?.error;
  return message ? { kind: "refused", message } : { kind: "failed", detail: `HTTP ${response.status}` };
}

export const cancelMyEventOrder = (token: string, body: EventCancel) => postCancel(`/api/Arrangement/Cancel/${segment(token)}`, body);

export const cancelEventOrderAsLeader = (orderId: string, token: string) =>
  postCancel(`/api/ArrangementAdmin/Cancel/${segment(orderId)}/${segment(token)}`, {});
