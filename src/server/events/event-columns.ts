import type { AdminParticipant } from "../../shared/events/event-api.ts";
import { eventOrderStatusLabels } from "../../shared/events/event-api.ts";
import type { EventDefinition } from "../../shared/events/event-definition.ts";
import { waitingText } from "../../shared/events/event-waitlist.ts";
import type { XlsxColumn } from "../exports/xlsx.ts";
import { ledgerFigureLabels } from "../../shared/camp/camp-ledger-labels.ts";
import { moneyMethodWord } from "../../shared/payments/money-words.ts";

/** The status as the admin list says it: a waiting order with its place in line and its latest offer. */
function statusText(row: AdminParticipant): string {
  const label = eventOrderStatusLabels[row.status];
  return row.status === "waiting" ? `${label}, ${waitingText(row.waitlistPosition, row.offer)}` : label;
}

const moneyColumns: XlsxColumn<AdminParticipant>[] = [
  { header: ledgerFigureLabels.charged, type: "kroner", value: (row) => row.charged },
  { header: ledgerFigureLabels.paid, type: "kroner", value: (row) => row.paid },
  { header: ledgerFigureLabels.refunded, type: "kroner", value: (row) => row.refunded },
  { header: ledgerFigureLabels.refundOwed, type: "kroner", value: (row) => row.refundOwed },
  { header: ledgerFigureLabels.outstanding, type: "kroner", value: (row) => row.outstanding },
  { header: "Betalt med", width: 18, value: (row) => row.paidWith.map(moneyMethodWord).join(", ") },
  { header: "Tilbakebetalt med", width: 18, value: (row) => row.refundedWith.map(moneyMethodWord).join(", ") },
];

/**
 * The columns of an event's participant list (a sale's order lines), in the order and words the leader sees:
 * one definition for the Excel file and the CSV, so the two can never disagree. The money is the row's own
 * (the participant's, the sale line's), so the rows add up to the event's totals. A course adds a column per
 * question of its own.
 */
export function eventColumns(event: EventDefinition): XlsxColumn<AdminParticipant>[] {
  const questionLabels = event.kind === "kurs" ? event.questions.map((question) => question.label) : [];
  return event.kind === "salg"
    ? [
        { header: "Ordre", value: (row) => row.orderId },
        { header: "Status", width: 30, value: statusText },
        { header: "Navn", width: 28, value: (row) => row.contactName },
        { header: "Vare", width: 30, value: (row) => row.item },
        { header: "E-post", width: 30, value: (row) => row.email },
        { header: "Telefon", value: (row) => row.telephone },
        ...moneyColumns,
      ]
    : [
        { header: "Ordre", value: (row) => row.orderId },
        { header: "Status", width: 30, value: statusText },
        { header: "Navn", width: 28, value: (row) => row.name },
        { header: "Alder", type: "number", value: (row) => row.age },
        { header: "Klubb", width: 24, value: (row) => row.club },
        { header: "Grad", width: 26, value: (row) => row.grade },
        ...questionLabels.map((label): XlsxColumn<AdminParticipant> => ({ header: label, width: 24, value: (row) => row.answers[label] ?? "" })),
        { header: "Kontakt", width: 24, value: (row) => row.contactName },
        { header: "E-post", width: 30, value: (row) => row.email },
        { header: "Telefon", value: (row) => row.telephone },
        ...moneyColumns,
      ];
}
