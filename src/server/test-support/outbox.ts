import type { SQL } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { renderQueuedMail } from "../mail/mail-kinds.ts";

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type RenderedOutboxRow = OutboxRow & { subject: string; text: string; html: string };

/**
 * The outbox's rows as they would go out: a mail queued to be rendered at send time is rendered here as
 * the sender would (mail/mail-kinds.ts), without sending it or changing the row.
 */
export async function outboxMails(app: { db: Db; env: { PUBLIC_BASE_URL: string } }, where?: SQL): Promise<RenderedOutboxRow[]> {
  const { db } = app;
  const publicBaseUrl = app.env.PUBLIC_BASE_URL;
  const rows = await db.select().from(mailOutbox).where(where).orderBy(mailOutbox.id);
  return Promise.all(
    rows.map(async (row) => {
      if (row.kind && row.subject === null) {
        const rendered = await renderQueuedMail(db, { kind: row.kind, payload: row.payload ?? {}, createdAt: row.createdAt }, { publicBaseUrl });
        return { ...row, ...rendered, attachments: rendered.attachments ?? null };
      }
      return { ...row, subject: row.subject ?? "", text: row.text ?? "", html: row.html ?? "" };
    }),
  );
}
