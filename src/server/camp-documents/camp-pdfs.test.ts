import { beforeAll, describe, expect, it } from "vitest";
import { campDocumentPaths, documentFileName } from "../../shared/camp/camp-documents.ts";
import { campEditionForYear } from "../../shared/camp/camp-edition.ts";
import { seedSiteContent } from "../../shared/site/site-content-seed.ts";
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

/** The text with line breaks as spaces: a sentence may wrap anywhere. */
const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, " ");

describe("campPdfs", () => {
  const edition = campEditionForYear(2031);
  const paths = campDocumentPaths(edition.year);
  // Before the early-bird deadline (1 November 2031).
  const during = new Date("2031-10-15T10:00:00Z");
  let files = new Map<string, Buffer>();
  const read = async (publicPath: string) => files.get(documentFileName(publicPath))!;

  beforeAll(async () => {
    files = await campPdfs(edition, seedSiteContent.kontakt, during, { compress: false });
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

  it("sends people to «Min påmelding» to cancel, never to e-mail, with the refund the rule computes", async () => {
    for (const publicPath of Object.values(paths)) {
      const text = flat(await read(publicPath));
      expect(text).toContain("«Min påmelding»");
      expect(text).not.toMatch(/avbestill\w*[^.]*e-post|skriftlig/i);
    }
    const terms = flat(await read(paths.terms));
    expect(terms).toContain("innen midnatt 21. november 2031, får du alt du har betalt tilbake; etter det får du tilbake halvparten");
  });

  it("states a changed rule in every document", async () => {
    const changed = campEditionForYear(2031, { ...edition.settings, refund: { fullUntil: { month: 11, day: 14 }, laterShare: 0.25 } });
    const changedFiles = await campPdfs(changed, seedSiteContent.kontakt, during, { compress: false });
    for (const publicPath of Object.values(paths)) {
      const text = flat(changedFiles.get(documentFileName(publicPath))!);
      expect(text).toContain("innen midnatt 14. november 2031");
      expect(text).toContain("25 % av det du har betalt");
    }
  });

  it("advertises the early-bird discount only while it can be had", async () => {
    expect(flat(await read(paths.children))).toContain("Tidlig påmelding");
    expect(flat(await read(paths.terms))).toContain("rabatt på utøverprisen");
    const after = await campPdfs(edition, seedSiteContent.kontakt, new Date("2031-11-02T10:00:00Z"), { compress: false });
    for (const publicPath of Object.values(paths)) {
      const text = flat(after.get(documentFileName(publicPath))!);
      expect(text).not.toContain("Tidlig påmelding");
      expect(text).not.toContain("rabatt på utøverprisen");
    }
  });

  it("prints the club's contact details as the club keeps them", async () => {
    const contact = { ...seedSiteContent.kontakt, general: "post@ny-adresse.no", phone: "+47 123 45 678" };
    const changedFiles = await campPdfs(edition, contact, during, { compress: false });
    const terms = flat(changedFiles.get(documentFileName(paths.terms))!);
    expect(terms).toContain("post@ny-adresse.no");
    expect(terms).toContain("+47 123 45 678");
    expect(terms).not.toContain(seedSiteContent.kontakt.general);
  });
});
