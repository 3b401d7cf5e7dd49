/**
 * "Min påmelding": the personal page behind the link in every confirmation mail, where a participant sees,
 * changes and cancels their registration. Shapes shared by the server's answers and the page.
 */

import { familyPageLinkPath } from "../family/family-page-path.ts";

/**
 * "Finn påmeldingen min", and the camp's older address of the page behind a link (it leads to «Min side»).
 */
export const myRegistrationPath = "/vinterleir/min-pamelding";
/** A link's address: «Min side» (docs/decisions/0042-one-family-page-for-the-season.md). */
export function myRegistrationLinkPath(token: string): string {
  return familyPageLinkPath(token);
}

/** 32 random bytes as base64url: the link's secret (256 bits). */
export const personalTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** The header on the registration POST's answer that carries the Done page's link (the body stays as before). */
export const personalLinkHeader = "x-min-pamelding";

type MyPersonKind = "athlete" | "companion";

export interface MyPerson {
  /** "athlete" or `companion-<id>`: what the page sends to cancel this person. */
  key: string;
  kind: MyPersonKind;
  firstName: string;
  lastName: string;
  /** This person's share of the registration's price (the athlete: everything not a companion's line). */
  amount: number;
  cancelled: boolean;
  /** What cancelling this person alone would give back today, in kroner (0 for card/cash: nothing is charged). */
  refundIfCancelledToday: number;
  /** What was paid for this person (the rule applies to it); 0: cancelling costs nothing. */
  paidForIfCancelledToday: number;
}

export interface MyRegistrationView {
  orderId: string;
  year: number;
  status: "pending_payment" | "confirmed" | "cancelled" | "waiting";
  /** The camp's first and last day (YYYY-MM-DD) and place. */
  firstDay: string;
  lastDay: string;
  venue: string;
  persons: MyPerson[];
  lines: { label: string; amount: number }[];
  total: number;
  paymentMethod: "vipps" | "card_cash" | "free" | null;
  /** In kroner, from the order's ledger (camp-ledger.ts): «Betalt», all money that came in. */
  paid: number;
  /** «Tilbakebetalt». */
  refunded: number;
  /** «Beholdt etter avbestillingsreglene». */
  kept: number;
  /** «Skal betales tilbake»: owed back outside Vipps, not paid back yet. */
  refundOwed: number;
  /** «Utestående»: what is charged and not paid (with Vipps: "Betal med Vipps"; card/cash: at the door). */
  outstanding: number;
  /** Human-readable state of the payment, in Norwegian. */
  paymentState: string;
  /** The end of full refunds (ISO instant) and the share refunded after it (0.5 = half). */
  fullRefundUntil: string;
  laterShare: number;
  /** The refund rule as of now, in the words every page, PDF and mail uses (shared/camp/cancellation-terms.ts). */
  refundTerms: string;
  /** Until the camp starts: changes and cancellations are possible. */
  changeable: boolean;
  email: string;
  telephone: string;
  allergies: string;
  otherInfo: string;
  vegan: boolean;
  public: boolean;
  sleepover: boolean;
  gradering: boolean;
  /** Whether the rules let this athlete take grading at the camp (cup for home-club children, dan candidates). */
  mayGrade: boolean;
  /** Whether the rules let this athlete sleep over (home-club children under the age may not). */
  maySleepOver: boolean;
  /**
   * Several athletes registered together (they share the contact details and the mailbox): the whole group,
   * each athlete as its own registration view; any athlete's link shows and acts on all of them.
   */
  group?: MyGroupView;
  /**
   * The rest of what the link opens: a family link (mailed to one address) opens everything registered
   * with that address for camps that have not ended. Each entry is one registration (with its group);
   * every call for one of them names it by its order id.
   */
  family?: Omit<MyRegistrationView, "family">[];
}

export interface MyGroupView {
  /** The group's order id (its first athlete's): the Vipps payment's order. */
  orderId: string;
  /** What the group's athletes cost together now (cancellations taken off). */
  total: number;
  paymentMethod: MyRegistrationView["paymentMethod"];
  /** In kroner, over the whole group. */
  paid: number;
  refunded: number;
  kept: number;
  refundOwed: number;
  outstanding: number;
  paymentState: string;
  members: Omit<MyRegistrationView, "group">[];
}

/** The query parameter naming which registration behind a link an action is for (its order id). */
export const groupMemberParam = "orderId";

/** The same sentence for every address, so nobody can learn who is registered. */
export const findMyRegistrationAnswer =
  "Takk! Finnes det en påmelding med den e-postadressen, har vi sendt en e-post med lenken til den. Sjekk også søppelpost.";

/**
 * How long a mailed link works, as the mails say it (the server's rule, camp-personal-link.ts: until the camp
 * it was made for is over, opened or not). `lastYear`: the latest camp it opens, named when it opens several.
 */
export function linkLifetimeSentence(lastYear?: number): string {
  return lastYear === undefined ? "Lenken virker til leiren er over." : `Lenken virker til vinterleiren ${lastYear} er over.`;
}

/** How the change log names a field changed through "Min påmelding" (values are never logged: some are health data). */
export const myChangeFieldLabels = {
  email: "e-post",
  telephone: "telefon",
  allergies: "allergier",
  otherInfo: "annen informasjon",
  vegan: "vegetarmat",
  public: "vises på deltakerlisten",
  sleepover: "overnatting",
} as const;
