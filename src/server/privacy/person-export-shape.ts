/** The shape of a person's export (GDPR art. 15): the camp registration's part, the event order's part, and the whole. */
/** One camp registration as the exports hold it. */
export interface CampRegistrationExport {
  registration: Record<string, unknown> & { club: string; grade: string };
  companions: Record<string, unknown>[];
  /** The receipt's lines, as the family read them. */
  priceLines: { label: string; amount: number }[];
  payments: Record<string, unknown>[];
  /** The payments' log, each line in the shared Norwegian words (never a stored system word or note). */
  moneyActions: { at: string; reference: string; who: string; what: string; amount: number }[];
  /** The ledger as «Historikk» reads it, and its figures under their Norwegian names («Betalt», «Å betale» …). */
  ledger: LedgerInWords;
  /** The door: each check-in, payment and undo, whose it was, the camp day, the amount paid and by whom. */
  checkins: { at: string; what: string; participant: string | null; day: string | null; amount: number | null; by: string }[];
  waitlistOffers: { state: string; offeredAt: string; expiresAt: string; endedAt: string | null }[];
  /** The change log the leaders read: when, who (in words) and what was changed. */
  changes: ChangeInWords[];
}

/** The camp admin's export: one camp registration, with the family's event orders. */
export interface PersonExport extends CampRegistrationExport {
  exportedAt: string;
  about: string;
  /** Mails to the registration's own address that belong to none of the event orders below. */
  mails: MailCopy[];
  /** Every grading, course and gear order of the registration's own address (the family's), oldest first. */
  eventOrders: PersonEventOrder[];
}

/**
 * The event admin's export, from one event order: everything held under its e-mail address, the camp
 * registrations and the event orders alike, each part in the camp export's shape. An order whose personal
 * data is already blanked has no address left: the export holds that order alone.
 */
export interface AddressExport {
  exportedAt: string;
  about: string;
  /** The address as compared (src/shared/contact/email-key.ts); null for a blanked order. */
  email: string | null;
  /** Every camp registration of the address, oldest first. */
  campRegistrations: CampRegistrationExport[];
  /** Mails to the address that belong to none of the event orders below. */
  mails: MailCopy[];
  /** Every grading, course and gear order of the address, oldest first. */
  eventOrders: PersonEventOrder[];
}

export interface LedgerInWords {
  entries: { at: string; who: string; what: string; amount: number; reason: string; line: string }[];
  figures: Record<string, number>;
}

export type MailCopy = Record<string, unknown>;

export type ChangeInWords = { at: string; who: string; what: string };

/** One event order as the export holds it: every word through the shared labels, as the camp's part. */
export interface PersonEventOrder {
  orderId: string;
  event: { title: string; kind: string; slug: string; days: string; firstDay: string; lastDay: string; venue: string };
  status: string;
  method: string;
  contact: { firstName: string; lastName: string; email: string; telephone: string };
  createdAt: string;
  confirmedAt: string | null;
  cancelledAt: string | null;
  anonymisedAt: string | null;
  participants: {
    name: string;
    age: number;
    club: string | null;
    grade: string | null;
    answers: { question: string; answer: string }[];
    cancelledAt: string | null;
  }[];
  items: { line: string; price: number; amount: number }[];
  payments: Record<string, unknown>[];
  ledger: LedgerInWords;
  /** The door: each check-in or pick-up and each undo, who was let in and by whom. */
  checkins: { at: string; what: string; participant: string | null; by: string }[];
  waitlistOffers: { state: string; offeredAt: string; expiresAt: string; endedAt: string | null }[];
  changes: ChangeInWords[];
  mails: MailCopy[];
}
