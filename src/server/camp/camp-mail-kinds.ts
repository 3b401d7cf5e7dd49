import type { MailKinds } from "../mail/mail-kinds.ts";
import { campConfirmationMailKind, renderQueuedCampConfirmation } from "./camp-confirmation-queue.ts";

/** The camp's mails rendered when they are sent: handed to the outbox worker by app.ts. */
export const campMailKinds: MailKinds = {
  [campConfirmationMailKind]: (db, queued, context) => renderQueuedCampConfirmation(db, queued, context),
};
