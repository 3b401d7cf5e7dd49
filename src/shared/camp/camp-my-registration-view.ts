import { z } from "zod";
import { campRegistrationStatuses } from "./camp-lists.ts";
import type { MyGroupView, MyRegistrationView } from "./camp-my-registration.ts";

/**
 * «Min påmelding»'s answers as the browser reads them and the API document describes them: the registration
 * behind a link (its group, and an address's further registrations), and what an action answers besides.
 */

const MyPersonSchema = z.object({
  key: z.string(),
  kind: z.enum(["athlete", "companion"]),
  firstName: z.string(),
  lastName: z.string(),
  amount: z.number(),
  cancelled: z.boolean(),
  refundIfCancelledToday: z.number(),
  paidForIfCancelledToday: z.number(),
});

/** What a registration and a group show of their money, from the ledger, in the same fields. */
const moneyFields = {
  total: z.number(),
  paymentMethod: z.enum(["vipps", "card_cash", "free"]).nullable(),
  paid: z.number(),
  refunded: z.number(),
  kept: z.number(),
  refundOwed: z.number(),
  outstanding: z.number(),
  paymentState: z.string(),
};

const RegistrationViewSchema = z.object({
  orderId: z.string(),
  year: z.number(),
  status: z.enum(campRegistrationStatuses),
  firstDay: z.string(),
  lastDay: z.string(),
  venue: z.string(),
  persons: z.array(MyPersonSchema),
  lines: z.array(z.object({ label: z.string(), amount: z.number() })),
  ...moneyFields,
  fullRefundUntil: z.string(),
  laterShare: z.number(),
  refundTerms: z.string(),
  changeable: z.boolean(),
  email: z.string(),
  telephone: z.string(),
  allergies: z.string(),
  otherInfo: z.string(),
  vegan: z.boolean(),
  public: z.boolean(),
  sleepover: z.boolean(),
  gradering: z.boolean(),
  mayGrade: z.boolean(),
  maySleepOver: z.boolean(),
});

const MyGroupViewSchema = z.object({
  orderId: z.string(),
  ...moneyFields,
  members: z.array(RegistrationViewSchema),
}) satisfies z.ZodType<MyGroupView>;

const OneRegistrationViewSchema = RegistrationViewSchema.extend({ group: MyGroupViewSchema.optional() });
/** The link's first registration, and (a family's link) every further one behind it. */
export const MyRegistrationViewSchema = OneRegistrationViewSchema.extend({
  family: z.array(OneRegistrationViewSchema).optional(),
}) satisfies z.ZodType<MyRegistrationView>;

/** An action's answer: the link's view as it now stands, and what the action adds to it. */
export const MyRegistrationActionAnswerSchema = MyRegistrationViewSchema.extend({
  /** Whether anything changed (a repeat changes nothing); a change of the free fields names the fields changed. */
  changed: z.union([z.boolean(), z.array(z.string())]).optional(),
  /** What is refunded by the rule (a cancellation, grading off). */
  refund: z.number().optional(),
  /** Where to pay a difference with Vipps. */
  payUrl: z.string().optional(),
});
