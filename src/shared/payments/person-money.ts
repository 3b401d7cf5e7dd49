/**
 * Each person's money of one order, from its ledger: what was charged for them, paid for them, refunded to
 * them and is owed back to them, and what is still to pay. Every krone of the order lands on exactly one row
 * (money with no person, or a person no longer on the list, lands on the first row), so the rows add up to the
 * order's figures (`ledgerFigures`), and the rows of a camp or an event to the treasurer's totals.
 *
 * The ledger is read in order. A charge belongs to its person. Money in with no person pays the people in the
 * order they were first charged, each up to what they owe; what is left over stays on the first row. Money
 * out with no person goes back from those holding more than they are charged first (a cancelled person holds
 * what they paid beyond what the rules kept: exactly their refund), then from the last paid. An entry naming
 * a person on the list is theirs.
 */
import { ledgerFigures, type LedgerEntry } from "../camp/camp-ledger.ts";

export interface PersonMoney {
  /** «Å betale». */
  charged: number;
  /** «Betalt». */
  paid: number;
  /** «Tilbakebetalt». */
  refunded: number;
  /** «Skal betales tilbake». */
  refundOwed: number;
  /** «Utestående»: the order's outstanding shared out over those who owe, so it adds up too. */
  outstanding: number;
  /** The methods the person's money came in by (vipps, card, cash …), in the order first used. */
  paidWith: string[];
  /** The methods money went back to them by. */
  refundedWith: string[];
}

const empty = (): PersonMoney => ({ charged: 0, paid: 0, refunded: 0, refundOwed: 0, outstanding: 0, paidWith: [], refundedWith: [] });
const held = (money: PersonMoney) => money.paid - money.refunded - money.refundOwed;
const addMethod = (list: string[], method: string | null) => {
  if (method && !list.includes(method)) list.push(method);
};

type Book = (row: string, part: number) => void;

/** Shares `amount` out over `candidates`, each up to what `room` gives it; the rest to `rest`. */
function shareOut(amount: number, candidates: readonly string[], room: (row: string) => number, book: Book, rest: string): void {
  let left = amount;
  for (const row of candidates) {
    if (left <= 0) break;
    const part = Math.min(left, Math.max(0, room(row)));
    if (part > 0) {
      book(row, part);
      left -= part;
    }
  }
  if (left !== 0) book(rest, left);
}

/**
 * The money of every row of one order: `rows` are the person keys the list shows (the athlete's key, a
 * companion's, a participant's), the first the one that takes money with no person. Answers one entry per row.
 */
