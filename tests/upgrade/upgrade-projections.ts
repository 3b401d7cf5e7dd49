/**
 * The fields of each answer that must survive an upgrade, and the comparison that names the one that did not.
 *
 * An answer is projected before it is compared: only the fields listed here count, so a later release may add
 * fields to an answer without breaking the comparison, and a list is keyed by what users know an entry by
 * (order id and name), never by a database id, so rows may be renumbered or reordered. What is left out on
 * purpose: database ids (registration, companion, message, person ids), and the moment an answer was made
 * (`fetchedAt`).
 */
import { adminPersonSpecFields } from "../../src/server/test-support/admin-person-fields.ts";
import type { Answer } from "./upgrade-questions.ts";

type Item = Record<string, unknown>;

/** The listed fields; one left out by the answer shows as absent in the comparison. */
function pick(value: unknown, fields: readonly string[]): Record<string, unknown> {
  const item = (value ?? {}) as Item;
  return Object.fromEntries(fields.map((field) => [field, field in item ? item[field] : absent]));
}

/**
 * A list as a map keyed by what identifies an entry (a second entry with the same key gets «#2»): an entry
 * missing or added on either side is a difference, wherever it stands in the list.
 */
function keyed(list: unknown, key: (item: Item) => string, project: (item: Item) => unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (!Array.isArray(list)) return out.set("(not a list)", list ?? absent);
  for (const item of list as Item[]) {
    let name = key(item);
    for (let n = 2; out.has(name); n++) name = `${key(item)} #${n}`;
    out.set(name, project(item));
  }
  return out;
}

