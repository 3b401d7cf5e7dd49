import { describe, expect, it } from "vitest";
import { standingCheckIns, type DoorLogRow } from "./door-log.ts";

let nextId = 1;
const row = (kind: DoorLogRow["kind"], key: string, at: string, changed = true): DoorLogRow => ({
  id: nextId++,
  orderId: 1,
  position: null,
  kind,
  accountUsername: "dorvakt",
  accountName: key,
  at: new Date(at),
  actionId: null,
  changed,
  personId: null,
  day: null,
  amount: null,
  paymentId: null,
  paymentActionId: null,
  undoneBy: null,
  ownerKind: "order",
});

describe("what stands at a door, by the one rule both kinds read their log with", () => {
  it("is in since the earliest check-in after the last undo, whichever kind of undo; payments count for nothing", () => {
    const log = [
      row("checkin", "a", "2026-11-28T08:00:00Z"),
      row("undo-checkin", "a", "2026-11-28T08:01:00Z"),
      row("checkin", "a", "2026-11-28T08:05:00Z"),
      row("checkin", "a", "2026-11-28T08:09:00Z", false),
      row("payment", "a", "2026-11-28T08:10:00Z"),
      row("checkin", "b", "2026-11-28T09:00:00Z"),
      row("undo", "b", "2026-11-28T09:01:00Z"),
      row("undo", "c", "2026-11-28T09:02:00Z", false),
    ];
    const standing = standingCheckIns(log, (entry) => entry.accountName);
    expect([...standing.entries()].map(([key, entry]) => [key, entry.at.toISOString()])).toEqual([["a", "2026-11-28T08:05:00.000Z"]]);
  });

  it("keeps the earliest time when a later row was written with an earlier one (a check-in added by a move)", () => {
    const standing = standingCheckIns(
      [row("checkin", "a", "2026-11-30T09:00:00Z"), row("checkin", "a", "2026-11-30T07:30:00Z")],
      (entry) => entry.accountName,
    );
    expect(standing.get("a")?.at.toISOString()).toBe("2026-11-30T07:30:00.000Z");
  });
});
