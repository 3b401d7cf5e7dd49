import type { ReactNode } from "react";

/**
 * What a field needs from its wizard: the values, how to change them, and when to show a field's message.
 * The camp and new-member wizards are this as they are; the camp's companion form is adapted to it.
 */
export interface FieldSource<D, K extends keyof D & string> {
  draft: D;
  update: (patch: Partial<D>) => void;
  /** Marks the field as visited, so its message may show. */
  touch: (field: K) => void;
  visibleError: (field: K) => string | undefined;
  /** Put before each field's name to make its id ("companion-" → "companion-email"). */
  idPrefix?: string;
}

const patch = <D, K extends keyof D>(name: K, value: D[K]) => ({ [name]: value }) as unknown as Partial<D>;

/** A text, age or text-area field bound to `draft[name]`: it changes on input and shows its message after a blur. */
export function fieldProps<D, K extends keyof D & string>(source: FieldSource<D, K>, name: K) {
  return {
    id: `${source.idPrefix ?? ""}${name}`,
    value: source.draft[name],
    onChange: (value: D[K]) => source.update(patch(name, value)),
    onBlur: () => source.touch(name),
    error: source.visibleError(name),
  };
}

/** A checkbox with a message of its own: ticking or clearing it counts as a visit. */
export function checkboxProps<D, K extends keyof D & string>(source: FieldSource<D, K>, name: K) {
  return {
    id: `${source.idPrefix ?? ""}${name}`,
    checked: source.draft[name],
    onChange: (checked: D[K]) => {
      source.update(patch(name, checked));
      source.touch(name);
    },
    error: source.visibleError(name),
  };
}

/** A checkbox without a message under it (nothing to say, or its rule is told on another step). */
export function toggleProps<D, K extends keyof D & string>(source: Pick<FieldSource<D, K>, "draft" | "update" | "idPrefix">, name: K) {
  return {
    id: `${source.idPrefix ?? ""}${name}`,
    checked: source.draft[name],
    onChange: (checked: D[K]) => source.update(patch(name, checked)),
  };
}

/** What a step's Back/Next row needs from its wizard. */
export interface StepSource<F extends string> {
  moved: boolean;
  back: () => void;
  next: () => void;
  attempt: () => void;
  canContinue: boolean;
  /** Next's label when it is not «Neste» (the camp's «Tilbake til oppsummeringen» after «Endre»). */
  nextLabel?: string;
  errors: Partial<Record<F, string>>;
  visibleError: (field: F) => string | undefined;
}

/** Why Next is disabled: point at the marked fields once any message shows, else say what is left. */
export function blockedHint<F extends string>(wizard: StepSource<F>, whenEmpty = "Fyll ut alle feltene for å gå videre."): string {
  const anyShown = (Object.keys(wizard.errors) as F[]).some((field) => wizard.visibleError(field));
  return anyShown ? "Rett opp det som er markert, så kan du gå videre." : whenEmpty;
}

/**
 * The StepLayout props of an ordinary step: focus, Back, Next, and why Next is disabled (by default
 * `blockedHint(wizard)`; `null` for a step that gives no reason).
 */
export function stepNav<F extends string>(wizard: StepSource<F>, hint: ReactNode = blockedHint(wizard)) {
  return {
    focusHeading: wizard.moved,
    onBack: wizard.back,
    onNext: wizard.next,
    onAttempt: wizard.attempt,
    canContinue: wizard.canContinue,
    nextLabel: wizard.nextLabel,
    blockedHint: hint,
  };
}
