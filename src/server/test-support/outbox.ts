import type { SQL } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import type { QueuedMailRenderer } from "../mail/mail-kinds.ts";

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type RenderedOutboxRow = OutboxRow & { subject: string; text: string; html: string };

/**
 * The outbox's rows as they would go out: a mail queued to be rendered at send time is rendered here as
 * the sender would (the app's outbox worker), without sending it or changing the row.
 */
export async function outboxMails(app: { db: Db; outbox: { render: QueuedMailRenderer } }, where?: SQL): Promise<RenderedOutboxRow[]> {
  const { db } = app;
  const rows = await db.select().from(mailOutbox).where(where).orderBy(mailOutbox.id);
  return Promise.all(
    rows.map(async (row) => {
      if (row.kind && row.subject === null) {
        const rendered = await app.outbox.render({ kind: row.kind, payload: row.payload ?? {}, createdAt: row.createdAt });
        return { ...row, ...rendered, attachments: rendered.attachments ?? null };
      }
      return { ...row, subject: row.subject ?? "", text: row.text ?? "", html: row.html ?? "" };
    }),
  );
}
