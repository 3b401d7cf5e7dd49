import { useEffect, useState } from "react";
import { changeLineText, editionChangeLines, editionStatesAfter } from "../../../../shared/camp/camp-edition-change-lines.ts";
import { campEditionActionLabels, formatCampEditionValue } from "../../../../shared/camp/camp-edition-labels.ts";
import type { CampEditionData } from "../../../../shared/camp/camp-edition-schema.ts";
import { gradeLabel, type Club, type Grade } from "../../../../shared/camp/grades.ts";
import { formatOsloDateTime } from "../../../../shared/format.ts";
import { isUnauthorised } from "../../../components/admin/AdminShell.tsx";
import { useNow } from "../../../lib/use-now.ts";
import { getCampEditionChanges, type EditionChangeEntry } from "./editions-api.ts";

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
  // Oldest first, as the server sends them.
  const [entries, setEntries] = useState<EditionChangeEntry[] | "failed">();
  const now = useNow();
  useEffect(() => {
    let live = true;
    getCampEditionChanges(year, token).then(
      (changes) => live && setEntries(changes),
      (error) => {
        if (!live) return;
        if (isUnauthorised(error)) onUnauthorised();
        else setEntries("failed");
      },
    );
    return () => {
      live = false;
    };
  }, [year, version, token, onUnauthorised]);

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
  const shown = entries === undefined || entries === "failed" ? [] : entries;
  const states = current ? editionStatesAfter(current, shown) : [];
  const newestFirst = shown.map((entry, index) => ({ entry, index, after: states[index] })).reverse();
  return (
    <section className="edition-changes" aria-labelledby={headingId}>
      <h2 id={headingId}>Endringslogg</h2>
      {entries === undefined ? (
        <p role="status">Henter endringene...</p>
      ) : entries === "failed" ? (
        <p className="form-error">Klarte ikke hente endringsloggen. Last siden på nytt for å prøve igjen.</p>
      ) : entries.length === 0 ? (
        <p>Ingen endringer er logget.</p>
      ) : (
        <ol className="change-list">
          {newestFirst.map(({ entry, index, after }) => {
            const copiedFrom = entry.changes.find((change) => change.field === "copiedFrom")?.to;
            const lines = editionChangeLines(entry.changes, reading, after);
            return (
              <li key={`${entry.changedAt}-${index}`}>
                <p className="change-head">
                  <strong>{campEditionActionLabels[entry.action] ?? entry.action}</strong> {formatOsloDateTime(new Date(entry.changedAt), { now })} av{" "}
                  {entry.account}
                </p>
                {entry.action === "created" || entry.action === "copied" ? (
                  // A new edition's every field is new: listing them would bury the changes that follow.
                  <p className="muted">
                    {copiedFrom === undefined
                      ? "Alle feltene fikk sine første verdier."
                      : `Kopi av ${formatCampEditionValue("copiedFrom", copiedFrom)}: alle feltene fikk sine første verdier derfra.`}
                  </p>
                ) : (
                  lines.length > 0 && (
                    <ul>
                      {lines.map((line, at) => (
                        <li key={at}>{changeLineText(line)}</li>
                      ))}
                    </ul>
                  )
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
