/**
 * The camp's PDFs, made by the server from the current edition whenever it changes (camp-documents.ts),
 * from the same edition data the pages show: a flyer for children, one for adults, an invitation to other
 * clubs, and the terms of sale. The club's contact details come from «Nettsted»; the cancellation terms are
 * the rule's own sentences (shared/camp/cancellation-terms.ts); the early-bird discount is offered only while
 * it can still be had.
 */

type Contact = SiteContent["kontakt"];
import PDFDocument from "pdfkit";
import { club } from "../../shared/club/club-facts.ts";
import { cancellationTerms, refundSentence } from "../../shared/camp/cancellation-terms.ts";
import type { SiteContent } from "../../shared/site/site-content.ts";
import { campDocumentPaths, documentFileName } from "../../shared/camp/camp-documents.ts";
import { isEarlyBird, type CampEdition } from "../../shared/camp/camp-edition.ts";
import { campProgram, gradingDays, type ProgramDay } from "../../shared/camp/camp-program.ts";
import { campDayCountWord, campKeyFacts, dayHeading, programTime } from "../../shared/camp/camp-texts.ts";
import { capitalise, formatDateRange, formatKroner, formatLongDate, weekdayName } from "../../shared/format.ts";

const colour = { accent: "#c20f45", bright: "#eb1a52", ink: "#16161a", soft: "#4a4a55", line: "#e3e1de" };
const font = { regular: "Helvetica", bold: "Helvetica-Bold" };
const margin = 42;

export interface PdfOptions {
  /** Uncompressed content streams, so a test can read the text. */
  compress?: boolean;
}

type Doc = PDFKit.PDFDocument;

interface Block {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
}

interface Flyer {
  title: string;
  subtitle: string;
  intro: string;
  prices: [label: string, amount: string][];
  /** Before or after the program: the practical blocks that matter most go first. */
  blocksBefore: Block[];
  program: ProgramDay[];
  blocksAfter: Block[];
}

