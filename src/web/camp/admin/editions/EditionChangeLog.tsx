import { useEffect, useState } from "react";
import { campEditionActionLabels, campEditionFieldLabel, formatCampEditionValue } from "../../../../shared/camp/camp-edition-labels.ts";
import type { Club, Grade } from "../../../../shared/camp/grades.ts";
import { formatOsloDateTime } from "../../../../shared/format.ts";
import { isUnauthorised } from "../../../components/admin/AdminShell.tsx";
import { useNow } from "../../../lib/use-now.ts";
import { getCampEditionChanges, type EditionChangeEntry } from "./editions-api.ts";

/** Every change to one edition, newest first: when (Oslo time), which account, and field by field what. */
export function EditionChangeLog({
  year,
  version,
  token,
  clubs,
  grades,
  headingId,
  onUnauthorised,
}: {
  year: number;
  /** A new version fetches the log again. */
  version: number;
  token: string;
  clubs: Club[];
  grades: Grade[];
  headingId: string;
  onUnauthorised: () => void;
}) {
  const [entries, setEntries] = useState<EditionChangeEntry[] | "failed">();
  const now = useNow();
  useEffect(() => {
    let live = true;
    getCampEditionChanges(year, token).then(
      (changes) => live && setEntries([...changes].reverse()),
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

  const names = {
    club: (id: number) => clubs.find((club) => club.clubId === id)?.name,
    grade: (id: number) => grades.find((grade) => grade.gradeId === id)?.name,
    // A date far from today says its year.
    now,
  };
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
          {entries.map((entry, index) => (
            <li key={`${entry.changedAt}-${index}`}>
              <p className="change-head">
                <strong>{campEditionActionLabels[entry.action] ?? entry.action}</strong> {formatOsloDateTime(new Date(entry.changedAt), { now })} av{" "}
                {entry.account}
              </p>
              {entry.action === "created" ? (
                <p className="muted">Alle feltene fikk sine første verdier.</p>
              ) : (
                entry.changes.length > 0 && (
                  <ul>
                    {entry.changes.map((change) => (
                      <li key={change.field}>
                        {campEditionFieldLabel(change.field)}:{" "}
                        {change.field === "program" ? (
                          "endret"
                        ) : (
                          <>
                            {formatCampEditionValue(change.field, change.from, names)} → {formatCampEditionValue(change.field, change.to, names)}
                          </>
                        )}
                      </li>
                    ))}
                  </ul>
                )
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
