import { z } from "zod";
import {
  MessageLogEntrySchema,
  MessagePreviewSchema,
  ReminderViewSchema,
  ResendAnswerSchema,
  SentMessageSchema,
  type MessageLogEntry,
  type MessagePreview,
  type Reminder,
  type SendMessageInput,
} from "../../../shared/messages/message.ts";
import { getJson, writeJson } from "../../lib/api-client.ts";

// «Send melding» (/api/Melding/…): the event's key comes first, the token last, as in every admin area.

const messagePath = (call: string, slug: string, token: string) => `/api/Melding/${call}/${encodeURIComponent(slug)}/${encodeURIComponent(token)}`;

const postJson = <T>(path: string, body: unknown, schema: z.ZodType<T>) => writeJson("POST", path, body, schema);

export function getMessageLog(slug: string, token: string): Promise<MessageLogEntry[]> {
  return getJson(messagePath("Get", slug, token), z.array(MessageLogEntrySchema));
}

export function sendMessage(slug: string, token: string, message: SendMessageInput) {
  return postJson(messagePath("Send", slug, token), message, SentMessageSchema);
}

export function previewMessage(slug: string, token: string, message: SendMessageInput, orderId?: string): Promise<MessagePreview> {
  return postJson(messagePath("Preview", slug, token), { message, ...(orderId ? { orderId } : {}) }, MessagePreviewSchema);
}

export function sendFailedAgain(slug: string, token: string, messageId: number) {
  return postJson(`/api/Melding/SendAgain/${encodeURIComponent(slug)}/${messageId}/${encodeURIComponent(token)}`, {}, ResendAnswerSchema);
}

const ReminderAnswerSchema = ReminderViewSchema;

export function getReminder(slug: string, token: string) {
  return getJson(messagePath("Reminder", slug, token), ReminderAnswerSchema);
}

export function saveReminder(slug: string, token: string, reminder: Reminder) {
  return writeJson("PUT", messagePath("Reminder", slug, token), reminder, ReminderAnswerSchema);
}

/** «Avlys»: a message waiting for its time is never sent. Answers the log as it stands after. */
export function cancelPlannedMessage(slug: string, token: string, messageId: number): Promise<MessageLogEntry[]> {
  return postJson(`/api/Melding/Cancel/${encodeURIComponent(slug)}/${messageId}/${encodeURIComponent(token)}`, {}, z.array(MessageLogEntrySchema));
}

/** «Send nå» on the reminder: its time has passed without it being sent, and the camp has not begun. */
export function sendReminderNow(slug: string, token: string) {
  return postJson(messagePath("ReminderNow", slug, token), {}, ReminderAnswerSchema);
}

/** «Send nå» on a planned message (waiting, or its time missed): queued at once. Answers the log as it stands after. */
export function sendPlannedNow(slug: string, token: string, messageId: number): Promise<MessageLogEntry[]> {
  return postJson(`/api/Melding/SendNow/${encodeURIComponent(slug)}/${messageId}/${encodeURIComponent(token)}`, {}, z.array(MessageLogEntrySchema));
}
