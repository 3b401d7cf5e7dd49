import { describe, expect, it } from "vitest";
import { EventDefinitionSchema } from "../../shared/events/event-definition.ts";
import { grading } from "../test-support/events.ts";
import { renderEventOfferMail } from "./event-waitlist-mail.ts";
import type { EventOfferMailData } from "./event-waitlist-view.ts";

const now = new Date("2026-11-26T12:00:00Z");
const data = (participants: string[]) =>
  ({
    order: { orderId: "GR26-ABCDEF", firstName: "Kari", method: "card_cash" },
    event: { definition: EventDefinitionSchema.parse(grading()) },
    participants,
    lines: participants.map((name) => ({ label: `Gradering: ${name}`, amount: 350 })),
    total: 350 * participants.length,
    email: "kari@example.no",
    contactEmail: "kontakt@skitaekwondo.no",
  }) as unknown as EventOfferMailData;

describe("an event's waiting-list offer", () => {
  it("for several participants speaks of the places in the plural", () => {
    const mail = renderEventOfferMail(
      data(["Per Nordmann", "Pål Nordmann"]),
      "token",
      new Date("2026-11-28T12:00:00Z"),
      "https://klubb.example",
      now,
    );
    expect(mail.subject).toMatch(/^Ledige plasser på Cupgradering desember – svar innen /);
    expect(mail.text).toContain(
      "2 plasser på Cupgradering desember (lørdag 12. desember 2026, Ski Taekwondo Klubb) er ledige for Per Nordmann og Pål Nordmann",
    );
    expect(mail.text).toContain("Nei takk, gi plassene videre: ");
    expect(mail.text).toContain("så går plassene med en gang til nestemann");
    expect(mail.text).not.toMatch(/plassen\b/);
  });

  it("for one participant in the singular", () => {
    const mail = renderEventOfferMail(data(["Per Nordmann"]), "token", new Date("2026-11-28T12:00:00Z"), "https://klubb.example", now);
    expect(mail.subject).toMatch(/^Ledig plass på /);
    expect(mail.text).toContain("En plass på Cupgradering desember (lørdag 12. desember 2026, Ski Taekwondo Klubb) er ledig for Per Nordmann");
    expect(mail.text).toContain("Nei takk, gi plassen videre: ");
  });
});
