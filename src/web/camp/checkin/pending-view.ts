import type { CheckInHit } from "../../../shared/camp/camp-checkin.ts";
import type { QueuedAction } from "./action-queue.ts";

/** A registration as the door sees it now: the server's last answer with the actions still waiting laid on top. */
export interface HitView extends CheckInHit {
  /** Person ids with a check-in (or undo) that waits for the network. */
  waitingPersons: Set<string>;
  /** Payments (or undos) that wait for the network. */
  waitingPayments: number;
}

export function withPending(hit: CheckInHit, pending: readonly QueuedAction[]): HitView {
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
        const last = view.doorPayments.pop();
        if (last) view.paid -= last.amount;
        view.waitingPayments++;
        break;
      }
    }
  }
  view.outstanding = Math.max(0, view.amount - view.paid);
  return view;
}

/** "1 handling venter på nett", "2 handlinger venter på nett". */
export function waitingText(count: number): string {
  return `${count} ${count === 1 ? "handling" : "handlinger"} venter på nett`;
}
