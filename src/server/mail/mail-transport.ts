import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
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
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  // The folder is made once; made again only if someone removed it while the site ran.
  let folderMade: Promise<unknown> | undefined;
  const writeMail = async (file: string, content: Buffer) => {
    folderMade ??= mkdir(dir, { recursive: true });
    await folderMade;
    await writeFile(file, content).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
      folderMade = mkdir(dir, { recursive: true });
      await folderMade;
      await writeFile(file, content);
    });
  };
  return {
    kind: "folder",
    async send(message) {
      const info = await composer.sendMail(await toNodemailer(message));
      const now = clock();
      const savedAt = now.toISOString();
      const id = mailFileId(now, message.outboxId);
      await writeMail(path.join(dir, `${id}.eml`), info.message as Buffer);
      const stored: StoredMail = { id, savedAt, ...message };
      await writeMail(path.join(dir, `${id}.json`), Buffer.from(JSON.stringify(stored, null, 2)));
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