/** A list whose order is not what users rely on: compared as a sorted list. */
function sorted(list: unknown, project: (item: Item) => unknown): unknown[] {
  if (!Array.isArray(list)) return [list ?? absent];
  return (list as Item[]).map(project).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

const list = (value: unknown, project: (item: Item) => unknown) => (Array.isArray(value) ? (value as Item[]).map(project) : (value ?? absent));

const absent = "(absent)";

/**
 * What a row's money must keep (0043): what the club holds for the person, paid less refunded and owed back.
 * Before 0043 a row's `paid` was that already; since, `paid` is all that came in and the refunds stand beside it.
 */
const heldOf = (person: Item) =>
  typeof person.paid === "number" ? person.paid - (Number(person.refunded ?? 0) || 0) - (Number(person.refundOwed ?? 0) || 0) : absent;
const adminPerson = (person: Item) => ({
  ...pick(
    person,
    [...adminPersonSpecFields, "group", "status", "paymentMethod", "paymentState", "createdAt", "anonymisedAt"].filter((field) => field !== "paid"),
  ),
  held: heldOf(person),
  arrivals: list(person.arrivals ?? [], (arrival) => pick(arrival, ["day", "at"])),
});
const personKey = (person: Item) => `${person.orderid} ${person.isLedsager ? "ledsager" : "utøver"} ${person.firstname} ${person.lastname}`;

const moneyFields = ["paid", "refunded", "kept", "refundOwed", "outstanding"] as const;

/**
 * An event's participant rows with their order's money, which must survive (0043): before, every row repeated
 * the order's figures; since, each row carries its own share (rows with `paidWith`) and the order's is their sum.
 */
function withOrderMoney(body: unknown): unknown {
  if (!Array.isArray(body)) return body;
  const rows = body as Item[];
  const money = new Map<unknown, { orderCharged: number; orderPaid: number; orderOutstanding: number }>();
  for (const row of rows) {
    const own = "paidWith" in row;
    const found = money.get(row.orderId);
    const figures = { orderCharged: Number(row.charged), orderPaid: Number(row.paid), orderOutstanding: Number(row.outstanding) };
    if (!found) money.set(row.orderId, figures);
    else if (own) {
      found.orderCharged += figures.orderCharged;
      found.orderPaid += figures.orderPaid;
      found.orderOutstanding += figures.orderOutstanding;
    }
  }
  return rows.map((row) => ({ ...row, ...money.get(row.orderId) }));
}

/** «Min påmelding» as the family sees it: people, figures and state, the group and the rest of the family. */
function myRegistration(view: Item): Record<string, unknown> {
  return {
    ...pick(view, [
      "orderId",
      "year",
      "status",
      "firstDay",
      "lastDay",
      "venue",
      "lines",
      "total",
      "paymentMethod",
      ...moneyFields,
      "paymentState",
      "fullRefundUntil",
      "laterShare",
      "refundTerms",
      "changeable",
      "email",
      "telephone",
      "allergies",
      "otherInfo",
      "vegan",
      "public",
      "sleepover",
      "gradering",
      "mayGrade",
      "maySleepOver",
    ]),
    // The cancel key names a companion by its database id: the person is known by kind and name.
    persons: keyed(
      view.persons,
      (person) => `${person.kind} ${person.firstName} ${person.lastName}`,
      (person) => pick(person, ["kind", "firstName", "lastName", "amount", "cancelled", "refundIfCancelledToday", "paidForIfCancelledToday"]),
    ),
    group:
      view.group === undefined
        ? absent
        : {
            ...pick(view.group, ["orderId", "total", "paymentMethod", ...moneyFields, "paymentState"]),
            members: keyed((view.group as Item).members, (member) => String(member.orderId), myRegistration),
          },
    family: view.family === undefined ? absent : keyed(view.family, (member) => String(member.orderId), myRegistration),
  };
}

/** Which answers a projection is for (by the question's name) and what of them must survive. */
interface Projection {
  area: string;
  matches: RegExp;
  project: (body: unknown) => unknown;
}

export const projections: Projection[] = [
  {
    area: "camp admin list",
    matches: /^\/api\/VinterleirAdmin\/Get\//,
    project: (body) => keyed(body, personKey, adminPerson),
  },
  {
    area: "totals",
    matches: /^\/api\/VinterleirAdmin\/Totals\//,
    project: (body) =>
      pick(body, ["registrations", "count", "sumToPay", "sumPaid", "sumOutstanding", "paid", "refunded", "kept", "refundOwed", "outstanding", "net"]),
  },
  {
    area: "totals",
    matches: /^\/api\/VinterleirAdmin\/Treasurer\//,
    project: (body) => ({
      ...pick(body, [
        "year",
        "registrations",
        "participants",
        "cancelledRegistrations",
        "refundedVipps",
        "refundDueCardCash",
        "unpaidRegistrations",
        "unpaidAmount",
        "paid",
        "refunded",
        "kept",
        "refundOwed",
        "net",
        "refundsOwed",
      ]),
      // Money in and out per method must survive; since 0043 a method is listed only when money moved by it, and
      // what is left to pay has no method (it is «Utestående» in the totals).
      byMethod: keyed(
        Array.isArray((body as Item).byMethod) ? ((body as Item).byMethod as Item[]).filter((row) => row.paid !== 0 || row.refunded !== 0) : [],
        (row) => String(row.method),
        (row) => pick(row, ["paid", "refunded"]),
      ),
    }),
  },
  {
    area: "public list",
    matches: /^\/api\/VinterleirUsers\/Get$/,
    project: (body) => sorted(body, (row) => pick(row, ["name", "grade", "club"])),
  },
  {
    area: "public list",
    matches: /^\/api\/VinterleirUsers\/GetGrades$/,
    project: (body) =>
      keyed(
        body,
        (row) => String((row.grade as Item | undefined)?.name),
        (row) => ({ ...pick(row.grade, ["gradeId", "name", "grade", "isDan"]), amount: row.amount ?? absent }),
      ),
  },
  {
    area: "family links",
    matches: /^\/api\/MinPamelding\/Get\//,
    project: (body) => myRegistration(body as Item),
  },
  {
    area: "waiting list",
    matches: /^\/api\/VinterleirAdmin\/Waitlist\//,
    project: (body) =>
      keyed(
        body,
        (entry) => String(entry.orderId),
        (entry) => ({
          ...pick(entry, ["position", "name", "club", "email", "createdAt"]),
          offer: entry.offer ? pick(entry.offer, ["state", "offeredAt", "expiresAt"]) : null,
        }),
      ),
  },
  {
    area: "waiting list",
    matches: /^\/api\/Venteliste\/Get\//,
    project: (body) => pick(body, ["year", "orderId", "firstName", "lastName", "total", "lines", "vipps", "state", "expiresAt"]),
  },
  {
    area: "door",
    matches: /^\/api\/VinterleirAdmin\/CheckIn\/Counts\//,
    project: (body) => pick(body, ["year", "today", "days"]),
  },
  {
    area: "door",
    matches: /^\/api\/VinterleirAdmin\/CheckIn\/DoorList\//,
    project: (body) => ({
      event: pick((body as Item).event, ["key", "name", "days", "today", "keepUntil"]),
      entries: keyed(
        (body as Item).entries,
        (entry) => String(entry.orderId),
        (entry) => ({
          // codeHash: the QR code in the family's mail must still open their registration at the door.
          ...pick(entry, ["status", "club", "amount", "paid", "outstanding", "codeHash"]),
          doorPayments: list(entry.doorPayments, (payment) => pick(payment, ["actionId", "amount", "at", "by", "method"])),
          persons: keyed(
            entry.persons,
            (person) => `${person.isLedsager ? "ledsager" : "utøver"} ${person.name}`,
            (person) => pick(person, ["name", "isLedsager", "grade", "gradering", "sleepover", "vegan", "allergy", "checkedIn"]),
          ),
        }),
      ),
    }),
  },
  {
    area: "logs",
    matches: /^\/api\/VinterleirAdmin\/Changes\//,
    project: (body) => list(body, (change) => pick(change, ["at", "actor", "summary"])),
  },
  {
    area: "logs",
    matches: /^\/api\/VinterleirAdmin\/Payments\//,
    project: (body) => {
      const money = body as Item;
      return {
        ...pick(money, ["orderId", "status", "refund", "group"]),
        payments: keyed(
          money.payments,
          (payment) => String(payment.reference),
          (payment) =>
            pick(payment, [
              "method",
              "state",
              "vippsState",
              "status",
              "amount",
              "authorized",
              "captured",
              "refunded",
              "cancelled",
              "pendingRefund",
              "lastError",
              "createdAt",
            ]),
        ),
        actions: list(money.actions, (action) => pick(action, ["reference", "actor", "action", "amount", "at", "note"])),
      };
    },
  },
  {
    area: "logs",
    matches: /^\/api\/VinterleirAdmin\/Ledger\//,
    project: (body) => list(body, (entry) => pick(entry, ["at", "actor", "kind", "personName", "item", "method", "amount", "reason"])),
  },
  {
    area: "camp editions",
    matches: /^\/api\/CampEdition\/Get\//,
    project: (body) =>
      keyed(
        body,
        (edition) => String(edition.year),
        (edition) => edition,
      ),
  },
  {
    area: "camp editions",
    matches: /^\/api\/CampEdition\/Current$/,
    project: (body) => body,
  },
  {
    area: "camp editions",
    matches: /^\/api\/Arrangement\/Get$/,
    project: (body) =>
      keyed(
        body,
        (event) => String(event.slug),
        (event) => event,
      ),
  },
  {
    area: "camp editions",
    matches: /^\/api\/ArrangementAdmin\/Get\//,
    project: (body) =>
      keyed(
        body,
        (event) => String(event.slug),
        (event) => event,
      ),
  },
  {
    area: "logs",
    matches: /^\/api\/CampEdition\/Changes\//,
    project: (body) => list(body, (change) => pick(change, ["changedAt", "account", "action", "changes"])),
  },
  {
    area: "logs",
    matches: /^\/api\/Melding\/Get\//,
    project: (body) =>
      keyed(
        body,
        (message) => `${message.createdAt} ${message.subject}`,
        (message) => ({
          ...pick(message, [
            "segment",
            "day",
            "subject",
            "createdBy",
            "createdAt",
            "sendAt",
            "queuedAt",
            "recipients",
            "counts",
            "cancelledAt",
            "cancelledBy",
          ]),
          families: keyed(
            message.families,
            (family) => String(family.address),
            (family) => pick(family, ["participants", "state", "error"]),
          ),
        }),
      ),
  },
  {
    area: "grading",
    matches: /^\/api\/ArrangementAdmin\/Participants\//,
    project: (body) =>
      keyed(
        withOrderMoney(body),
        (row) => `${row.orderId} ${row.name}`,
        (row) =>
          pick(row, [
            "status",
            "contactName",
            "email",
            "telephone",
            "orderCharged",
            "orderPaid",
            "orderOutstanding",
            "method",
            "waitlistPosition",
            "offer",
            "name",
            "age",
            "club",
            "grade",
            "gradeId",
            "answers",
            "item",
          ]),
      ),
  },
  {
    area: "grading",
    matches: /^\/api\/ArrangementInnsjekk\/Get\//,
    project: (body) => ({
      ...pick(body, ["event", "counts"]),
      entries: keyed(
        (body as Item).entries,
        (entry) => String(entry.orderId),
        (entry) => pick(entry, ["status", "contactName", "charged", "paid", "outstanding", "persons", "items", "pickedUp"]),
      ),
    }),
  },
  {
    area: "grading",
    matches: /^\/api\/Arrangement\/MinPamelding\//,
    project: (body) =>
      pick(body, ["orderId", "status", "method", "event", "contact", "participants", "items", "money", "refundIfCancelled", "cancellable"]),
  },
];

export function projectionFor(question: string): Projection | undefined {
  return projections.find((projection) => projection.matches.test(question));
}

/** The answer as compared: its status and the projection of its body. */
export function projectAnswer(question: string, answer: Answer | undefined): unknown {
  if (!answer) return absent;
  const projection = projectionFor(question);
  if (!projection) throw new Error(`no projection for ${question}: add one to upgrade-projections.ts`);
  return { status: answer.status, body: answer.status === 200 ? projection.project(answer.body) : answer.body };
}

/**
 * Every field that differs, as «path: expected …, got …». An object is compared on the fields the expected
 * answer has (a field added later is no difference); a keyed list (a Map) and a list on every entry.
 */
export function differences(expected: unknown, actual: unknown, path = ""): string[] {
  const show = (value: unknown) =>
    value === absent ? absent : JSON.stringify(value, (_key, inner) => (inner instanceof Map ? Object.fromEntries(inner) : inner));
  if (expected instanceof Map && actual instanceof Map) {
    const keys = [...new Set([...expected.keys(), ...actual.keys()])];
    return keys.flatMap((key) =>
      differences(expected.has(key) ? expected.get(key) : absent, actual.has(key) ? actual.get(key) : absent, `${path}[${JSON.stringify(key)}]`),
    );
  }
  if (isPlainObject(expected) && isPlainObject(actual)) {
    return Object.keys(expected).flatMap((key) => differences(expected[key], key in actual ? actual[key] : absent, `${path}.${key}`));
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const out: string[] = [];
    for (let i = 0; i < Math.max(expected.length, actual.length); i++)
      out.push(...differences(i < expected.length ? expected[i] : absent, i < actual.length ? actual[i] : absent, `${path}[${i}]`));
    return out;
  }
  return show(expected) === show(actual) ? [] : [`${path || "(answer)"}: expected ${show(expected)}, got ${show(actual)}`];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Map);
}
