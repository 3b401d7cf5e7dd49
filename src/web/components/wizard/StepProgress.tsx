import "./wizard.css";
/** "Steg 2 av 4" with a progress bar; the wizard decides which steps count. */
export function StepProgress({ number, total }: { number: number; total: number }) {
  if (number < 1) return null;
  return (
    <div className="step-indicator">
      <p id="step-indicator-label" className="step-indicator-label">
        Steg {number} av {total}
      </p>
      <progress max={total} value={number} aria-labelledby="step-indicator-label" />
    </div>
  );
}
