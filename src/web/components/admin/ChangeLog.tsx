import { useEffect, useState } from "react";
import { changeActionLabels, changeLineText, type ChangeLine, type ChangeLogEntry } from "../../../shared/change-log.ts";
import { formatOsloDateTime } from "../../../shared/format.ts";
import { useNow } from "../../lib/use-now.ts";
import { isUnauthorised } from "./AdminShell.tsx";
import "./change-log.css";

/** The entries of a change log as fetched: undefined while on the way, "failed" when the fetch failed. */
export type ChangeLogState = ChangeLogEntry[] | "failed" | undefined;

/**
 * Fetches a change log, and again for a new `version` of the thing (or a new `load`); an expired sign-in
 * is handed to `onUnauthorised`.
 */
export function useChangeLog(load: () => Promise<ChangeLogEntry[]>, onUnauthorised: () => void, version?: number): ChangeLogState {
  const [entries, setEntries] = useState<ChangeLogState>();
  useEffect(() => {
    let live = true;
    load().then(
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
  }, [load, onUnauthorised, version]);
  return entries;
}

/**
 * «Endringslogg»: every change to one thing (a camp edition, an event), newest first: what was done, when
 * (Oslo time), by which account, and one line per changed field. A new thing's every field is new: its
 * entry says so in one sentence (`firstValues`) instead of burying the changes that follow.
 */
export function ChangeLog({
  entries,
  headingId,
  className,
  linesOf,
  firstValues,
}: {
  entries: ChangeLogState;
  headingId: string;
  className?: string;
  /** The lines of the entry at `index` (oldest first, as the server sends them). */
  linesOf: (entry: ChangeLogEntry, index: number) => ChangeLine[];
  /** What a created or copied entry says instead of its every first value. */
  firstValues: (entry: ChangeLogEntry) => string;
}) {
  const now = useNow();
  const newestFirst = entries === undefined || entries === "failed" ? [] : entries.map((entry, index) => ({ entry, index })).reverse();
  return (
    <section className={["change-log", className].filter(Boolean).join(" ")} aria-labelledby={headingId}>
      <h2 id={headingId}>Endringslogg</h2>
      {entries === undefined ? (
        <p role="status">Henter endringene...</p>
      ) : entries === "failed" ? (
        <p className="form-error">Klarte ikke hente endringsloggen. Last siden på nytt for å prøve igjen.</p>
      ) : entries.length === 0 ? (
        <p>Ingen endringer er logget.</p>
      ) : (
        <ol className="change-list">
          {newestFirst.map(({ entry, index }) => {
            const lines = entry.action === "created" || entry.action === "copied" ? [] : linesOf(entry, index);
            return (
              <li key={`${entry.changedAt}-${index}`}>
                <p className="change-head">
                  <strong>{changeActionLabels[entry.action] ?? entry.action}</strong> {formatOsloDateTime(new Date(entry.changedAt), { now })} av{" "}
                  {entry.account}
                </p>
                {entry.action === "created" || entry.action === "copied" ? (
                  <p className="muted">{firstValues(entry)}</p>
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
