import type { AdminEvent, AdminParticipant } from "../../shared/events/event-api.ts";
import { eventOrderStatusLabels } from "../../shared/events/event-api.ts";
import { waitingText } from "../../shared/events/event-waitlist.ts";
import { moneyRowText } from "../../shared/payments/money-words.ts";
import type { AdminSession } from "../components/admin/AdminShell.tsx";
import { ConfirmAction, type useConfirmation } from "../components/ConfirmAction.tsx";
import { OrderPrivacy } from "./OrderPrivacy.tsx";

/** Cancelling an order from its row: the area holds the one open confirmation, its error and what follows. */
export interface LeaderCancel {
  confirmation: ReturnType<typeof useConfirmation<string>>;
  error: string | undefined;
  cancelOrder: (orderId: string) => Promise<void>;
  /** Closes the confirmation without cancelling, and its error with it. */
  dismiss: () => void;
}

/** The list of participants (or a sale's order lines), one row each, the order's actions on its first row. */
export function ParticipantTable({
  event,
  rows,
  session,
  cancel,
  announce,
}: {
  event: AdminEvent;
  rows: AdminParticipant[];
  session: AdminSession;
  cancel: LeaderCancel;
  /** Reads an action's outcome out and loads the list again. */
  announce: (message: string) => Promise<void>;
}) {
  // «Avbestill» once per order, on its first row, while someone in it is still coming.
  const firstRowOf = new Map<string, number>();
  rows.forEach((row, index) => {
    if (!firstRowOf.has(row.orderId)) firstRowOf.set(row.orderId, index);
  });
  const active = new Set(rows.filter((row) => row.status !== "cancelled").map((row) => row.orderId));
  const questions = rows[0] ? Object.keys(rows[0].answers) : [];
  return (
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
        {rows.map((row: AdminParticipant, index) => {
          const first = firstRowOf.get(row.orderId) === index;
          return (
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
                {first && active.has(row.orderId) && <OrderCancel row={row} cancel={cancel} />}
                {first && <OrderPrivacy row={row} session={session} onForgotten={announce} />}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** «Avbestill» for the whole order, asked first. */
function OrderCancel({ row, cancel }: { row: AdminParticipant; cancel: LeaderCancel }) {
  const { confirmation } = cancel;
  return (
    <div className="no-print">
      {confirmation.isOpen(row.orderId) ? (
        <ConfirmAction
          small
          label={`Bekreft avbestilling av ordre ${row.orderId}`}
          confirmLabel="Ja, avbestill"
          busyLabel="Avbestiller …"
          cancelLabel="Nei, behold"
          error={cancel.error}
          onConfirm={() => cancel.cancelOrder(row.orderId)}
          onCancel={cancel.dismiss}
        >
          Avbestille hele ordre {row.orderId} ({row.contactName})? Det som ikke er betalt, faller bort; det som er betalt, skal betales tilbake.
          Familien får en e-post.
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
  );
}
