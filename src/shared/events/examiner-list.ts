import type { AdminParticipant } from "./event-api.ts";

/**
 * A grading's examiner's list: those coming (confirmed or paying), grouped by grade, lowest grade first,
 * by name within a grade. The printable page and the Excel file both use it.
 */
export function examinerGroups(rows: readonly AdminParticipant[]): { grade: string; gradeId: number; rows: AdminParticipant[] }[] {
  const coming = rows.filter((row) => row.status === "confirmed" || row.status === "pending_payment");
  const groups = new Map<number, { grade: string; gradeId: number; rows: AdminParticipant[] }>();
  for (const row of coming) {
    const id = row.gradeId ?? 0;
    const group = groups.get(id) ?? { grade: row.grade ?? "Ukjent grad", gradeId: id, rows: [] };
    group.rows.push(row);
    groups.set(id, group);
  }
  return [...groups.values()]
    .sort((a, b) => a.gradeId - b.gradeId)
    .map((group) => ({ ...group, rows: [...group.rows].sort((a, b) => a.name.localeCompare(b.name, "nb")) }));
}
