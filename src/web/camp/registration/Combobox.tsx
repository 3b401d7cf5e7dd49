import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { matchesSearch } from "../../../shared/camp/grades.ts";
import { FieldMessage } from "../../components/wizard/fields.tsx";

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
export function Combobox<T>({
  id,
  label,
  items,
  itemKey,
  itemLabel,
  searchText,
  selected,
  onSelect,
  onBlur,
  error,
  hint,
  unavailable,
  toggleLabel,
  chosenPrefix,
}: ComboboxProps<T>) {
  const listId = `${id}-list`;
  const optionPrefix = useId();
  const chosen = items.find((item) => itemKey(item) === selected);
  const chosenLabel = chosen ? itemLabel(chosen) : "";
  const [query, setQuery] = useState(chosenLabel);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);

  // The chosen item shows in the field, also when it arrives with a restored draft or after loading.
  useEffect(() => {
    if (chosenLabel) setQuery(chosenLabel);
  }, [chosenLabel]);

  const matches = useMemo(
    () => (query === chosenLabel ? [...items] : items.filter((item) => matchesSearch(searchText(item), query))),
    [items, query, chosenLabel, searchText],
  );

  useEffect(() => {
    if (active < 0 || !list.current) return;
    list.current.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: "nearest" });
  }, [active]);

  const choose = (item: T) => {
    onSelect(itemKey(item));
    setQuery(itemLabel(item));
    setOpen(false);
    setActive(-1);
  };

  const onType = (text: string) => {
    setQuery(text);
    setOpen(true);
    setActive(-1);
    const exact = items.find((item) => itemLabel(item).toLocaleLowerCase("nb-NO") === text.trim().toLocaleLowerCase("nb-NO"));
    onSelect(exact ? itemKey(exact) : 0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) setOpen(true);
        setActive((index) => Math.min(index + 1, matches.length - 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) setOpen(true);
        setActive((index) => (index <= 0 ? matches.length - 1 : index - 1));
        break;
      case "Enter": {
        if (!open) return;
        const item = matches[active] ?? (matches.length === 1 ? matches[0] : undefined);
        // Enter picks from an open list instead of submitting the step.
        event.preventDefault();
        if (item) choose(item);
        break;
      }
      case "Escape":
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
    }
  };

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
          onBlur={() => {
            setOpen(false);
            setActive(-1);
            if (chosenLabel && query !== chosenLabel && selected) setQuery(chosenLabel);
            onBlur?.();
          }}
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
          onClick={() => {
            setOpen((isOpen) => !isOpen);
            input.current?.focus();
          }}
        >
          <span aria-hidden="true" className="combobox-arrow" />
        </button>
        <ul ref={list} id={listId} role="listbox" aria-label={label} className="combobox-list" hidden={!expanded || matches.length === 0}>
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
