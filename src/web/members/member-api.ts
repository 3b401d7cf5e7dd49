import { areaSignInCalls } from "../../shared/admin/area-sign-in-calls.ts";
import { callPath } from "../../shared/api/call.ts";
import { newMemberFormCalls } from "../../shared/members/new-member-form-calls.ts";
import type { NewMemberDraft } from "../../shared/members/new-member.ts";
import type { MessageLogEntry, NewMemberMessageInput } from "../../shared/messages/message.ts";
import type { NewMemberAdminEntry } from "../../shared/members/new-member-admin.ts";
import { newMemberAdminCalls } from "../../shared/members/new-member-admin-calls.ts";
import { ApiError, parseErrorBody, requestAdminToken, send, type AdminLoginResult, type ApiIssue } from "../lib/api-client.ts";
import { callApi, readCall, writeCall } from "../lib/call-api.ts";

export type SubmitResult = { kind: "done" } | { kind: "invalid"; message: string; issues: ApiIssue[] } | { kind: "failed"; detail: string };

/** newMemberFormCalls.submit: text "Done", or a 400 with Norwegian messages, or something went wrong. */
export async function postNewMember(draft: NewMemberDraft): Promise<SubmitResult> {
  let response: Response;
  let body: string;
  try {
    response = await send(callPath(newMemberFormCalls.submit, {}), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(draft),
    });
    body = await response.text();
  } catch (error) {
    return { kind: "failed", detail: error instanceof ApiError ? error.detail : String(error) };
  }
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
  if (response.ok && body.trim() === "Done") return { kind: "done" };
  const error = parseErrorBody(body);
  if (response.status === 400 && error) return { kind: "invalid", message: error.error, issues: error.issues ?? [] };
  return { kind: "failed", detail: `${status}: ${error?.error ?? (body.slice(0, 300) || "tomt svar")}` };
}

export function getNewMemberAdminToken(passwordDigest: string): Promise<AdminLoginResult> {
  return requestAdminToken(callPath(areaSignInCalls.newmember.signIn, { passwordHash: passwordDigest }));
}

export function getNewMembers(token: string): Promise<NewMemberAdminEntry[]> {
  return readCall(newMemberAdminCalls.list, { params: { token } });
}

/** `newMemberAdminCalls.remove`: the answer is an ok flag (docs/requirements.md §7); false or a failed call both mean "not removed". */
export async function removeNewMember(registrationId: number, token: string): Promise<boolean> {
  const outcome = await callApi(newMemberAdminCalls.remove, { params: { registrationId: String(registrationId), token } });
  if (outcome.kind === "refused") throw new ApiError(`DELETE svarte ${outcome.status}: ${outcome.text.slice(0, 300) || "tomt svar"}`, outcome.status);
  return outcome.kind === "ok" && outcome.answer.ok;
}

export function newMembersCsvUrl(token: string): string {
  return callPath(newMemberAdminCalls.csv, { token });
}

/** `newMemberAdminCalls.message`: one mail per contact address to the named interested, or all. */
export function writeToNewMembers(token: string, message: NewMemberMessageInput): Promise<{ recipients: number }> {
  return writeCall(newMemberAdminCalls.message, { params: { token }, body: message });
}

/** `newMemberAdminCalls.messages`: what was written to the interested, newest first, with each address's state. */
export function getNewMemberMessages(token: string): Promise<MessageLogEntry[]> {
  return readCall(newMemberAdminCalls.messages, { params: { token } });
}
