import { vippsStatuses } from "../../shared/payments/vipps-payment.ts";
import { waitlistAnswer } from "../../shared/camp/camp-waitlist.ts";
import type { SchemaName } from "./api-schemas.ts";

/**
 * Every call of the API, for the OpenAPI document (openapi-document.ts). A test checks that each route the
 * server registers is here: a new call is one entry, with its path as the route registers it (`:param`).
 * Path parameters are described by name (openapi-document.ts); admin calls (`admin: true`) take the area's
 * token as their last segment and answer 401 without a valid one.
 */

export type Answer =
  | { kind: "json"; schema: SchemaName; list?: boolean; description: string; status?: number }
  | { kind: "text"; description: string; values?: readonly string[]; status?: number }
  | { kind: "csv"; description: string; status?: number }
  | { kind: "none"; description: string; status?: number };

export interface ApiCall {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** As registered with Fastify: `/api/Invoice/Get/:token`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  admin?: boolean;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** A JSON body without a schema of ours is described as an object. */
  body?: { kind: "json"; schema?: SchemaName; description?: string } | { kind: "file"; description?: string };
  answer: Answer;
  /** Error answers beyond 400 and (admin) 401, by status. */
  errors?: Record<number, string>;
}

const json = (schema: SchemaName, description: string, extra: { list?: boolean; status?: number } = {}): Answer => ({ kind: "json", schema, description, ...extra });
const list = (schema: SchemaName, description: string): Answer => json(schema, description, { list: true });
const text = (description: string, values?: readonly string[]): Answer => ({ kind: "text", description, values });
const csv = (description: string): Answer => ({ kind: "csv", description });
const tokenAnswer = text("The token: random, to send as the last path segment of the area's calls.");
const loginErrors = { 401: "Wrong user name or password (a JSON body: the browser looks for a leading brace).", 429: "Too many attempts; wait and try again." };
const signedOut = json("RemoveAnswer", "Signed out.");
const yearQuery = { year: "Another edition's year (an earlier or a later camp); «the» camp without it." };
/** "Min påmelding" of a group: which athlete of the link's own group a call is for. */
const memberQuery = { orderId: "The order id of another athlete of the link's own group (its page shows the whole group); the link's own registration without it. Any other order id answers 404." };

