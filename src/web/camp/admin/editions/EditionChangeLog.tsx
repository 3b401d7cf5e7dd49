import { useCallback } from "react";
import { editionChangeLines } from "../../../../shared/camp/camp-edition-change-lines.ts";
import { formatCampEditionValue } from "../../../../shared/camp/camp-edition-labels.ts";
import type { CampEditionData } from "../../../../shared/camp/camp-edition-schema.ts";
import { gradeLabel, type Club, type Grade } from "../../../../shared/camp/grades.ts";
import { statesAfter } from "../../../../shared/change-log.ts";
import { ChangeLog, useChangeLog } from "../../../components/admin/ChangeLog.tsx";
import { useNow } from "../../../lib/use-now.ts";
import { getCampEditionChanges } from "./editions-api.ts";

/** Every change to one edition, newest first: when (Oslo time), which account, and field by field what. */
export function EditionChangeLog({
  year,
  current,
  version,
  token,
  clubs,
  grades,
  headingId,
  onUnauthorised,
}: {
  year: number;
  /** The edition as saved now: the log works back from it to say a setting whole («15 % til 9. november»). */
  current?: CampEditionData;
  /** A new version fetches the log again. */
  version: number;
  token: string;
  clubs: Club[];
  grades: Grade[];
  headingId: string;
  onUnauthorised: () => void;
}) {
  const load = useCallback(() => getCampEditionChanges(year, token), [year, token]);
  const entries = useChangeLog(load, onUnauthorised, version);
  const now = useNow();

  const reading = {
    club: (id: number) => clubs.find((club) => club.clubId === id)?.name,
    grade: (id: number) => {
      const grade = grades.find((candidate) => candidate.gradeId === id);
      return grade && gradeLabel(grade);
    },
    // A date far from today, or in another year than the camp's, says its year.
    now,
    year,
  };
  const states = current && Array.isArray(entries) ? statesAfter(current, entries) : [];
  return (
    <ChangeLog
      entries={entries}
      headingId={headingId}
      className="edition-changes"
      linesOf={(entry, index) => editionChangeLines(entry.changes, reading, states[index])}
      firstValues={(entry) => {
        const copiedFrom = entry.changes.find((change) => change.field === "copiedFrom")?.to;
        return copiedFrom === undefined
          ? "Alle feltene fikk sine første verdier."
          : `Kopi av ${formatCampEditionValue("copiedFrom", copiedFrom)}: alle feltene fikk sine første verdier derfra.`;
      }}
    />
  );
}
