import "./load-problem.css";

/** A list that did not load: say so, offer a retry, and keep the technical reason out of the way. */
export function LoadProblem({ what, detail, onRetry }: { what: string; detail: string; onRetry: () => void }) {
  return (
    <div className="load-problem" role="alert">
      <p>Vi klarte ikke å hente {what}. Sjekk nettforbindelsen og prøv igjen.</p>
      <button type="button" className="button secondary" onClick={onRetry}>
        Prøv igjen
      </button>
      <details>
        <summary>Teknisk feilmelding</summary>
        <p className="error-detail">{detail}</p>
      </details>
    </div>
  );
}
