import { PNG } from "pngjs";
import QRCode from "qrcode";

/**
 * QR codes inside a mail. A mail's HTML shows one with `<img src="cid:…">` from inlineQrCid(text); when
 * the mail is sent, each such reference gets its PNG attached inline (multipart/related), which Gmail,
 * Outlook and Apple Mail show, unlike SVG or data: addresses. Nothing is stored: the image is made from
 * the text in the reference, and only short [A-Z0-9] texts are drawn (user text in a mail is escaped, so
 * it can never form such a reference).
 */

const cidDomain = "qr.skitaekwondo.no";
const reference = new RegExp(`src="cid:(qr-([A-Z0-9]{1,64})@${cidDomain.replace(/\./g, "\\.")})"`, "g");

export function inlineQrCid(text: string): string {
  if (!/^[A-Z0-9]{1,64}$/.test(text)) throw new Error("An inline QR code holds 1–64 characters A–Z and 0–9");
  return `qr-${text}@${cidDomain}`;
}

export interface InlineImage {
  filename: string;
  contentType: "image/png";
  content: Buffer;
  cid: string;
  contentDisposition: "inline";
}

/** Quiet zone (the four modules the standard asks for) and pixels per module. */
const margin = 4;
const scale = 7;

const sideByLength = new Map<number, number>();

/**
 * The side in pixels of a code's image, for the HTML's `<img>` to say, so that no mail client resamples it (a
 * check-in code: 33 modules, 231 pixels). In one alphanumeric segment the symbol's size follows from the
 * text's length alone, so it is worked out once per length.
 */
export function inlineQrSide(text: string): number {
  let side = sideByLength.get(text.length);
  if (side === undefined) {
    side = (qrModules("0".repeat(text.length)).size + 2 * margin) * scale;
    sideByLength.set(text.length, side);
  }
  return side;
}

/**
 * The code's modules. The text is only ever A–Z and 0–9, the QR alphanumeric set, so it goes as one alphanumeric
 * segment: qrcode would otherwise search every split into numeric, alphanumeric and byte segments for the
 * shortest, which took a fifth of drawing a check-in code (28 characters: version 2 either way).
 */
function qrModules(text: string) {
  return QRCode.create([{ data: text, mode: "alphanumeric" }], { errorCorrectionLevel: "M" }).modules;
}

/**
 * A code's PNG: black and white, stored as grey (one byte a pixel). qrcode makes the modules; the pixels are
 * laid out here as grey bytes and handed to pngjs as they are, each row filtered against the one above (each row
 * of modules repeats `scale` times). qrcode's own PNG renderer drew four bytes a pixel and pngjs then turned them
 * into grey one pixel at a time, which took most of a mail's QR time (2.6 → 0.7 ms a code, the same pixels).
 * The fastest deflate level packs the filtered rows (mostly zeros) to the same size as the best, in half the time.
 */
export function qrPng(text: string): Buffer {
  const modules = qrModules(text);
  const side = (modules.size + 2 * margin) * scale;
  const data = Buffer.alloc(side * side, 0xff);
  for (let row = 0; row < modules.size; row++) {
    const line = Buffer.alloc(side, 0xff);
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) line.fill(0, (column + margin) * scale, (column + margin + 1) * scale);
    }
    for (let repeat = 0; repeat < scale; repeat++) line.copy(data, ((row + margin) * scale + repeat) * side);
  }
  return PNG.sync.write({ width: side, height: side, data } as PNG, { colorType: 0, inputColorType: 0, bitDepth: 8, filterType: 2, deflateLevel: 1 });
}

/** The PNGs the HTML refers to, one per distinct code. */
export async function inlineQrImages(html: string): Promise<InlineImage[]> {
  const wanted = new Map<string, string>();
  for (const match of html.matchAll(reference)) wanted.set(match[1]!, match[2]!);
  return [...wanted].map(([cid, text]) => ({
    filename: "innsjekk-qr.png",
    contentType: "image/png" as const,
    content: qrPng(text),
    cid,
    contentDisposition: "inline" as const,
  }));
}

/** The same HTML with each QR reference as a data: address, for showing a stored mail in a page (/dev/mail). */
export async function inlineQrAsDataUrls(html: string): Promise<string> {
  const images = new Map((await inlineQrImages(html)).map((image) => [image.cid, image]));
  return html.replace(reference, (whole, cid: string) => {
    const image = images.get(cid);
    return image ? `src="data:image/png;base64,${image.content.toString("base64")}"` : whole;
  });
}
