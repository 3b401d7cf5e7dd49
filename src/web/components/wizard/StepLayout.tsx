import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import "./wizard.css";
import { HydrationGate } from "../HydrationGate.tsx";

interface StepLayoutProps {
  title: ReactNode;
  /** Move focus to the heading when shown (every step change, not the first page load). */
  focusHeading: boolean;
  children: ReactNode;
  onBack?: () => void;
  /** Leave out for steps with their own buttons (Payment, Done). */
  onNext?: () => void;
  /** Called on Enter or a submit while Next is not allowed: the step shows all its messages. */
  onAttempt?: () => void;
  canContinue?: boolean;
  nextLabel?: string;
  /** Why Next is disabled, shown beside it. */
  blockedHint?: ReactNode;
  /** Buttons that replace the Back/Next row. */
  actions?: ReactNode;
}

const textInputTypes = new Set(["text", "email", "tel", "number", "search", "url", "password"]);

export function StepLayout({
  title,
  focusHeading,
  children,
  onBack,
  onNext,
  onAttempt,
  canContinue = true,
  nextLabel = "Neste",
  blockedHint,
  actions,
}: StepLayoutProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);

  const proceed = () => {
    if (canContinue) onNext?.();
    else onAttempt?.();
  };

  // Enter in a one-line field submits the step when allowed; otherwise it shows what is missing.
  // Done by hand because a disabled submit button blocks the browser's own implicit submission.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== "Enter" || event.defaultPrevented || !onNext) return;
    if (target instanceof HTMLInputElement && textInputTypes.has(target.type)) {
      event.preventDefault();
      proceed();
    }
  };

  return (
    <form
      className="wizard-step"
      noValidate
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        proceed();
      }}
    >
      <HydrationGate>
        <h2 ref={heading} tabIndex={-1} className="wizard-heading">
          {title}
        </h2>
        {children}
        {actions ?? (
          <div className="wizard-nav">
            {onNext && (
              <div className="wizard-next">
                <button
                  type="submit"
                  className="button"
                  disabled={!canContinue}
                  aria-describedby={!canContinue && blockedHint ? "wizard-blocked-hint" : undefined}
                >
                  {nextLabel}
                </button>
                {!canContinue && blockedHint && (
                  <p id="wizard-blocked-hint" className="wizard-hint">
                    {blockedHint}
                  </p>
                )}
              </div>
            )}
            {onBack && (
              <button type="button" className="button secondary" onClick={onBack}>
                Tilbake
              </button>
            )}
          </div>
        )}
      </HydrationGate>
    </form>
  );
}
