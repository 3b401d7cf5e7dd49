import { compareNorwegian, formatKroner } from "../../../shared/format.ts";
import { registrationStatuses, type AdminPerson } from "../../../shared/camp/camp-lists.ts";
import { ledgerFigureLabels } from "../../../shared/camp/camp-ledger-labels.ts";
import { moneyMethodWord } from "../../../shared/payments/money-words.ts";
import {
  paymentMethodLabel as sharedMethodLabel,
  paymentMethodLabels,
  paymentStateLabel,
  registrationStatusLabel as statusLabel,
  registrationStatusLabels,
} from "../../../shared/camp/camp-state-labels.ts";

/** Words and ordering for the camp admin list; kept apart from the components so tests can read them. */

export const fullName = (p: AdminPerson) => `${p.firstname} ${p.lastname}`.trim();

export function yesNo(value: boolean | null | undefined): string {
  return value ? "Ja" : "Nei";
}

/** The athlete a companion comes with (the wire field `isLedsagerForName`), or "" for an athlete. */
export function companionOf(p: AdminPerson): string {
  return typeof p.isLedsagerForName === "string" && p.isLedsagerForName !== "false" ? p.isLedsagerForName : "";
}

// The words for the stored states are defined once, in src/shared (the exports use the same).
export { instructorLabel, paymentStateLabel, registrationStatusLabel as statusLabel } from "../../../shared/camp/camp-state-labels.ts";

/** The statuses the admin list can filter on (those waiting have their own tab). */
export const statusLabels: Record<string, string> = Object.fromEntries(
  registrationStatuses.map((status) => [status, registrationStatusLabels[status]!]),
);

export function paymentMethodLabel(p: AdminPerson): string {
  return sharedMethodLabel(p.paymentMethod) || (p.vipps ? paymentMethodLabels.vipps! : paymentMethodLabels.card_cash!);
}

/**
 * How the person's money moved: the methods it came in by (and went back by, when another), from the ledger
 * row by row; a person with no money moved shows how the registration is to be paid, with the payment's
 * state while something is still to pay.
 */
export function paymentLabel(p: AdminPerson): string {
  const paidWith = p.paidWith.map(moneyMethodWord).join(", ");
  const refundedWith = p.refundedWith.map(moneyMethodWord).join(", ");
  if (paidWith || refundedWith) {
    if (p.refunded === 0 && p.refundOwed === 0) return paidWith;
    const back = p.refunded > 0 ? ledgerFigureLabels.refunded : ledgerFigureLabels.refundOwed;
    const by = refundedWith && refundedWith !== paidWith ? `: ${refundedWith}` : "";
    return `${paidWith || refundedWith} (${back.toLocaleLowerCase("nb-NO")}${by})`;
  }
  const state = p.outstanding > 0 ? paymentStateLabel(p.paymentState) : "";
  return state ? `${paymentMethodLabel(p)} (${state})` : paymentMethodLabel(p);
}

export function amountLabel(amount: number | null | undefined): string {
  return typeof amount === "number" ? formatKroner(amount) : "–";
}

export function publicLabel(value: boolean | null | undefined): string {
  if (value == null) return "Ikke valgt";
  return value ? "Ja, med navn og belte" : "Nei";
}

export type SortKey = "name" | "club" | "grade" | "companionOf" | "amount" | "paid" | "refunded" | "payment" | "status";
export interface Sort {
  key: SortKey;
  direction: "ascending" | "descending";
}

function sortValue(p: AdminPerson, key: SortKey): string | number {
  switch (key) {
    case "name":
      return `${p.lastname} ${p.firstname}`;
    case "club":
      return p.club ?? "";
    case "grade":
      return p.grade ?? "";
    case "companionOf":
      return companionOf(p);
    case "amount":
      return p.amount ?? 0;
    case "paid":
      return p.paid;
    case "refunded":
      return p.refunded;
    case "payment":
      return paymentLabel(p);
    case "status":
      return statusLabel(p.status);
  }
}

/** A stable sort; ties keep the name order so equal rows do not jump about. */
export function sortPeople(people: AdminPerson[], sort: Sort): AdminPerson[] {
  const sign = sort.direction === "ascending" ? 1 : -1;
  const compare = (a: string | number, b: string | number) =>
    typeof a === "number" && typeof b === "number" ? a - b : compareNorwegian(String(a), String(b));
  return [...people].sort(
    (a, b) => sign * compare(sortValue(a, sort.key), sortValue(b, sort.key)) || compare(sortValue(a, "name"), sortValue(b, "name")),
  );
}

/** Everything the search box looks in. */
export function searchText(p: AdminPerson): string {
  return [fullName(p), p.club, p.grade, p.email, p.telephone, companionOf(p), p.orderid, p.group].filter(Boolean).join(" ");
}

/** A key that survives a reload of the list (companions share their athlete's registration id). */
export function personKey(p: AdminPerson): string {
  return `${p.registrationId}|${p.isLedsager ? "L" : "A"}|${fullName(p)}`;
}
