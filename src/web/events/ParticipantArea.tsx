import { useCallback, useRef, useState } from "react";
import type { AdminEvent, AdminParticipant } from "../../shared/events/event-api.ts";
import { examinerGroups } from "../../shared/events/examiner-list.ts";
import { formatKroner } from "../../shared/format.ts";
import { useAdminData, type AdminSession } from "../components/admin/AdminShell.tsx";
import { useConfirmation } from "../components/ConfirmAction.tsx";
import { cancelEventOrderAsLeader, eventCsvPath, eventXlsxPath, getEventMoney, getEventParticipants } from "./event-admin-api.ts";
import { campMoneyLines } from "../../shared/camp/camp-ledger-labels.ts";
import { ParticipantTable, type LeaderCancel } from "./ParticipantTable.tsx";

/** One event's participants or orders, with the Excel and CSV downloads and, for a grading, the printable examiner's list. */
export function ParticipantArea({ event, session }: { event: AdminEvent; session: AdminSession }) {
  const fetchList = useCallback(
    async (token: string) => {
      const [rows, money] = await Promise.all([getEventParticipants(event.slug, token), getEventMoney(event.slug, token)]);
      return { rows, money };
    },
    [event.slug],
  );
  const { data, load } = useAdminData(session, fetchList, "Fikk ikke hentet deltakerne.");
  const rows = data?.rows;
  const { cancel, result, resultRef, announce } = useLeaderCancel(session, load);
  if (!data || !rows) return <p role="status">Henter deltakerne …</p>;
  return (
    <section aria-labelledby="participants-heading">
      <h2 id="participants-heading">
        {event.title}: {event.kind === "salg" ? "bestillinger" : "deltakere"}
      </h2>
      {/* The event's money from its orders' ledgers, in the treasurer's words: the rows below add up to it. */}
      <dl className={`admin-totals event-money${event.kind === "gradering" ? " no-print" : ""}`}>
        {campMoneyLines(data.money).map(({ label, amount }) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{formatKroner(amount)}</dd>
          </div>
        ))}
      </dl>
      <p className="no-print button-row">
        <a className="button secondary" href={eventXlsxPath(event.slug, session.token)}>
          Last ned Excel
        </a>
        <a className="button secondary" href={eventCsvPath(event.slug, session.token)}>
          Last ned CSV
        </a>
        {event.kind === "gradering" && (
          <button type="button" className="button secondary" onClick={() => window.print()}>
            Skriv ut sensorlisten
          </button>
        )}
      </p>
      <p className="no-print" role="status" tabIndex={-1} ref={resultRef}>
        {result}
      </p>
      <ParticipantTable event={event} rows={rows} session={session} cancel={cancel} announce={announce} />
      {event.kind === "gradering" && <ExaminerList rows={rows} />}
    </section>
  );
}

/** The leader's cancelling of an order, and what an order's action did, read out where the keyboard goes. */
function useLeaderCancel(session: AdminSession, load: () => Promise<void>) {
  const confirmation = useConfirmation<string>();
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<string>();
  const resultRef = useRef<HTMLParagraphElement>(null);
  const cancelOrder = async (orderId: string) => {
    setError(undefined);
    let outcome;
    try {
      outcome = await cancelEventOrderAsLeader(orderId, session.token);
    } catch (caught) {
      session.signOut(caught instanceof Error ? caught.message : undefined);
      return;
    }
    if (outcome.kind !== "ok") {
      setError(outcome.kind === "refused" ? outcome.message : "Vi fikk ikke avbestilt. Prøv igjen om litt.");
      return;
    }
    confirmation.close();
    const back = outcome.refund > 0 ? ` ${formatKroner(outcome.refund)} skal betales tilbake.` : "";
    await announce(`Ordre ${orderId} er avbestilt.${back} Familien får en e-post.`);
  };
  // What an order's action did, read out where the keyboard goes, over the list as it now stands.
  const announce = async (message: string) => {
    setResult(message);
    await load();
    resultRef.current?.focus();
  };
  const dismiss = () => {
    setError(undefined);
    confirmation.cancel();
  };
  const cancel: LeaderCancel = { confirmation, error, cancelOrder, dismiss };
  return { cancel, result, resultRef, announce };
}

/** The printable examiner's list of a grading: its participants by grade. */
function ExaminerList({ rows }: { rows: AdminParticipant[] }) {
  return (
    <div className="examiner-list">
      <h2>Sensorliste</h2>
      {examinerGroups(rows).map((group) => (
        <section key={group.gradeId} className="examiner-grade">
          <h3>
            {group.grade} ({group.rows.length})
          </h3>
          <ol>
            {group.rows.map((row, index) => (
              <li key={`${row.orderId}-${index}`}>
                {row.name}, {row.age} år, {row.club}
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
