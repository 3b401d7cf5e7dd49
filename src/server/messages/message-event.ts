/** The event a leader's message is about (a camp edition or a club event): its families, their links and the camp's programme. */
import { campDocumentPaths, documentFileName } from "../../shared/camp/camp-documents.ts";
import type { CampEdition } from "../../shared/camp/camp-edition.ts";
import { campYearOfSlug } from "../../shared/events/event-kinds.ts";
import { messageInputMessages, newMemberMessageSlug, type SendMessageInput } from "../../shared/messages/message.ts";
import type { Db } from "../db/database.ts";
import type { MailAttachment } from "../db/schema/mail.ts";
import { HttpError } from "../errors.ts";
import { campPdfs } from "../camp-documents/camp-pdfs.ts";
import { campEditionOfYear } from "../camp/camp-edition-lookup.ts";
import { loadEdition } from "../camp/camp-editions.ts";
import { createFamilyLink, personalLinkUrl } from "../camp/camp-personal-link.ts";
import { eventBySlug, type EventRow } from "../events/event-store.ts";
import { campMessageFamilies, type MessageFamily } from "./message-families.ts";
import { createEventOrderLinks, eventMessageFamilies } from "./message-event-families.ts";
import { campLinkLine, eventLinkLine } from "./message-mail.ts";
import type { ClubContact } from "../site-content/club-contact.ts";

/** The camp edition behind a `vinterleir-YYYY` slug, or a 404. */
export async function eventOfSlug(db: Db, slug: string): Promise<CampEdition> {
  const year = campYearOfSlug(slug);
  if (year === undefined) throw new HttpError(404, messageInputMessages.unknownEvent);
  return campEditionOfYear(db, year);
}

/**
 * The same for what writes or shows a new message: the slug's year must be a stored camp edition (the
 * admin's picker only offers those), so a mistyped year answers 404 instead of writing to nobody.
 */
export async function storedEventOfSlug(db: Db, slug: string): Promise<CampEdition> {
  const year = campYearOfSlug(slug);
  if (year === undefined || !(await loadEdition(db, year))) throw new HttpError(404, messageInputMessages.unknownEvent);
  return campEditionOfYear(db, year);
}

/**
 * What a message is about: a winter camp's edition (`vinterleir-YYYY`), or a club event (a grading, a course,
 * a sale) by its slug. One set of calls, log and scheduler for both; who the families are, and the links
 * their mails carry, differ.
 */
export type MessageEvent = { kind: "camp"; edition: CampEdition } | { kind: "event"; row: EventRow };

/**
 * The event behind a slug, or a 404. `stored`: a camp year must have a stored edition (what writes or
 * shows a new message); a club event always must.
 */
export async function messageEventOfSlug(db: Db, slug: string, { stored = false } = {}): Promise<MessageEvent> {
  if (campYearOfSlug(slug) !== undefined) return { kind: "camp", edition: await (stored ? storedEventOfSlug(db, slug) : eventOfSlug(db, slug)) };
  // The new-member admin's log (its own credential) is never an event's, even one stored under its key.
  if (slug === newMemberMessageSlug) throw new HttpError(404, messageInputMessages.unknownEvent);
  const row = await eventBySlug(db, slug);
  if (!row) throw new HttpError(404, messageInputMessages.unknownEvent);
  return { kind: "event", row };
}

/** The families of the event a message of `input`'s segment goes to (see the camp's and the events' rules). */
export function familiesOf(
  db: Db,
  event: MessageEvent,
  input: SendMessageInput,
  options: { ignoreUnknownOrders?: boolean } = {},
): Promise<MessageFamily[]> {
  return event.kind === "camp" ? campMessageFamilies(db, event.edition, input, options) : eventMessageFamilies(db, event.row, input, options);
}

/**
 * The family's own links, made in the transaction that queues its mail: the camp's family link to «Min
 * påmelding», or a new link to each of its orders' pages (added beside those already mailed).
 */
export async function familyLinks(tx: Db, event: MessageEvent, family: MessageFamily, now: Date, publicBaseUrl: string): Promise<string[]> {
  if (event.kind === "event") return createEventOrderLinks(tx, event.row, family, now, publicBaseUrl);
  return [personalLinkUrl(publicBaseUrl, await createFamilyLink(tx, family.emailKey, now))];
}

export function linkLineOf(event: MessageEvent, links: number): string {
  return event.kind === "camp" ? campLinkLine : eventLinkLine(event.row.kind === "salg", links);
}

/** The programme's file name for an edition: the families' invitation, which carries the programme. */
export function programmeFileName(edition: CampEdition): string {
  return documentFileName(campDocumentPaths(edition.year).children);
}

/** The programme as the site serves it now: the club's contact details as kept in «Nettsted», the offers of the moment. */
export async function programmeAttachment(edition: CampEdition, contact: ClubContact, at: Date): Promise<MailAttachment> {
  const name = programmeFileName(edition);
  const file = (await campPdfs(edition, contact, at)).get(name);
  if (!file) throw new Error(`the edition has no ${name}`);
  return { filename: name, contentType: "application/pdf", content: file.toString("base64"), encoding: "base64" };
}
