import { z } from "zod";
import { GradeSchema } from "./grades.ts";

/**
 * The answers of the participant list, grade statistics and camp admin calls (spec §3, §7). The server
 * builds exactly these shapes and the browser parses them with the same schemas, so a drift between the
 * two fails a test instead of an admin's evening.
 */

export const PublicParticipantSchema = z.object({
  name: z.string(),
  /** The grade label, or "" for a participant who did not consent to being shown. */
  grade: z.string(),
  club: z.string(),
});
export type PublicParticipant = z.infer<typeof PublicParticipantSchema>;

export const GradeStatisticSchema = z.object({
  grade: GradeSchema,
  amount: z.number().int().nonnegative(),
});
export type GradeStatistic = z.infer<typeof GradeStatisticSchema>;

/** Every state a camp registration can be in: stored by the database, shown on the family's page. */
export const campRegistrationStatuses = ["pending_payment", "confirmed", "cancelled", "waiting"] as const;
/** The states the admin's registration list shows (a waiting registration is on the waiting list instead). */
export const registrationStatuses = [
  "pending_payment",
  "confirmed",
  "cancelled",
] as const satisfies readonly (typeof campRegistrationStatuses)[number][];
const RegistrationStatusSchema = z.enum(registrationStatuses);

/**
 * One row per athlete and per companion. Amounts in whole kroner, from the order's ledger person by person
 * (src/shared/payments/person-money.ts): a companion row carries its own, the athlete row the rest (money
 * with no person included), so a registration's rows add up to its ledger's figures.
 */
export const AdminPersonSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  isLedsager: z.boolean(),
  /** The athlete's "First Last" on a companion row; null on the athlete's own row. */
  isLedsagerForName: z.string().nullable(),
  /** A companion row's own id (what the leader's «Fjern ledsageren» names); absent on an athlete's row. */
  companionId: z.number().optional(),
  age: z.number(),
  club: z.string(),
  /** The grade label ("2. Dan"); null on a companion row. */
  grade: z.string().nullable(),
  email: z.string(),
  telephone: z.string(),
  gradering: z.boolean(),
  sleepover: z.boolean(),
  public: z.boolean(),
  /** «Å betale»: what is charged for the person now. */
  amount: z.number(),
  /** «Betalt». */
  paid: z.number(),
  /** «Tilbakebetalt». */
  refunded: z.number(),
  /** «Skal betales tilbake». */
  refundOwed: z.number(),
  /** «Utestående». */
  outstanding: z.number(),
  /** The methods the person's money came in by, and went back by (vipps, card, cash …); empty when none moved. */
  paidWith: z.array(z.string()),
  refundedWith: z.array(z.string()),
  vipps: z.boolean(),
  vegan: z.boolean(),
  instructor: z.number(),
  wantstoinstruct: z.boolean(),
  allergies: z.string(),
  otherinfo: z.string(),
  orderid: z.string(),
  /** Registered together with others sharing contact details: the group's first order id; null or absent alone. */
  group: z.string().nullable().optional(),
  /** The payment provider's transaction id; null until paid online. */
  transactionid: z.string().nullable(),
  registrationId: z.number(),
  status: RegistrationStatusSchema,
  paymentMethod: z.string().nullable(),
  paymentState: z.string().nullable(),
  createdAt: z.string(),
  /** When the personal data was anonymised (after the camp, or on request); null before. */
  anonymisedAt: z.string().nullable(),
  /**
   * Only for an `innsjekk` account, whose list has empty `allergies` and `otherinfo`: whether the texts it
   * may not read are there.
   */
  hasAllergies: z.boolean().optional(),
  hasOtherInfo: z.boolean().optional(),
  /** The camp days (YYYY-MM-DD) this person was checked in at the door, with when (ISO 8601). */
  arrivals: z.array(z.object({ day: z.string(), at: z.string() })).optional(),
  /**
   * «Allerede påmeldt» no longer covered: on a companion listed at 0 kr whose paying registration elsewhere
   * in the camp no longer has them (cancelled there), and on the athlete row of the registration that claims them.
   */
  claimUncovered: z.boolean().optional(),
});

/** The flag the leader sees on a registration whose «allerede påmeldt» companion was cancelled in the other registration. */
export const claimUncoveredLabel = "Ledsager avbestilt i annen påmelding";
export type AdminPerson = z.infer<typeof AdminPersonSchema>;

export const AdminTotalsSchema = z.object({
  /** Confirmed registrations only. */
  registrations: z.number(),
  /** Athletes plus companions of those registrations. */
  count: z.number(),
  sumToPay: z.number(),
  sumPaid: z.number(),
  sumOutstanding: z.number(),
  /**
   * From the ledgers of every registration that holds or held a place (cancelled ones too): the same
   * figures as the treasurer's, and the sum over the registrations and over the rows.
   */
  charged: z.number(),
  paid: z.number(),
  refunded: z.number(),
  kept: z.number(),
  refundOwed: z.number(),
  outstanding: z.number(),
  net: z.number(),
});
export type AdminTotals = z.infer<typeof AdminTotalsSchema>;
