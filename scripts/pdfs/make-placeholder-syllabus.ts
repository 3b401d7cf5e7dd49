/**
 * Writes the placeholder for the club's syllabus booklet (decisions D10). The real pensumhefte is the
 * club's own document: replace content/public/dokumenter/ski-tkd-pensum.pdf with it, same file name.
 * Run once by hand: npx tsx scripts/pdfs/make-placeholder-syllabus.ts
 */
import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import PDFDocument from "pdfkit";
import { club, syllabusLinks } from "../../src/shared/club/club-facts.ts";
import { seedSiteContent } from "../../src/shared/site/site-content-seed.ts";
import { SEED_GRADES } from "../../src/shared/camp/seed-grades.ts";

const root = path.resolve(import.meta.dirname, "../..");
const file = path.join(root, "content/public", syllabusLinks.clubPdf);
const margin = 50;

const doc = new PDFDocument({
  size: "A4",
  margin,
  lang: "nb-NO",
  displayTitle: true,
  info: { Title: "Pensum – plassholder", Author: club.name, Subject: "Erstattes av klubbens eget pensumhefte" },
});
await mkdir(path.dirname(file), { recursive: true });
const out = createWriteStream(file);
const done = new Promise<void>((resolve, reject) => out.on("finish", () => resolve()).on("error", reject));
doc.pipe(out);
const width = doc.page.width - 2 * margin;

doc.rect(0, 0, doc.page.width, 8).fill("#eb1a52");
doc.font("Helvetica-Bold").fontSize(26).fillColor("#16161a").text(`Pensum – ${club.name}`, margin, margin);
doc.moveDown(0.5);
doc.rect(margin, doc.y, width, 62).fill("#fdecef");
doc
  .font("Helvetica-Bold")
  .fontSize(12)
  .fillColor("#c20f45")
  .text("PLASSHOLDER", margin + 12, doc.y + 10);
doc
  .font("Helvetica")
  .fontSize(10.5)
  .fillColor("#16161a")
  .text(
    "Dette arket står her til klubben legger inn sitt eget pensumhefte. Bytt ut filen ski-tkd-pensum.pdf med pensumheftet (samme filnavn), så peker alle lenker på nettstedet til det.",
    margin + 12,
    doc.y + 2,
    { width: width - 24 },
  );
doc.y = doc.y + 18;

doc.font("Helvetica-Bold").fontSize(14).fillColor("#c20f45").text("Beltegrader i rekkefølge", margin);
doc.moveDown(0.3);
doc
  .font("Helvetica")
  .fontSize(10.5)
  .fillColor("#16161a")
  .text("Fra hvitt belte til 9. dan. Hva hver grad krever, står i pensumheftet og i TTUs pensum for cup- og dan-gradering.", { width });
doc.moveDown(0.5);

const top = doc.y;
const columnWidth = (width - 20) / 2;
const cup = SEED_GRADES.filter((g) => !g.isDan);
const dan = SEED_GRADES.filter((g) => g.isDan);
const column = (title: string, rows: string[], x: number) => {
  doc.font("Helvetica-Bold").fontSize(11.5).fillColor("#16161a").text(title, x, top, { width: columnWidth });
  doc.moveDown(0.2).font("Helvetica").fontSize(10.5);
  rows.forEach((row) => doc.text(row, x, doc.y + 2, { width: columnWidth }));
  return doc.y;
};
const bottom = Math.max(
  column(
    "Cup-grader",
    cup.map((g) => `${g.grade}. cup – ${g.name}`),
    margin,
  ),
  column(
    "Dan-grader (sort belte)",
    dan.map((g) => g.name),
    margin + columnWidth + 20,
  ),
);

doc
  .font("Helvetica-Bold")
  .fontSize(14)
  .fillColor("#c20f45")
  .text("Mer om pensum", margin, bottom + 24);
doc.moveDown(0.3).font("Helvetica").fontSize(10.5).fillColor("#16161a");
doc.text(`TTUs cup-pensum: ${syllabusLinks.cup}`, { link: syllabusLinks.cup, width });
doc.text(`TTUs dan-pensum: ${syllabusLinks.dan}`, { link: syllabusLinks.dan, width });
doc.moveDown(0.5).text(`Spørsmål om pensum og gradering: spør instruktøren din, eller skriv til ${seedSiteContent.kontakt.general}.`, { width });

doc.end();
await done;
console.log(`Wrote ${path.relative(root, file)}`);
