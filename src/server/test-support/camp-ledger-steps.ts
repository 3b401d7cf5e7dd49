/** The steps of the money ledger's property: what a random sequence is made of, and the sequences always among the runs. */
import fc from "fast-check";

export type Step =
  | { kind: "register"; vipps: boolean; group: boolean; companion: boolean; gradingChild: boolean }
  | { kind: "approve"; pick: number; webhook: "normal" | "drop" | "duplicate" }
  | { kind: "reconcile" }
  | { kind: "add-companion"; pick: number }
  | { kind: "cancel-companion"; pick: number; which: number }
  | { kind: "grading"; pick: number; on: boolean }
  | { kind: "pay-outstanding"; pick: number; webhook: "normal" | "drop" | "duplicate" }
  | { kind: "cancel-athlete"; pick: number; refusedByVipps: boolean }
  | { kind: "leader-cancel"; pick: number }
  | { kind: "leader-add-companion"; pick: number }
  | { kind: "leader-remove-companion"; pick: number; which: number }
  | { kind: "door"; pick: number; amount: number; cash: boolean }
  | { kind: "deadline-passes" };

const pick = fc.nat(20);
const webhook = fc.constantFrom("normal" as const, "drop" as const, "duplicate" as const);
export const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("register" as const),
      vipps: fc.boolean(),
      group: fc.boolean(),
      companion: fc.boolean(),
      gradingChild: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("approve" as const), pick, webhook }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("reconcile" as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("add-companion" as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("cancel-companion" as const), pick, which: fc.nat(3) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("grading" as const), pick, on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("pay-outstanding" as const), pick, webhook }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cancel-athlete" as const), pick, refusedByVipps: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("leader-cancel" as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("leader-add-companion" as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("leader-remove-companion" as const), pick, which: fc.nat(3) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("door" as const), pick, amount: fc.integer({ min: 1, max: 3000 }), cash: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deadline-passes" as const) }) },
);

/** The sequences always among the runs. */
export const ledgerExamples: [Step[]][] = [
  // Grading switched on for a home-club child, not paid, and off again; a group's member.
  [
    [
      { kind: "register", vipps: false, group: false, companion: false, gradingChild: true },
      { kind: "grading", pick: 0, on: true },
      { kind: "grading", pick: 0, on: false },
      { kind: "register", vipps: true, group: false, companion: true, gradingChild: true },
      { kind: "approve", pick: 1, webhook: "normal" },
      { kind: "grading", pick: 1, on: true },
      { kind: "deadline-passes" },
      { kind: "grading", pick: 1, on: false },
    ],
  ],
  // The leader adds a companion to a Vipps order, the family pays it, the leader removes it after the deadline.
  [
    [
      { kind: "register", vipps: true, group: false, companion: false, gradingChild: false },
      { kind: "approve", pick: 0, webhook: "normal" },
      { kind: "leader-add-companion", pick: 0 },
      { kind: "leader-remove-companion", pick: 0, which: 0 },
      { kind: "leader-add-companion", pick: 0 },
      { kind: "pay-outstanding", pick: 0, webhook: "duplicate" },
      { kind: "deadline-passes" },
      { kind: "leader-remove-companion", pick: 0, which: 1 },
    ],
  ],
  // A Vipps group's athlete cancelled by the leader before the family approves; a companion added and
  // cancelled on another order; 1 kr at the door.
  [
    [
      { kind: "register", vipps: true, group: true, companion: false, gradingChild: false },
      { kind: "leader-cancel", pick: 0 },
      { kind: "approve", pick: 0, webhook: "normal" },
      { kind: "leader-add-companion", pick: 3 },
      { kind: "cancel-companion", pick: 3, which: 0 },
      { kind: "door", pick: 0, amount: 1, cash: false },
    ],
  ],
  // A group's second athlete cancelled after the first paid 1 kr at the door: the refund is the second's.
  [
    [
      { kind: "register", vipps: false, group: true, companion: false, gradingChild: false },
      { kind: "door", pick: 0, amount: 1, cash: false },
      { kind: "cancel-athlete", pick: 1, refusedByVipps: false },
    ],
  ],
];
