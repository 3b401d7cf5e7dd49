/**
 * The club's other events under load (scripts/bench-api.mjs): a grading and a gear sale created and published
 * through the event admin, valid distinct registrations and orders for them, and the admin's participant
 * list to check that every answer `Done` was stored once.
 */
import { randomUUID } from "node:crypto";

const HOME_CLUB = 29;
const DAY_MS = 86_400_000;

/** A calendar date `days` from `now` (UTC is near enough for a benchmark's event dates). */
const dayFrom = (now, days) => new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);

/** Registration open since yesterday and for three weeks, the event a month away: every order fits its window. */
function window(now) {
  return {
    firstDay: dayFrom(now, 30),
    lastDay: dayFrom(now, 30),
    registrationOpensAt: new Date(now.getTime() - DAY_MS).toISOString(),
    registrationClosesAt: new Date(now.getTime() + 21 * DAY_MS).toISOString(),
  };
}

/** A cup grading open to every club, ages 5–70, every grade, room for everyone the run sends. */
export function gradingEvent(now, capacity) {
  return {
    kind: "gradering",
    title: "Benkgradering",
    venue: "Ski Taekwondo Klubb",
    ...window(now),
    capacity,
    price: 350,
    startTime: "10:00",
    homeClubOnly: false,
    minAge: 5,
    maxAge: 70,
    minGradeId: 1,
    maxGradeId: 23,
  };
}

/** Club gear: a T-shirt and a hoodie in three sizes, with stock for every order the run sends. */
export function saleEvent(now, stockPerVariant) {
  const variants = ["S", "M", "L"].map((id) => ({ id, stock: stockPerVariant }));
  return {
    kind: "salg",
    title: "Benkklær",
    ...window(now),
    items: [
      { id: "t-skjorte", name: "T-skjorte", price: 200, variants },
      { id: "hettegenser", name: "Hettegenser", price: 450, variants },
    ],
    pickUpPlace: "Klubblokalet",
    pickUpTime: "Mandag etter trening",
  };
}

function contact(tag, i) {
  return { firstName: "Kari", lastName: `Benk${tag}${String(i).padStart(4, "0")}`, email: `forelder${i}@example.no`, telephone: "91234567" };
}

/** One athlete for the grading, card/cash: the answer is `Done`. The last name is unique per order. */
export function gradingOrder(tag, i) {
  return {
    draftId: randomUUID(),
    dataConsent: true,
    termsAccepted: true,
    contact: contact(tag, i),
    participants: [
      {
        firstName: "Ola",
        lastName: `Benk${tag}${String(i).padStart(4, "0")}`,
        age: 7 + (i % 40),
        clubId: i % 3 === 0 ? HOME_CLUB : 1 + ((i * 7) % 38),
        gradeId: 1 + ((i * 5) % 23),
        answers: {},
      },
    ],
    items: [],
    vipps: false,
  };
}

/** A gear order of one or two lines (sizes rotate), card/cash. */
export function saleOrder(tag, i) {
  const size = ["S", "M", "L"][i % 3];
  const items = [{ itemId: "t-skjorte", variant: size, quantity: 1 }];
  if (i % 2 === 0) items.push({ itemId: "hettegenser", variant: size, quantity: 1 });
  return {
    draftId: randomUUID(),
    dataConsent: true,
    termsAccepted: true,
    contact: contact(tag, i),
    participants: [],
    items,
    vipps: false,
  };
}

/** PUT and publish an event through the admin API with a camp leader's token. */
export async function createPublishedEvent(base, token, slug, definition) {
  const put = await fetch(`${base}/api/ArrangementAdmin/Put/${slug}/${token}`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(definition),
  });
  if (put.status >= 300) throw new Error(`event put ${slug}: ${put.status} ${await put.text()}`);
  const publish = await fetch(`${base}/api/ArrangementAdmin/Publish/${slug}/${token}`, { method: "POST" });
  if (!publish.ok) throw new Error(`event publish ${slug}: ${publish.status} ${await publish.text()}`);
}

/**
 * Nothing lost, nothing twice, nothing charged wrong: the admin's list of `slug` (a row per participant or per
 * ordered line) against the orders answered `Done`, matched by the contact's unique last name: each such
 * order is stored once, with all its rows, and charged what `expectedCharge` says; no other order is stored.
 */
export async function verifyEventOrders(base, token, slug, orders, done, expectedCharge) {
  const answer = await fetch(`${base}/api/ArrangementAdmin/Participants/${slug}/${token}`);
  if (!answer.ok) throw new Error(`event participants ${slug}: ${answer.status} ${await answer.text()}`);
  const rows = await answer.json();
  const byContact = new Map();
  for (const row of rows) {
    // Each row carries its own share of the order's money: the order's charge is the sum of its rows.
    const entry = byContact.get(row.contactName) ?? { orderIds: new Set(), rows: 0, charged: 0 };
    entry.orderIds.add(row.orderId);
    entry.rows++;
    entry.charged += row.charged;
    byContact.set(row.contactName, entry);
  }
  let missing = 0;
  let twice = 0;
  let wrong = 0;
  for (const [i, order] of orders.entries()) {
    if (!done[i]) continue;
    const entry = byContact.get(`${order.contact.firstName} ${order.contact.lastName}`);
    if (!entry) {
      missing++;
      continue;
    }
    if (entry.orderIds.size > 1) twice++;
    const lines = Math.max(order.participants.length, order.items.length);
    if (entry.rows !== lines * entry.orderIds.size || entry.charged !== expectedCharge(order)) wrong++;
  }
  const expected = done.filter(Boolean).length;
  const stored = new Set(rows.map((row) => row.orderId)).size;
  return { stored, expected, missing, twice, wrong, ok: missing === 0 && twice === 0 && wrong === 0 && stored === expected };
}
