import { eventCalls } from "../../shared/events/event-calls.ts";
import type { EventCancel, EventCancelAnswer, MyEventOrder } from "../../shared/events/event-my-order.ts";
import { ApiError } from "../lib/api-client.ts";
import { callApi, readCall, type CallOutcome } from "../lib/call-api.ts";

/**
 * The order behind a personal link (eventCalls.myOrder), or "notfound" for a link that opens nothing. `orderId`:
 * which of an address link's orders («Min side»).
 */
export async function getMyEventOrder(token: string, orderId?: string): Promise<MyEventOrder | "notfound"> {
  try {
    return await readCall(eventCalls.myOrder, { params: { token }, query: { orderId } });
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

/** A cancellation through the family's link or a leader's token: the order as it now stands, or why not. */
export async function readCancel(sending: () => Promise<CallOutcome<EventCancelAnswer>>): Promise<CancelResult> {
  let outcome: CallOutcome<EventCancelAnswer>;
  try {
    outcome = await sending();
  } catch (error) {
    return { kind: "failed", detail: error instanceof ApiError ? error.detail : String(error) };
  }
  if (outcome.kind === "ok") {
    const { changed, refund, ...view } = outcome.answer;
    return { kind: "ok", view, changed, refund };
  }
  if (outcome.kind === "unreadable") return { kind: "failed", detail: outcome.detail };
  if (outcome.status === 401) throw new ApiError("Innloggingen er utløpt.", 401);
  const message = outcome.error?.error;
  return message ? { kind: "refused", message } : { kind: "failed", detail: `HTTP ${outcome.status}` };
}

/** Cancels one participant (`position`) or the whole order through the family's link (`orderId`: «Min side»'s address link names it). */
export const cancelMyEventOrder = (token: string, body: EventCancel, orderId?: string) =>
  readCancel(() => callApi(eventCalls.cancel, { params: { token }, query: { orderId }, body }));
