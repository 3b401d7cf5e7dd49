/** The PDFs' look: colours, fonts, the page, and the building blocks every document is made of. */
import PDFDocument from "pdfkit";
import { club } from "../../shared/club/club-facts.ts";
import type { SiteContent } from "../../shared/site/site-content.ts";

/** The club's contact details from «Nettsted», as the documents show them. */
export type Contact = SiteContent["kontakt"];

export const colour = { accent: "#c20f45", bright: "#eb1a52", ink: "#16161a", soft: "#4a4a55", line: "#e3e1de" };
export const font = { regular: "Helvetica", bold: "Helvetica-Bold" };
export const margin = 42;

export interface PdfOptions {
  /** Uncompressed content streams, so a test can read the text. */
  compress?: boolean;
}

export type Doc = PDFKit.PDFDocument;

export interface Block {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
}

export const site = (publicPath: string) => `${club.web}${publicPath}`;
export const bare = (url: string) => url.replace(/^https?:\/\//, "");

export function newDocument(title: string, subject: string, options: PdfOptions): Doc {
  return new PDFDocument({
    size: "A4",
    margin,
    compress: options.compress ?? true,
    lang: "nb-NO",
    displayTitle: true,
    // The footer is drawn on every page at the end.
    bufferPages: true,
    info: { Title: title, Subject: subject, Author: club.name, Creator: club.name },
  });
}

/** Ends the document and collects its bytes. */
export function finish(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

export const contentWidth = (doc: Doc) => doc.page.width - 2 * margin;

/** Starts a new page when less than `height` points are left, so a row or heading never splits. */
export function ensureRoom(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - margin - 20) doc.addPage();
}

export function header(doc: Doc, title: string, subtitle: string) {
  doc.rect(0, 0, doc.page.width, 8).fill(colour.bright);
  doc
    .font(font.bold)
    .fontSize(26)
    .fillColor(colour.ink)
    .text(title, margin, margin - 6);
  doc.moveDown(0.15).font(font.regular).fontSize(13).fillColor(colour.accent).text(subtitle);
  const y = doc.y + 6;
  doc
    .moveTo(margin, y)
    .lineTo(margin + 60, y)
    .lineWidth(3)
    .strokeColor(colour.bright)
    .stroke();
  doc.y = y + 10;
}

export function heading(doc: Doc, text: string) {
  ensureRoom(doc, 60);
  doc.moveDown(0.5).font(font.bold).fontSize(13).fillColor(colour.accent).text(text, margin);
  doc.moveDown(0.2);
}

export function paragraph(doc: Doc, text: string) {
  doc
    .font(font.regular)
    .fontSize(10.5)
    .fillColor(colour.ink)
    .text(text, margin, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.4);
}

export function block(doc: Doc, { heading: title, paragraphs = [], bullets = [] }: Block) {
  heading(doc, title);
  paragraphs.forEach((text) => paragraph(doc, text));
  if (bullets.length > 0) {
    doc.font(font.regular).fontSize(10.5).fillColor(colour.ink);
    doc.list(bullets, margin + 4, doc.y, { width: contentWidth(doc) - 4, bulletRadius: 2, textIndent: 12 });
    doc.moveDown(0.4);
  }
}

export function footer(doc: Doc, contact: Contact) {
  const text = `${club.name} · ${bare(club.web)} · ${contact.general} · ${contact.phone}`;
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would otherwise make pdfkit start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(font.regular).fontSize(8.5).fillColor(colour.soft);
    doc.text(text, margin, doc.page.height - 34, { width: contentWidth(doc), align: "center", lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}
