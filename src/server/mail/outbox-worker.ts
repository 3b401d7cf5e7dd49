import type { Logger } from "../log.ts";
import type { Db } from "../db/database.ts";
import { PeriodicJob } from "../jobs/periodic-job.ts";
import type { MailTransport } from "./mail-transport.ts";
import { batchMemo, renderQueuedMail, type MailKinds, type QueuedMail } from "./mail-kinds.ts";
import { claimDueMail, markMailFailed, markMailsSent, releaseClaimedMail, type ClaimedMail, type RenderedMail, type SentMail } from "./outbox.ts";

export interface OutboxWorkerOptions {
  db: Db;
  transport: MailTransport;
  /** The renderers of the mails queued by kind, each feature's (given by the composition root, app.ts). */
  kinds: MailKinds;
  from: string;
  /** The site's address, for links in mails rendered at send time. */
  publicBaseUrl: string;
  now: () => Date;
  log: Logger;
  /** How often due mail is looked for besides the kick after each commit. */
  intervalMs?: number;
  /** How many due rows one run claims, renders from one read per kind and sends. */
  batchSize?: number;
  /** How many sent rows are recorded at a time within a run: at most this many are sent twice after a crash. */
  recordEvery?: number;
  /** How long a claimed row is left alone; longer than the transport's own timeouts. */
  leaseMs?: number;
  maxAttempts?: number;
  /** At most this many mails handed to the transport per minute (the provider's limit); the rest wait for the next run. */
  perMinute?: number;
}

const outboxDefaults = {
  intervalMs: 5_000,
  batchSize: 50,
  recordEvery: 10,
  leaseMs: 10 * 60_000,
  maxAttempts: 10,
  perMinute: 60,
} as const;

/** 30 s, 1 min, 2 min, … capped at 1 hour: ten attempts span about eight hours. */
export function outboxBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/**
 * Sends the outbox after commit (D5). `kick()` after a commit sends at once; the timer catches rows whose
 * retry time has come and rows left by another process. One run at a time per worker; rows are claimed
 * in the database, so several processes never send the same row at the same time.
 */
export class OutboxWorker {
  private readonly options: Required<OutboxWorkerOptions>;
  private readonly job: PeriodicJob;
  /** When the mails of the last minute were handed over (this process), for the per-minute limit. */
  private sendTimes: number[] = [];

  constructor(options: OutboxWorkerOptions) {
    this.options = { ...outboxDefaults, ...options };
    this.job = new PeriodicJob({
      intervalMs: this.options.intervalMs,
      log: this.options.log,
      failureMessage: "mail outbox run failed",
      run: async (stopping) => {
        while (!stopping.aborted) {
          const { claimed, handedBack } = await this.runBatch(stopping);
          // A full batch, or one that handed mails back: there may be more due now.
          if (claimed < this.options.batchSize && handedBack === 0) break;
        }
      },
    });
  }

  start(): void {
    this.job.start();
  }

  /** Starts a run now, or one more right after the current run (a commit may have just queued mail). */
  kick(): void {
    this.job.kick();
  }

  /** Runs until nothing is due (tests, and a kick that must be waited for). */
  drain(): Promise<void> {
    return this.job.drain();
  }

  async stop(): Promise<void> {
    await this.job.stop();
    this.options.transport.close?.();
  }

  /** A mail queued by kind as it will go out: what the sender renders, for copies (the person export, tests). */
  render(queued: QueuedMail, once = batchMemo(), batch: readonly QueuedMail[] = [queued]): Promise<RenderedMail> {
    return renderQueuedMail(this.options.kinds, this.options.db, queued, { publicBaseUrl: this.options.publicBaseUrl, once, batch });
  }

  /** One batch: claim, send each, record the outcome. Answers how many rows were claimed. */
  async runOnce(stopping?: AbortSignal): Promise<number> {
    return (await this.runBatch(stopping)).claimed;
  }

