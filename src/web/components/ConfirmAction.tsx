import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useFocusReturn } from "../lib/use-focus-return.ts";
import "./confirm-action.css";

/**
 * The "are you sure?" step before an action that cannot be taken back (remove, cancel, delete, publish).
 * It takes the keyboard when it opens (to the cancel button, the safe choice), closes on Escape or the cancel
 * button, says on the confirm button what it does, is busy while the call runs, and reads out a failure at
 * once. The caller shows it in place of the button that asked, and gives the keyboard back with
 * `useConfirmation`.
 */
export function ConfirmAction({
  children,
  label,
  confirmLabel,
  busyLabel,
  cancelLabel = "Avbryt",
  onConfirm,
  onCancel,
  busy = false,
  error,
  small = false,
  className = "confirm-box",
}: {
  /** The question and what follows from it; names the group for a screen reader unless `label` is given. */
  children: ReactNode;
  /** A shorter name for the group when the question is long. */
  label?: string;
  /** What the button does: "Ja, fjern", "Ja, avbestill". */
  confirmLabel: string;
  /** The confirm button while the call runs: "Fjerner...". */
  busyLabel: string;
  cancelLabel?: string;
  /** Runs the action. The caller reports the outcome and closes the confirmation when it is done. */
  onConfirm: () => Promise<unknown> | void;
  onCancel: () => void;
  /** Something else on the page is running: the confirm button waits. */
  busy?: boolean;
  /** Why the last try failed, when the caller shows it here. */
  error?: string;
  small?: boolean;
  className?: string;
}) {
  const id = useId();
  const cancelButton = useRef<HTMLButtonElement>(null);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string>();

  useEffect(() => cancelButton.current?.focus(), []);

  async function confirm() {
    if (running || busy) return;
    setRunning(true);
    setFailure(undefined);
    try {
      await onConfirm();
    } catch (caught) {
      setFailure(`Det gikk ikke. ${caught instanceof Error ? caught.message : ""}`.trim());
    } finally {
      setRunning(false);
    }
  }

  const cancel = () => {
    if (!running) onCancel();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    cancel();
  };

  const size = small ? " small" : "";
  const problem = error ?? failure;
  return (
    <div className={className} role="group" aria-label={label} aria-labelledby={label ? undefined : `${id}-question`} onKeyDown={onKeyDown}>
      <p id={`${id}-question`}>{children}</p>
      {problem && (
        <p className="confirm-error" role="alert">
          {problem}
        </p>
      )}
      <div className="button-row">
        <button type="button" className={`button${size}`} onClick={() => void confirm()} aria-disabled={running || busy || undefined}>
          {running ? busyLabel : confirmLabel}
        </button>
        <button type="button" className={`button secondary${size}`} ref={cancelButton} onClick={cancel} aria-disabled={running || undefined}>
          {cancelLabel}
        </button>
      </div>
    </div>
  );
}

/**
 * Which confirmation is open (one at a time, by key), and the buttons that open them: closing one without
 * acting gives the keyboard back to the button that asked, once it is shown again.
 */
export function useConfirmation<K extends string | number>() {
  const [open, setOpen] = useState<K>();
  const { register, returnTo } = useFocusReturn<K>();

  return {
    /** The key of the open confirmation, if any. */
    open,
    isOpen: (key: K) => open === key,
    ask: (key: K) => setOpen(key),
    /** Closes without acting: the keyboard goes back to the button that asked. */
    cancel: () => {
      if (open !== undefined) returnTo(open);
      setOpen(undefined);
    },
    /** Closes after the action; the caller moves the keyboard to where the result is. */
    close: () => setOpen(undefined),
    /** The ref of the button that opens the confirmation for `key`. */
    trigger: register,
  };
}
