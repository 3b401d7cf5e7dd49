import type { Db } from "../db/database.ts";
import type { RenderedMail } from "./outbox.ts";

/**
 * The mails the outbox renders when it sends them (queueDeferredMail, or a kind's own queue function):
 * the request that confirms something stores only the mail's kind and what its renderer needs, and the
 * HTML, the calendar file and the QR images are made at send time, outside the request.
 *
 * Each feature declares its own kinds (camp/camp-mail-kinds.ts, events/event-mail-kinds.ts) and the
 * composition root (app.ts) hands them all to the outbox worker: mail/ knows no feature
 * (docs/decisions/0048-server-layers-and-no-cycles.md). A new kind of mail goes into its feature's table.
 */
export interface MailRenderContext {
  /** The site's address, for links in the mail. */
  publicBaseUrl: string;
  /**
   * What every mail of one batch reads alike (the club's address, a camp's edition), read once for the batch:
   * a batch is sent within moments, and its mails would otherwise each ask the database the same question.
   */
  once<T>(key: string, read: () => Promise<T>): Promise<T>;
  /**
   * The queued mails of the batch this one is sent with, itself among them: a renderer reads the rows of every
   * mail of its kind in the batch at once (under `once`), where one read a mail cost more than the rendering.
   */
  batch: readonly QueuedMail[];
}

/** A fresh `once` for one batch (or one mail rendered on its own). */
export function batchMemo(): MailRenderContext["once"] {
  const read = new Map<string, Promise<unknown>>();
  return <T>(key: string, first: () => Promise<T>) => {
    let value = read.get(key) as Promise<T> | undefined;
    if (!value) {
      value = first();
      read.set(key, value);
    }
    return value;
  };
}

/**
 * A row a renderer needs (its registration, its order), read for every mail of its kind in the batch in one read
 * (kept for the batch under `once`), or read alone when the batch did not hold it.
 */
export async function rowOfBatch<Row>(
  { once, batch }: Pick<MailRenderContext, "once" | "batch">,
  kind: string,
  idsOf: (payload: Record<string, unknown>) => readonly number[],
  read: (ids: readonly number[]) => Promise<ReadonlyMap<number, Row>>,
  id: number,
): Promise<Row | undefined> {
  const rows = await once(`rows:${kind}`, () => read([...new Set(batch.flatMap((mail) => (mail.kind === kind ? idsOf(mail.payload) : [])))]));
  return rows.get(id) ?? (await read([id])).get(id);
}

export interface QueuedMail {
  kind: string;
  payload: Record<string, unknown>;
  /** When it was queued: the mail is written as of that moment (e.g. the refund rule of that day). */
  createdAt: Date;
}

export type MailRenderer = (db: Db, queued: QueuedMail, context: MailRenderContext) => Promise<RenderedMail>;

/** Renderers by the kind stored in the outbox's row. */
export type MailKinds = Readonly<Record<string, MailRenderer>>;

/** A queued mail as it will go out (the outbox worker's `render`). */
export type QueuedMailRenderer = (queued: QueuedMail) => Promise<RenderedMail>;

export function renderQueuedMail(kinds: MailKinds, db: Db, queued: QueuedMail, context: MailRenderContext): Promise<RenderedMail> {
  const renderer = Object.hasOwn(kinds, queued.kind) ? kinds[queued.kind] : undefined;
  if (!renderer) throw new Error(`No renderer for the mail kind "${queued.kind}"`);
  return renderer(db, queued, context);
}
