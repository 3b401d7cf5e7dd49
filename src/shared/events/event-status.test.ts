import { describe, expect, it } from "vitest";
import { testNow } from "../test-clock.fixture.ts";
import { slugFromTitle } from "./event-definition.ts";
import { eventStatusText, type EventStatusFacts } from "./event-status.ts";

// 15 October 2026.
const now = testNow();
const grading: EventStatusFacts = {
  kind: "gradering",
  published: true,
  firstDay: "2026-12-12",
  lastDay: "2026-12-12",
  state: "notyet",
  registrationOpensAt: "2026-11-01T07:00:00.000Z",
};

describe("an event's status in one phrase", () => {
  it("says draft, when registration opens, open, full, closed and ended", () => {
    expect(eventStatusText({ ...grading, published: false }, now)).toBe("Utkast (ikke publisert)");
    expect(eventStatusText(grading, now)).toBe("Publisert – påmeldingen åpner 1. november");
    expect(eventStatusText({ ...grading, firstDay: "2027-01-09", lastDay: "2027-01-09" }, now)).toBe(
      "Publisert – påmeldingen åpner 1. november 2026",
    );
    expect(eventStatusText({ ...grading, state: "open" }, now)).toBe("Publisert – påmeldingen er åpen");
    expect(eventStatusText({ ...grading, state: "full" }, now)).toBe("Publisert – fullt, nye går på venteliste");
    expect(eventStatusText({ ...grading, state: "closed" }, now)).toBe("Publisert – påmeldingen er stengt");
    expect(eventStatusText({ ...grading, state: "closed", firstDay: "2026-10-03", lastDay: "2026-10-03" }, now)).toBe("Avsluttet");
  });

  it("speaks of the sale for a sale", () => {
    const sale = { ...grading, kind: "salg" as const };
    expect(eventStatusText(sale, now)).toBe("Publisert – salget åpner 1. november");
    expect(eventStatusText({ ...sale, state: "open" }, now)).toBe("Publisert – salget er åpent");
    expect(eventStatusText({ ...sale, state: "full" }, now)).toBe("Publisert – utsolgt");
  });
});

describe("a new event's address made from its title", () => {
  it("spells æ, ø and å, drops what an address cannot hold, and adds the year unless the title says it", () => {
    expect(slugFromTitle("Sommerkurs på Ødegården – Ærlig talt!", 2027)).toBe("sommerkurs-pa-odegarden-aerlig-talt-2027");
    expect(slugFromTitle("Juleavslutning 2026", 2026)).toBe("juleavslutning-2026");
    expect(slugFromTitle("  Café Sørlandet  ")).toBe("cafe-sorlandet");
    expect(slugFromTitle("!!!", 2027)).toBe("");
    const long = slugFromTitle("Gradering ".repeat(10), 2027);
    expect(long).toMatch(/^gradering-.*-2027$/);
    expect(long.length).toBeLessThanOrEqual(60);
  });
});
