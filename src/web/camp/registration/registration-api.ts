import { callPath } from "../../../shared/api/call.ts";
import { personalLinkHeader } from "../../../shared/camp/camp-my-registration.ts";
import type { CampRegistrationDraft } from "../../../shared/camp/camp-registration.ts";
import { priceQuoteBody, type CampPriceQuote } from "../../../shared/camp/camp-athletes.ts";
import { campRegistrationCalls } from "../../../shared/camp/camp-registration-calls.ts";
import { clubGradeCalls } from "../../../shared/camp/club-grade-calls.ts";
import { waitlistAnswer } from "../../../shared/camp/camp-waitlist.ts";
import type { Club, Grade } from "../../../shared/camp/grades.ts";
import { ApiError, parseErrorBody, paymentUrl, send, type ApiIssue } from "../../lib/api-client.ts";
import { callApi, readCall } from "../../lib/call-api.ts";

/** The clubs the wizard (and the camp editor) offers (clubGradeCalls.clubs). */
export function getClubs(): Promise<Club[]> {
  return readCall(clubGradeCalls.clubs, { params: {} });
}

/** The belt grades, in order (clubGradeCalls.grades). */
export function getGrades(): Promise<Grade[]> {
  return readCall(clubGradeCalls.grades, { params: {} });
}

export type CampPostResult =
  /** Registered; nothing to pay now (card/cash at the camp, or free). `personalLink`: the path of "Min påmelding". */
  | { kind: "done"; personalLink?: string }
  /** Pay at Vipps: the browser goes to this address. */
  | { kind: "redirect"; url: string; personalLink?: string }
  /** The camp is full: stored on the waiting list, nothing to pay. */
  | { kind: "waitlist" }
  /** 409: registration is not open (not yet, or closed meanwhile); nothing stored. */
  | { kind: "closed"; message: string }
  /** The server said no to the content (400): its Norwegian messages, to show by the fields. */
  | { kind: "invalid"; message: string; issues: ApiIssue[] }
  /** Nothing usable came back (network, 5xx, an odd answer): the error view with `detail`. */
  | { kind: "failed"; detail: string };

/**
 * campRegistrationCalls.register (its answer's header carries the personal link, so it is sent here). The answer is read as text (docs/requirements.md §7): "Done", a payment address, or an
 * error. Only an http(s) address counts as a redirect — the old site followed an empty 500 body and
 * reloaded the page instead of showing the error.
 */
export async function postCampRegistration(draft: CampRegistrationDraft): Promise<CampPostResult> {
  let response: Response;
  try {
    response = await send(callPath(campRegistrationCalls.register, {}), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(draft),
    });
  } catch (error) {
    return { kind: "failed", detail: error instanceof ApiError ? error.detail : String(error) };
  }
  let body: string;
  try {
    body = await response.text();
  } catch (error) {
    return { kind: "failed", detail: `Klarte ikke lese svaret (${response.status}): ${String(error)}` };
  }
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;

  if (response.ok) {
    const text = body.trim();
    const link = response.headers.get(personalLinkHeader) ?? undefined;
    const personalLink = link && /^\/(?:min-side|vinterleir\/min-pamelding)\/[A-Za-z0-9_-]{43}$/.test(link) ? { personalLink: link } : {};
    if (text === "Done") return { kind: "done", ...personalLink };
    if (text === waitlistAnswer) return { kind: "waitlist" };
    const url = paymentUrl(text);
    return url ? { kind: "redirect", url, ...personalLink } : { kind: "failed", detail: `${status}: uventet svar «${text.slice(0, 300)}»` };
  }

  const error = parseErrorBody(body);
  if (response.status === 400 && error) {
    return { kind: "invalid", message: error.error, issues: error.issues ?? [] };
  }
  if (response.status === 409 && error) return { kind: "closed", message: error.error };
  return { kind: "failed", detail: `${status}: ${error?.error ?? (body.slice(0, 300) || "tomt svar")}` };
}

/**
 * campRegistrationCalls.price with the body a submission would post (without its health data and free text): the
 * server's price lines per athlete. A refusal is an error with the server's words.
 */
export async function quoteCampPrice(draft: CampRegistrationDraft): Promise<CampPriceQuote> {
  const outcome = await callApi(campRegistrationCalls.price, { params: {}, body: priceQuoteBody(draft) });
  if (outcome.kind === "ok") return outcome.answer;
  if (outcome.kind === "unreadable") throw new ApiError(`Prisen kom i en uventet form: ${outcome.detail}`, outcome.status);
  const { error, text } = outcome;
  const detail = error ? [error.error, ...(error.issues ?? []).map((issue) => `${issue.path}: ${issue.message}`)].join(" ") : text.slice(0, 300);
  throw new ApiError(`Prisen kunne ikke regnes ut (${outcome.status}): ${detail}`, outcome.status);
}
