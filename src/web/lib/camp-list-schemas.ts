import { z } from "zod";
import { GradeSchema } from "../../shared/camp/grades.ts";

/**
 * The shapes of the participant list, the grade statistics and the camp admin calls (spec §3, §7).
 * The admin shape is read leniently (nullable fields, numbers that may arrive as text): an admin must
 * still see the list when the server adds or leaves out a detail.
 */

export const PublicParticipantSchema = z.object({
  name: z.string(),
  grade: z.string().nullish(),
  club: z.string().nullish(),
});
export type PublicParticipant = z.infer<typeof PublicParticipantSchema>;

export const GradeStatisticSchema = z.object({
  grade: GradeSchema,
  amount: z.number().int().nonnegative(),
});
export type GradeStatistic = z.infer<typeof GradeStatisticSchema>;

const text = z.string().nullish();
const flag = z.boolean().nullish();
// PostgreSQL numerics may be serialised as strings ("1025.00").
const money = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/).transform(Number)]).nullish();

export const registrationStatuses = ["pending_payment", "confirmed", "cancelled"] as const;
export type RegistrationStatus = (typeof registrationStatuses)[number];

export const AdminPersonSchema = z.object({
  registrationId: z.union([z.number(), z.string()]),
  firstname: z.string(),
  lastname: z.string(),
  isLedsager: flag,
  /** The old server sent the literal "false" for athletes. */
  isLedsagerForName: z.union([z.string(), z.boolean()]).nullish(),
  age: money,
  club: text,
  grade: text,
  email: text,
  telephone: text,
  gradering: flag,
  sleepover: flag,
  public: flag,
  amount: money,
  paid: flag,
  vipps: flag,
  vegan: flag,
  /** 0 not instructor, 1 full-time instructor in Ski, 2 helper instructor (or the words for them). */
  instructor: z.union([z.number(), z.string()]).nullish(),
  wantstoinstruct: flag,
  allergies: text,
  otherinfo: text,
  orderid: text,
  transactionid: text,
  status: z.string().nullish(),
  paymentMethod: text,
  paymentState: text,
  createdAt: text,
});
export type AdminPerson = z.infer<typeof AdminPersonSchema>;

export const AdminTotalsSchema = z.object({
  count: z.number(),
  sumToPay: z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/).transform(Number)]),
  sumPaid: z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/).transform(Number)]),
});
export type AdminTotals = z.infer<typeof AdminTotalsSchema>;
