import { describe, expect, it } from "vitest";
import { campEditionForYear } from "../../shared/camp/camp-edition.ts";
import { formatKroner as kr } from "../../shared/format.ts";
import { renderCampConfirmation, type CampConfirmationData, type ConfirmationContext } from "./camp-confirmation-mail.ts";

/**
 * The camp's confirmation as a parent reads it: the sentences are written once (camp-confirmation-mail.ts) and
 * both parts carry them. A change to a sentence of this mail is tested here.
 */
const edition = campEditionForYear(2026);
const emma: CampConfirmationData = {
  editionYear: 2026,
  orderId: "VL26-ABCDEF",
  firstName: "Emma",
  lastName: "<Berg>",
  greetingName: "Per Berg",
  clubName: "Ski Taekwondo Klubb",
  sleepover: true,
  lines: [
    { label: "Leiravgift", amount: 1200 },
    { label: "Overnatting", amount: 200 },
  ],
  total: 1400,
  money: { paid: 0, outstanding: 1400 },
  paymentMethod: "card_cash",
  checkInCode: "K7M2Q9XP",
};
const context: ConfirmationContext = {
  sentAt: new Date("2026-11-20T12:00:00Z"),
  personalLink: "https://skitaekwondo.no/min-side/abc",
  contactEmail: "post@skitaekwondo.no",
};

describe("the camp confirmation mail", () => {
  it("greets the person who registered once, names the athlete, and ends with where to ask and the club", () => {
    const { subject, text, html, attachments } = renderCampConfirmation(emma, edition, context);
    expect(subject).toBe("Du er registrert til Vinterleir 2026");
    expect(text.startsWith("Hei Per Berg!\n\nEmma <Berg> (Ski Taekwondo Klubb) er registrert til Vinterleir 2026")).toBe(true);
    expect(text.match(/Hei /g)).toHaveLength(1);
    expect(text).toContain("Ordrenummer: VL26-ABCDEF");
    expect(text).toContain(`Kvittering\n\n- Leiravgift: ${kr(1200)}\n- Overnatting: ${kr(200)}\nTotalt: ${kr(1400)}`);
    expect(text).toContain(`Betaling: Kort eller kontant ved oppmøte.\nBetalt: ${kr(0)}\nBetales ved oppmøte: ${kr(1400)}`);
    expect(text).toContain("Min påmelding: https://skitaekwondo.no/min-side/abc");
    expect(text).toContain("liggeunderlag, sovepose og toalettsaker (du overnatter i hallen)");
    expect(text).toContain("Spørsmål? Skriv til post@skitaekwondo.no og oppgi ordrenummeret. Denne adressen tar ikke imot svar.");
    expect(text.endsWith("Vel møtt!\nHilsen Ski Taekwondo Klubb\n")).toBe(true);
    // The same sentences in the HTML part, the athlete's name escaped, the QR code as an inline image.
    expect(html).toContain('<h1 style="font-size:1.4rem">Takk for påmeldingen!</h1>\n<p>Hei Per Berg!</p>');
    expect(html).toContain("Emma &lt;Berg&gt; (Ski Taekwondo Klubb) er registrert til <strong>Vinterleir 2026</strong>");
    expect(html).toContain('<a href="https://skitaekwondo.no/min-side/abc">Min påmelding</a>');
    expect(html).toContain('src="cid:qr-K7M2Q9XP@');
    expect(html).toContain('<a href="mailto:post@skitaekwondo.no">post@skitaekwondo.no</a>');
    expect(html.match(/Spørsmål\?/g)).toHaveLength(1);
    expect(attachments?.map((file) => file.filename)).toEqual(["vinterleir-2026.ics"]);
  });

  it("a group's mail: every other athlete with its order number, code and receipt, and one total for all", () => {
    const group = {
      others: [
        {
          firstName: "Jon",
          lastName: "Berg",
          orderId: "VL26-GHJKLM",
          lines: [{ label: "Leiravgift", amount: 1200 }],
          total: 1200,
          sleepover: false,
          checkInCode: "Q2W3E4R5",
        },
      ],
      total: 2600,
    };
    const { text, html } = renderCampConfirmation(emma, edition, { ...context, group });
    expect(text).toContain("Påmeldt i samme påmelding\n\nJon Berg, ordrenummer VL26-GHJKLM");
    expect(text).toContain(`Totalt for alle: ${kr(2600)}`);
    expect(text).toContain("På «Min påmelding» ser dere begge");
    expect(text.match(/min-side/g)).toHaveLength(1);
    expect(html).toContain('src="cid:qr-Q2W3E4R5@');
    expect(text).toContain("for den som overnatter i hallen");
  });
});
