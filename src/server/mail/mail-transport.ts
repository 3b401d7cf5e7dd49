import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import MailComposer from "nodemailer/lib/mail-composer";
import { inlineQrImages } from "./inline-qr.ts";
import type { MailAttachment } from "../db/schema/mail.ts";
import { mailFileId } from "./mail-folder.ts";

export interface MailMessage {
  /** The outbox row's id, for file names and logs (never the recipient: it is personal data). */
  outboxId: number;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/** Hands one message over; throws when it was not accepted (the outbox retries). */
export interface MailTransport {
  readonly kind: "smtp" | "folder" | "test";
  send(message: MailMessage): Promise<void>;
  close?(): void;
}

/** SMTP from SMTP_URL (smtp:// with STARTTLS, or smtps://), with timeouts shorter than the outbox lease. */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
  return {
    kind: "smtp",
    async send(message) {
      await transporter.sendMail(await toNodemailer(message));
    },
    close: () => transporter.close(),
  };
}

/** What a message is saved as in the mail folder: the .eml a mail client opens, plus this for /dev/mail. */
export type StoredMail = MailMessage & { id: string; savedAt: string };

/**
 * Without SMTP (a fresh machine, development): each message becomes `<id>.eml` (exactly what SMTP would
 * have carried) and `<id>.json` (what the development page shows) in `dir`.
 */
export function createFolderTransport(dir: string, clock: () => Date = () => new Date()): MailTransport {
  // Written synchronously: a mail's two files are a few kB in the page cache, where the promise API's three round
  // trips to the thread pool per file (open, write, close) cost three times the CPU of writing them at once. The
  // folder stands in for SMTP on a development machine and in tests, where that short wait on the disk is nothing.
  // The folder is made again if someone removed it while the site ran.
  const writeMail = (file: string, content: Buffer | string) => {
    try {
      writeFileSync(file, content);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      mkdirSync(dir, { recursive: true });
      writeFileSync(file, content);
    }
  };
  return {
    kind: "folder",
    async send(message) {
      // The message as SMTP would carry it (CRLF line ends), made by nodemailer's own composer without a
      // transport's plugins and line-end pass around it.
      const eml = await new MailComposer(await toNodemailer(message)).compile().build();
      const now = clock();
      const savedAt = now.toISOString();
      const id = mailFileId(now, message.outboxId);
      writeMail(path.join(dir, `${id}.eml`), eml);
      const stored: StoredMail = { id, savedAt, ...message };
      writeMail(path.join(dir, `${id}.json`), JSON.stringify(stored, null, 2));
    },
  };
}

async function toNodemailer(message: MailMessage) {
  return {
    from: message.from,
    to: message.to,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: { "X-Outbox-Id": String(message.outboxId) },
    // Text and HTML as base64, whose encoder is native, where quoted-printable's runs in JavaScript. The boundaries'
    // shared part and the Message-ID from randomUUID, which draws from a cached pool: nodemailer would otherwise
    // call randomBytes once per MIME part and four times for the Message-ID, each call a round trip into OpenSSL.
    // Together a third of composing a confirmation (1.0 → 0.7 ms).
    textEncoding: "base64" as const,
    baseBoundary: randomUUID().replaceAll("-", ""),
    messageId: `<${randomUUID()}@${domainOf(message.from)}>`,
    // Files stored with the mail (the calendar file), then the QR images its HTML refers to by cid:. A text file
    // goes as base64: nodemailer would otherwise pick quoted-printable, whose encoder in JavaScript cost more than
    // the rest of the mail together (1.2 of 2.0 ms for a calendar file of 2 kB).
    attachments: [
      ...(message.attachments ?? []).map(({ filename, contentType, content, encoding }) => ({
        filename,
        contentType,
        content,
        ...(encoding ? { encoding } : {}),
        contentTransferEncoding: "base64" as const,
      })),
      ...(await inlineQrImages(message.html)),
    ],
  };
}

/** The domain of the sender's address («Navn <post@example.no>»), for the Message-ID, read by nodemailer's own parser. */
function domainOf(from: string): string {
  const [sender] = addressparser(from, { flatten: true });
  return sender?.address.split("@").pop() || "localhost";
}
