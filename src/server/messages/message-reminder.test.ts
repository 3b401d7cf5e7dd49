import { describe, expect, it } from "vitest";
import { reminderState } from "./message-reminder.ts";

const sendsAt = new Date("2026-11-25T00:00:00+01:00");
const campStartsAt = new Date("2026-11-28T00:00:00+01:00");
const before = new Date("2026-11-26T10:00:00+01:00");
const underWay = new Date("2026-11-29T10:00:00+01:00");
const on = { enabled: true };

describe("where a reminder stands", () => {
  it("made but never queued (its pass failed): due before the camp, missed once it has begun, never sent late", () => {
    const made = { queuedAt: null, cancelledAt: null };
    expect(reminderState(on, made, sendsAt, campStartsAt, before)).toBe("due");
    expect(reminderState(on, made, sendsAt, campStartsAt, underWay)).toBe("missed");
  });

  it("made and then cancelled: off, not due for ever", () => {
    const cancelled = { queuedAt: null, cancelledAt: before };
    expect(reminderState(on, cancelled, sendsAt, campStartsAt, before)).toBe("off");
  });

  it("queued: sent, whenever it is asked", () => {
    expect(reminderState(on, { queuedAt: sendsAt, cancelledAt: null }, sendsAt, campStartsAt, underWay)).toBe("sent");
  });
});
