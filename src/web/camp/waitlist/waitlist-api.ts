import { WaitlistOfferViewSchema, type WaitlistOfferView } from "../../../shared/camp/camp-waitlist.ts";
import { ApiError, getJson, parseErrorBody, paymentUrl, send, type ApiGet } from "../../lib/api-client.ts";

const offerPath = (call: string, token: string) => `/api/Venteliste/${call}/${encodeURIComponent(token)}`;

/** GET /api/Venteliste/Get/{offerToken}: the offer, or "notfound" for an unknown or malformed token. */
export async function getWaitlistOffer(token: string, get?: ApiGet): Promise<WaitlistOfferView | "notfound"> {
  try {
    return await getJson(offerPath("Get", token), WaitlistOfferViewSchema, get);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return "notfound";
    throw error;
  }
}

export type AcceptResult =
  /** Confirmed; card or cash at the camp. */
  | { kind: "done" }
  /** Pay at Vipps: the browser goes to this address. */
  | { kind: "redirect"; url: string }
  /** 410: the offer expired or was withdrawn. */
  | { kind: "gone"; message: string }
  | { kind: "notfound" }
  | { kind: "failed"; detail: string };

/** POST /api/Venteliste/Accept/{offerToken}: read as text like a registration ("Done" or a payment address). */
export async function acceptWaitlistOffer(token: string): Promise<AcceptResult> {
  let response: Response;
  let body: string;
  try {
    response = await send(offerPath("Accept", token), { method: "POST" });
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

/** POST /api/Venteliste/Decline/{offerToken} («Nei takk»): the place goes to the next in line at once. */
export async function declineWaitlistOffer(token: string): Promise<DeclineResult> {
  let response: Response;
  let body: string;
  try {
    response = await send(offerPath("Decline", token), { method: "POST" });
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
