import { formatKroner } from "../../shared/format.ts";
import { escapeHtml } from "./escape-html.ts";

/** A table cell in a mail (receipts, the answers given). */
export const mailCellStyle = "padding:4px 12px 4px 0;border-bottom:1px solid #ddd";

/** A mail's HTML document around `body` (HTML, ending with a newline). */
export function mailDocument(title: string, body: string): string {
  return `<!doctype html>
<html lang="nb"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5;max-width:40rem">
${body}</body></html>
`;
}

/** The price lines and their total as the text part says them: «- label: 350 kr» per line, then «Totalt: …». */
export function receiptTextLines(lines: readonly { label: string; amount: number }[], total: number, totalLabel = "Totalt"): string[] {
  return [...lines.map((line) => `- ${line.label}: ${formatKroner(line.amount)}`), `${totalLabel}: ${formatKroner(total)}`];
}

/** The price lines and their total as a table (no newline after it). */
export function receiptTableHtml(lines: readonly { label: string; amount: number }[], total: number, totalLabel = "Totalt"): string {
  const e = escapeHtml;
  const cell = mailCellStyle;
  return `<table style="border-collapse:collapse">
${lines.map((line) => `<tr><td style="${cell}">${e(line.label)}</td><td style="${cell};text-align:right">${e(formatKroner(line.amount))}</td></tr>`).join("\n")}
<tr><th style="${cell};text-align:left">${e(totalLabel)}</th><th style="${cell};text-align:right">${e(formatKroner(total))}</th></tr>
</table>`;
}
