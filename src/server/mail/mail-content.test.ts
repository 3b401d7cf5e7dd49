import { describe, expect, it } from "vitest";
import { formatKroner } from "../../shared/format.ts";
import { renderMailContent } from "./mail-content.ts";

describe("a mail written once", () => {
  const mail = renderMailContent({
    title: "Vinterleir 2027",
    heading: "Takk for påmeldingen!",
    greet: "Kari <Nordmann>",
    blocks: [
      { paragraph: ["Ordrenummer: ", { bold: "V27-0001" }] },
      { paragraph: "Første linje\nandre linje & mer" },
      { list: [[{ href: "https://example.com/ja?a=1&b=2", text: "Ja takk" }], "Nei takk"] },
      { heading: "Kvittering" },
      { receipt: { lines: [{ label: "Leir", amount: 1200 }], total: 1200 } },
      { both: { text: ["Kode: ABC"], html: "<p>Kode: <code>ABC</code></p>" } },
    ],
    contact: { email: "post@example.com" },
    closing: "Vel møtt!",
  });

  it("says the same in text and HTML, in the order written, greeting first and the club last", () => {
    expect(mail.text).toBe(
      [
        "Hei Kari <Nordmann>!",
        "",
        "Ordrenummer: V27-0001",
        "",
        "Første linje\nandre linje & mer",
        "",
        "- Ja takk: https://example.com/ja?a=1&b=2",
        "- Nei takk",
        "",
        "Kvittering",
        "",
        `- Leir: ${formatKroner(1200)}`,
        `Totalt: ${formatKroner(1200)}`,
        "",
        "Kode: ABC",
        "",
        "Spørsmål? Skriv til post@example.com og oppgi ordrenummeret. Denne adressen tar ikke imot svar.",
        "",
        "Vel møtt!",
        "Hilsen Ski Taekwondo Klubb",
        "",
      ].join("\n"),
    );
    expect(mail.html).toContain('<h1 style="font-size:1.4rem">Takk for påmeldingen!</h1>\n<p>Hei Kari &lt;Nordmann&gt;!</p>');
    expect(mail.html).toContain("<p>Ordrenummer: <strong>V27-0001</strong></p>");
    expect(mail.html).toContain("<p>Første linje<br>andre linje &amp; mer</p>");
    expect(mail.html).toContain('<li><a href="https://example.com/ja?a=1&amp;b=2">Ja takk</a></li>');
    expect(mail.html).toContain("<p>Kode: <code>ABC</code></p>");
    expect(mail.html).toContain('Skriv til <a href="mailto:post@example.com">post@example.com</a> og oppgi ordrenummeret.');
    expect(mail.html).toMatch(/<p>Vel møtt!<br>Hilsen Ski Taekwondo Klubb<\/p>\n<\/body>/);
    expect(mail.html.indexOf("Kvittering")).toBeLessThan(mail.html.indexOf(formatKroner(1200)));
  });

  it("greets with «Hei!» without a name, and not at all when told", () => {
    const base = { title: "T", blocks: [{ paragraph: "Tekst." }] } as const;
    expect(renderMailContent({ ...base, greet: undefined }).text).toMatch(/^Hei!\n\nTekst\./);
    const none = renderMailContent({ ...base, greet: false });
    expect(none.text).toMatch(/^Tekst\./);
    expect(none.html).not.toContain("Hei");
  });
});
