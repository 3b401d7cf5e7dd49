/** A flyer's layout: prices, the program day by day, and where to register. */
import type { ProgramDay } from "../../shared/camp/camp-program.ts";
import { dayHeading, programTime } from "../../shared/camp/camp-texts.ts";
import {
  bare,
  block,
  colour,
  contentWidth,
  ensureRoom,
  finish,
  font,
  footer,
  header,
  heading,
  margin,
  newDocument,
  paragraph,
  site,
  type Block,
  type Contact,
  type Doc,
  type PdfOptions,
} from "./camp-pdf-layout.ts";

/** What one flyer says, laid out by flyerPdf. */
export interface Flyer {
  title: string;
  subtitle: string;
  intro: string;
  prices: [label: string, amount: string][];
  /** Before or after the program: the practical blocks that matter most go first. */
  blocksBefore: Block[];
  program: ProgramDay[];
  blocksAfter: Block[];
}

/** Label on the left, amount on the right, a thin rule under each line. */
function priceTable(doc: Doc, rows: Flyer["prices"]) {
  const width = contentWidth(doc);
  for (const [label, amount] of rows) {
    ensureRoom(doc, 22);
    const y = doc.y;
    doc
      .font(font.regular)
      .fontSize(10.5)
      .fillColor(colour.ink)
      .text(label, margin, y, { width: width - 100 });
    const bottom = doc.y;
    doc.font(font.bold).text(amount, margin + width - 100, y, { width: 100, align: "right" });
    doc.y = Math.max(bottom, doc.y) + 2;
    doc
      .moveTo(margin, doc.y)
      .lineTo(margin + width, doc.y)
      .lineWidth(0.5)
      .strokeColor(colour.line)
      .stroke();
    doc.y += 4;
  }
}

interface ProgramRow {
  day: string;
  time?: string;
  text: string;
  height: number;
}

/**
 * The program in two columns, flowing like a newspaper so a flyer fits on one sheet; a day split
 * between the columns gets its heading repeated.
 */
function program(doc: Doc, days: ProgramDay[]) {
  const gap = 18;
  const columnWidth = (contentWidth(doc) - gap) / 2;
  const timeWidth = 62;
  const dayStyle = () => doc.font(font.bold).fontSize(11);
  const itemStyle = () => doc.font(font.regular).fontSize(9.5);
  const dayHeight = () => dayStyle().heightOfString("Å", { width: columnWidth }) + 4;

  const rows: ProgramRow[] = days.flatMap((day) => {
    const title = dayHeading(day.date);
    return [
      { day: title, text: title, height: dayHeight() },
      ...day.items.map((item) => {
        // A non-breaking space keeps "Hall 1–4" on one line.
        const text = item.where ? `${item.what} (${item.where.replaceAll(" ", "\u00a0")})` : item.what;
        return { day: title, time: programTime(item), text, height: itemStyle().heightOfString(text, { width: columnWidth - timeWidth }) + 1.5 };
      }),
    ];
  });
  const total = rows.reduce((sum, row) => sum + row.height, 0);
  let split = 0;
  for (let sum = 0; split < rows.length && sum + rows[split]!.height / 2 < total / 2; split++) sum += rows[split]!.height;
  if (split > 0 && !rows[split - 1]!.time) split--;
  const left = rows.slice(0, split);
  const right = rows.slice(split);
  const continued: ProgramRow[] = right[0]?.time ? [{ day: right[0].day, text: `${right[0].day} (forts.)`, height: dayHeight() }] : [];
  const columns = [left, [...continued, ...right]];
  const height = Math.max(...columns.map((column) => column.reduce((sum, row) => sum + row.height, 0)));

  ensureRoom(doc, height);
  const top = doc.y + 2;
  columns.forEach((column, index) => {
    const x = margin + index * (columnWidth + gap);
    let y = top;
    for (const row of column) {
      if (row.time) {
        itemStyle().fillColor(colour.soft).text(row.time, x, y, { width: timeWidth });
        itemStyle()
          .fillColor(colour.ink)
          .text(row.text, x + timeWidth, y, { width: columnWidth - timeWidth });
      } else {
        dayStyle()
          .fillColor(colour.ink)
          .text(row.text, x, y + 2, { width: columnWidth });
      }
      y += row.height;
    }
  });
  doc.x = margin;
  doc.y = top + height;
}

function registration(doc: Doc) {
  const url = site("/vinterleir/registrering");
  ensureRoom(doc, 60);
  doc.moveDown(0.6);
  const y = doc.y;
  doc.rect(margin, y, contentWidth(doc), 36).fill(colour.accent);
  doc.font(font.bold).fontSize(13).fillColor("#ffffff");
  doc.text(`Meld deg på: ${bare(url)}`, margin + 14, y + 11.5, { width: contentWidth(doc) - 28, link: url });
  doc.y = y + 42;
  doc.font(font.regular).fontSize(9.5).fillColor(colour.soft);
  doc.text(`Se hvem som er påmeldt: ${bare(site("/vinterleir/deltakere"))} · Mer informasjon: ${bare(site("/vinterleir"))}`, margin);
}

export async function flyerPdf(flyer: Flyer, contact: Contact, options: PdfOptions): Promise<Buffer> {
  const doc = newDocument(flyer.title, flyer.subtitle, options);
  header(doc, flyer.title, flyer.subtitle);
  paragraph(doc, flyer.intro);
  heading(doc, "Pris");
  priceTable(doc, flyer.prices);
  flyer.blocksBefore.forEach((b) => block(doc, b));
  heading(doc, "Program");
  program(doc, flyer.program);
  flyer.blocksAfter.forEach((b) => block(doc, b));
  registration(doc);
  footer(doc, contact);
  return finish(doc);
}
