import { callPath } from "../../shared/api/call.ts";
import { offerCalls } from "../../shared/events/offer-calls.ts";
import type { OfferView } from "../../shared/events/waitlist-offer.ts";
import { ApiError, parseErrorBody, paymentUrl, send, type ApiGet } from "../lib/api-client.ts";
import { readCall } from "../lib/call-api.ts";

/**
 * The calls of a waiting-list offer page, for every kind of event (offerCalls): the offer, «Ja takk», which
 * answers as a registration does (text: `Done` or the payment address), and «Nei takk», which answers with
 * the offer.
 */

/** The offer behind the mailed link, or "notfound" for an unknown or malformed token. */
export async function getOffer(token: string, get?: ApiGet): Promise<OfferView | "notfound"> {
  try {
    return await readCall(offerCalls.view, { params: { offerToken: token } }, get);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return "notfound";
    throw error;
  }
}

export type AcceptResult =
  /** Confirmed; card or cash at the door, or nothing to pay. */
  | { kind: "done" }
  /** Pay at Vipps: the browser goes to this address. */
  | { kind: "redirect"; url: string }
  /** 410: the offer expired or was withdrawn. */
  | { kind: "gone"; message: string }
  | { kind: "notfound" }
  | { kind: "failed"; detail: string };

/** Posts an answer to the offer: its response and body, or why it never arrived. */
async function postAnswer(path: string): Promise<{ response: Response; body: string } | { kind: "failed"; detail: string }> {
  try {
    const response = await send(path, { method: "POST" });
    return { response, body: await response.text() };
  } catch (error) {
    return { kind: "failed", detail: error instanceof ApiError ? error.detail : String(error) };
  }
}

/** «Ja takk»: `Done`, or the Vipps address to follow. */
export async function acceptOffer(token: string): Promise<AcceptResult> {
  const posted = await postAnswer(callPath(offerCalls.accept, { offerToken: token }));
  if ("kind" in posted) return posted;
  const { response, body } = posted;
  const error = parseErrorBody(body);
  if (response.ok) {
    const text = body.trim();
    if (text === "Done") return { kind: "done" };
    const url = paymentUrl(text);
    return url ? { kind: "redirect", url } : { kind: "failed", detail: `HTTP ${response.status}: uventet svar «${text.slice(0, 300)}»` };
  }
  if (response.status === 410) return { kind: "gone", message: error?.error ?? "Tilbudet har gått ut." };
  if (response.status === 404) return { kind: "notfound" };
  return { kind: "failed", detail: `HTTP ${response.status}: ${error?.error ?? (body.slice(0, 300) || "tomt svar")}` };
}

export type DeclineResult = { kind: "declined" } | { kind: "gone"; message: string } | { kind: "notfound" } | { kind: "failed"; detail: string };

/** «Nei takk»: the places go to the next in line at once. */
export async function declineOffer(token: string): Promise<DeclineResult> {
  const posted = await postAnswer(callPath(offerCalls.decline, { offerToken: token }));
  if ("kind" in posted) return posted;
  const { response, body } = posted;
  const error = parseErrorBody(body);
  if (response.ok) return { kind: "declined" };
  // 409 (already accepted) and 410 (expired, withdrawn): the server's sentence says what happened.
  if (response.status === 409 || response.status === 410) return { kind: "gone", message: error?.error ?? "Tilbudet gjelder ikke lenger." };
  if (response.status === 404) return { kind: "notfound" };
  return { kind: "failed", detail: `HTTP ${response.status}: ${error?.error ?? (body.slice(0, 300) || "tomt svar")}` };
}
