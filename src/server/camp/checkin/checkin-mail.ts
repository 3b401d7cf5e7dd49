import { formatCheckInCode } from "../../../shared/camp/camp-checkin.ts";
import { escapeHtml } from "../../mail/escape-html.ts";
import { inlineQrCid, inlineQrSide } from "../../mail/inline-qr.ts";

/** The confirmation mail's check-in part: the QR code to show at the door, and the same code as text. */

const intro = "Vis QR-koden ved innsjekkingen på leiren (på telefonen eller utskrevet).";

export function checkInMailText(code: string): string[] {
  return [intro, `Innsjekkingskode: ${formatCheckInCode(code)}`];
}

export function checkInMailHtml(code: string): string {
  const e = escapeHtml;
  // The cid first: it refuses any code a QR reference cannot hold, before its size is worked out.
  const cid = inlineQrCid(code);
  const side = inlineQrSide(code);
  return `<h2 style="font-size:1.1rem">Innsjekking</h2>
<p>${e(intro)}</p>
<p><img src="cid:${e(cid)}" width="${side}" height="${side}" alt="QR-kode for innsjekking" style="display:block;border:0"></p>
<p>Innsjekkingskode: <strong style="font-family:monospace">${e(formatCheckInCode(code))}</strong></p>`;
}
