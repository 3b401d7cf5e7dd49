/** The message form's draft and how it becomes the API's input. */
import { segmentsWithDay, sendMessageSchema, type MessageSegment, type SendMessageInput } from "../../../shared/messages/message.ts";
import { instantFromOslo } from "../../lib/form-values.ts";

export const families = (count: number) => `${count} ${count === 1 ? "familie" : "familier"}`;

export interface Draft {
  segment: MessageSegment;
  day: string;
  orderIds: string[];
  subject: string;
  body: string;
  attachProgramme: boolean;
  when: "now" | "later";
  sendAt: string;
}

export const emptyDraft: Draft = { segment: "all", day: "", orderIds: [], subject: "", body: "", attachProgramme: false, when: "now", sendAt: "" };

/** The form as the API's input (a local date and time becomes an instant with its offset). */
export function inputOf(draft: Draft, fixedDay: string | undefined): SendMessageInput | { error: string } {
  const day = fixedDay ?? draft.day;
  const parsed = sendMessageSchema.safeParse({
    segment: draft.segment,
    subject: draft.subject,
    body: draft.body,
    ...(segmentsWithDay.includes(draft.segment) && day ? { day } : {}),
    ...(draft.segment === "picked" ? { orderIds: draft.orderIds } : {}),
    ...(draft.attachProgramme ? { attachProgramme: true } : {}),
    ...(draft.when === "later" && laterInstant(draft.sendAt) ? { sendAt: laterInstant(draft.sendAt) } : {}),
  });
  // A time that cannot be read is never taken as «now»: the message would go out at once.
  if (draft.when === "later" && !laterInstant(draft.sendAt)) return { error: "Velg når meldingen skal sendes." };
  return parsed.success ? parsed.data : { error: [...new Set(parsed.error.issues.map((issue) => issue.message))].join(" ") };
}

/** The field's «2030-01-01T12:00» read as Oslo time (the club's clock, wherever the leader's browser is). */
function laterInstant(value: string): string {
  const [date = "", time = ""] = value.split("T");
  return instantFromOslo({ date, time: time.slice(0, 5) });
}
