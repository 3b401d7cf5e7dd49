import { describe, expect, it } from "vitest";
import { formatKroner } from "../../shared/format.ts";
import { renderOfferMail, type OfferMailData } from "./event-waitlist-mail.ts";

const now = new Date("2026-11-26T12:00:00Z");
const grading = (participants: string[]): OfferMailData => ({
  kind: "gradering",
  title: "Cupgradering desember",
  firstDay: "2026-12-12",
  lastDay: "2026-12-12",
  venue: "Ski Taekwondo Klubb",
  orderId: "GR26-ABCDEF",
  greetingName: "Kari",
  participants,
  lines: participants.map((name) => ({ label: `Gradering: ${name}`, amount: 350 })),
  total: 350 * participants.length,
  vipps: false,
  contactEmail: "kontakt@skitaekwondo.no",
});

describe("the waiting-list offer mail", () => {
  it("for several participants speaks of the places in the plural", () => {
    const mail = renderOfferMail(grading(["Per Nordmann", "Pål Nordmann"]), "token", new Date("2026-11-28T12:00:00Z"), "https://klubb.example", now);
    expect(mail.subject).toMatch(/^Ledige plasser på Cupgradering desember – svar innen /);
    expect(mail.text).toContain(
      "2 plasser på Cupgradering desember (lørdag 12. desember 2026, Ski Taekwondo Klubb) er ledige for Per Nordmann og Pål Nordmann",
    );
    expect(mail.text).toContain("Nei takk, gi plassene videre: ");
    expect(mail.text).toContain("så går plassene med en gang til nestemann");
    expect(mail.text).not.toMatch(/plassen\b/);
  });

  it("for one participant in the singular", () => {
    const mail = renderOfferMail(grading(["Per Nordmann"]), "token", new Date("2026-11-28T12:00:00Z"), "https://klubb.example", now);
    expect(mail.subject).toMatch(/^Ledig plass på /);
    expect(mail.text).toContain("En plass på Cupgradering desember (lørdag 12. desember 2026, Ski Taekwondo Klubb) er ledig for Per Nordmann");
    expect(mail.text).toContain("Nei takk, gi plassen videre: ");
    expect(mail.text).toContain("https://klubb.example/arrangementer/venteliste/token?svar=nei");
  });

  it("for the camp: the edition's title, the parent greeted, Vipps, and the links the camp's mails have always had", () => {
    const camp: OfferMailData = {
      ...grading(["Vera Nordmann"]),
      kind: "vinterleir",
      title: "Vinterleir 2027",
      firstDay: "2027-01-08",
      lastDay: "2027-01-10",
      venue: "Ski",
      orderId: "VL27-ABCDEF",
      greetingName: "Mor Nordmann",
      lines: [{ label: "Vinterleir: Vera Nordmann", amount: 1200 }],
      total: 1200,
      vipps: true,
    };
    const mail = renderOfferMail(camp, "token", new Date("2026-11-28T12:00:00Z"), "https://klubb.example/", now);
    expect(mail.subject).toBe("Ledig plass på Vinterleir 2027 – svar innen lørdag 28. november kl. 13.00");
    expect(mail.text).toMatch(/^Hei Mor Nordmann!\n/);
    expect(mail.text).toContain("En plass på Vinterleir 2027 (");
    expect(mail.text).toContain("er ledig for Vera Nordmann, og den er deres hvis du svarer innen lørdag 28. november kl. 13.00.");
    expect(mail.text).toContain("Ja takk, vi kommer: https://klubb.example/vinterleir/venteliste/token\n");
    expect(mail.text).toContain("Nei takk, gi plassen videre: https://klubb.example/vinterleir/venteliste/token?svar=nei");
    expect(mail.text).toContain(`Du betaler ${formatKroner(1200)} med Vipps når du takker ja.`);
    // The HTML says the same sentences.
    for (const sentence of [
      "Hei Mor Nordmann!",
      `Du betaler ${formatKroner(1200)} med Vipps når du takker ja.`,
      "Ordrenummer: <strong>VL27-ABCDEF</strong>",
    ])
      expect(mail.html).toContain(sentence);
  });
});
