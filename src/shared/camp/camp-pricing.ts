import { club } from "../club/club-facts.ts";
import { earlyBirdPrice, isEarlyBird, type CampEdition } from "./camp-edition.ts";
import { isChild, isDanCandidate, mayCupGrade } from "./camp-eligibility.ts";
import type { Companion } from "./camp-registration-fields.ts";
import type { CampRegistration } from "./camp-registration.ts";
import { isHomeClub, type Grade } from "./grades.ts";

type PriceLineKind = "athlete" | "grading" | "late-fee" | "companion";

interface PriceLine {
  kind: PriceLineKind;
  /** Norwegian, as the payment step, the receipt e-mail and the admin show it. */
  label: string;
  /** Whole kroner. */
  amount: number;
}

export interface CampPrice {
  lines: PriceLine[];
  total: number;
}

export type PricedRegistration = Pick<CampRegistration, "firstName" | "lastName" | "age" | "clubId" | "gradeId" | "gradering"> & {
  ledsagere: readonly Pick<Companion, "firstName" | "lastName" | "alreadyRegistered">[];
};

export interface PriceContext {
  edition: CampEdition;
  /** When the registration is made (the server's clock when it charges). */
  at: Date;
  grades: readonly Grade[];
}

/**
 * The one price calculation: the wizard shows it, the server charges it and the receipt repeats its lines
 * (the old site had three that disagreed). Every fee is a line, so a 0 is visible rather than missing.
 */
export function calculateCampPrice(registration: PricedRegistration, context: PriceContext): CampPrice {
  // Pricing a grade we do not know would be a guess; the server must have rejected the registration first.
  if (!context.grades.some((grade) => grade.gradeId === registration.gradeId)) {
    throw new RangeError(`Unknown gradeId ${registration.gradeId}`);
  }
  const lines = [
    athleteLine(registration, context),
    ...lateFeeLines(registration, context),
    ...gradingLines(registration, context),
    ...registration.ledsagere.map((companion) => companionLine(companion, context)),
  ];
  return { lines, total: lines.reduce((sum, line) => sum + line.amount, 0) };
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

function athleteLine(registration: PricedRegistration, { edition, at }: PriceContext): PriceLine {
  const { settings } = edition;
  const name = fullName(registration);
  if (isHomeClub(registration.clubId, edition)) {
    return { kind: "athlete", label: `Utøver fra ${club.name}: ${name}`, amount: 0 };
  }
  const child = isChild(registration.age, edition);
  const full = child ? settings.price.child : settings.price.adult;
  const label = `Vinterleir, ${child ? "barn" : "ungdom/voksen"}: ${name}`;
  return isEarlyBird(edition, at)
    ? {
        kind: "athlete",
        label: `${label} (tidlig påmelding −${settings.earlyBird.percent} %)`,
        amount: earlyBirdPrice(edition, full),
      }
    : { kind: "athlete", label, amount: full };
}

/** Home-club athletes never pay it (the old server added it to everyone and then zeroed the total). */
function lateFeeLines(registration: PricedRegistration, { edition, at }: PriceContext): PriceLine[] {
  const { lateFee } = edition.settings;
  const late = lateFee.enabled && at.getTime() >= edition.lateFeeFrom.getTime();
  return late && !isHomeClub(registration.clubId, edition) ? [{ kind: "late-fee", label: "Sen påmelding", amount: lateFee.amount }] : [];
}

/** Cup grading is charged here; a dan candidate's tick is listed at 0, as dan grading is paid to the federation. */
function gradingLines(registration: PricedRegistration, { edition }: PriceContext): PriceLine[] {
  if (!registration.gradering) return [];
  if (mayCupGrade(registration, edition)) {
    return [{ kind: "grading", label: "Cup-gradering", amount: edition.settings.gradingFee }];
  }
  if (isDanCandidate(registration.gradeId, edition)) {
    return [{ kind: "grading", label: "Dan-gradering (betales direkte til forbundet)", amount: 0 }];
  }
  return [];
}

function companionLine(companion: PricedRegistration["ledsagere"][number], { edition }: PriceContext): PriceLine {
  const name = fullName(companion);
  return companion.alreadyRegistered
    ? { kind: "companion", label: `Ledsager: ${name} (allerede påmeldt)`, amount: 0 }
    : { kind: "companion", label: `Ledsager: ${name}`, amount: edition.settings.companionFee };
}

/**
 * What a cancellation refunds: everything until midnight after the full-refund day (Oslo), then the
 * later share, rounded up to whole kroner in the payer's favour. Worked in øre so 0.7 × 1000 stays 700.
 */
export function campRefund(paid: number, edition: CampEdition, at: Date): number {
  if (at.getTime() < edition.fullRefundEndsAt.getTime()) return paid;
  return Math.ceil(Math.round(toOre(paid) * edition.settings.refund.laterShare) / 100);
}

/** Vipps counts in øre. */
export function toOre(kroner: number): number {
  return Math.round(kroner * 100);
}
