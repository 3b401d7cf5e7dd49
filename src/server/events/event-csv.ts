import type { AdminParticipant } from "../../shared/events/event-api.ts";
import type { EventDefinition } from "../../shared/events/event-definition.ts";
import { osloDateTimeLabel } from "../../shared/format.ts";
import { norwegianCsv } from "../exports/csv.ts";
import { eventColumns } from "./event-columns.ts";

/** An event's participant list as Norwegian CSV (semicolons, BOM, Ja/Nei): the Excel file's first sheet, column for column. */
export function eventCsv(event: EventDefinition, rows: readonly AdminParticipant[]): string {
  return norwegianCsv(
    eventColumns(event).map((column) => ({ header: column.header, value: (row: AdminParticipant) => csvCell(column.value(row)) })),
    rows,
  );
}

/** An instant as the camp's CSV writes one: Oslo local time, as a spreadsheet reads it. */
function csvCell(value: string | number | boolean | Date | null | undefined) {
  return value instanceof Date ? osloDateTimeLabel(value) : value;
}
