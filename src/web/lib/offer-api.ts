import { ApiError, parseErrorBody, paymentUrl, send } from "./api-client.ts";

/**
 * The answers to a waiting-list offer, the camp's (`/api/Venteliste/…`) and an event's
 * (`/api/Arrangement/Venteliste/…`) alike: «Ja takk» answers as a registration does (text: `Done` or the
 * payment address), «Nei takk» with the offer.
 */
export type AcceptResult =
  /** Confirmed; card or cash at the door, or nothing to pay. */
  | { kind: "done" }
  /** Pay at Vipps: the browser goes to this address. */
  | { kind: "redirect"; url: string }
  /** 410: the offer expired or was withdrawn. */
  | { kind: "gone"; message: string }
  | { kind: "notfound" }
  | { kind: "failed"; detail: string };

export async function acceptOfferAt(path: string): Promise<AcceptResult> {
  let response: Response;
  let body: string;
  try {
    response = await send(path, { method: "POST" });
    body = await response.text();
  } catch (error) {
    return { kind: "failed", detail: error instanceof ApiError ? error.detail : String(error) };
  }
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

export async function declineOfferAt(path: string): Promise<DeclineResult> {
  let response: Response;
  let body: string;
  try {
    response = await send(path, { method: "POST" });
    body = await response.text();
  } catch (error) {
    return { kind: "failed", detail: error instanceof ApiError ? error.detail : String(error) };
  }
  const error = parseErrorBody(body);
  if (response.ok) return { kind: "declined" };
  // 409 (already accepted) and 410 (expired, withdrawn): the server's sentence says what happened.
  if (response.status === 409 || response.status === 410) return { kind: "gone", message: error?.error ?? "Tilbudet gjelder ikke lenger." };
  if (response.status === 404) return { kind: "notfound" };
  return { kind: "failed", detail: `HTTP ${response.status}: ${error?.error ?? (body.slice(0, 300) || "tomt svar")}` };
}
