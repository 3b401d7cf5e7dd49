import { useId, type ReactNode } from "react";
import { DoorMoney } from "./DoorMoney.tsx";

/**
 * One card at a door, for every kind of event: a camp registration, an event's order. Who it is (the
 * card's accessible name), its order id line, a warning when it is not at the door, the money, then the
 * kind's own parts (its persons, a sale's lines, the camp's payment form).
 */
export function DoorCard({
  heading,
  subline,
  warnings,
  inactive,
  money,
  children,
}: {
  heading: string;
  subline: ReactNode;
  /** Why the card is not at the door, or what is not finished («Betalingen med Vipps ble ikke fullført.»). */
  warnings: readonly (string | undefined)[];
  /** Cancelled or waiting: greyed, no check-in. */
  inactive: boolean;
  /** The kind's line above the figures (an event says what is owed) and the figures, whole kroner. */
  money: { before?: ReactNode; charged: number; paid: number; outstanding: number };
  children: ReactNode;
}) {
  const id = useId();
  return (
    <article className={inactive ? "checkin-card cancelled" : "checkin-card"} aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>{heading}</h3>
      <p className="checkin-club">{subline}</p>
      {warnings.map((warning) =>
        warning ? (
          <p key={warning} className="checkin-warning">
            {warning}
          </p>
        ) : null,
      )}
      {money.before}
      <DoorMoney charged={money.charged} paid={money.paid} outstanding={money.outstanding} />
      {children}
    </article>
  );
}

/**
 * A person at the door with the one button that checks in or takes it back: «Sjekk inn» and «Angre» are one
 * place that changes (the keyboard's focus stays there), each naming the person to a screen reader. What
 * waits for the network says so.
 */
export function DoorPersonRow({
  name,
  nameTag,
  tags,
  notes,
  here,
  done,
  waiting,
  canCheckIn,
  onCheckIn,
  onUndo,
}: {
  name: string;
  /** After the name («Ledsager»). */
  nameTag?: ReactNode;
  tags: ReactNode;
  notes?: ReactNode;
  here: boolean;
  /** After «Sjekket inn»: when and by whom (empty at the camp, which shows the day's check-in only). */
  done: string;
  /** A check-in or an undo of the person waits for the network. */
  waiting: boolean;
  canCheckIn: boolean;
  /** Absent: the check-in cannot be taken back here (a cancelled camp registration). */
  onUndo?: () => void;
  onCheckIn: () => void;
}) {
  return (
    <li className={here ? "here" : undefined}>
      <div className="checkin-person">
        <p className="checkin-person-name">
          {name}
          {nameTag}
        </p>
        <p className="checkin-tags">{tags}</p>
        {notes}
        {here && <p className="checkin-done">{waiting ? "Sjekket inn (venter på nett)" : `Sjekket inn${done ? ` ${done}` : ""}`}</p>}
        {!here && waiting && <p className="checkin-waiting">Angret (venter på nett)</p>}
      </div>
      {here
        ? onUndo && (
            <button type="button" className="button secondary" onClick={onUndo}>
              Angre<span className="visually-hidden"> innsjekking av {name}</span>
            </button>
          )
        : canCheckIn && (
            <button type="button" className="button" onClick={onCheckIn}>
              Sjekk inn<span className="visually-hidden"> {name}</span>
            </button>
          )}
    </li>
  );
}