export function personMoney(entries: readonly LedgerEntry[], rows: readonly string[]): Map<string, PersonMoney> {
  if (rows.length === 0) throw new Error("An order's money needs a row to land on");
  const money = new Map<string, PersonMoney>(rows.map((row) => [row, empty()]));
  const first = rows[0]!;
  const rowOf = (person: string | null) => (person !== null && money.has(person) ? person : first);
  const of = (row: string) => money.get(row)!;
  // The order in which the people were first charged (what was booked first is paid first); rows never charged last.
  const firstCharge = new Map<string, number>();
  for (const entry of entries) {
    const row = rowOf(entry.person);
    if (entry.kind === "charge" && !firstCharge.has(row)) firstCharge.set(row, entry.id);
  }
  const order = [...rows].sort((a, b) => (firstCharge.get(a) ?? Infinity) - (firstCharge.get(b) ?? Infinity) || rows.indexOf(a) - rows.indexOf(b));

  /** Shares `amount` out over `candidates`, each up to what `room` gives it; the rest to the first row. */
  const share = (amount: number, candidates: readonly string[], room: (row: string) => number, book: Book) =>
    shareOut(amount, candidates, room, book, first);
  /** Money going back (or out again): from those holding beyond their charge, then the last paid. */
  const takeBack = (amount: number, book: (row: string, part: number) => void) => {
    const surplus = new Map(order.map((row) => [row, Math.max(0, held(of(row)) - of(row).charged)]));
    let left = amount;
    for (const row of order) {
      const part = Math.min(left, surplus.get(row)!);
      if (part > 0) {
        book(row, part);
        left -= part;
      }
    }
    share(left, [...order].reverse(), (row) => held(of(row)), book);
  };

  for (const entry of entries) {
    const named = entry.person !== null && money.has(entry.person) ? entry.person : null;
    const amount = entry.amount;
    switch (entry.kind) {
      case "charge":
        of(rowOf(entry.person)).charged += amount;
        break;
      case "payment": {
        const book = (row: string, part: number) => {
          of(row).paid += part;
          if (part > 0) addMethod(of(row).paidWith, entry.method);
        };
        if (named) book(named, amount);
        else if (amount >= 0) share(amount, order, (row) => of(row).charged - held(of(row)), book);
        else takeBack(-amount, (row, part) => book(row, -part));
        break;
      }
      case "refund":
      case "refund-owed": {
        const field = entry.kind === "refund" ? "refunded" : "refundOwed";
        const book = (row: string, part: number) => {
          of(row)[field] += part;
          if (part > 0 && entry.kind === "refund") addMethod(of(row).refundedWith, entry.method);
        };
        if (named) book(named, amount);
        else if (amount >= 0) takeBack(amount, book);
        // A correction of money out: given back to those it was booked on.
        else
          share(
            -amount,
            order,
            (row) => of(row)[field],
            (row, part) => book(row, -part),
          );
        break;
      }
      case "refund-paid": {
        // Money owed back, now paid back: moves from «Skal betales tilbake» to «Tilbakebetalt» for those owed.
        const book = (row: string, part: number) => {
          of(row).refundOwed -= part;
          of(row).refunded += part;
          if (part > 0) addMethod(of(row).refundedWith, entry.method);
        };
        if (named) book(named, amount);
        else if (amount >= 0) share(amount, order, (row) => of(row).refundOwed, book);
        else
          share(
            -amount,
            order,
            (row) => of(row).refunded,
            (row, part) => book(row, -part),
          );
        break;
      }
    }
  }
  // What is still to pay: the order's figure, shared over those who owe in the order they were charged.
  share(
    ledgerFigures(entries).outstanding,
    order,
    (row) => of(row).charged - held(of(row)),
    (row, part) => {
      of(row).outstanding += part;
    },
  );
  return money;
}

/** Adds up rows of money (a list's totals). */
export function sumPersonMoney(all: Iterable<Pick<PersonMoney, "charged" | "paid" | "refunded" | "refundOwed" | "outstanding">>) {
  const total = { charged: 0, paid: 0, refunded: 0, refundOwed: 0, outstanding: 0 };
  for (const row of all) for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += row[key];
  return total;
}

export interface MethodMoney {
  /** The ledger entry's method: vipps, card, cash … */
  method: string;
  /** Orders whose money came in by it (a payment taken back in full counts none). */
  orders: number;
  /** Money in by it. */
  paid: number;
  /** Money back by it (a Vipps refund, a refund paid back in cash …). */
  refunded: number;
}

/**
 * Money per method it moved by, over orders' ledgers: a payment under the one method it was taken with, a
 * refund under the method it went back by; an order counts under each method its money came in by. The
 * methods' `paid` and `refunded` add up to the orders' `ledgerFigures`.
 */
export function moneyByMethod(ledgers: Iterable<readonly LedgerEntry[]>): MethodMoney[] {
  const methods = new Map<string, MethodMoney>();
  const of = (method: string) => methods.get(method) ?? methods.set(method, { method, orders: 0, paid: 0, refunded: 0 }).get(method)!;
  for (const entries of ledgers) {
    const paidBy = new Map<string, number>();
    for (const entry of entries) {
      const method = entry.method ?? "other";
      if (entry.kind === "payment") {
        of(method).paid += entry.amount;
        paidBy.set(method, (paidBy.get(method) ?? 0) + entry.amount);
      }
      if (entry.kind === "refund" || entry.kind === "refund-paid") of(method).refunded += entry.amount;
    }
    for (const [method, amount] of paidBy) if (amount !== 0) of(method).orders += 1;
  }
  return [...methods.values()].sort((a, b) => a.method.localeCompare(b.method));
}
