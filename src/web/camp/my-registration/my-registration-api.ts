import type { CallAnswerOf } from "../../../shared/api/call.ts";
import { groupMemberParam, type MyRegistrationView } from "../../../shared/camp/camp-my-registration.ts";
import type { MyRegistrationChange } from "../../../shared/camp/camp-registration-changes.ts";
import type { CompanionDraft } from "../../../shared/camp/camp-registration-fields.ts";
import { myRegistrationCalls } from "../../../shared/camp/my-registration-calls.ts";
import { ApiError, paymentUrl, type ApiIssue } from "../../lib/api-client.ts";
import { callApi, type CallOutcome } from "../../lib/call-api.ts";

type MyRegistrationActionAnswer = CallAnswerOf<typeof myRegistrationCalls.cancel>;

export type ActionResult =
  | { kind: "ok"; view: MyRegistrationView; refund?: number; payUrl?: string }
  /** 400: the server's message and issues, to show by the fields. */
  | { kind: "invalid"; message: string; issues: ApiIssue[] }
  /** 409: it can no longer be done, or the refund changed: the server's sentence. */
  | { kind: "conflict"; message: string }
  | { kind: "notfound" }
  | { kind: "failed"; detail: string };

/** `target`: which registration behind the link the call is for (its order id); the link's first without it. */
const member = (target?: string) => ({ [groupMemberParam]: target });

/** An action's outcome as the page shows it. */
async function readAction(sent: () => Promise<CallOutcome<MyRegistrationActionAnswer>>): Promise<ActionResult> {
  let outcome: CallOutcome<MyRegistrationActionAnswer>;
  try {
    outcome = await sent();
  } catch (error) {
    return { kind: "failed", detail: error instanceof ApiError ? error.detail : String(error) };
  }
  if (outcome.kind === "ok") {
    const { changed: _changed, refund, payUrl: rawPayUrl, ...view } = outcome.answer;
    const payUrl = rawPayUrl === undefined ? undefined : paymentUrl(rawPayUrl);
    return { kind: "ok", view, ...(refund === undefined ? {} : { refund }), ...(payUrl ? { payUrl } : {}) };
  }
  if (outcome.kind === "unreadable") return { kind: "failed", detail: `Uventet svar: ${outcome.detail}` };
  const { error, status, text } = outcome;
  if (status === 404) return { kind: "notfound" };
  if (status === 400 && error) return { kind: "invalid", message: error.error, issues: error.issues ?? [] };
  if (status === 409 && error) return { kind: "conflict", message: error.error };
  return { kind: "failed", detail: `HTTP ${status}: ${error?.error ?? (text.slice(0, 300) || "tomt svar")}` };
}

export function cancelPerson(token: string, person: string, expectedRefund: number, target?: string): Promise<ActionResult> {
  return readAction(() => callApi(myRegistrationCalls.cancel, { params: { token }, query: member(target), body: { person, expectedRefund } }));
}

/** myRegistrationCalls.addCompanion: the view, and where to pay the difference with Vipps. */
export async function addCompanion(token: string, companion: CompanionDraft, target?: string): Promise<ActionResult & { payUrl?: string }> {
  return readAction(() =>
    callApi(myRegistrationCalls.addCompanion, { params: { token }, query: member(target), body: { ...companion, alreadyRegistered: false } }),
  );
}

/** myRegistrationCalls.pay: the Vipps address for the open difference. */
export async function payOutstanding(
  token: string,
  target?: string,
): Promise<{ kind: "redirect"; url: string } | { kind: "failed"; detail: string }> {
  try {
    const outcome = await callApi(myRegistrationCalls.pay, { params: { token }, query: member(target) });
    const url = outcome.kind === "ok" ? paymentUrl(outcome.answer) : undefined;
    if (url) return { kind: "redirect", url };
    return { kind: "failed", detail: (outcome.kind === "refused" ? outcome.error?.error : undefined) ?? `HTTP ${outcome.status}` };
  } catch (error) {
    return { kind: "failed", detail: error instanceof ApiError ? error.detail : String(error) };
  }
}

/** myRegistrationCalls.grading: grading on (maybe with a Vipps address for the fee) or off (refund by the rule). */
export function setGrading(token: string, gradering: boolean, target?: string): Promise<ActionResult> {
  return readAction(() => callApi(myRegistrationCalls.grading, { params: { token }, query: member(target), body: { gradering } }));
}

export function changeMyRegistration(token: string, change: MyRegistrationChange, target?: string): Promise<ActionResult> {
  return readAction(() => callApi(myRegistrationCalls.change, { params: { token }, query: member(target), body: change }));
}

/** myRegistrationCalls.find: the same sentence for every address; an error only for a malformed one. */
export async function findMyRegistration(
  email: string,
): Promise<{ kind: "ok"; message: string } | { kind: "invalid"; message: string } | { kind: "failed"; detail: string }> {
  try {
    const outcome = await callApi(myRegistrationCalls.find, { params: {}, body: { email } });
    if (outcome.kind === "ok") return { kind: "ok", message: outcome.answer.message };
    if (outcome.kind === "unreadable") return { kind: "failed", detail: outcome.detail };
    const { error, status, text } = outcome;
    if (status === 400 && error) return { kind: "invalid", message: error.issues?.[0]?.message ?? error.error };
    return { kind: "failed", detail: `HTTP ${status}: ${error?.error ?? text.slice(0, 300)}` };
  } catch (error) {
    return { kind: "failed", detail: error instanceof ApiError ? error.detail : String(error) };
  }
}
