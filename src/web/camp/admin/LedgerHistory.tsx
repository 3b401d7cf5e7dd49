import { useEffect, useId, useRef, useState } from "react";
import { campAdminCalls } from "../../../shared/camp/camp-admin-calls.ts";
import { ledgerHistoryLine, type LedgerHistoryEntry } from "../../../shared/camp/camp-ledger-history.ts";
import { ApiError } from "../../lib/api-client.ts";
import { readCall } from "../../lib/call-api.ts";

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
    readCall(campAdminCalls.ledger, { params: { registrationId: String(registrationId), token } }).then(
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
