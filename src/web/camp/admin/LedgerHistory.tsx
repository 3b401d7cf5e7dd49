import { useEffect, useId, useRef, useState } from "react";
import { ledgerHistoryLine, LedgerHistorySchema, type LedgerHistoryEntry } from "../../../shared/camp/camp-ledger-history.ts";
import { ApiError, getJson } from "../../lib/api-client.ts";

/**
 * «Historikk»: the registration's ledger, every charge, payment and refund with when, which account, what
 * and how much, and the entry's own Norwegian reason. Read again when the registration's money or status
 * changes on this screen (`changes`).
 */
export function LedgerHistory({
  registrationId,
  token,
  changes,
  onUnauthorised,
}: {
  registrationId: number;
  token: string;
  changes: string;
  onUnauthorised: () => void;
}) {
  const id = useId();
  const [entries, setEntries] = useState<LedgerHistoryEntry[]>();
  const unauthorised = useRef(onUnauthorised);
  unauthorised.current = onUnauthorised;
  useEffect(() => {
    let current = true;
    getJson(`/api/VinterleirAdmin/Ledger/${registrationId}/${encodeURIComponent(token)}`, LedgerHistorySchema).then(
      (loaded) => current && setEntries(loaded),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) unauthorised.current();
      },
    );
    return () => {
      current = false;
    };
  }, [registrationId, token, changes]);
  if (!entries || entries.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Historikk</h3>
      <ul className="money-log">
        {entries.map((entry, index) => (
          <li key={index}>{ledgerHistoryLine(entry)}</li>
        ))}
      </ul>
    </section>
  );
}
