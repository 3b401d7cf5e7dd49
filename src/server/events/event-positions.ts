import { and, asc, eq, inArray, isNull, ne } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { eventPositions } from "../db/schema/events-orders.ts";

type PositionRow = typeof eventPositions.$inferSelect;

/** A person an order holds (an athlete of a grading or a course), with the columns a person always has. */
export interface PersonPosition {
  id: number;
  orderId: number;
  position: number;
  kind: "athlete" | "companion";
  firstName: string;
  lastName: string;
  age: number;
  clubId: number;
  gradeId: number;
  answers: Record<string, string | boolean>;
  cancelledAt: Date | null;
}

/** A sale's line an order holds: an item in a variant and quantity, at the price charged per piece. */
export interface ItemPosition {
  id: number;
  orderId: number;
  position: number;
  itemId: string;
  name: string;
  variant: string;
  quantity: number;
  price: number;
  cancelledAt: Date | null;
}

// The table's checks hold these columns set for their kind (and the events read only their orders' positions),
// so the non-null assertions only narrow the type.
function asPerson(row: PositionRow): PersonPosition {
  return {
    id: row.id,
    orderId: row.orderId!,
    position: row.position,
    kind: row.kind === "companion" ? "companion" : "athlete",
    firstName: row.firstName!,
    lastName: row.lastName!,
    age: row.age!,
    clubId: row.clubId!,
    gradeId: row.gradeId!,
    answers: row.answers!,
    cancelledAt: row.cancelledAt,
  };
}

function asItem(row: PositionRow): ItemPosition {
  return {
    id: row.id,
    orderId: row.orderId!,
    position: row.position,
    itemId: row.itemId!,
    name: row.itemName!,
    variant: row.variant!,
    quantity: row.quantity!,
    price: row.price!,
    cancelledAt: row.cancelledAt,
  };
}

/** The positions of these orders, people and items apart, each by order and position. */
export async function positionsOf(db: Pick<Db, "select">, orderIds: readonly number[]): Promise<{ people: PersonPosition[]; items: ItemPosition[] }> {
  if (orderIds.length === 0) return { people: [], items: [] };
  const rows = await db
    .select()
    .from(eventPositions)
    .where(inArray(eventPositions.orderId, [...orderIds]))
    .orderBy(asc(eventPositions.orderId), asc(eventPositions.position));
  return {
    people: rows.filter((row) => row.kind !== "item").map(asPerson),
    items: rows.filter((row) => row.kind === "item").map(asItem),
  };
}

/** The order's people still coming (one cancelled alone is neither offered a place nor charged). */
export async function peopleStillComing(db: Pick<Db, "select">, orderId: number): Promise<PersonPosition[]> {
  const rows = await db
    .select()
    .from(eventPositions)
    .where(and(eq(eventPositions.orderId, orderId), ne(eventPositions.kind, "item"), isNull(eventPositions.cancelledAt)))
    .orderBy(asc(eventPositions.position));
  return rows.map(asPerson);
}
