import type { AdminPerson } from "../../shared/camp/camp-lists.ts";

/**
 * The camp admin list's field names as docs/requirements.md §7 gives them, a public contract: the list's own
 * test holds every row to them, and the upgrade test holds every row to them after an upgrade.
 */
export const adminPersonSpecFields = [
  "firstname",
  "lastname",
  "isLedsager",
  "isLedsagerForName",
  "age",
  "club",
  "grade",
  "email",
  "telephone",
  "gradering",
  "sleepover",
  "public",
  "amount",
  "paid",
  "vipps",
  "vegan",
  "instructor",
  "wantstoinstruct",
  "allergies",
  "otherinfo",
  "orderid",
  "transactionid",
] as const satisfies readonly (keyof AdminPerson)[];
