/**
 * «Allerede påmeldt» companions left without a payer (docs/decisions/0046-already-registered-companion-cases.md):
 * a companion listed at 0 kr because another registration paid for the same person, once that registration (or
 * that paying companion) is cancelled. The camp leader decides each case once: charge the companion's fee on the
 * companion's own registration, or let them come free with a reason. The server decides; these are the words and
 * the shapes both sides read.
 */
import { z } from "zod";
import { formatKroner } from "../format.ts";

export const companionCaseDecisions = ["charge", "free"] as const;
export type CompanionCaseDecision = (typeof companionCaseDecisions)[number];

export const companionCaseReasonMax = 500;

const reasonMessage = "Skriv kort hvorfor ledsageren skal være med uten å betale.";

/** The leader's choice (POST /api/VinterleirAdmin/CompanionCase/{caseId}/{token}). */
export const CompanionCaseDecisionSchema = z.discriminatedUnion(
  "decision",
  [
    z.object({ decision: z.literal("charge") }).strict(),
    z
      .object({
        decision: z.literal("free"),
        reason: z
          .string({ error: reasonMessage })
          .trim()
          .min(3, reasonMessage)
          .max(companionCaseReasonMax, `Begrunnelsen kan ha høyst ${companionCaseReasonMax} tegn.`),
      })
      .strict(),
  ],
  { error: "Velg om ledsageren skal betale eller være med uten å betale." },
);
export type CompanionCaseDecisionInput = z.input<typeof CompanionCaseDecisionSchema>;

/** One open case as the leader's list shows it. */
export const CompanionCaseSchema = z.object({
  id: z.number(),
  companionId: z.number(),
  companionName: z.string(),
  /** The companion's own registration: where the fee would be charged. */
  registrationId: z.number(),
  orderId: z.string(),
  athleteName: z.string(),
  /** The cancelled registration that paid for the companion. */
  payingOrderId: z.string(),
  payingAthleteName: z.string(),
  /** Why it opened: the paying registration was cancelled whole, or only its companion was. */
  cause: z.enum(["registration-cancelled", "companion-cancelled"]),
  openedAt: z.string(),
  /** What charging would add: the companion's fee as the registration was priced. */
  fee: z.number(),
  /** Whether the fee can be charged now (the companion's registration is confirmed). */
  chargeable: z.boolean(),
});
export type CompanionCase = z.infer<typeof CompanionCaseSchema>;

/** The leader's answer after deciding. */
export const CompanionCaseOutcomeSchema = z.object({
  decision: z.enum(companionCaseDecisions),
  /** What was charged (0 when let go free). */
  amount: z.number(),
  /** What the companion's registration has left to pay now. */
  outstanding: z.number(),
});
export type CompanionCaseOutcome = z.infer<typeof CompanionCaseOutcomeSchema>;

export const companionCaseMessages = {
  notFound: "Fant ikke saken.",
  decided: (who: string, decision: CompanionCaseDecision) =>
    `Saken er allerede avgjort av ${who}: ${decision === "charge" ? "ledsageren betaler" : "ledsageren er med uten å betale"}.`,
  gone: "Ledsageren eller påmeldingen er avbestilt, så saken er lukket.",
  notConfirmed: "Påmeldingen er ikke bekreftet ennå, så ledsageren kan ikke belastes nå. Du kan la ledsageren være med uten å betale.",
  paymentBusy: "Betalingen behandles hos Vipps akkurat nå. Prøv igjen om et minutt.",
} as const;

export const companionCaseCauseLabels: Record<CompanionCase["cause"], string> = {
  "registration-cancelled": "påmeldingen som betalte er avbestilt",
  "companion-cancelled": "ledsageren er avbestilt på påmeldingen som betalte",
};

/** The receipt line of a companion charged after the case: as any paying companion's. */
export function chargedCompanionLabel(name: string): string {
  return `Ledsager: ${name}`;
}

/** The receipt line that records a companion let go free (0 kr): the decision is in the ledger too. */
export function freeCompanionLabel(name: string): string {
  return `Ledsager: ${name} (uten betaling, avgjort av leirledelsen)`;
}

/** The first sentences of the family's mail when the fee is charged: what happened and what is now owed. */
export function chargedCompanionMailText(name: string, orderId: string, fee: number): string {
  return (
    `${name} var oppgitt som allerede påmeldt som ledsager på en annen påmelding, men den er avbestilt. ` +
    `Leirledelsen har derfor lagt ledsagerprisen på ${formatKroner(fee)} til påmeldingen med ordrenummer ${orderId}.`
  );
}
