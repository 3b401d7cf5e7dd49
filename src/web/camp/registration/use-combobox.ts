import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { matchesSearch } from "../../../shared/camp/grades.ts";

/** What the combobox's logic reads from its props. */
export interface ComboboxChoice<T> {
  items: readonly T[];
  itemKey: (item: T) => number;
  itemLabel: (item: T) => string;
  searchText: (item: T) => string;
  selected: number;
  onSelect: (key: number) => void;
  onBlur?: () => void;
}

/**
 * The combobox's state and keyboard handling, apart from its markup: the text typed, whether the list is
 * open, the active option, and the matches of the text.
 */
export function useCombobox<T>({ items, itemKey, itemLabel, searchText, selected, onSelect, onBlur }: ComboboxChoice<T>) {
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

  // Leaving the field closes the list and puts back the chosen name over an unfinished search.
  const onInputBlur = () => {
    setOpen(false);
    setActive(-1);
    if (chosenLabel && query !== chosenLabel && selected) setQuery(chosenLabel);
    onBlur?.();
  };

  const toggle = () => {
    setOpen((isOpen) => !isOpen);
    input.current?.focus();
  };

  return { chosen, chosenLabel, query, open, setOpen, active, input, list, matches, choose, onType, onKeyDown, onInputBlur, toggle };
}
