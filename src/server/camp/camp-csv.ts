import { norwegianCsv, type CsvColumn } from "../exports/csv.ts";
import { osloDateTimeLabel } from "../../shared/format.ts";
import { instructorLabel, paymentMethodLabel, paymentStateLabel, registrationStatusLabel } from "../../shared/camp/camp-state-labels.ts";
import type { AdminPerson } from "./camp-admin.ts";
import { ledgerFigureLabels } from "../../shared/camp/camp-ledger-labels.ts";
import { moneyMethodWord } from "../../shared/payments/money-words.ts";

/**
 * Column order and Norwegian headers (D9): every admin person field, one row per athlete and companion; the
 * states in the shared Norwegian words (src/shared/camp/camp-state-labels.ts), times in Oslo local time.
 */
const columns: CsvColumn<AdminPerson>[] = [
  { header: "Status", value: (p) => registrationStatusLabel(p.status) },
  { header: "Ordrenummer", value: (p) => p.orderid },
  { header: "Fornavn", value: (p) => p.firstname },
  { header: "Etternavn", value: (p) => p.lastname },
  { header: "Er ledsager", value: (p) => p.isLedsager },
  { header: "Ledsager for", value: (p) => p.isLedsagerForName ?? "" },
  { header: "Alder", value: (p) => p.age },
  { header: "Klubb", value: (p) => p.club },
  { header: "Grad", value: (p) => p.grade ?? "" },
  { header: "E-post", value: (p) => p.email },
  { header: "Telefon", value: (p) => p.telephone },
  { header: "Ønsker gradering", value: (p) => p.gradering },
  { header: "Overnatter", value: (p) => p.sleepover },
  { header: "Vises offentlig", value: (p) => p.public },
  { header: `${ledgerFigureLabels.charged} (kr)`, value: (p) => p.amount },
  { header: `${ledgerFigureLabels.paid} (kr)`, value: (p) => p.paid },
  { header: `${ledgerFigureLabels.refunded} (kr)`, value: (p) => p.refunded },
  { header: `${ledgerFigureLabels.refundOwed} (kr)`, value: (p) => p.refundOwed },
  { header: `${ledgerFigureLabels.outstanding} (kr)`, value: (p) => p.outstanding },
  { header: "Vipps", value: (p) => p.vipps },
  { header: "Veganer", value: (p) => p.vegan },
  { header: "Instruktør i klubben", value: (p) => instructorLabel(p.instructor) },
  { header: "Ønsker å instruere", value: (p) => p.wantstoinstruct },
  { header: "Allergier", value: (p) => p.allergies },
  { header: "Annen informasjon", value: (p) => p.otherinfo },
  { header: "Transaksjons-id", value: (p) => p.transactionid ?? "" },
  { header: "Betalt med", value: (p) => p.paidWith.map(moneyMethodWord).join(", ") },
  { header: "Tilbakebetalt med", value: (p) => p.refundedWith.map(moneyMethodWord).join(", ") },
  { header: "Betalingsmåte", value: (p) => paymentMethodLabel(p.paymentMethod) },
  { header: "Betalingsstatus", value: (p) => paymentStateLabel(p.paymentState) },
  // Oslo local time, as a spreadsheet reads a date and time ("25.11.2026 06:27").
  { header: "Registrert", value: (p) => osloDateTimeLabel(p.createdAt) },
  { header: "Registrerings-id", value: (p) => p.registrationId },
];

/** Kept here too: the camp tests and callers import it from the camp's CSV module. */
export { neutraliseFormula } from "../exports/csv.ts";

/** CSV for Norwegian Excel (D9): UTF-8 with BOM, semicolons, CRLF, Ja/Nei. */
export function campParticipantsCsv(persons: AdminPerson[]): string {
  return norwegianCsv(columns, persons);
}
