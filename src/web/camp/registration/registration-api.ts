import { z } from "zod";
import { personalLinkHeader } from "../../../shared/camp/camp-my-registration.ts";
import type { CampRegistrationDraft } from "../../../shared/camp/camp-registration.ts";
import { CampPriceQuoteSchema, priceQuoteBody, type CampPriceQuote } from "../../../shared/camp/camp-athletes.ts";
import { waitlistAnswer } from "../../../shared/camp/camp-waitlist.ts";
import { ClubSchema, GradeSchema, type Club, type Grade } from "../../../shared/camp/grades.ts";
import { ApiError, getJson, parseErrorBody, paymentUrl, send, type ApiIssue } from "../../lib/api-client.ts";

/** GET /api/Club/Get: the clubs the wizard (and the camp editor) offers. */
export function getClubs(): Promise<Club[]> {
  return getJson("/api/Club/Get", z.array(ClubSchema));
}

/** GET /api/Grade/Get: the belt grades, in order. */
export function getGrades(): Promise<Grade[]> {
  return getJson("/api/Grade/Get", z.array(GradeSchema));
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
 * POST /api/Vinterleir/Post. The answer is read as text (docs/requirements.md §7): "Done", a payment address, or an
 * error. Only an http(s) address counts as a redirect — the old site followed an empty 500 body and
 * reloaded the page instead of showing the error.
 */
export async function postCampRegistration(draft: CampRegistrationDraft): Promise<CampPostResult> {
  let response: Response;
  try {
    response = await send("/api/Vinterleir/Post", {
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
    const personalLink = link && /^\/vinterleir\/min-pamelding\/[A-Za-z0-9_-]{43}$/.test(link) ? { personalLink: link } : {};
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
 * POST /api/Vinterleir/Price with the body a submission would post (without its health data and free
 * text): the server's price lines per athlete. A refusal is an error with the server's words.
 */
export async function quoteCampPrice(draft: CampRegistrationDraft): Promise<CampPriceQuote> {
  const response = await send("/api/Vinterleir/Price", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(priceQuoteBody(draft)),
  });
  const body = await response.text();
  if (!response.ok) {
    const error = parseErrorBody(body);
    const detail = error ? [error.error, ...(error.issues ?? []).map((issue) => `${issue.path}: ${issue.message}`)].join(" ") : body.slice(0, 300);
    throw new ApiError(`Prisen kunne ikke regnes ut (${response.status}): ${detail}`, response.status);
  }
  const parsed = CampPriceQuoteSchema.safeParse(JSON.parse(body));
  if (!parsed.success) throw new ApiError(`Prisen kom i en uventet form: ${parsed.error.message}`, response.status);
  return parsed.data;
}
