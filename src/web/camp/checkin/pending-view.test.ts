import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { QueuedAction } from "./checkin-api.ts";
import { arrivedWithPending, withPending, type DoorHit } from "./pending-view.ts";

const day = "2026-11-28";
const hit = (registrationId: number, checkedIn: boolean[]): DoorHit => ({
  registrationId,
  orderId: `VL26-${registrationId}`,
  status: "confirmed",
  club: "Ski",
  amount: 100,
  paid: 0,
  outstanding: 100,
  doorPayments: [],
  persons: checkedIn.map((here, index) => ({
    personId: index === 0 ? `a${registrationId}` : `c${registrationId * 10 + index}`,
    name: `P ${registrationId} ${index}`,
    isLedsager: index > 0,
    grade: null,
    gradering: false,
    sleepover: false,
    vegan: false,
    allergy: false,
    checkedIn: here ? [day] : [],
  })),
});

describe("«Kommet» with the actions that wait", () => {
  it("counts a waiting check-in as arrived and says that it waits", () => {
    const list = [hit(1, [false, false]), hit(2, [true])];
    const pending: QueuedAction[] = [{ actionId: "x", kind: "checkin", personId: "a1", day, registrationId: 1, label: "Sjekket inn P 1 0" }];
    expect(arrivedWithPending(list, [], day)).toEqual({ arrived: 1, expected: 3, waiting: 0 });
    expect(arrivedWithPending(list, pending, day)).toEqual({ arrived: 2, expected: 3, waiting: 1 });
    // Another day is not touched.
    expect(arrivedWithPending(list, pending, "2026-11-29")).toEqual({ arrived: 0, expected: 3, waiting: 0 });
  });

  it("stays between nothing and everyone, whatever waits", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom("checkin", "undo-checkin") as fc.Arbitrary<"checkin" | "undo-checkin">), {
          maxLength: 20,
        }),
        (flags, actions) => {
          const list = flags.map((persons, index) => hit(index + 1, persons));
          const pending: QueuedAction[] = actions.map(([registration, personIndex, kind], index) => {
            const target = list[registration % list.length]!;
            const person = target.persons[personIndex % target.persons.length]!;
            return { actionId: String(index), kind, personId: person.personId, day, registrationId: target.registrationId, label: "" };
          });
          const counted = arrivedWithPending(list, pending, day);
          expect(counted.expected).toBe(flags.flat().length);
          expect(counted.arrived).toBeGreaterThanOrEqual(0);
          expect(counted.arrived).toBeLessThanOrEqual(counted.expected);
          expect(counted.waiting).toBe(pending.length);
        },
      ),
    );
  });
});

describe("a waiting undo of a payment on the phone", () => {
  const paidAtTwoDoors: DoorHit = {
    ...hit(1, [true]),
    paid: 80,
    outstanding: 20,
    doorPayments: [
      { actionId: "cash", amount: 50, at: "", by: "Dora" },
      { actionId: "card", amount: 30, at: "", by: "Per" },
    ],
  };
  const undo = (undoes?: string): QueuedAction => ({
    actionId: `undo-${undoes ?? "last"}`,
    kind: "undo-payment",
    personId: "a1",
    day,
    registrationId: 1,
    label: "",
    ...(undoes ? { undoes } : {}),
  });

  it("takes back the payment it names, as the server will", () => {
    const view = withPending(paidAtTwoDoors, [undo("cash")]);
    expect(view.doorPayments.map((payment) => payment.actionId)).toEqual(["card"]);
    expect([view.paid, view.outstanding, view.waitingPayments]).toEqual([30, 70, 1]);
  });

  it("an undo queued by an older page (naming none) takes back the last one", () => {
    expect(withPending(paidAtTwoDoors, [undo()]).doorPayments.map((payment) => payment.actionId)).toEqual(["cash"]);
  });

  it("an undo of a payment no longer shown changes nothing on the phone", () => {
    const view = withPending(paidAtTwoDoors, [undo("gone")]);
    expect(view.doorPayments).toHaveLength(2);
    expect(view.paid).toBe(80);
  });
});
