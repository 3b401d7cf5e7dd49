import { describe, expect, it } from "vitest";
import { standardEditionData } from "./camp-edition-data.ts";
import { campEditionFieldLabel, formatCampEditionValue } from "./camp-edition-labels.ts";

describe("camp edition field labels", () => {
  /** Dotted paths of every field, as the change log reports an update (lists whole). */
  const leaves = (value: unknown, path = ""): string[] =>
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? Object.entries(value).flatMap(([key, inner]) => leaves(inner, path ? `${path}.${key}` : key))
      : [path];

  it("name every field the change log can report, in Norwegian", () => {
    const fields = leaves(standardEditionData(2027));
    expect(fields.length).toBeGreaterThan(25);
    for (const field of fields) expect(campEditionFieldLabel(field), field).not.toBe(field);
  });

  it("show values the way the club says them", () => {
    expect(formatCampEditionValue("prices.child", 1025)).toBe("1\u00a0025\u00a0kr");
    expect(formatCampEditionValue("earlyBird.percent", 10)).toBe("10\u00a0%");
    expect(formatCampEditionValue("firstDay", "2027-11-26")).toBe("26. november 2027");
    expect(formatCampEditionValue("registrationOpensAt", "2027-06-01T08:00:00.000Z")).toBe("tirsdag 1. juni kl. 10.00");
    expect(formatCampEditionValue("capacity", null)).toBe("ingen grense");
    expect(formatCampEditionValue("lateFee.enabled", true)).toBe("på");
    expect(formatCampEditionValue("homeClubId", 29, { club: (id) => (id === 29 ? "Ski Taekwondo Klubb" : undefined) })).toBe("Ski Taekwondo Klubb");
    expect(formatCampEditionValue("venue", "Hallen")).toBe("«Hallen»");
  });
});
