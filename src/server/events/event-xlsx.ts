import type { AdminParticipant } from "../../shared/events/event-api.ts";
import type { EventDefinition } from "../../shared/events/event-definition.ts";
import { examinerGroups } from "../../shared/events/examiner-list.ts";
import { xlsxSheet, xlsxWorkbook, type AnySheet } from "../exports/xlsx.ts";
import { eventColumns } from "./event-columns.ts";

/**
 * An event's Excel file: every participant (or a sale's every line) with the answers to the club's own
 * questions (eventColumns, shared with the CSV); for a grading also the examiner's list, one sheet per grade,
 * only those who are coming.
 */
export async function eventXlsx(event: EventDefinition, rows: readonly AdminParticipant[]): Promise<Buffer> {
  const columns = eventColumns(event);
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
