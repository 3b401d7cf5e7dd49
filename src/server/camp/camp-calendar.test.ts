import fc from "fast-check";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { campEditionForYear } from "../../shared/camp/camp-edition.ts";
import { buildCampCalendar, campCalendar } from "./camp-calendar.ts";

/** The properties RFC 5545 (and RFC 7986's NAME) defines for each component this file uses; X- names are extensions. */
const allowed: Record<string, readonly string[]> = {
  vcalendar: ["version", "prodid", "calscale", "method", "name"],
  vtimezone: ["tzid", "last-modified", "tzurl"],
  daylight: ["dtstart", "tzoffsetfrom", "tzoffsetto", "tzname", "rrule", "rdate", "comment"],
  standard: ["dtstart", "tzoffsetfrom", "tzoffsetto", "tzname", "rrule", "rdate", "comment"],
  vevent: [
    "uid",
    "dtstamp",
    "dtstart",
    "dtend",
    "duration",
    "sequence",
    "summary",
    "location",
    "description",
    "status",
    "transp",
    "url",
    "categories",
    "created",
    "last-modified",
    "class",
    "organizer",
  ],
};

/**
 * Checks a calendar file strictly: ical.js parses it (it throws on broken lines, parameters and values), then
 * every property must be one RFC 5545 defines for its component (or an X- extension), DTSTAMP must be UTC,
 * and every TZID used must have its VTIMEZONE.
 */
function strictCheck(content: string) {
  expect(content).toMatch(/\r\n$/);
  for (const line of content.split("\r\n").slice(0, -1)) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
  const calendar = new ICAL.Component(ICAL.parse(content));
  const zones = new Set(calendar.getAllSubcomponents("vtimezone").map((zone) => zone.getFirstPropertyValue("tzid")));
  const visit = (component: ICAL.Component) => {
    for (const property of component.getAllProperties()) {
      const name = property.name;
      if (name.startsWith("x-")) continue;
      expect(allowed[component.name] ?? [], `${name} in ${component.name}`).toContain(name);
      const tzid = property.getParameter("tzid");
      if (tzid) expect(zones, `VTIMEZONE for ${String(tzid)}`).toContain(tzid);
    }
    component.getAllSubcomponents().forEach(visit);
  };
  visit(calendar);
  expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
  expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
  expect(calendar.getFirstPropertyValue("prodid")).toBeTruthy();
  const events = calendar.getAllSubcomponents("vevent");
  for (const event of events) {
    const stamp = event.getFirstProperty("dtstamp");
    expect(stamp?.getParameter("tzid")).toBeUndefined();
    expect((stamp?.getFirstValue() as ICAL.Time).zone).toBe(ICAL.Timezone.utcTimezone);
    expect(event.getFirstPropertyValue("uid")).toBeTruthy();
  }
  return { calendar, events };
}

describe("the camp's calendar file", () => {
  const stamp = new Date("2026-10-15T10:00:00Z");

  it("is valid RFC 5545: DTSTAMP in UTC with Z, no TIMEZONE-ID, a VTIMEZONE for Europe/Oslo", () => {
    const file = campCalendar(campEditionForYear(2026), "Ski idrettshall", "VL26-ABCDEF", stamp);
    expect(file.filename).toBe("vinterleir-2026.ics");
    expect(file.content).not.toMatch(/^TIMEZONE-ID/m);
    expect(file.content).toMatch(/^DTSTAMP:20261015T100000Z\r$/m);
    const { events } = strictCheck(file.content);
    expect(events).toHaveLength(3);
    const first = events[0]!.getFirstPropertyValue("dtstart") as ICAL.Time;
    // 18:00 in Oslo on 28 November is 17:00 UTC.
    expect(first.toJSDate().toISOString()).toBe("2026-11-28T17:00:00.000Z");
  });

  it("refuses the old form in the strict check (the check can fail)", () => {
    const file = campCalendar(campEditionForYear(2026), "Ski", "VL26-ABCDEF", stamp);
    const old = file.content.replace("BEGIN:VEVENT", "TIMEZONE-ID:Europe/Oslo\r\nBEGIN:VEVENT").replace(/DTSTAMP:(\d{8}T\d{6})Z/g, "DTSTAMP:$1");
    expect(() => strictCheck(old)).toThrow();
  });
});

describe("the camp's calendar file, written once per camp and venue", () => {
  it("is byte for byte what the generator writes for each registration's ids and stamp", () => {
    const editions = [campEditionForYear(2026), campEditionForYear(2027)];
    fc.assert(
      fc.property(
        fc.constantFrom(...editions),
        fc.constantFrom("Ski idrettshall", "Follo Stil Arena – hall B"),
        fc.stringMatching(/^[A-Za-z0-9-]{1,40}$/),
        fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2040-01-01T00:00:00Z"), noInvalidDate: true }),
        (edition, venue, uidBase, stamp) => {
          expect(campCalendar(edition, venue, uidBase, stamp)).toEqual(buildCampCalendar(edition, venue, uidBase, stamp));
        },
      ),
      { numRuns: 200 },
    );
  });
});
