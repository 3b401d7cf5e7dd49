import { z } from "zod";
import { formatDayMonth, weekdayName } from "../format.ts";
import { parseCalendarDate } from "./camp-edition-data.ts";

/**
 * Check-in at the camp door: the shapes the check-in calls take and give, shared by the server and the
 * phone page. A person is an athlete (`a{registrationId}`) or a companion (`c{companionId}`).
 */

export const checkInMessages = {
  unknownCode: "Ukjent QR-kode.",
  unknownPerson: "Fant ikke personen.",
  cancelled: "Påmeldingen er avbestilt.",
  groupVippsOpen:
    "Påmeldingen er med i én Vipps-betaling for flere utøvere som ikke er fullført. Be den som betaler om å fullføre eller avbryte den i Vipps, og prøv igjen.",
  reusedActionId: "Handlingen har samme id som en annen handling. Prøv igjen.",
  doorClosed: "Vinterleiren er over. Innsjekkingen er stengt.",
  searchEmpty: "Skriv et navn eller en klubb.",
  badDay: "Dagen er ikke en av leirdagene.",
  badAmount: "Beløpet må være et helt antall kroner, minst 1.",
  noCamp: "Det finnes ingen vinterleir å sjekke inn til.",
  unknownEvent: "Innsjekkingen er ikke åpen for dette arrangementet.",
  personCancelled: "Personen er avbestilt og kan ikke sjekkes inn.",
  nothingOutstanding: "Det er ingenting igjen å betale på denne påmeldingen.",
  vippsReserved: "Vipps-betalingen er godkjent og blir trukket om et øyeblikk. Prøv igjen om et minutt før du tar betalt.",
  alreadyUndone: "Betalingen er allerede angret.",
  undoesOnlyAPayment: "Bare angring av en betaling peker på en betaling.",
  undoAfterRefund: "Betalingen kan ikke angres: pengene er allerede betalt tilbake eller skal betales tilbake. Ta kontakt med leirledelsen.",
  moreThanOutstanding: (outstanding: number) => `Det er bare ${outstanding} kr igjen å betale. Skriv inn ${outstanding} kr eller mindre.`,
} as const;

/** The door's two ways to pay, as two choices. */
export const doorPaymentMethods = ["card", "cash"] as const;
export type DoorPaymentMethod = (typeof doorPaymentMethods)[number];

const checkInActionKinds = ["checkin", "undo-checkin", "payment", "undo-payment"] as const;
export type CheckInActionKind = (typeof checkInActionKinds)[number];

/** A person at the door: `a{registrationId}` for the athlete, `c{companionId}` for a companion. */
export const checkInPersonId = {
  athlete: (registrationId: number) => `a${registrationId}`,
  companion: (companionId: number) => `c${companionId}`,
};

const PersonIdSchema = z.string().regex(/^[ac][1-9]\d{0,8}$/, checkInMessages.unknownPerson);
export const CampDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, checkInMessages.badDay);

/**
 * One action from the door. `actionId` is made by the browser once per action, so the same action sent
 * again (an offline queue after a lost answer) has one effect. `day` is the camp day the action was made
 * on (default: today's camp day); `amount` (whole kroner) only for a payment.
 */
export const CheckInActionSchema = z
  .object({
    actionId: z.uuid(),
    kind: z.enum(checkInActionKinds),
    personId: PersonIdSchema,
    amount: z.number().int(checkInMessages.badAmount).min(1, checkInMessages.badAmount).max(100_000, checkInMessages.badAmount).optional(),
    /** A payment: «Kort» or «Kontant», so the treasurer can match the card terminal (older phones send none). */
    method: z.enum(doorPaymentMethods).optional(),
    day: CampDaySchema.optional(),
    /**
     * An undo of a payment: the action id of the payment the helper saw and takes back, so a payment another
     * door took meanwhile is never the one undone (older phones send none: the latest payment still standing).
     */
    undoes: z.uuid().optional(),
  })
  .strict()
  .refine((action) => (action.kind === "payment") === (action.amount !== undefined), {
    message: checkInMessages.badAmount,
    path: ["amount"],
  })
  .refine((action) => action.undoes === undefined || action.kind === "undo-payment", {
    message: checkInMessages.undoesOnlyAPayment,
    path: ["undoes"],
  });
export type CheckInAction = z.infer<typeof CheckInActionSchema>;

export const CheckInSearchQuerySchema = z.object({
  q: z.string(checkInMessages.searchEmpty).trim().min(1, checkInMessages.searchEmpty).max(100),
});

export const CheckInPersonSchema = z.object({
  personId: PersonIdSchema,
  name: z.string(),
  isLedsager: z.boolean(),
  age: z.number(),
  /** Grade label; null for a companion. */
  grade: z.string().nullable(),
  gradering: z.boolean(),
  sleepover: z.boolean(),
  vegan: z.boolean(),
  /** Only whether there is something about allergies to ask the kitchen list about, never the text. */
  allergy: z.boolean(),
  /** The camp days (YYYY-MM-DD) this person is checked in on. */
  checkedIn: z.array(CampDaySchema),
});

/** A card/cash payment taken at the door (not undone), with who took it. */
const DoorPaymentSchema = z.object({ actionId: z.string(), amount: z.number(), at: z.string(), by: z.string() });

/** One registration as the door sees it: the athlete first, then the companions. */
export const CheckInHitSchema = z.object({
  registrationId: z.number(),
  orderId: z.string(),
  status: z.enum(["confirmed", "pending_payment", "cancelled"]),
  club: z.string(),
  /** Whole kroner: the registration's total, the money the club holds for it (paid, less what went back or is owed back), and what is left. */
  amount: z.number(),
  paid: z.number(),
  outstanding: z.number(),
  persons: z.array(CheckInPersonSchema),
  doorPayments: z.array(DoorPaymentSchema),
});
export type CheckInHit = z.infer<typeof CheckInHitSchema>;

export const CheckInSearchAnswerSchema = z.object({ hits: z.array(CheckInHitSchema), more: z.boolean() });
export type CheckInSearchAnswer = z.infer<typeof CheckInSearchAnswerSchema>;

const CheckInDayCountSchema = z.object({ day: CampDaySchema, arrived: z.number(), expected: z.number() });
export const CheckInCountsSchema = z.object({
  year: z.number(),
  /** Today's camp day (the first before the camp, the last after it): the default day of an action. */
  today: CampDaySchema,
  days: z.array(CheckInDayCountSchema),
});
export type CheckInCounts = z.infer<typeof CheckInCountsSchema>;

export const CheckInActionAnswerSchema = z.object({
  actionId: z.string(),
  /** True when this action id had been carried out before: nothing new happened now. */
  duplicate: z.boolean(),
  hit: CheckInHitSchema,
});
export type CheckInActionAnswer = z.infer<typeof CheckInActionAnswerSchema>;

/** The check-in code as printed (groups of four) and as typed: case, spaces and dashes do not matter. */
export const checkInCodeLength = 28;
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** What a typed or scanned code becomes before lookup; undefined when it cannot be a check-in code. */
export function normaliseCheckInCode(raw: string): string | undefined {
  const cleaned = raw.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (cleaned.length !== checkInCodeLength) return undefined;
  for (const char of cleaned) if (!crockford.includes(char)) return undefined;
  return cleaned;
}

export function formatCheckInCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

export function encodeCrockford(bytes: Uint8Array, length: number): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += crockford[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

/** "fredag 27. november" for a camp day (YYYY-MM-DD). */
export function campDayLabel(day: string): string {
  const date = parseCalendarDate(day);
  return date ? `${weekdayName(date)} ${formatDayMonth(date)}` : day;
}
