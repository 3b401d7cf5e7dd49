import type { Db } from "../db/database.ts";
import { campConfirmationMailKind, renderQueuedCampConfirmation } from "../camp/camp-confirmation-queue.ts";
import { eventConfirmationMailKind, renderQueuedEventConfirmation } from "../events/event-mail.ts";
import { eventWaitlistJoinedMailKind, renderQueuedEventWaitlistJoined } from "../events/event-waitlist-joined-mail.ts";
import type { RenderedMail } from "./outbox.ts";

/**
 * The mails the outbox renders when it sends them (queueDeferredMail, or a kind's own queue function):
 * the request that confirms something stores only the mail's kind and what its renderer needs, and the
 * HTML, the calendar file and the QR images are made here, outside the request. A new kind of mail adds
 * its renderer to this table.
 */
export interface MailRenderContext {
  /** The site's address, for links in the mail. */
  publicBaseUrl: string;
}

export interface QueuedMail {
  kind: string;
  payload: Record<string, unknown>;
  /** When it was queued: the mail is written as of that moment (e.g. the refund rule of that day). */
  createdAt: Date;
}

type MailRenderer = (db: Db, queued: QueuedMail, context: MailRenderContext) => Promise<RenderedMail>;

const renderers: Record<string, MailRenderer> = {
  [campConfirmationMailKind]: (db, queued, context) => renderQueuedCampConfirmation(db, queued, context.publicBaseUrl),
  [eventConfirmationMailKind]: (db, queued, context) => renderQueuedEventConfirmation(db, queued.payload, context.publicBaseUrl),
  [eventWaitlistJoinedMailKind]: (db, queued) => renderQueuedEventWaitlistJoined(db, queued.payload),
};

export function renderQueuedMail(db: Db, queued: QueuedMail, context: MailRenderContext): Promise<RenderedMail> {
  const renderer = renderers[queued.kind];
  if (!renderer) throw new Error(`No renderer for the mail kind "${queued.kind}"`);
  return renderer(db, queued, context);
}
