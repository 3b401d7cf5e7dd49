import type { AdminParticipant } from "../../shared/events/event-api.ts";
import { eventOrderStatusLabels } from "../../shared/events/event-api.ts";
import type { EventDefinition } from "../../shared/events/event-definition.ts";
import { waitingText } from "../../shared/events/event-waitlist.ts";
import { examinerGroups } from "../../shared/events/examiner-list.ts";
import { xlsxSheet, xlsxWorkbook, type AnySheet, type XlsxColumn } from "../exports/xlsx.ts";

/**
 * An event's Excel file: every participant (or a sale's every line) with the answers to the club's own
 * questions; for a grading also the examiner's list, one sheet per grade, only those who are coming.
 */
/** The status as the admin list says it: a waiting order with its place in line and its latest offer. */
function statusText(row: AdminParticipant): string {
  const label = eventOrderStatusLabels[row.status];
  return row.status === "waiting" ? `${label}, ${waitingText(row.waitlistPosition, row.offer)}` : label;
}

export async function eventXlsx(event: EventDefinition, rows: readonly AdminParticipant[]): Promise<Buffer> {
  const questionLabels = event.kind === "kurs" ? event.questions.map((question) => question.label) : [];
  const columns: XlsxColumn<AdminParticipant>[] =
    event.kind === "salg"
      ? [
          { header: "Ordre", value: (row) => row.orderId },
          { header: "Status", width: 30, value: statusText },
          { header: "Navn", width: 28, value: (row) => row.contactName },
          { header: "Vare", width: 30, value: (row) => row.item },
          { header: "E-post", width: 30, value: (row) => row.email },
          { header: "Telefon", value: (row) => row.telephone },
          { header: "Totalt", type: "kroner", value: (row) => row.charged },
          { header: "Betalt", type: "kroner", value: (row) => row.paid },
          { header: "Å betale", type: "kroner", value: (row) => row.outstanding },
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
          { header: "Totalt (ordre)", type: "kroner", value: (row) => row.charged },
          { header: "Betalt (ordre)", type: "kroner", value: (row) => row.paid },
          { header: "Å betale (ordre)", type: "kroner", value: (row) => row.outstanding },
        ];
  const sheets: AnySheet[] = [xlsxSheet({ name: event.kind === "salg" ? "Bestillinger" : "Deltakere", columns, rows })];
  if (event.kind === "gradering") {
    for (const group of examinerGroups(rows)) {
      sheets.push(
        xlsxSheet({
          name: group.grade,
          columns: [
            { header: "Navn", width: 28, value: (row: AdminParticipant) => row.name },
            { header: "Alder", type: "number", value: (row: AdminParticipant) => row.age },
            { header: "Klubb", width: 24, value: (row: AdminParticipant) => row.club },
            { header: "Bestått", width: 10, value: () => "" },
            { header: "Merknad", width: 40, value: () => "" },
          ],
          rows: group.rows,
        }),
      );
    }
  }
  return xlsxWorkbook(sheets);
}
