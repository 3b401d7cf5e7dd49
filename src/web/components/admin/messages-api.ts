import type { MessageLogEntry, MessagePreview, Reminder, SendMessageInput } from "../../../shared/messages/message.ts";
import { messageCalls } from "../../../shared/messages/message-calls.ts";
import { readCall, writeCall } from "../../lib/call-api.ts";

// «Send melding» (messageCalls): the event's key comes first, the token last, as in every admin area.

export function getMessageLog(slug: string, token: string): Promise<MessageLogEntry[]> {
  return readCall(messageCalls.log, { params: { slug, token } });
}

export function sendMessage(slug: string, token: string, message: SendMessageInput) {
  return writeCall(messageCalls.send, { params: { slug, token }, body: message });
}

export function previewMessage(slug: string, token: string, message: SendMessageInput, orderId?: string): Promise<MessagePreview> {
  return writeCall(messageCalls.preview, { params: { slug, token }, body: { message, ...(orderId ? { orderId } : {}) } });
}

export function sendFailedAgain(slug: string, token: string, messageId: number) {
  return writeCall(messageCalls.sendAgain, { params: { slug, messageId: String(messageId), token } });
}

export function getReminder(slug: string, token: string) {
  return readCall(messageCalls.reminder, { params: { slug, token } });
}

export function saveReminder(slug: string, token: string, reminder: Reminder) {
  return writeCall(messageCalls.saveReminder, { params: { slug, token }, body: reminder });
}

/** «Avlys»: a message waiting for its time is never sent. Answers the log as it stands after. */
export function cancelPlannedMessage(slug: string, token: string, messageId: number): Promise<MessageLogEntry[]> {
  return writeCall(messageCalls.cancel, { params: { slug, messageId: String(messageId), token } });
}

/** «Send nå» on the reminder: its time has passed without it being sent, and the camp has not begun. */
export function sendReminderNow(slug: string, token: string) {
  return writeCall(messageCalls.reminderNow, { params: { slug, token } });
}

/** «Send nå» on a planned message (waiting, or its time missed): queued at once. Answers the log as it stands after. */
export function sendPlannedNow(slug: string, token: string, messageId: number): Promise<MessageLogEntry[]> {
  return writeCall(messageCalls.sendNow, { params: { slug, messageId: String(messageId), token } });
}
