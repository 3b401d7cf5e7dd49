import { and, eq, isNull } from "drizzle-orm";
import type { AdminPerson } from "../../shared/camp/camp-lists.ts";
import { campDays, type CampEdition } from "../../shared/camp/camp-edition.ts";
import { emailKey } from "../../shared/contact/email-key.ts";
import { contactNameBelowAge, familyGreetingName } from "../../shared/camp/contact-greeting.ts";
import { messageInputMessages, type SendMessageInput } from "../../shared/messages/message.ts";
import type { Db } from "../db/database.ts";
import { campRegistrations } from "../db/schema/camp.ts";
import { eventWaitlistOffers } from "../db/schema/events-orders.ts";
import { HttpError } from "../errors.ts";
import { loadAdminPersons } from "../camp/camp-admin.ts";

/** Who one mail goes to: everything of the segment registered with one address (as compared). */
export interface MessageFamily {
  emailKey: string;
  address: string;
  /** The camp's registrations, or the club event's orders, of the segment behind this address, oldest first. */
  orderIds: string[];
  /** The people the mail is about, full names in the order they came ("Emma Nordmann"). */
  participants: string[];
  /**
   * The name to greet: the contact person a child's registration names, else the one adult athlete at the
   * address (who registered themselves and any children); else unknown — never a child. An event order's
   * contact is the one who ordered.
   */
  greetingName: string | undefined;
  /** The mail is about the greeted person alone (an adult athlete): it need not say whom it is about. */
  aboutGreeted: boolean;
  /** What the registrations or orders this mail is about have left to pay, whole kroner (a waiting one owes nothing yet). */
  amountDue: number;
}

interface Registration {
  id: number;
  orderId: string;
  firstName: string;
  lastName: string;
  age: number;
  email: string;
  /** The parent or contact person a child's registration names ("" when not given). */
  contactName: string;
  /** Only confirmed registrations have something left to pay (a waiting one has paid nothing and owes nothing yet). */
  due: number;
}

/**
 * The families of a camp edition a message of `input`'s segment goes to. Every segment but `waiting`, `offered` and `picked` takes only
 * confirmed registrations; a registration matches or does not, and a family gets a mail only for the
 * registrations that match (nobody outside the segment is written to or named).
 */
export async function campMessageFamilies(
  db: Db,
  edition: CampEdition,
  input: SendMessageInput,
  { ignoreUnknownOrders = false } = {},
): Promise<MessageFamily[]> {
  const persons = await loadAdminPersons(db, edition.year);
  const byRegistration = new Map<number, AdminPerson[]>();
  for (const person of persons) byRegistration.set(person.registrationId, [...(byRegistration.get(person.registrationId) ?? []), person]);
  const dueOf = (rows: AdminPerson[]) =>
    Math.max(
      0,
      rows.reduce((sum, row) => sum + row.amount - row.paid, 0),
    );

  const rows = await db
    .select({
      id: campRegistrations.id,
      orderId: campRegistrations.orderId,
      firstName: campRegistrations.firstName,
      lastName: campRegistrations.lastName,
      age: campRegistrations.age,
      email: campRegistrations.email,
      contactName: campRegistrations.contactName,
      status: campRegistrations.status,
    })
    .from(campRegistrations)
    .where(and(eq(campRegistrations.editionYear, edition.year), isNull(campRegistrations.anonymisedAt)));
  const confirmed = (id: number) => byRegistration.get(id)?.[0]?.status === "confirmed";
  const registration = (row: (typeof rows)[number]): Registration => ({
    ...row,
    due: confirmed(row.id) ? dueOf(byRegistration.get(row.id) ?? []) : 0,
  });

  if (input.day && !campDays(edition).some((day) => isoDate(day) === input.day)) throw new HttpError(400, messageInputMessages.day);
  const matches = segmentFilter(input);
  let chosen: Registration[];
  if (input.segment === "picked") {
    const wanted = new Set(input.orderIds ?? []);
    const found = rows.filter((row) => wanted.has(row.orderId));
    if (found.length !== wanted.size && !ignoreUnknownOrders) throw new HttpError(400, messageInputMessages.unknownOrder);
    chosen = found.map(registration);
  } else if (input.segment === "waiting") {
    chosen = rows.filter((row) => row.status === "waiting").map(registration);
  } else if (input.segment === "offered") {
    // Offered a place and not yet answered (the waiting-list job marks an offer past its deadline expired).
    const open = await db
      .select({ id: eventWaitlistOffers.orderId })
      .from(eventWaitlistOffers)
      .where(and(eq(eventWaitlistOffers.state, "offered"), eq(eventWaitlistOffers.ownerKind, "camp")));
    const offered = new Set(open.map((offer) => offer.id));
    chosen = rows.filter((row) => row.status === "waiting" && offered.has(row.id)).map(registration);
  } else {
    chosen = rows.filter((row) => confirmed(row.id) && matches(byRegistration.get(row.id) ?? [])).map(registration);
  }
  return groupByAddress(chosen.sort((a, b) => a.id - b.id));
}

function segmentFilter(input: SendMessageInput): (persons: AdminPerson[]) => boolean {
  const athlete = (persons: AdminPerson[]) => persons.find((person) => !person.isLedsager);
  const arrived = (persons: AdminPerson[]) => persons.some((person) => (person.arrivals ?? []).some((arrival) => arrival.day === input.day));
  const due = (persons: AdminPerson[]) => persons.reduce((sum, row) => sum + row.amount - row.paid, 0);
  switch (input.segment) {
    case "paid":
      return (persons) => due(persons) <= 0;
    case "unpaid":
      return (persons) => due(persons) > 0;
    case "checkedIn":
      return arrived;
    case "notCheckedIn":
      return (persons) => !arrived(persons);
    case "sleepover":
      return (persons) => persons.some((person) => person.sleepover);
    case "gradering":
      return (persons) => athlete(persons)?.gradering === true;
    case "instructors":
      return (persons) => (athlete(persons)?.instructor ?? 0) > 0;
    case "companions":
      return (persons) => persons.some((person) => person.isLedsager);
    default:
      return () => true;
  }
}

function groupByAddress(registrations: Registration[]): MessageFamily[] {
  const families = new Map<string, { rows: Registration[] }>();
  for (const row of registrations) {
    const key = emailKey(row.email);
    // An address no mail server would take (never expected: the form checks it) gets no mail.
    if (!key) continue;
    families.set(key, { rows: [...(families.get(key)?.rows ?? []), row] });
  }
  return [...families.entries()].map(([key, { rows }]) => ({
    emailKey: key,
    address: rows[0]!.email.trim(),
    orderIds: rows.map((row) => row.orderId),
    participants: rows.map((row) => `${row.firstName} ${row.lastName}`),
    greetingName: familyGreetingName(rows),
    aboutGreeted: rows.length === 1 && rows[0]!.age >= contactNameBelowAge,
    amountDue: rows.reduce((sum, row) => sum + row.due, 0),
  }));
}

function isoDate(day: { year: number; month: number; day: number }): string {
  return `${day.year}-${String(day.month).padStart(2, "0")}-${String(day.day).padStart(2, "0")}`;
}