const site = (publicPath: string) => `${club.web}${publicPath}`;
const bare = (url: string) => url.replace(/^https?:\/\//, "");

function newDocument(title: string, subject: string, options: PdfOptions): Doc {
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
function finish(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

const contentWidth = (doc: Doc) => doc.page.width - 2 * margin;

/** Starts a new page when less than `height` points are left, so a row or heading never splits. */
function ensureRoom(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - margin - 20) doc.addPage();
}

function header(doc: Doc, title: string, subtitle: string) {
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

function heading(doc: Doc, text: string) {
  ensureRoom(doc, 60);
  doc.moveDown(0.5).font(font.bold).fontSize(13).fillColor(colour.accent).text(text, margin);
  doc.moveDown(0.2);
}

function paragraph(doc: Doc, text: string) {
  doc
    .font(font.regular)
    .fontSize(10.5)
    .fillColor(colour.ink)
    .text(text, margin, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.4);
}

function block(doc: Doc, { heading: title, paragraphs = [], bullets = [] }: Block) {
  heading(doc, title);
  paragraphs.forEach((text) => paragraph(doc, text));
  if (bullets.length > 0) {
    doc.font(font.regular).fontSize(10.5).fillColor(colour.ink);
    doc.list(bullets, margin + 4, doc.y, { width: contentWidth(doc) - 4, bulletRadius: 2, textIndent: 12 });
    doc.moveDown(0.4);
  }
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

function footer(doc: Doc, contact: Contact) {
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

async function flyerPdf(flyer: Flyer, contact: Contact, options: PdfOptions): Promise<Buffer> {
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

function flyers(edition: CampEdition, contact: Contact, at: Date) {
  const { settings, year } = edition;
  const facts = campKeyFacts(edition);
  const grading = gradingDays(edition);
  const range = formatDateRange(edition.start, edition.end);
  const earlyBefore = formatLongDate(facts.earlyBirdBefore);
  const childAges = `${settings.price.childMaxAge} år eller yngre`;
  const adultAges = `${settings.price.childMaxAge + 1} år eller eldre`;
  const refund = `${refundSentence(edition)} Du avbestiller selv på «Min påmelding».`;
  // A discount whose date has passed is not advertised: the flyers are made again when it ends.
  const early = isEarlyBird(edition, at);
  const sleepoverForAll = "Overnatting i hallen er gratis: ta med sovepose eller dyne, liggeunderlag og pute.";
  const sleepover = `${sleepoverForAll} Barn fra ${club.name} under ${settings.homeClubSleepoverMinAge} år kan ikke overnatte.`;
  const companion = `Ledsager som ikke er påmeldt som utøver: ${formatKroner(settings.companionFee)} for mat og overnatting. Tilskuere som verken spiser eller overnatter, trenger ikke å melde seg på.`;
  const lateFee: Flyer["prices"] = settings.lateFee.enabled
    ? [[`Etteranmelding etter ${formatLongDate(facts.lateFeeAfter)}`, `+${formatKroner(settings.lateFee.amount)}`]]
    : [];

  const children: Flyer = {
    title: `Vinterleir ${year}`,
    subtitle: `For barn · ${range} · ${settings.venue}`,
    intro: `Bli med på ${campDayCountWord(edition)} dager med taekwondo sammen med barn og voksne fra klubber i hele TTU! Vi trener i grupper etter grad og alder, har sparring, oppvisning og middag med aktiviteter – og du kan sove i hallen sammen med de andre.`,
    prices: [
      [`Utøver, ${childAges}`, formatKroner(facts.price.child)],
      ...(early ? [[`Tidlig påmelding før ${earlyBefore}`, formatKroner(facts.price.childEarly)] as [string, string]] : []),
      [`Barn fra ${club.name}`, "Gratis"],
      [`Cup-gradering (barn fra ${club.name} under ${settings.cupGradingBelowAge} år)`, `+${formatKroner(settings.gradingFee)}`],
      ...lateFee,
    ],
    blocksBefore: [
      {
        heading: "Gradering og overnatting",
        bullets: [
          `Cup-gradering for barn fra ${club.name} under ${settings.cupGradingBelowAge} år holdes ${weekdayName(grading.cup)}, leirens siste dag. Den velges i påmeldingen.`,
          sleepover,
          companion,
          `En foresatt melder på barnet. ${refund}`,
        ],
      },
    ],
    program: campProgram(edition, "barn"),
    blocksAfter: [
      {
        heading: "Husk å ta med",
        paragraphs: [
          "Dobok og belte, drikkeflaske, toalettsaker og klesskift – og sparringutstyr hvis du skal sparre (fra 10 år og gult belte med erfaring).",
        ],
      },
    ],
  };

  const adults: Flyer = {
    title: `Vinterleir ${year}`,
    subtitle: `For ungdom og voksne · ${range} · ${settings.venue}`,
    intro: `${capitalise(campDayCountWord(edition))} dager med trening delt etter grad og alder, egne sparringsøkter, mestertrening, oppvisning og felles middag – sammen med utøvere, instruktører og mestere fra hele TTU.`,
    prices: [
      [`Utøver, ${adultAges}`, formatKroner(facts.price.adult)],
      ...(early ? [[`Tidlig påmelding før ${earlyBefore}`, formatKroner(facts.price.adultEarly)] as [string, string]] : []),
      [`Utøvere fra ${club.name}`, "Gratis"],
      [`Ledsager (mat og overnatting)`, `+${formatKroner(settings.companionFee)}`],
      ...lateFee,
    ],
    blocksBefore: [
      {
        heading: "Dan-gradering og mestere",
        bullets: [
          `Dan-graderingen holdes ${weekdayName(grading.dan)}, leirens første dag. Den betales separat til forbundet og er ikke med i leirprisen.`,
          "Mestere (4. dan og høyere) betaler som alle andre og kan tilby seg å instruere når de melder seg på.",
        ],
      },
      { heading: "Overnatting og ledsagere", bullets: [sleepover, companion, refund] },
    ],
    program: campProgram(edition, "voksne"),
    blocksAfter: [
      {
        heading: "Husk å ta med",
        paragraphs: ["Dobok og belte, eget sparringutstyr, toalettsaker – og sengetøy hvis du skal overnatte i hallen."],
      },
    ],
  };

  const clubs: Flyer = {
    title: `Invitasjon til vinterleir ${year}`,
    subtitle: `Til alle klubber i TTU · ${range} · ${settings.venue}`,
    intro: `${club.name} inviterer utøvere, instruktører og mestere fra alle TTU-klubber til vinterleir ${range} på ${settings.venue}. Leiren har trening delt etter grad og alder, sparring, dan-gradering, oppvisning og felles middag, og deltakerne kan overnatte i hallen. Vi håper dere vil dele invitasjonen i klubben deres.`,
    prices: [
      [`Utøver, ${childAges}`, formatKroner(facts.price.child)],
      [`Utøver, ${adultAges}`, formatKroner(facts.price.adult)],
      ...(early
        ? [
            [
              `Tidlig påmelding før ${earlyBefore} (${childAges} / ${adultAges})`,
              `${formatKroner(facts.price.childEarly)} / ${formatKroner(facts.price.adultEarly)}`,
            ] as [string, string],
          ]
        : []),
      [`Ledsager som ikke er påmeldt som utøver (mat og overnatting)`, `+${formatKroner(settings.companionFee)}`],
      ...lateFee,
    ],
    blocksBefore: [
      {
        heading: "Praktisk",
        bullets: [
          `Hver deltaker melder seg på selv (barn av en foresatt) på ${bare(site("/vinterleir/registrering"))}. Betaling med Vipps i påmeldingen, eller med kort eller kontant ved innsjekk.`,
          `Dan-gradering ${weekdayName(grading.dan)}; den betales separat til forbundet.`,
          sleepoverForAll,
          companion,
          "Mestere (4. dan og høyere) betaler som alle andre og kan tilby seg å instruere.",
          refund,
        ],
      },
      {
        heading: "Kontakt",
        paragraphs: [`Spørsmål om leiren: ${contact.general}, telefon ${contact.phone}.`],
      },
    ],
    program: campProgram(edition),
    blocksAfter: [],
  };

  return { children, adults, clubs };
}

/** The terms of sale for a camp registration, in plain words. */
async function termsPdf(edition: CampEdition, contact: Contact, at: Date, options: PdfOptions): Promise<Buffer> {
  const { settings, year } = edition;
  const facts = campKeyFacts(edition);
  const title = "Salgsbetingelser for vinterleiren";
  const doc = newDocument(title, `Påmelding til vinterleir ${year}`, options);
  header(doc, title, `Gjelder påmelding til vinterleir ${year}, ${formatDateRange(edition.start, edition.end)}`);

  const sections: Block[] = [
    {
      heading: "1. Selger",
      paragraphs: [
        `${club.name}, organisasjonsnummer ${club.orgNumber}. Postadresse: ${contact.postal}. Telefon ${contact.phone}, e-post ${contact.general}.`,
      ],
    },
    {
      heading: "2. Hva du kjøper",
      paragraphs: [
        `Påmeldingen gir plass på vinterleiren på ${settings.venue} med trening, mat og mulighet for overnatting i hallen. Tillegg som cup-gradering og ledsager velges i påmeldingen. Dan-gradering er ikke en del av kjøpet; den betales separat til forbundet.`,
      ],
    },
    {
      heading: "3. Priser",
      paragraphs: [`Alle priser er i norske kroner og inkluderer alle avgifter. Det kommer ingen gebyrer i tillegg.`],
      bullets: [
        `Utøver ${settings.price.childMaxAge} år eller yngre: ${formatKroner(facts.price.child)}; ${settings.price.childMaxAge + 1} år eller eldre: ${formatKroner(facts.price.adult)}.`,
        ...(isEarlyBird(edition, at)
          ? [
              `Påmelding før ${formatLongDate(facts.earlyBirdBefore)}: ${settings.earlyBird.percent}\u00a0% rabatt på utøverprisen (${formatKroner(facts.price.childEarly)} / ${formatKroner(facts.price.adultEarly)}).`,
            ]
          : []),
        `Utøvere fra ${club.name}: gratis.`,
        `Cup-gradering: ${formatKroner(settings.gradingFee)}. Ledsager (mat og overnatting): ${formatKroner(settings.companionFee)}.`,
        ...(settings.lateFee.enabled
          ? [`Påmelding etter ${formatLongDate(facts.lateFeeAfter)}: ${formatKroner(settings.lateFee.amount)} i tillegg.`]
          : []),
        "Prisen du får oppgitt når du sender påmeldingen, er den du betaler.",
      ],
    },
    {
      heading: "4. Betaling",
      paragraphs: ["Du betaler med Vipps når du melder deg på, eller med kort eller kontant når du sjekker inn på leiren."],
    },
    {
      heading: "5. Levering",
      paragraphs: ["Påmeldingen regnes som levert når deltakeren sjekker inn ved ankomst til leiren."],
    },
    {
      heading: "6. Avbestilling og endringer",
      paragraphs: [...cancellationTerms(edition), "Endringer i påmeldingen gjør du også selv på «Min påmelding»."],
    },
    {
      heading: "7. Personopplysninger",
      paragraphs: [
        "Opplysningene i påmeldingen brukes til å gjennomføre leiren. Navn, grad og klubb vises i den offentlige deltakerlisten bare hvis du har samtykket til det. Opplysninger om allergier ser bare arrangøren.",
      ],
    },
    {
      heading: "8. Klager og kontakt",
      paragraphs: [
        `Er du misfornøyd, ta kontakt med oss på ${contact.general} eller ${contact.phone} så snart som mulig, så finner vi en løsning. Kommer vi ikke til enighet, kan du klage til Forbrukerrådet.`,
      ],
    },
  ];
  sections.forEach((section) => block(doc, section));
  footer(doc, contact);
  return finish(doc);
}

/** The four documents of an edition by file name, under the names the pages link to (camp-documents.ts in shared). */
export async function campPdfs(edition: CampEdition, contact: Contact, at: Date, options: PdfOptions = {}): Promise<Map<string, Buffer>> {
  const paths = campDocumentPaths(edition.year);
  const { children, adults, clubs } = flyers(edition, contact, at);
  const files = await Promise.all([
    flyerPdf(children, contact, options),
    flyerPdf(adults, contact, options),
    flyerPdf(clubs, contact, options),
    termsPdf(edition, contact, at, options),
  ]);
  const names = [paths.children, paths.adults, paths.clubs, paths.terms].map(documentFileName);
  return new Map(names.map((name, index) => [name, files[index]!]));
}
