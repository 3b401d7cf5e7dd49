import type { MailKinds } from "../mail/mail-kinds.ts";
import { eventConfirmationMailKind, renderQueuedEventConfirmation } from "./event-mail.ts";
import { eventWaitlistJoinedMailKind, renderQueuedEventWaitlistJoined } from "./event-waitlist-joined-mail.ts";

/** The events' mails rendered when they are sent: handed to the outbox worker by app.ts. */
export const eventMailKinds: MailKinds = {
  [eventConfirmationMailKind]: (db, queued, context) => renderQueuedEventConfirmation(db, queued.payload, context),
  [eventWaitlistJoinedMailKind]: (db, queued) => renderQueuedEventWaitlistJoined(db, queued.payload),
};
