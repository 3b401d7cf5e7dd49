import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eventMessageSegments, eventSegmentRefusal, fillMergeFields, messageInputMessages, sendMessageSchema } from "./message.ts";

const values = fc.record({ navn: fc.string(), deltakere: fc.string(), lenke: fc.string(), beløp: fc.string() });

describe("messages", () => {
  it("fills each merge field with the family's value once: a value that looks like a field is never filled again", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.constantFrom("{navn}", "{deltakere}", "{lenke}", "{beløp}", "{ukjent}", "{"))),
        values,
        (parts, family) => {
          const template = parts.join("");
          const filled = fillMergeFields(template, family);
          // The same text split at the fields and put together with the values, left to right.
          const expected = template.split(/(\{(?:navn|deltakere|lenke|beløp)\})/).map((part) => {
            const field = /^\{(navn|deltakere|lenke|beløp)\}$/.exec(part)?.[1] as keyof typeof family | undefined;
            return field ? family[field] : part;
          });
          expect(filled).toBe(expected.join(""));
        },
      ),
    );
  });

  it("a subject never carries a line break or other control character (a mail header), whatever is typed", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(fc.constantFrom("\r", "\n", "\u0000", "\t", "a", "Ø", " ", ":")) }), (subject) => {
        const parsed = sendMessageSchema.safeParse({ segment: "all", subject, body: "Hei" });
        if (parsed.success) expect(parsed.data.subject).not.toMatch(/[\u0000-\u001f\u007f]/);
      }),
    );
  });

  it("a check-in segment needs its day and a picked one its order ids", () => {
    expect(sendMessageSchema.safeParse({ segment: "checkedIn", subject: "x", body: "y" }).success).toBe(false);
    expect(sendMessageSchema.safeParse({ segment: "checkedIn", day: "2026-11-28", subject: "x", body: "y" }).success).toBe(true);
    expect(sendMessageSchema.safeParse({ segment: "picked", orderIds: [], subject: "x", body: "y" }).success).toBe(false);
  });

  it("offers a club event only the segments its data holds: a sale no waiting list or check-in, check-in only on a one-day event", () => {
    const oneDay = { firstDay: "2026-12-12", lastDay: "2026-12-12" };
    expect(eventMessageSegments({ kind: "gradering", ...oneDay })).toEqual([
      "all",
      "paid",
      "unpaid",
      "waiting",
      "offered",
      "checkedIn",
      "notCheckedIn",
      "picked",
    ]);
    expect(eventMessageSegments({ kind: "salg", ...oneDay })).toEqual(["all", "paid", "unpaid", "picked"]);
    expect(eventMessageSegments({ kind: "kurs", firstDay: "2026-12-12", lastDay: "2026-12-14" })).toEqual([
      "all",
      "paid",
      "unpaid",
      "waiting",
      "offered",
      "picked",
    ]);
    expect(eventSegmentRefusal({ kind: "kurs", firstDay: "2026-12-12", lastDay: "2026-12-14" }, "checkedIn")).toBe(
      messageInputMessages.checkInNotPerDay,
    );
    expect(eventSegmentRefusal({ kind: "gradering", ...oneDay }, "sleepover")).toBe(messageInputMessages.campOnlySegment);
  });
});