export const apiCalls: readonly ApiCall[] = [
  // ---- Public
  { method: "GET", path: "/healthz", tag: "Drift", summary: "Health check: the server and its database answer.", answer: { kind: "none", description: "JSON `{ status, uptimeSeconds, database }`." }, errors: { 503: "The database does not answer." } },
  { method: "GET", path: "/api/openapi.json", tag: "Drift", summary: "This document.", answer: { kind: "none", description: "The OpenAPI 3.1 document (JSON)." } },
  { method: "GET", path: "/api/Club/Get", tag: "Vinterleir", summary: "The clubs.", answer: list("Club", "Every club, in Norwegian alphabetical order.") },
  { method: "GET", path: "/api/Grade/Get", tag: "Vinterleir", summary: "The grades (belts).", answer: list("Grade", "Every grade.") },
  {
    method: "GET",
    path: "/api/CampEdition/Current",
    tag: "Vinterleir",
    summary: "«The» camp (the earliest published edition not yet ended), or with `year` another published edition, and where its registration stands.",
    query: { year: "A published edition's year; «the» camp without it." },
    answer: json("CurrentEdition", "The edition, its registration state and the places left."),
    errors: { 404: "No camp is announced yet." },
  },
  {
    method: "POST",
    path: "/api/Vinterleir/Post",
    tag: "Vinterleir",
    summary: "Register for the camp; optional `siblings`: up to 10 further athletes sharing the contact details, stored as one group (all or nothing).",
    description: "With `vipps: true` a group pays once: one Vipps payment for the group total (its order is the first athlete's), and the answer is its payment address.",
    body: { kind: "json", schema: "CampRegistration" },
    answer: text(`Read as text: \`Done\` (registered, nothing to pay now), \`${waitlistAnswer}\` (on the waiting list), or the payment address to follow.`),
    errors: { 409: "Registration is not open (not yet, or closed), or a group does not fit entirely in the free places; nothing is stored.", 413: "The body is too large.", 429: "Too many submissions from one address." },
  },
  {
    method: "POST",
    path: "/api/Vinterleir/Price",
    tag: "Vinterleir",
    summary: "The price lines a registration (with its `siblings`) would be charged now, per athlete; nothing is stored.",
    description: "The same schema, edition, grades and clock as `/api/Vinterleir/Post`: the wizard's review and payment steps show these lines.",
    body: { kind: "json", schema: "CampRegistration" },
    answer: json("CampPriceQuote", "Each athlete's name, price lines and total, and the total for all."),
    errors: { 409: "No camp is announced.", 413: "The body is too large.", 429: "Too many requests from one address." },
  },
  { method: "GET", path: "/api/Arrangement/Get", tag: "Arrangementer", summary: "Published events (gradings, courses, sales) that have not ended, soonest first.", answer: list("EventSummary", "Each event's slug, kind, title, days, state (notyet, open, full, closed), places left (null without a capacity) and page address.") },
  { method: "GET", path: "/api/Arrangement/Get/:slug", tag: "Arrangementer", summary: "One published event with what its form needs.", answer: json("EventDetail", "The event, its price, rules, questions or items with what is left."), errors: { 404: "No such published event." } },
  {
    method: "POST",
    path: "/api/Arrangement/Post/:slug",
    tag: "Arrangementer",
    summary: "Register for a grading or course (`participants`), or order club gear (`items`).",
    description: "The event's rules (club, age and grade range, the course's questions, items and variants) are checked against the event; a sale takes its stock in the same transaction, so the last one is sold once.",
    body: { kind: "json", schema: "EventOrder" },
    answer: text(`Read as text: \`Done\` (registered or ordered, nothing to pay now), \`${waitlistAnswer}\` (the event is full: on the waiting list), or the Vipps payment address to follow.`),
    errors: { 404: "No such published event.", 409: "Registration is not open, or an item is sold out; nothing is stored.", 413: "The body is too large.", 429: "Too many submissions from one address." },
  },
  { method: "GET", path: "/api/Arrangement/Order/:orderId", tag: "Arrangementer", summary: "What the payment result page says about an event order: its kind and title.", answer: json("EventOrderView", "The order's kind, event title and first item."), errors: { 404: "Not an event order (a camp order, or unknown)." } },
  { method: "GET", path: "/api/VinterleirUsers/Get", tag: "Vinterleir", summary: "The public participant list (names only of those who agreed).", answer: list("PublicParticipant", "The participants.") },
  { method: "GET", path: "/api/VinterleirUsers/GetGrades", tag: "Vinterleir", summary: "How many of each grade are coming.", answer: list("GradeStatistic", "The grade statistics.") },
  {
    method: "GET",
    path: "/api/Vipps/CheckIfVippsOk/:orderId",
    tag: "Vipps",
    summary: "A registration's Vipps payment status.",
    answer: text("The status as text; empty while the payment is open.", vippsStatuses),
    errors: { 404: "No such order." },
  },
  { method: "POST", path: "/api/Vipps/Cancel/:orderId", tag: "Vipps", summary: "End the open Vipps payment of an order (at Vipps too).", answer: { kind: "none", description: "JSON `{ orderId, status }`." }, errors: { 404: "No such order." } },
  {
    method: "POST",
    path: "/api/Vipps/Webhook",
    tag: "Vipps",
    summary: "Vipps ePayment webhooks (the signature is checked).",
    body: { kind: "json", description: "A webhook event in Vipps ePayment's own format (see Vipps's documentation)." },
    answer: { kind: "none", description: "Received." },
    errors: { 401: "The signature does not match." },
  },
  { method: "GET", path: "/api/Venteliste/Get/:offerToken", tag: "Venteliste", summary: "A waiting-list offer.", answer: json("WaitlistOfferView", "The offer."), errors: { 404: "No such offer." } },
  {
    method: "POST",
    path: "/api/Venteliste/Accept/:offerToken",
    tag: "Venteliste",
    summary: "Accept a waiting-list offer.",
    answer: text("`Done`, or the payment address to follow."),
    errors: { 404: "No such offer.", 410: "The offer expired or was withdrawn.", 429: "Too many submissions from one address." },
  },
  {
    method: "POST",
    path: "/api/Venteliste/Decline/:offerToken",
    tag: "Venteliste",
    summary: "Decline a waiting-list offer («Nei takk»): off the list, the place passes to the next at once.",
    answer: json("WaitlistOfferView", "The offer, now declined."),
    errors: { 404: "No such offer.", 409: "The offer was already accepted.", 410: "The offer expired or was withdrawn.", 429: "Too many submissions from one address." },
  },
  { method: "POST", path: "/api/NewMember/Post", tag: "Nye medlemmer", summary: "Express interest as a new member.", body: { kind: "json", schema: "NewMember" }, answer: text("`Done`."), errors: { 429: "Too many submissions from one address." } },

  // ---- Camp admin
  { method: "GET", path: "/api/VinterleirAdmin/GetToken/:username/:passwordHash", tag: "Vinterleir-admin", summary: "Sign in to the camp admin.", answer: tokenAnswer, errors: loginErrors },
  { method: "POST", path: "/api/VinterleirAdmin/Logout/:token", tag: "Vinterleir-admin", summary: "Sign out (ends this token).", admin: true, answer: signedOut },
  { method: "POST", path: "/api/VinterleirAdmin/LogoutAll/:token", tag: "Vinterleir-admin", summary: "Sign out everywhere (ends every token of the area).", admin: true, answer: signedOut },
  { method: "GET", path: "/api/VinterleirAdmin/Get/:token", tag: "Vinterleir-admin", summary: "Every registration of an edition.", admin: true, query: yearQuery, answer: list("AdminPerson", "The registrations.") },
  { method: "GET", path: "/api/VinterleirAdmin/Totals/:token", tag: "Vinterleir-admin", summary: "An edition's totals.", admin: true, query: yearQuery, answer: json("AdminTotals", "The totals.") },
  { method: "GET", path: "/api/VinterleirAdmin/GetCsv/:token", tag: "Vinterleir-admin", summary: "The participants as CSV.", admin: true, query: yearQuery, answer: csv("A CSV download.") },
  { method: "POST", path: "/api/VinterleirAdmin/MarkPaid/:registrationId/:token", tag: "Vinterleir-admin", summary: "Card or cash received.", admin: true, answer: { kind: "none", description: "Marked paid." }, errors: { 404: "No such registration." } },
  { method: "POST", path: "/api/VinterleirAdmin/RefundPaid/:registrationId/:token", tag: "Vinterleir-admin", summary: "Money owed back outside Vipps is paid back (the treasurer's «Skal betales tilbake» list).", admin: true, body: { kind: "json", description: "{ amount, method: cash | other }" }, answer: { kind: "none", description: "The order's ledger figures after it." }, errors: { 404: "No such registration.", 409: "Not that much is owed back." } },
  { method: "POST", path: "/api/VinterleirAdmin/Correct/:registrationId/:token", tag: "Vinterleir-admin", summary: "The leader corrects age, club, grade or grading with the wizard's rules; a price change goes through the ledger and the family is mailed.", admin: true, body: { kind: "json", description: "{ age?, clubId?, gradeId?, gradering? }" }, answer: { kind: "none", description: "What changed, the new total, what is left to pay and what goes back." }, errors: { 400: "Breaks a rule.", 404: "No such registration.", 409: "Not confirmed, or a Vipps payment is busy." } },
  { method: "POST", path: "/api/VinterleirAdmin/AddCompanion/:registrationId/:token", tag: "Vinterleir-admin", summary: "The leader adds a companion; it is charged in the ledger, owed until paid, and the family is mailed.", admin: true, body: { kind: "json", description: "The wizard's companion form: { id, firstName, lastName, age, telephone, email, sleepover, alreadyRegistered: false }" }, answer: { kind: "none", description: "The new total, what is left to pay." }, errors: { 400: "Breaks a rule.", 404: "No such registration.", 409: "Not confirmed." } },
  { method: "POST", path: "/api/VinterleirAdmin/RemoveCompanion/:registrationId/:token", tag: "Vinterleir-admin", summary: "The leader removes a companion by the cancellation rule on what was paid for them; the family is mailed.", admin: true, body: { kind: "json", description: "{ companionId }" }, answer: { kind: "none", description: "Whether it changed, the new total, what is left to pay and what goes back." }, errors: { 400: "Breaks a rule.", 404: "No such registration or companion.", 409: "Not confirmed, or a Vipps payment is busy." } },
  { method: "POST", path: "/api/VinterleirAdmin/Cancel/:registrationId/:token", tag: "Vinterleir-admin", summary: "Cancel a registration.", admin: true, answer: { kind: "none", description: "Cancelled." }, errors: { 404: "No such registration." } },
  { method: "GET", path: "/api/VinterleirAdmin/Ledger/:registrationId/:token", tag: "Vinterleir-admin", summary: "A registration's ledger entries for «Historikk»: time, who, what, amount and the Norwegian reason.", admin: true, answer: json("LedgerHistory", "The entries, oldest first."), errors: { 404: "No such registration." } },
  { method: "GET", path: "/api/VinterleirAdmin/Payments/:registrationId/:token", tag: "Vinterleir-admin", summary: "A registration's payments, money log and refund rule.", admin: true, answer: json("CampPaymentDetails", "The payment details."), errors: { 404: "No such registration." } },
  {
    method: "POST",
    path: "/api/VinterleirAdmin/Refund/:registrationId/:token",
    tag: "Vinterleir-admin",
    summary: "Refund through Vipps.",
    admin: true,
    body: { kind: "json", schema: "Refund" },
    answer: { kind: "none", description: "Refunded (202: Vipps has not answered yet)." },
    errors: { 404: "No Vipps payment on the registration.", 409: "Not possible now." },
  },
  { method: "GET", path: "/api/VinterleirAdmin/PersonExport/:registrationId/:token", tag: "Vinterleir-admin", summary: "Everything held about a registration, as a JSON download.", admin: true, answer: { kind: "none", description: "A JSON download." }, errors: { 404: "No such registration." } },
  { method: "POST", path: "/api/VinterleirAdmin/Forget/:registrationId/:token", tag: "Vinterleir-admin", summary: "Anonymise a registration now (the payments are kept).", admin: true, answer: { kind: "none", description: "Anonymised." }, errors: { 404: "No such registration." } },
  { method: "GET", path: "/api/VinterleirAdmin/Waitlist/:token", tag: "Vinterleir-admin", summary: "The waiting list, in order.", admin: true, answer: list("WaitlistEntry", "The waiting list.") },
  { method: "POST", path: "/api/VinterleirAdmin/Waitlist/Remove/:registrationId/:token", tag: "Vinterleir-admin", summary: "Remove one from the waiting list.", admin: true, answer: { kind: "none", description: "Removed." }, errors: { 404: "Not on the waiting list." } },
  { method: "POST", path: "/api/VinterleirAdmin/Waitlist/Move/:registrationId/:token", tag: "Vinterleir-admin", summary: "Move one to a place in line.", admin: true, body: { kind: "json", schema: "WaitlistMove" }, answer: { kind: "none", description: "Moved." }, errors: { 404: "Not on the waiting list." } },
  { method: "GET", path: "/api/VinterleirAdmin/Changes/:registrationId/:token", tag: "Vinterleir-admin", summary: "A registration's change log (changes made through Min påmelding).", admin: true, answer: { kind: "none", description: "JSON: the changes, oldest first (when, what, by whom)." }, errors: { 404: "No such registration." } },
  { method: "GET", path: "/api/VinterleirAdmin/Me/:token", tag: "Vinterleir-admin", summary: "The signed-in camp account.", admin: true, answer: json("CampMe", "User name, name and role.") },
  { method: "GET", path: "/api/VinterleirAdmin/Accounts/:token", tag: "Vinterleir-admin", summary: "The camp accounts (leder only).", admin: true, answer: list("CampAccount", "The accounts."), errors: { 403: "Not a leder." } },
  { method: "POST", path: "/api/VinterleirAdmin/Accounts/:token", tag: "Vinterleir-admin", summary: "Create an account or reset its password (leder only).", admin: true, body: { kind: "json", schema: "CampAccountInput" }, answer: list("CampAccount", "The accounts after the change."), errors: { 403: "Not a leder.", 409: "The account configured on the server, or the last leder." } },
  { method: "DELETE", path: "/api/VinterleirAdmin/Accounts/:username/:token", tag: "Vinterleir-admin", summary: "Remove an account and end its sessions (leder only).", admin: true, answer: list("CampAccount", "The accounts after the change."), errors: { 403: "Not a leder.", 404: "No such account.", 409: "The last leder, the configured account or oneself." } },
  { method: "GET", path: "/api/VinterleirAdmin/GetXlsx/:token", tag: "Vinterleir-admin", summary: "Every participant as Excel (leder only).", admin: true, query: yearQuery, answer: { kind: "none", description: "An XLSX download: one row per person, typed cells, Oslo times, frozen header and filter." }, errors: { 403: "Not a leder." } },
  { method: "GET", path: "/api/VinterleirAdmin/GetXlsx/:list/:token", tag: "Vinterleir-admin", summary: "A weekend list as Excel: kjokken, overnatting, gradering, instruktorer, ledsagere, ubetalt, kommet, or kasserer (the summary).", admin: true, query: yearQuery, answer: { kind: "none", description: "An XLSX download." }, errors: { 403: "The kitchen list and the summary are for a leder.", 404: "No such list." } },
  { method: "GET", path: "/api/VinterleirAdmin/Treasurer/:token", tag: "Vinterleir-admin", summary: "The treasurer's summary (leder only).", admin: true, query: yearQuery, answer: json("TreasurerSummary", "Participants, money by method, refunds, unpaid."), errors: { 403: "Not a leder." } },
  { method: "GET", path: "/api/VinterleirAdmin/CheckIn/Search/:token", tag: "Innsjekking", summary: "Find registrations of the current camp by name, club or order id.", admin: true, query: { q: "Words that must all occur." }, answer: json("CheckInSearchAnswer", "At most 25 hits.") },
  { method: "GET", path: "/api/VinterleirAdmin/CheckIn/Code/:code/:token", tag: "Innsjekking", summary: "The registration behind a QR code from the confirmation mail.", admin: true, answer: json("CheckInHit", "The registration."), errors: { 404: "Ukjent QR-kode." } },
  { method: "POST", path: "/api/VinterleirAdmin/CheckIn/Action/:token", tag: "Innsjekking", summary: "Check in, pay at the door, or undo; the same actionId twice has one effect.", admin: true, body: { kind: "json", schema: "CheckInAction" }, answer: json("CheckInActionAnswer", "The action's outcome and the registration as it now stands."), errors: { 404: "No such person.", 409: "Cancelled, or the actionId was used for another action." } },
  { method: "GET", path: "/api/VinterleirAdmin/CheckIn/DoorList/:token", tag: "Innsjekking", summary: "The door list a phone keeps to search, read QR codes and check in with no network: names, club, grade, companions, what is left to pay, flags (no contact details, no allergy text; codes only as hashes).", admin: true, query: { event: "The event's key (vinterleir-2026); default the door's current event." }, answer: json("DoorList", "The list."), errors: { 404: "Not the door's current event." } },
  { method: "GET", path: "/api/VinterleirAdmin/CheckIn/Refused/:token", tag: "Innsjekking", summary: "Door actions the server refused for good (for example a payment already taken at another door), newest first. Leader only.", admin: true, answer: json("DoorRefusals", "The refused actions.") },
  { method: "GET", path: "/api/VinterleirAdmin/CheckIn/Counts/:token", tag: "Innsjekking", summary: "Arrived of expected, per camp day.", admin: true, answer: json("CheckInCounts", "The counts.") },
  { method: "GET", path: "/api/ArrangementAdmin/Get/:token", tag: "Arrangement-admin", summary: "Every event, the camp's editions included (`vinterleir-{year}`, read only), running and upcoming first.", admin: true, answer: list("AdminEvent", "The events with their phase, state, participants and definition.") },
  { method: "PUT", path: "/api/ArrangementAdmin/Put/:slug/:token", tag: "Arrangement-admin", summary: "Create or replace an event (only a `leder`).", admin: true, body: { kind: "json", schema: "EventDefinition" }, answer: { kind: "none", description: "JSON `{ slug, created }`; 201 when created." }, errors: { 403: "Not a leder.", 409: "A camp slug (edited in «Leirer»), or a kind change after registrations." } },
  { method: "POST", path: "/api/ArrangementAdmin/Publish/:slug/:token", tag: "Arrangement-admin", summary: "Publish an event; it never hides another (only a `leder`).", admin: true, answer: { kind: "none", description: "JSON `{ slug, published }`." }, errors: { 403: "Not a leder.", 404: "No such event.", 409: "A camp slug." } },
  { method: "POST", path: "/api/ArrangementAdmin/Copy/:fromSlug/:toSlug/:token", tag: "Arrangement-admin", summary: "A new unpublished event from an earlier one, its dates moved by whole weeks (body `{ weeks }`, default 52) so weekdays stay (only a `leder`). A winter camp (`vinterleir-YYYY`) is copied to a new camp edition, its dates moved by whole weeks into the new year.", admin: true, body: { kind: "json", description: "`{ weeks }`, optional." }, answer: { kind: "none", description: "JSON `{ slug, weeks }`, status 201." }, errors: { 400: "A camp copied to an event that is not a camp, or the other way round.", 403: "Not a leder.", 404: "No such event.", 409: "The new slug or camp year is taken." } },
  { method: "GET", path: "/api/ArrangementAdmin/Participants/:slug/:token", tag: "Arrangement-admin", summary: "An event's participants (or a sale's lines) with the order's money and the answers.", admin: true, answer: list("AdminEventParticipant", "One row per participant or item line."), errors: { 404: "No such event." } },
  { method: "GET", path: "/api/ArrangementAdmin/GetXlsx/:slug/:token", tag: "Arrangement-admin", summary: "An event's participants as Excel; a grading adds the examiner's list, one sheet per grade.", admin: true, answer: { kind: "none", description: "An XLSX download." }, errors: { 404: "No such event." } },
  { method: "GET", path: "/api/CampEdition/Get/:token", tag: "Vinterleir-admin", summary: "Every camp edition.", admin: true, answer: list("AdminEdition", "The editions, newest first.") },
  {
    method: "POST",
    path: "/api/Melding/Send/:slug/:token",
    tag: "Meldinger",
    summary: "Send a message to all or a segment of an event's families (only a `leder`).",
    description:
      "One mail per family (address as compared), with its own link to «Min påmelding» and its own merge values (`{navn}`, `{deltakere}`, `{lenke}`, `{beløp}`), Reply-To the club's contact address, and a copy to the club. `sendAt` in the future queues it then (the recipients are chosen at that time); without it, now. `day` is required for `checkedIn`/`notCheckedIn`, `orderIds` for `picked`. Nothing is stored on a 400.",
    admin: true,
    body: { kind: "json", schema: "SendMessage" },
    answer: json("SentMessage", "The message is stored (and queued unless it waits for its time).", { status: 201 }),
    errors: { 403: "Not a `leder` account.", 404: "No such event." },
  },
  {
    method: "POST",
    path: "/api/Melding/Preview/:slug/:token",
    tag: "Meldinger",
    summary: "The exact mail one family of the segment would get (the named order's, else the first), with the recipients.",
    description: "Makes no link: where the family's link will stand, the preview says so.",
    admin: true,
    body: { kind: "json", schema: "PreviewMessage" },
    answer: json("MessagePreview", "The mail as it would be sent."),
    errors: { 403: "Not a `leder` account.", 404: "No such event." },
  },
  { method: "GET", path: "/api/Melding/Get/:slug/:token", tag: "Meldinger", summary: "The event's messages, newest first, with each family's state (queued, sent, failed with the reason) and the counts.", admin: true, answer: list("MessageLogEntry", "The message log."), errors: { 403: "Not a `leder` account.", 404: "No such event." } },
  { method: "GET", path: "/api/Melding/Reminder/:slug/:token", tag: "Meldinger", summary: "The reminder the site sends itself before the event (on by default), and when it goes.", admin: true, answer: json("ReminderView", "The reminder."), errors: { 403: "Not a `leder` account.", 404: "No such event." } },
  { method: "PUT", path: "/api/Melding/Reminder/:slug/:token", tag: "Meldinger", summary: "Turn the reminder on or off, set how many days before, and its text.", admin: true, body: { kind: "json", schema: "Reminder" }, answer: json("ReminderView", "The reminder as saved."), errors: { 403: "Not a `leder` account.", 404: "No such event." } },
  { method: "POST", path: "/api/NewMemberAdmin/Message/:token", tag: "Nye medlemmer", summary: "Write to the named interested (`registrationIds`) or all of them: one mail per contact address, greeting the contact, Reply-To the club, a copy to the club.", admin: true, body: { kind: "json", schema: "NewMemberMessage" }, answer: json("SentMessage", "The message's id and how many addresses got it.", { status: 201 }) },
  { method: "POST", path: "/api/Melding/Cancel/:slug/:messageId/:token", tag: "Meldinger", summary: "Cancel a message that waits for its time («Avlys»): it is never sent, and the log shows who cancelled it.", admin: true, answer: list("MessageLogEntry", "The message log."), errors: { 403: "Not a `leder` account.", 404: "No such message.", 409: "Already sent (queued) or cancelled." } },
  { method: "GET", path: "/api/NewMemberAdmin/Messages/:token", tag: "Nye medlemmer-admin", summary: "The messages written to the interested, newest first, with each address's state (queued, sent, failed with the reason) and the counts.", admin: true, answer: list("MessageLogEntry", "The message log.") },
  { method: "POST", path: "/api/Melding/SendAgain/:slug/:messageId/:token", tag: "Meldinger", summary: "Send a message's failed mails again.", admin: true, answer: json("ResendAnswer", "How many went back into the outbox."), errors: { 403: "Not a `leder` account.", 404: "No such message." } },
  { method: "GET", path: "/api/CampEdition/Changes/:year/:token", tag: "Vinterleir-admin", summary: "An edition's change log.", admin: true, answer: list("EditionChange", "The changes.") },
  { method: "PUT", path: "/api/CampEdition/Put/:year/:token", tag: "Vinterleir-admin", summary: "Create or change an edition.", admin: true, body: { kind: "json", schema: "CampEditionPatch" }, answer: json("AdminEdition", "The edition as saved.") },
  { method: "POST", path: "/api/CampEdition/Publish/:year/:token", tag: "Vinterleir-admin", summary: "Publish an edition beside the others; it never hides a camp that has not ended.", admin: true, answer: json("AdminEdition", "The published edition."), errors: { 404: "No such edition." } },
  { method: "POST", path: "/api/CampEdition/Copy/:fromYear/:toYear/:token", tag: "Vinterleir-admin", summary: "A new draft edition from an earlier one, every date moved by whole weeks.", admin: true, answer: json("AdminEdition", "The new draft (201)."), errors: { 404: "No edition to copy from.", 409: "The year already has an edition." } },

  // ---- Min påmelding (the personal link is the last segment; unknown links answer 404)
  { method: "GET", path: "/api/MinPamelding/Get/:token", tag: "Min påmelding", summary: "The registration behind a personal link.", answer: { kind: "none", description: "JSON: persons, receipt, payments and today's refund with its deadline; for an athlete of a group, `group` with the group's total and payment and every athlete's own view." }, errors: { 404: "Unknown, malformed or ended link." } },
  { method: "POST", path: "/api/MinPamelding/Change/:token", tag: "Min påmelding", query: memberQuery, summary: "Change the free fields.", body: { kind: "json", schema: "MyRegistrationChange" }, answer: { kind: "none", description: "JSON: the registration as it now stands, and whether anything changed." }, errors: { 404: "Unknown link.", 409: "The camp has started." } },
  { method: "POST", path: "/api/MinPamelding/AddCompanion/:token", tag: "Min påmelding", query: memberQuery, summary: "Add a companion at the registration's own price.", body: { kind: "json", schema: "MyCompanionAdd" }, answer: { kind: "none", description: "JSON: the registration, and `payUrl` when the difference is paid with Vipps." }, errors: { 404: "Unknown link.", 409: "The camp has started." } },
  { method: "POST", path: "/api/MinPamelding/Grading/:token", tag: "Min påmelding", query: memberQuery, summary: "Grading on (priced as registered) or off (refunded by the rule).", body: { kind: "json", schema: "MyGrading" }, answer: { kind: "none", description: "JSON: the registration, the refund, and `payUrl` when the difference is paid with Vipps." }, errors: { 404: "Unknown link.", 409: "The camp has started." } },
  { method: "POST", path: "/api/MinPamelding/Pay/:token", tag: "Min påmelding", query: memberQuery, summary: "The Vipps address for an unpaid difference.", answer: text("The Vipps payment address."), errors: { 404: "Unknown link, or nothing to pay." } },
  { method: "POST", path: "/api/MinPamelding/Cancel/:token", tag: "Min påmelding", query: memberQuery, summary: "Cancel the athlete (the whole registration) or one companion, refunded by the rule.", body: { kind: "json", schema: "MyCancellation" }, answer: { kind: "none", description: "JSON: the registration, whether anything changed, and the refund." }, errors: { 404: "Unknown link.", 409: "The refund is no longer the one shown, or the camp has started." } },
  { method: "POST", path: "/api/MinPamelding/Find", tag: "Min påmelding", summary: "Mail the personal links of an e-mail address; always the same answer.", body: { kind: "json", schema: "FindMyRegistration" }, answer: { kind: "none", description: "JSON `{ message }`, the same whether or not the address is registered." }, errors: { 429: "Too many requests." } },

  // ---- New-member admin
  { method: "GET", path: "/api/NewMemberAdmin/GetToken/:passwordHash", tag: "Nye medlemmer-admin", summary: "Sign in to the new-member admin.", answer: tokenAnswer, errors: loginErrors },
  { method: "POST", path: "/api/NewMemberAdmin/Logout/:token", tag: "Nye medlemmer-admin", summary: "Sign out (ends this token).", admin: true, answer: signedOut },
  { method: "POST", path: "/api/NewMemberAdmin/LogoutAll/:token", tag: "Nye medlemmer-admin", summary: "Sign out everywhere.", admin: true, answer: signedOut },
  { method: "GET", path: "/api/NewMemberAdmin/Get/:token", tag: "Nye medlemmer-admin", summary: "The expressions of interest.", admin: true, answer: list("NewMemberAdminEntry", "The list.") },
  { method: "GET", path: "/api/NewMemberAdmin/GetCsv/:token", tag: "Nye medlemmer-admin", summary: "The list as CSV.", admin: true, answer: csv("A CSV download.") },
  { method: "DELETE", path: "/api/NewMemberAdmin/Remove/:registrationId/:token", tag: "Nye medlemmer-admin", summary: "Delete one.", admin: true, answer: json("RemoveAnswer", "Whether it was deleted.") },

  // ---- Invoice admin
  { method: "GET", path: "/api/Invoice/GetToken/:passwordHash", tag: "Purringer", summary: "Sign in to the invoice reminders.", answer: tokenAnswer, errors: loginErrors },
  { method: "POST", path: "/api/Invoice/Logout/:token", tag: "Purringer", summary: "Sign out (ends this token).", admin: true, answer: signedOut },
  { method: "POST", path: "/api/Invoice/LogoutAll/:token", tag: "Purringer", summary: "Sign out everywhere.", admin: true, answer: signedOut },
  { method: "GET", path: "/api/Invoice/Get/:token", tag: "Purringer", summary: "Unpaid invoices per member.", admin: true, answer: list("InvoiceGroup", "The reminders.") },
  { method: "GET", path: "/api/Invoice/GetCsv/:token", tag: "Purringer", summary: "The reminders as CSV.", admin: true, answer: csv("A CSV download.") },
  { method: "GET", path: "/api/Invoice/Status/:token", tag: "Purringer", summary: "The last import.", admin: true, answer: json("InvoiceStatus", "The status.") },
  { method: "GET", path: "/api/Invoice/Refresh/:token", tag: "Purringer", summary: "Read the configured source (or the last uploaded file) again.", admin: true, answer: json("ImportResult", "How the import went.") },
  {
    method: "POST",
    path: "/api/Invoice/Upload/:token",
    tag: "Purringer",
    summary: "Upload the accounting system's export (CSV or XLSX).",
    admin: true,
    headers: { "X-File-Name": "The file's name, URI-encoded." },
    body: { kind: "file", description: "The file itself as the raw body." },
    answer: json("ImportResult", "How the import went."),
    errors: { 413: "The file is too large." },
  },

  // ---- «Nettsted»: the club's own site (leder and redaktør; innsjekk gets 403)
  { method: "GET", path: "/api/Nettsted/Get", tag: "Nettsted", summary: "Every section of the site's facts (training times, prices, contact, sponsors, equipment, front page, news).", answer: json("SiteContent", "The sections by name.") },
  {
    method: "PUT",
    path: "/api/NettstedAdmin/Put/:section/:token",
    tag: "Nettsted",
    summary: "Replace one section whole; the pages (and the camp PDFs, for `kontakt`) follow within seconds on every process.",
    description:
      "The body is the section's schema: `treningstider` SiteTrainingTimes (`{ sessions: [{ group, days, time, section: \"barn\" | \"ungdomvoksen\" }] }`), `priser` SitePrices, `kontakt` SiteContact, `samarbeidspartnere` SiteSponsors, `utstyr` SiteEquipment, `forside` SiteFrontPage, `nyheter` SiteNews. Text is stored and shown as text, never as markup. An unchanged section logs nothing (`change` is null).",
    admin: true,
    body: { kind: "json", description: "The whole section (see the description for each section's schema)." },
    answer: json("SiteSaveAnswer", "The section as stored and the change log entry."),
    errors: { 403: "The account may not edit the site (innsjekk).", 404: "No such section." },
  },
  { method: "GET", path: "/api/NettstedAdmin/Changes/:token", tag: "Nettsted", summary: "The change log, newest first (the latest 200): who, when, what, and whether «Angre» is offered.", admin: true, answer: list("SiteChange", "The changes."), errors: { 403: "The account may not edit the site (innsjekk)." } },
  {
    method: "POST",
    path: "/api/NettstedAdmin/Undo/:changeId/:token",
    tag: "Nettsted",
    summary: "«Angre»: put the section back as it was before the change, logged as a change of its own.",
    admin: true,
    answer: json("SiteSaveAnswer", "The section as stored and the undo's log entry."),
    errors: { 403: "The account may not edit the site (innsjekk).", 404: "No such change.", 409: "The section changed after it, or it is undone already." },
  },
  {
    method: "POST",
    path: "/api/NettstedAdmin/Image/:kind/:token",
    tag: "Nettsted",
    summary: "Upload a sponsor logo or a news picture: checked by its content (JPEG, PNG or WebP), size and pixel count, scaled down, re-encoded as WebP without metadata, served at /bilder/nettsted/{id}.webp with a year's caching.",
    admin: true,
    body: { kind: "file", description: "The picture itself as the raw body." },
    answer: json("SiteImage", "The picture's id and its width and height as stored.", { status: 201 }),
    errors: { 403: "The account may not edit the site (innsjekk).", 404: "No such kind.", 413: "The file is larger than 8 MB." },
  },
];
