import type { DoorEntry } from "../../../shared/camp/door-list.ts";
import type { QueuedAction } from "./checkin-api.ts";

/** A registration at the door: from a search, a code, an action's answer or the door list on the phone. */
export type DoorHit = Omit<DoorEntry, "codeHash">;

/** A registration as the door sees it now: the server's last answer with the actions still waiting laid on top. */
export interface HitView extends DoorHit {
  /** Person ids with a check-in (or undo) that waits for the network. */
  waitingPersons: Set<string>;
  /** Payments (or undos) that wait for the network. */
  waitingPayments: number;
}

export function withPending(hit: DoorHit, pending: readonly QueuedAction[]): HitView {
  const view: HitView = {
    ...hit,
    persons: hit.persons.map((person) => ({ ...person, checkedIn: [...person.checkedIn] })),
    doorPayments: [...hit.doorPayments],
    waitingPersons: new Set(),
    waitingPayments: 0,
  };
  for (const action of pending) {
    if (action.registrationId !== hit.registrationId) continue;
    const person = view.persons.find((candidate) => candidate.personId === action.personId);
    switch (action.kind) {
      case "checkin":
        if (person && !person.checkedIn.includes(action.day)) person.checkedIn.push(action.day);
        view.waitingPersons.add(action.personId);
        break;
      case "undo-checkin":
        if (person) person.checkedIn = person.checkedIn.filter((day) => day !== action.day);
        view.waitingPersons.add(action.personId);
        break;
      case "payment":
        view.doorPayments.push({ actionId: action.actionId, amount: action.amount ?? 0, at: "", by: "" });
        view.paid += action.amount ?? 0;
        view.waitingPayments++;
        break;
      case "undo-payment": {
        // The payment the helper took back; an older queued undo names none: the last one.
        const index =
          action.undoes === undefined ? view.doorPayments.length - 1 : view.doorPayments.findIndex((payment) => payment.actionId === action.undoes);
        const [taken] = index < 0 ? [] : view.doorPayments.splice(index, 1);
        if (taken) view.paid -= taken.amount;
        view.waitingPayments++;
        break;
      }
    }
  }
  view.outstanding = Math.max(0, view.amount - view.paid);
  return view;
}

/**
 * «Kommet» with the waiting actions counted: arrived of expected on `day` from the door list with every
 * waiting action laid on top, and how many of those check-ins (or undos) still wait for the network.
 */
export function arrivedWithPending(entries: readonly DoorHit[], pending: readonly QueuedAction[], day: string) {
  const views = entries.filter((entry) => entry.status !== "cancelled").map((entry) => withPending(entry, pending));
  const persons = views.flatMap((view) => view.persons);
  const waiting = pending.filter((action) => action.day === day && (action.kind === "checkin" || action.kind === "undo-checkin")).length;
  return { arrived: persons.filter((person) => person.checkedIn.includes(day)).length, expected: persons.length, waiting };
}
