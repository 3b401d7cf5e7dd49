import { useId, type ReactNode, type RefObject } from "react";
import { FieldMessage } from "../../components/wizard/fields.tsx";
import { useCombobox } from "./use-combobox.ts";

interface ComboboxProps<T> {
  id: string;
  label: string;
  items: readonly T[];
  itemKey: (item: T) => number;
  itemLabel: (item: T) => string;
  /** What a search is matched against (the grade's number, Cup/Dan and name). */
  searchText: (item: T) => string;
  selected: number;
  onSelect: (key: number) => void;
  onBlur?: () => void;
  error?: string;
  hint?: ReactNode;
  /** While the list loads or failed: the field is disabled and shows this text. */
  unavailable?: string;
  /** What the list button is called ("Vis alle klubber"). */
  toggleLabel: string;
  /** Shown under the field once something is chosen ("Valgt klubb: …"). */
  chosenPrefix: string;
}

/**
 * A search field with suggestions, following the ARIA combobox pattern (list autocomplete): type to
 * filter, arrows to move, Enter to choose, Escape to close. A choice is made by picking from the list
 * or typing a name exactly; anything else leaves the field unchosen (0), so Next stays disabled.
 */
export function Combobox<T>({ id, label, error, hint, unavailable, toggleLabel, chosenPrefix, ...choice }: ComboboxProps<T>) {
  const { itemKey, itemLabel, selected } = choice;
  const listId = `${id}-list`;
  const optionPrefix = useId();
  const { chosen, chosenLabel, query, open, setOpen, active, input, list, matches, choose, onType, onKeyDown, onInputBlur, toggle } =
    useCombobox(choice);

  const hintId = hint ? `${id}-hint` : undefined;
  const chosenId = `${id}-chosen`;
  const expanded = open && !unavailable;
  return (
    <div className="field combobox">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <div className="combobox-control">
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${optionPrefix}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, chosen && chosenId, error && `${id}-error`].filter(Boolean).join(" ") || undefined}
          disabled={Boolean(unavailable)}
          placeholder={unavailable ?? "Skriv for å søke"}
          value={unavailable ? "" : query}
          onChange={(event) => onType(event.target.value)}
          onKeyDown={onKeyDown}
          onClick={() => setOpen(true)}
          onBlur={onInputBlur}
        />
        <button
          type="button"
          className="combobox-toggle"
          tabIndex={-1}
          aria-label={toggleLabel}
          aria-expanded={expanded}
          aria-controls={listId}
          disabled={Boolean(unavailable)}
          onMouseDown={(event) => event.preventDefault()}
          onClick={toggle}
        >
          <span aria-hidden="true" className="combobox-arrow" />
        </button>
        <ComboboxOptions
          listRef={list}
          listId={listId}
          label={label}
          hidden={!expanded || matches.length === 0}
          matches={matches}
          optionPrefix={optionPrefix}
          active={active}
          selected={selected}
          itemKey={itemKey}
          itemLabel={itemLabel}
          choose={choose}
        />
        {expanded && matches.length === 0 && <p className="combobox-empty">Ingen treff</p>}
      </div>
      {chosen && (
        <p id={chosenId} className="combobox-chosen">
          {chosenPrefix}: <strong>{chosenLabel}</strong>
        </p>
      )}
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}

/** The listbox of matches: the active option is highlighted, the chosen one marked; a press picks without leaving the field. */
function ComboboxOptions<T>({
  listRef,
  listId,
  label,
  hidden,
  matches,
  optionPrefix,
  active,
  selected,
  itemKey,
  itemLabel,
  choose,
}: {
  listRef: RefObject<HTMLUListElement | null>;
  listId: string;
  label: string;
  hidden: boolean;
  matches: T[];
  optionPrefix: string;
  active: number;
  selected: number;
  itemKey: (item: T) => number;
  itemLabel: (item: T) => string;
  choose: (item: T) => void;
}) {
  return (
    <ul ref={listRef} id={listId} role="listbox" aria-label={label} className="combobox-list" hidden={hidden}>
      {matches.map((item, index) => (
        <li
          key={itemKey(item)}
          id={`${optionPrefix}-${index}`}
          data-index={index}
          role="option"
          aria-selected={index === active}
          className={`combobox-option${index === active ? " is-active" : ""}${itemKey(item) === selected ? " is-chosen" : ""}`}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => choose(item)}
        >
          {itemLabel(item)}
        </li>
      ))}
    </ul>
  );
}
