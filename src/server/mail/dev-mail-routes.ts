import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import { escapeHtml } from "./escape-html.ts";
import { inlineQrAsDataUrls } from "./inline-qr.ts";
import type { StoredMail } from "./mail-transport.ts";

const idPattern = /^[A-Za-z0-9-]{1,80}$/;
// The page and the mail inside its sandboxed frame: no scripts, nothing loaded from elsewhere.
const pageSecurityPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Development only (never registered in production, never with SMTP; only for requests from this machine,
 * see mail-setup.ts): the mail the site would have sent,
 * from the local mail folder. `GET /dev/mail` lists, `GET /dev/mail/:id` shows one, `/dev/mail/:id.eml`
 * downloads it for a mail client.
 */
export async function registerDevMailRoutes(app: FastifyInstance, { dir }: { dir: string }) {
  app.get("/dev/mail", async (_request, reply) => {
    const mails = await listStoredMail(dir);
    const rows = mails
      .map(
        (mail) =>
          `<tr><td>${escapeHtml(mail.savedAt)}</td><td>${escapeHtml(mail.to)}</td>` +
          `<td><a href="/dev/mail/${escapeHtml(mail.id)}">${escapeHtml(mail.subject)}</a></td></tr>`,
      )
      .join("\n");
    const body = mails.length
      ? `<table><thead><tr><th>Lagret</th><th>Til</th><th>Emne</th></tr></thead><tbody>${rows}</tbody></table>`
      : "<p>Ingen e-post ennå.</p>";
    return sendPage(reply, "Utgående e-post (utvikling)", `<p>Mappe: <code>${escapeHtml(dir)}</code></p>${body}`);
  });

  app.get<{ Params: { id: string; index: string } }>("/dev/mail/:id/vedlegg/:index", async (request, reply) => {
    const { id, index } = request.params;
    const mail = idPattern.test(id) && /^\d{1,2}$/.test(index) ? await readStoredMail(dir, id) : undefined;
    const file = mail?.attachments?.[Number(index)];
    if (!file) return reply.code(404).send({ error: "Fant ikke vedlegget." });
    const safeName = file.filename.replace(/[^A-Za-z0-9._-]/g, "_");
    return reply
      .type(file.contentType)
      .header("content-disposition", `attachment; filename="${safeName}"`)
      .header("cache-control", "no-store")
      .send(file.content);
  });

  app.get<{ Params: { id: string } }>("/dev/mail/:id", async (request, reply) => {
    const eml = request.params.id.endsWith(".eml");
    const id = eml ? request.params.id.slice(0, -4) : request.params.id;
    if (!idPattern.test(id)) return reply.code(404).send({ error: "Fant ikke e-posten." });
    if (eml) {
      const file = await readFile(path.join(dir, `${id}.eml`)).catch(() => undefined);
      if (!file) return reply.code(404).send({ error: "Fant ikke e-posten." });
      return reply.type("message/rfc822").header("content-disposition", `attachment; filename="${id}.eml"`).send(file);
    }
    const mail = await readStoredMail(dir, id);
    if (!mail) return reply.code(404).send({ error: "Fant ikke e-posten." });
    return sendPage(
      reply,
      mail.subject,
      `<p><a href="/dev/mail">← Alle</a> · <a href="/dev/mail/${escapeHtml(id)}.eml">Last ned .eml</a></p>
<dl><dt>Fra</dt><dd>${escapeHtml(mail.from)}</dd><dt>Til</dt><dd>${escapeHtml(mail.to)}</dd><dt>Lagret</dt><dd>${escapeHtml(mail.savedAt)}</dd></dl>
${attachmentList(id, mail)}<h2>HTML</h2><iframe sandbox title="HTML-versjonen" srcdoc="${escapeHtml(await inlineQrAsDataUrls(mail.html))}"></iframe>
<h2>Tekst</h2><pre>${escapeHtml(mail.text)}</pre>`,
    );
  });
}

/** The mail's files, each downloadable (`/dev/mail/:id/vedlegg/:n`). */
function attachmentList(id: string, mail: StoredMail): string {
  if (!mail.attachments?.length) return "";
  const items = mail.attachments.map(
    (file, index) =>
      `<li><a href="/dev/mail/${escapeHtml(id)}/vedlegg/${index}">${escapeHtml(file.filename)}</a> (${escapeHtml(file.contentType)})</li>`,
  );
  return `<h2>Vedlegg</h2><ul>${items.join("")}</ul>`;
}

async function listStoredMail(dir: string): Promise<StoredMail[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const ids = names
    .filter((name) => name.endsWith(".json"))
    .map((name) => name.slice(0, -5))
    .filter((id) => idPattern.test(id));
  const mails = await Promise.all(ids.map((id) => readStoredMail(dir, id)));
  return mails.filter((mail): mail is StoredMail => mail !== undefined).sort((a, b) => b.id.localeCompare(a.id));
}

async function readStoredMail(dir: string, id: string): Promise<StoredMail | undefined> {
  try {
    return { ...(JSON.parse(await readFile(path.join(dir, `${id}.json`), "utf8")) as StoredMail), id };
  } catch {
    return undefined;
  }
}

function sendPage(reply: FastifyReply, title: string, content: string) {
  return reply.type("text/html; charset=utf-8").header("content-security-policy", pageSecurityPolicy).header("cache-control", "no-store")
    .send(`<!doctype html><html lang="nb"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}iframe{width:100%;height:32rem;border:1px solid #ccc}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}</style>
</head><body><h1>${escapeHtml(title)}</h1>${content}</body></html>`);
}