  /**
   * One batch (runOnce), answering also how many claimed rows it handed back untried. A run hands no more mails
   * to the transport once half the lease has passed or the server is stopping (`stopping`): the rows it has not
   * tried go back, due at once and with no attempt counted, so no other process sends them again when the lease
   * ends while this one still sends (a slow mail server), and a stop does not wait for fifty slow sends.
   */
  private async runBatch(stopping?: AbortSignal): Promise<{ claimed: number; handedBack: number }> {
    const { db, transport, from, now, log, leaseMs, batchSize, recordEvery, maxAttempts, perMinute } = this.options;
    const minuteAgo = now().getTime() - 60_000;
    this.sendTimes = this.sendTimes.filter((time) => time > minuteAgo);
    const allowed = Math.min(batchSize, perMinute - this.sendTimes.length);
    // The minute's share is used up: the timer's next run takes the rest (never a full batch, so drains stop).
    if (allowed <= 0) return { claimed: 0, handedBack: 0 };
    const claimedAt = now();
    const claimed = await claimDueMail(db, claimedAt, leaseMs, allowed);
    const once = batchMemo();
    const queued = claimed.map((mail) => (mail.kind ? queuedOf(mail, mail.kind) : undefined));
    const batch = queued.filter((mail): mail is QueuedMail => mail !== undefined);
    let sent: SentMail[] = [];
    let tried = 0;
    try {
      for (const [index, mail] of claimed.entries()) {
        // The mail now sent has the other half of the lease, longer than the SMTP transport's timeouts. The first
        // is always tried, so a run never only claims and hands back.
        if (stopping?.aborted || (tried > 0 && now().getTime() - claimedAt.getTime() >= leaseMs / 2)) break;
        tried++;
        this.sendTimes.push(now().getTime());
        let rendered: RenderedMail | undefined;
        try {
          // A mail with a kind is rendered now (a failure counts as a failed attempt and is retried).
          const mine = queued[index];
          rendered = mine ? await this.render(mine, once, batch) : undefined;
          const content = rendered ?? storedContent(mail);
          await transport.send({
            outboxId: mail.id,
            from,
            to: mail.recipient,
            ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
            subject: content.subject,
            text: content.text,
            html: content.html,
            ...(content.attachments?.length ? { attachments: content.attachments } : {}),
          });
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const outcome = await markMailFailed(db, mail, message, now(), { maxAttempts, backoffMs: outboxBackoffMs });
          // The recipient and the message text stay out of the log (personal data); the row holds the error.
          log.warn({ outboxId: mail.id, attempts: mail.attempts, outcome }, "mail not sent");
          continue;
        }
        sent.push({ mail, ...(rendered ? { rendered } : {}) });
        log.info({ outboxId: mail.id, transport: transport.kind }, "mail sent");
        // The sent rows in one statement per `recordEvery`. A process that dies before it records them sends them
        // again when their lease ends (at most `recordEvery`; a mail was always sent at least once): never one lost.
        if (sent.length >= recordEvery) {
          await markMailsSent(db, sent, now());
          sent = [];
        }
      }
      await markMailsSent(db, sent, now());
    } finally {
      // The rows not tried (a stop, the lease half gone, or a statement that failed) are due again at once. Sent
      // rows not yet recorded keep their lease: handed back, they would go twice at once rather than after it.
      const untried = claimed.slice(tried);
      if (untried.length > 0) {
        await releaseClaimedMail(db, untried, new Date(claimedAt.getTime() + leaseMs), now()).catch((error: unknown) =>
          log.warn({ err: error instanceof Error ? error.message : String(error), rows: untried.length }, "claimed mail not handed back"),
        );
      }
    }
    return { claimed: claimed.length, handedBack: claimed.length - tried };
  }
}

function queuedOf(mail: ClaimedMail, kind: string): QueuedMail {
  return { kind, payload: mail.payload ?? {}, createdAt: mail.createdAt };
}

/** A mail queued with its content (the database's check makes the three columns present when there is no kind). */
function storedContent(mail: ClaimedMail): RenderedMail {
  return {
    subject: mail.subject ?? "",
    text: mail.text ?? "",
    html: mail.html ?? "",
    ...(mail.attachments ? { attachments: mail.attachments } : {}),
  };
}
