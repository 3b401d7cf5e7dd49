import { describe, expect, it } from "vitest";
import { formatKroner } from "../../shared/format.ts";
import { escapeHtml } from "../mail/escape-html.ts";
import { renderWaitlistJoined } from "./event-waitlist-joined-mail.ts";
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

describe("the one «on the waiting list» mail", () => {
  it("for a grading: the one who registered greeted, the event's words, the place in line, the kind's hours and the price", () => {
    const mail = renderWaitlistJoined({ ...grading(["Per Nordmann", "Pål Nordmann"]), position: 3, validityHours: 48 });
    expect(mail.subject).toBe("Du står på venteliste til Cupgradering desember");
    expect(mail.text).toMatch(/^Hei Kari!\n/);
    expect(mail.text).toContain(
      "Cupgradering desember (lørdag 12. desember 2026, Ski Taekwondo Klubb) er full, så Per Nordmann og Pål Nordmann står på ventelisten som nummer 3.",
    );
    expect(mail.text).toContain("Da har du 48 timer på deg");
    expect(mail.text).toContain("ellers går plassene videre til nestemann på listen.");
    expect(mail.text).toContain("Ordrenummer: GR26-ABCDEF");
  });

  it("for the camp: the edition's title, days and place, the parent greeted, in the same sentences as an event's", () => {
    const mail = renderWaitlistJoined({ ...camp, position: 1, validityHours: 24 });
    expect(mail.subject).toBe("Du står på venteliste til Vinterleir 2027");
    expect(mail.text).toMatch(/^Hei Mor Nordmann!\n/);
    expect(mail.text).toContain("Vinterleir 2027 (");
    expect(mail.text).toContain(", Ski) er full, så Vera Nordmann står på ventelisten som nummer 1.");
    expect(mail.text).toContain("Da har du 24 timer på deg");
    expect(mail.text).toContain("ellers går plassen videre til nestemann på listen.");
    // The HTML says every sentence the text does.
    const sentences = mail.text
      .split("\n")
      .filter((line) => line.endsWith(".") || line.endsWith("!"))
      .filter((line) => !line.startsWith("Spørsmål?") && !line.startsWith("Totalt"));
    expect(sentences.length).toBeGreaterThanOrEqual(3);
    for (const sentence of sentences) expect(mail.html).toContain(escapeHtml(sentence));
  });
});
