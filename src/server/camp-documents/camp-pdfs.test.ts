import { beforeAll, describe, expect, it } from "vitest";
import { campDocumentPaths, documentFileName } from "../../shared/camp/camp-documents.ts";
import { campEditionForYear } from "../../shared/camp/camp-edition.ts";
import { formatKroner } from "../../shared/format.ts";
import { campPdfs } from "./camp-pdfs.ts";

// pdfkit writes standard-font text as hex strings in WinAnsi; these are the non-Latin-1 codes we use.
const winAnsi: Record<number, string> = { 0x95: "•", 0x96: "–", 0x97: "—" };

/** The text of an uncompressed pdfkit file, one string per TJ operator. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const runs = raw.matchAll(/\[([^\]]*)\]\s*TJ/g);
  return [...runs]
    .map(([, run]) =>
      [...run!.matchAll(/<([0-9a-f]+)>/gi)]
        .map(([, hex]) => [...Buffer.from(hex!, "hex")].map((code) => winAnsi[code] ?? String.fromCharCode(code)).join(""))
        .join(""),
    )
    .join("\n");
}

describe("campPdfs", () => {
  const edition = campEditionForYear(2031);
  const paths = campDocumentPaths(edition.year);
  let files = new Map<string, Buffer>();
  const read = async (publicPath: string) => files.get(documentFileName(publicPath))!;

  beforeAll(async () => {
    files = await campPdfs(edition, { compress: false });
  });

  it("writes the four documents under the names the pages link to", async () => {
    for (const publicPath of Object.values(paths)) {
      const pdf = await read(publicPath);
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    }
    expect(documentFileName(paths.children)).toBe("vinterleir-2031-barn.pdf");
  });

  it("puts the edition's year, dates and prices in the flyers", async () => {
    const children = pdfText(await read(paths.children));
    expect(children).toContain("Vinterleir 2031");
    expect(children).toContain("28.–30. november 2031");
    expect(children).toContain(formatKroner(edition.settings.price.child));
    expect(children).not.toContain("Dan-gradering (Hall");

    const adults = pdfText(await read(paths.adults));
    expect(adults).toContain(formatKroner(edition.settings.price.adult));
    expect(adults).not.toContain("Cup-gradering for barn");

    const clubs = pdfText(await read(paths.clubs));
    expect(clubs).toContain("Invitasjon til vinterleir 2031");
    expect(clubs).toContain("skitaekwondo.no/vinterleir/registrering");
  });

  it("states the seller and refund date in the terms of sale", async () => {
    const terms = pdfText(await read(paths.terms));
    expect(terms).toContain("971 255 145");
    expect(terms).toContain("21. november 2031");
  });
});
