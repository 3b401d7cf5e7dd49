// Move up, move down and remove for one row of a list an admin edits (questions, choices, items, sizes).
import "./list-editor.css";

/** The list with the row at `from` moved to `to`. */
export function moveRow<T>(rows: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= rows.length || from === to) return [...rows];
  const next = [...rows];
  const [row] = next.splice(from, 1);
  next.splice(to, 0, row!);
  return next;
}

/** Once React has drawn a row just added, the keyboard goes to its first field. */
export function focusSoon(id: string) {
  setTimeout(() => document.getElementById(id)?.focus(), 0);
}

/** After React has moved the row, the keyboard stays on the same button of it (or its neighbour at an end). */
function focusLater(ids: string[]) {
  setTimeout(() => {
    for (const id of ids) {
      const element = document.getElementById(id);
      if (element instanceof HTMLButtonElement && !element.disabled) {
        element.focus();
        return;
      }
    }
  }, 0);
}

/**
 * The row's buttons, each named with what it does to which row («Flytt opp spørsmål 2»). `idPrefix` and
 * the row's key give the buttons ids that stay with the row, so focus follows it when it moves.
 */
export function RowButtons({
  idPrefix,
  rowKey,
  index,
  count,
  noun,
  onMove,
  onRemove,
}: {
  idPrefix: string;
  rowKey: string;
  index: number;
  count: number;
  /** What a row is, with its number: «spørsmål 2», «valg 1 i spørsmål 2». */
  noun: string;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const id = (action: string) => `${idPrefix}-${rowKey}-${action}`;
  return (
    <div className="row-buttons">
      <button
        type="button"
        id={id("up")}
        className="button secondary small"
        disabled={index === 0}
        aria-label={`Flytt opp ${noun}`}
        onClick={() => {
          onMove(index - 1);
          focusLater([id("up"), id("down")]);
        }}
      >
        <span aria-hidden="true">↑</span> Opp
      </button>
      <button
        type="button"
        id={id("down")}
        className="button secondary small"
        disabled={index === count - 1}
        aria-label={`Flytt ned ${noun}`}
        onClick={() => {
          onMove(index + 1);
          focusLater([id("down"), id("up")]);
        }}
      >
        <span aria-hidden="true">↓</span> Ned
      </button>
      <button type="button" className="button secondary small" aria-label={`Fjern ${noun}`} onClick={onRemove}>
        Fjern
      </button>
    </div>
  );
}
