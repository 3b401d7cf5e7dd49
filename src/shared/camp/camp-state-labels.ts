import { moneyMethodWords, paymentPlanWords } from "../payments/money-words.ts";

/**
 * The Norwegian words for the camp's stored states, defined once: the camp admin, the CSV and Excel exports,
 * the lists and the treasurer's summary all use these.
 */

export const registrationStatusLabels: Record<string, string> = {
  pending_payment: "Venter på betaling",
  confirmed: "Bekreftet",
  cancelled: "Avbestilt",
  waiting: "På venteliste",
};

export function registrationStatusLabel(status: string | null | undefined): string {
  return status ? (registrationStatusLabels[status] ?? status) : "Ukjent";
}

/**
 * How a registration is to be paid (Vipps, at the door, free), and the ledger's ways money moved (the door's
 * «Kort» and «Kontant» apart): src/shared/payments/money-words.ts.
 */
export const paymentMethodLabels: Record<string, string> = {
  ...moneyMethodWords,
  ...paymentPlanWords,
};

/** The same methods as a participant reads them (confirmation mail, Min påmelding): what to do, not a column heading. */
export const participantPaymentMethodLabels = {
  card_cash: "Kort eller kontant ved oppmøte",
  free: "Gratis",
  vipps: "Vipps",
} as const;

export function paymentMethodLabel(method: string | null | undefined): string {
  return method ? (paymentMethodLabels[method] ?? method) : "";
}

/** The payment states the server stores (card/cash, free and Vipps), in words a treasurer reads. */
const paymentStateLabels: Record<string, string> = {
  unpaid: "ikke betalt",
  paid: "betalt",
  created: "venter på Vipps",
  authorized: "reservert",
  captured: "trukket",
  aborted: "avbrutt",
  expired: "utløpt",
  terminated: "avbrutt av klubben",
  failed: "feilet",
  refunded: "refundert",
  released: "frigitt",
};

export function paymentStateLabel(state: string | null | undefined): string {
  return state ? (paymentStateLabels[state] ?? state.toLocaleLowerCase("nb-NO")) : "";
}

const instructorLabels: Record<number, string> = {
  0: "Nei",
  1: "Instruktør i klubben",
  2: "Hjelpeinstruktør i klubben",
};

export function instructorLabel(value: number | string | null | undefined): string {
  if (value === 1 || value === "1") return instructorLabels[1]!;
  if (value === 2 || value === "2") return instructorLabels[2]!;
  if (value === 0 || value === "0" || value == null || value === "") return instructorLabels[0]!;
  return String(value);
}

/** The money log's actions (money_actions.action): every one the server writes has its Norwegian words here. */
export const moneyActionLabels: Record<string, string> = {
  "mark-paid": "Markert som betalt",
  cancel: "Avbestilt",
  anonymise: "Personopplysninger slettet",
  "refund-requested": "Refusjon sendt",
  "refund-failed": "Refusjon feilet",
  "checkin-payment": "Betalt ved innsjekking",
  "checkin-payment-undo": "Angret betaling ved innsjekking",
  "vipps-authorized": "Reservert hos Vipps",
  "vipps-captured": "Trukket hos Vipps",
  "vipps-refunded": "Refundert hos Vipps",
  "vipps-released": "Reservasjon frigitt hos Vipps",
  "vipps-aborted": "Avbrutt i Vipps",
  "vipps-expired": "Utløpt i Vipps",
  "vipps-terminated": "Avsluttet av klubben i Vipps",
};

/** Never a system word on screen: an action the map does not know is "Annen hendelse". */
export function moneyActionLabel(action: string): string {
  return moneyActionLabels[action] ?? "Annen hendelse";
}

/** Vipps's payment states (ePayment), in Norwegian. */
const vippsStateLabels: Record<string, string> = {
  CREATED: "venter på betaleren",
  AUTHORIZED: "reservert",
  ABORTED: "avbrutt av betaleren",
  EXPIRED: "utløpt",
  TERMINATED: "avsluttet av klubben",
};

export function vippsStateLabel(state: string | null | undefined): string {
  return state ? (vippsStateLabels[state] ?? "ukjent status") : "ikke startet";
}

/** Who did something to a registration or its money: accounts by their name, the system's own actors in words. */
const actorLabels: Record<string, string> = {
  deltaker: "Deltakeren (Min påmelding)",
  "camp-admin": "Leirledelsen",
  "vipps-webhook": "Vipps (varsel)",
  system: "Systemet",
  reconciliation: "Systemet (avstemming med Vipps)",
  migrering: "Overført til kassaboka",
};

export function actorLabel(actor: string): string {
  return actorLabels[actor] ?? actor;
}
