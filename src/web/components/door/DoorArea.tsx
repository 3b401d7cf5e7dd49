import { useId, type ReactNode, type Ref } from "react";
import { formatOsloClock } from "../../../shared/format.ts";
import { DoorQueueStatus } from "./DoorQueueStatus.tsx";
import { RefusedActions, type useRefusedActions } from "./RefusedActions.tsx";

/** What the door says after an action: `ok` false for a refusal. */
export type DoorNotice = { ok: boolean; text: string };

/**
 * A door's page below the sign-in, one for every kind of event (the camp's and an event's door): the
 * toolbar, the status (the kind's heading and counts, the list's age, what waits for the network), the
 * kind's way to find someone, what the last action did, the refused actions, and the cards found. The
 * kind fills in its parts and words; the order, the landmarks and the live regions are the same for both.
 */
export function DoorArea({
  toolbar,
  statusHeading,
  status,
  fetchedAt,
  onRefresh,
  statusProblem,
  waiting,
  find,
  notice,
  problem,
  refused,
  refusedExplanation,
  children,
}: {
  toolbar: ReactNode;
  /** The status's heading: the event's name, or only for a screen reader («Status»). */
  statusHeading: { text: ReactNode; hidden?: boolean };
  status: ReactNode;
  /** When the list on the phone was fetched (ISO), if there is one. */
  fetchedAt: string | undefined;
  /** A button beside the list's age that fetches it again. */
  onRefresh?: () => void;
  statusProblem?: string;
  /** How many actions wait for the network. */
  waiting: number;
  find: ReactNode;
  notice: DoorNotice | undefined;
  /** What went wrong just now (an unknown code, no list with no network): said at once. */
  problem?: string;
  refused: ReturnType<typeof useRefusedActions>;
  refusedExplanation: string;
  /** The cards found (`DoorResults`). */
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="checkin-area">
      {toolbar}
      <section className="checkin-status" aria-labelledby={`${id}-status`}>
        <h2 id={`${id}-status`} className={statusHeading.hidden ? "visually-hidden" : undefined}>
          {statusHeading.text}
        </h2>
        {status}
        {fetchedAt && (
          <p className="checkin-list-age">
            Lista er hentet {formatOsloClock(new Date(fetchedAt), new Date())}.
            {onRefresh && (
              <>
                {" "}
                <button type="button" className="button secondary" onClick={onRefresh}>
                  Oppdater
                </button>
              </>
            )}
          </p>
        )}
        {statusProblem && <p className="form-error">{statusProblem}</p>}
        <DoorQueueStatus waiting={waiting} />
      </section>

      {find}

      <div role="status" aria-live="polite" className={notice?.ok === false ? "action-result form-error" : "action-result ok"}>
        {notice?.text ?? ""}
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}

      <RefusedActions refused={refused} explanation={refusedExplanation} />

      {children}
    </div>
  );
}

/** The cards found, under a heading that says how many (focused after a search, so a screen reader hears it). */
export function DoorResults({
  id,
  heading,
  headingRef,
  notes,
  cards,
}: {
  id: string;
  heading: string;
  headingRef?: Ref<HTMLHeadingElement>;
  /** Between the heading and the cards: where the hits come from, that there are more. */
  notes?: ReactNode;
  cards: readonly { key: string | number; card: ReactNode }[];
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      {notes}
      <ul className="checkin-hits">
        {cards.map(({ key, card }) => (
          <li key={key}>{card}</li>
        ))}
      </ul>
    </section>
  );
}

/** «Ingen treff», «1 treff», «3 treff». */
export function hitsHeading(count: number): string {
  return count === 0 ? "Ingen treff" : count === 1 ? "1 treff" : `${count} treff`;
}
