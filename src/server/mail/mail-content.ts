import { club } from "../../shared/club/club-facts.ts";
import { greeting } from "../../shared/camp/contact-greeting.ts";
import { escapeHtml } from "./escape-html.ts";
import { mailCellStyle, mailDocument, receiptTableHtml, receiptTextLines } from "./mail-html.ts";

/**
 * A mail written once and rendered twice: the text part and the HTML part are made from the same blocks, and
 * the parts every mail shares (the greeting, where to ask, the club's signature) are written here only.
 */

/**
 * A piece of a sentence: plain text, a bold word, a link (in the text part «its text: address») or an e-mail
 * address (in the text part the address alone).
 */
export type MailInline = string | { bold: string } | { href: string; text?: string } | { email: string };

export type MailBlock =
  | { heading: string }
  /** A paragraph; a line break inside a string stays a line break in both parts. */
  | { paragraph: string | readonly MailInline[] }
  /** A list, with the sentence that leads into it («Disse står som før:») kept next to it in the text part. */
  | { list: readonly (string | readonly MailInline[])[]; lead?: string }
  | { receipt: { lines: readonly { label: string; amount: number }[]; total: number; totalLabel?: string }; lead?: string }
  /** What someone gave, label by label (name, age, e-mail …). */
  | { facts: readonly (readonly [string, string])[] }
  /** What the blocks above cannot say (a QR code, a styled table): both forms given side by side. */
  | { both: { text: readonly string[]; html: string } };

export interface MailContent {
  /** The HTML part's title and first heading (the text part has the subject for it). */
  title: string;
  /** The heading, when it is not the title; `false` for none (a message's own text stands alone). */
  heading?: string | false;
  /** Whom the mail greets: a name, `undefined` for «Hei!», `false` for no greeting at all. */
  greet: string | undefined | false;
  blocks: readonly MailBlock[];
  /** Where to ask: the club's address, and whether to give the order number. */
  contact?: { email: string; orderNumber?: boolean };
  /** A line before the signature («Vel møtt!»). */
  closing?: string;
  /** `false` for a mail to the club itself (a copy, a notice): no «Hilsen …» under it. */
  signature?: false;
}

const e = escapeHtml;

function inlines(value: string | readonly MailInline[]): readonly MailInline[] {
  return typeof value === "string" ? [value] : value;
}

function inlineText(parts: readonly MailInline[]): string {
  return parts
    .map((part) => {
      if (typeof part === "string") return part;
      if ("bold" in part) return part.bold;
      if ("email" in part) return part.email;
      return part.text ? `${part.text}: ${part.href}` : part.href;
    })
    .join("");
}

function inlineHtml(parts: readonly MailInline[]): string {
  return parts
    .map((part) => {
      if (typeof part === "string") return e(part).replace(/\n/g, "<br>");
      if ("bold" in part) return `<strong>${e(part.bold)}</strong>`;
      if ("email" in part) return `<a href="mailto:${e(part.email)}">${e(part.email)}</a>`;
      // A bare address may be long: it breaks anywhere rather than widen a phone's screen.
      return part.text
        ? `<a href="${e(part.href)}">${e(part.text)}</a>`
        : `<a href="${e(part.href)}" style="word-break:break-all">${e(part.href)}</a>`;
    })
    .join("");
}

function contactSentence(contact: NonNullable<MailContent["contact"]>): MailInline[] {
  return [
    "Spørsmål? Skriv til ",
    { email: contact.email },
    `${contact.orderNumber === false ? "" : " og oppgi ordrenummeret"}. Denne adressen tar ikke imot svar.`,
  ];
}

/** The blocks every mail ends with: where to ask, a closing line and the signature. */
function endBlocks(content: MailContent): { text: string[]; html: string[] } {
  const text: string[] = [];
  const html: string[] = [];
  if (content.contact) {
    const sentence = contactSentence(content.contact);
    text.push(inlineText(sentence), "");
    html.push(`<p>${inlineHtml(sentence)}</p>`);
  }
  if (content.signature === false) return { text, html };
  text.push(...(content.closing ? [content.closing] : []), `Hilsen ${club.name}`, "");
  html.push(`<p>${content.closing ? `${e(content.closing)}<br>` : ""}Hilsen ${e(club.name)}</p>`);
  return { text, html };
}

/** Labels and values as a table of two columns. */
export function factsTableHtml(facts: readonly (readonly [string, string])[]): string {
  const rows = facts.map(
    ([label, value]) => `<tr><th style="${mailCellStyle};text-align:left">${e(label)}</th><td style="${mailCellStyle}">${e(value)}</td></tr>`,
  );
  return `<table style="border-collapse:collapse">\n${rows.join("\n")}\n</table>`;
}

function blockText(block: MailBlock): string[] {
  if ("heading" in block) return [block.heading];
  if ("paragraph" in block) return [inlineText(inlines(block.paragraph))];
  const lead = "lead" in block && block.lead ? [block.lead] : [];
  if ("list" in block) return [...lead, ...block.list.map((item) => `- ${inlineText(inlines(item))}`)];
  if ("receipt" in block) return [...lead, ...receiptTextLines(block.receipt.lines, block.receipt.total, block.receipt.totalLabel)];
  if ("facts" in block) return block.facts.map(([label, value]) => `- ${label}: ${value}`);
  return [...block.both.text];
}

function blockHtml(block: MailBlock): string {
  if ("heading" in block) return `<h2 style="font-size:1.1rem">${e(block.heading)}</h2>`;
  if ("paragraph" in block) return `<p>${inlineHtml(inlines(block.paragraph))}</p>`;
  const lead = "lead" in block && block.lead ? `<p>${e(block.lead)}</p>\n` : "";
  if ("list" in block) return `${lead}<ul>${block.list.map((item) => `<li>${inlineHtml(inlines(item))}</li>`).join("")}</ul>`;
  if ("receipt" in block) return lead + receiptTableHtml(block.receipt.lines, block.receipt.total, block.receipt.totalLabel);
  if ("facts" in block) return factsTableHtml(block.facts);
  return block.both.html;
}

/** The text part and the HTML part of one mail. */
export function renderMailContent(content: MailContent): { text: string; html: string } {
  const hello = content.greet === false ? [] : [greeting(content.greet)];
  const end = endBlocks(content);
  const text = [
    ...hello.flatMap((line) => [line, ""]),
    ...content.blocks.flatMap((block) => {
      const lines = blockText(block);
      return lines.length > 0 ? [...lines, ""] : [];
    }),
    ...end.text,
  ].join("\n");
  const html = mailDocument(
    content.title,
    [
      ...(content.heading === false ? [] : [`<h1 style="font-size:1.4rem">${e(content.heading ?? content.title)}</h1>`]),
      ...hello.map((line) => `<p>${e(line)}</p>`),
      ...content.blocks.map(blockHtml).filter((html) => html !== ""),
      ...end.html,
    ].join("\n") + "\n",
  );
  return { text, html };
}
