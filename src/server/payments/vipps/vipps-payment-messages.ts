/** The Norwegian messages of Vipps payments: the payer's and the camp admin's answers. */
export const vippsMessages = {
  busy: "Vipps svarer ikke akkurat nå. Registreringen er lagret – prøv igjen om litt, eller velg kort eller kontant.",
  refused: "Vipps avviste betalingen. Velg kort eller kontant, eller prøv igjen senere.",
  orderNotFound: "Fant ikke ordren.",
  notCaptured: "Betalingen er ikke trukket ennå, så det er ingenting å refundere. Prøv igjen om litt.",
  nothingToRefund: "Det er ingenting igjen å refundere på denne betalingen.",
  refundTooHigh: (max: number) => `Beløpet er for høyt: høyst ${max} kr kan refunderes.`,
  refundPending: "En refusjon er allerede sendt til Vipps og venter på svar. Prøv igjen om litt.",
  refundChanged: "Refusjonene er endret siden siden ble lastet. Last inn på nytt og prøv igjen.",
  refundRefused: (reason: string) => `Vipps avviste refusjonen: ${reason}`,
} as const;
