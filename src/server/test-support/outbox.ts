import type { SQL } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import type { QueuedMailRenderer } from "../mail/mail-kinds.ts";
import type { MailMessage } from "../mail/mail-transport.ts";

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type RenderedOutboxRow = OutboxRow & { subject: string; text: string; html: string };

/**
 * The outbox's rows as they would go out: a mail queued to be rendered at send time is rendered here as
 * the sender would (the app's outbox worker), without sending it or changing the row. A sent one is taken as it
 * went out, from the transport that sent it (`sentBy`): its row keeps its links with the secrets removed, and a
 * rendered one only its subject and text (mail/outbox.ts). Reading a rendered and sent one without the transport
 * throws, so that no test checks an HTML part that is no longer there.
 */
export async function outboxMails(
  app: { db: Db; outbox: { render: QueuedMailRenderer } },
  where?: SQL,
  sentBy?: { sent: readonly MailMessage[] },
): Promise<RenderedOutboxRow[]> {
  const { db } = app;
  const rows = await db.select().from(mailOutbox).where(where).orderBy(mailOutbox.id);
  return Promise.all(
    rows.map(async (row) => {
      if (row.kind && row.subject === null) {
        const rendered = await app.outbox.render({ kind: row.kind, payload: row.payload ?? {}, createdAt: row.createdAt });
        return { ...row, ...rendered, attachments: rendered.attachments ?? null };
      }
      if (row.status === "sent") {
        // The latest with the id: tests that clear the tables start the ids again. The transport saw the links whole,
        // where the row keeps them with their secrets removed.
        const sent = sentBy && [...sentBy.sent].reverse().find((mail) => mail.outboxId === row.id);
        if (sent) return { ...row, subject: sent.subject, text: sent.text, html: sent.html, attachments: sent.attachments ?? null };
        if (row.kind) throw new Error(`outbox row ${row.id} was rendered and sent: pass the transport that sent it (sentBy)`);
      }
      return { ...row, subject: row.subject ?? "", text: row.text ?? "", html: row.html ?? "" };
    }),
  );
}
