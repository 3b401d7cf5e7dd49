import { z } from "zod";
import type { NewMemberDraft } from "../../shared/members/new-member.ts";
import { MessageLogEntrySchema, SentMessageSchema, type MessageLogEntry, type NewMemberMessageInput } from "../../shared/messages/message.ts";
import { NewMemberAdminEntrySchema, RemoveAnswerSchema, type NewMemberAdminEntry } from "../../shared/members/new-member-admin.ts";
import { ApiError, getJson, parseErrorBody, requestAdminToken, send, writeJson, type AdminLoginResult, type ApiIssue } from "../lib/api-client.ts";

export type SubmitResult = { kind: "done" } | { kind: "invalid"; message: string; issues: ApiIssue[] } | { kind: "failed"; detail: string };

/** POST /api/NewMember/Post: text "Done", or a 400 with Norwegian messages, or something went wrong. */
export async function postNewMember(draft: NewMemberDraft): Promise<SubmitResult> {
  let response: Response;
  let body: string;
  try {
    response = await send("/api/NewMember/Post", {
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

const newMemberAdminPath = (call: string, token: string) => `/api/NewMemberAdmin/${call}/${encodeURIComponent(token)}`;

export function getNewMemberAdminToken(passwordDigest: string): Promise<AdminLoginResult> {
  return requestAdminToken(`/api/NewMemberAdmin/GetToken/${encodeURIComponent(passwordDigest)}`);
}

export function getNewMembers(token: string): Promise<NewMemberAdminEntry[]> {
  return getJson(newMemberAdminPath("Get", token), z.array(NewMemberAdminEntrySchema));
}

/** DELETE …/Remove/{id}/{token}: the answer is an ok flag (docs/requirements.md §7); false or a failed call both mean "not removed". */
export async function removeNewMember(registrationId: number, token: string): Promise<boolean> {
  const path = newMemberAdminPath(`Remove/${encodeURIComponent(String(registrationId))}`, token);
  const response = await send(path, { method: "DELETE" });
  const body = await response.text().catch(() => "");
  if (!response.ok) throw new ApiError(`DELETE svarte ${response.status}: ${body.slice(0, 300) || "tomt svar"}`, response.status);
  try {
    const parsed = RemoveAnswerSchema.safeParse(JSON.parse(body));
    return parsed.success && parsed.data.ok;
  } catch {
    return false;
  }
}

export function newMembersCsvUrl(token: string): string {
  return newMemberAdminPath("GetCsv", token);
}

/** POST /api/NewMemberAdmin/Message/{token}: one mail per contact address to the named interested, or all. */
export function writeToNewMembers(token: string, message: NewMemberMessageInput): Promise<{ recipients: number }> {
  return writeJson("POST", newMemberAdminPath("Message", token), message, SentMessageSchema);
}

/** GET /api/NewMemberAdmin/Messages/{token}: what was written to the interested, newest first, with each address's state. */
export function getNewMemberMessages(token: string): Promise<MessageLogEntry[]> {
  return getJson(newMemberAdminPath("Messages", token), z.array(MessageLogEntrySchema));
}
