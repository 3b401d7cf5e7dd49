import { useCallback, useRef, useState } from "react";
import type { AdminEvent, AdminParticipant } from "../../shared/events/event-api.ts";
import { eventOrderStatusLabels } from "../../shared/events/event-api.ts";
import { examinerGroups } from "../../shared/events/examiner-list.ts";
import { waitingText } from "../../shared/events/event-waitlist.ts";
import { formatKroner } from "../../shared/format.ts";
import { moneyRowText } from "../../shared/payments/money-words.ts";
import { useAdminData, type AdminSession } from "../components/admin/AdminShell.tsx";
import { ConfirmAction, useConfirmation } from "../components/ConfirmAction.tsx";
import { cancelEventOrderAsLeader, eventCsvPath, eventXlsxPath, getEventMoney, getEventParticipants } from "./event-admin-api.ts";
import { campMoneyLines } from "../../shared/camp/camp-ledger-labels.ts";
import { OrderPrivacy } from "./OrderPrivacy.tsx";

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
  const confirmation = useConfirmation<string>();
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<string>();
  const resultRef = useRef<HTMLParagraphElement>(null);
  if (!data || !rows) return <p role="status">Henter deltakerne …</p>;
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
  // «Avbestill» once per order, on its first row, while someone in it is still coming.
  const firstRowOf = new Map<string, number>();
  rows.forEach((row, index) => {
    if (!firstRowOf.has(row.orderId)) firstRowOf.set(row.orderId, index);
  });
  const active = new Set(rows.filter((row) => row.status !== "cancelled").map((row) => row.orderId));
  const questions = rows[0] ? Object.keys(rows[0].answers) : [];
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
      <table className={event.kind === "gradering" ? "no-print" : undefined}>
        <thead>
          <tr>
            <th scope="col">{event.kind === "salg" ? "Bestilt av" : "Navn"}</th>
            <th scope="col">{event.kind === "salg" ? "Vare" : "Alder, klubb, grad"}</th>
            {questions.map((question) => (
              <th scope="col" key={question}>
                {question}
              </th>
            ))}
            <th scope="col">Status</th>
            <th scope="col">Ordre</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row: AdminParticipant, index) => (
            <tr key={`${row.orderId}-${index}`}>
              <td>{row.name}</td>
              <td>{row.item ?? `${row.age} år, ${row.club ?? ""}, ${row.grade ?? ""}`}</td>
              {questions.map((question) => (
                <td key={question}>{row.answers[question]}</td>
              ))}
              <td>
                {eventOrderStatusLabels[row.status]}
                {row.status === "waiting" && <span className="waitlist-meta">, {waitingText(row.waitlistPosition, row.offer)}</span>}
              </td>
              <td>
                {row.orderId}: {moneyRowText(row)}
                {firstRowOf.get(row.orderId) === index && active.has(row.orderId) && (
                  <div className="no-print">
                    {confirmation.isOpen(row.orderId) ? (
                      <ConfirmAction
                        small
                        label={`Bekreft avbestilling av ordre ${row.orderId}`}
                        confirmLabel="Ja, avbestill"
                        busyLabel="Avbestiller …"
                        cancelLabel="Nei, behold"
                        error={error}
                        onConfirm={() => cancelOrder(row.orderId)}
                        onCancel={() => {
                          setError(undefined);
                          confirmation.cancel();
                        }}
                      >
                        Avbestille hele ordre {row.orderId} ({row.contactName})? Det som ikke er betalt, faller bort; det som er betalt, skal betales
                        tilbake. Familien får en e-post.
                      </ConfirmAction>
                    ) : (
                      <button
                        type="button"
                        className="button secondary small"
                        ref={confirmation.trigger(row.orderId)}
                        onClick={() => confirmation.ask(row.orderId)}
                        aria-label={`Avbestill ordre ${row.orderId}`}
                      >
                        Avbestill
                      </button>
                    )}
                  </div>
                )}
                {firstRowOf.get(row.orderId) === index && <OrderPrivacy row={row} session={session} onForgotten={announce} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {event.kind === "gradering" && (
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
      )}
    </section>
  );
}
