/** What an admin action came to: `ok` is a success to announce, otherwise a failure to read out at once. */
export interface ActionOutcome {
  ok: boolean;
  text: string;
}

/**
 * The outcome of an admin action under the area's buttons: a success goes to a live region that is always in
 * the page (so a screen reader hears it), a failure is an alert.
 */
export function ActionResult({ result }: { result: ActionOutcome | undefined }) {
  return (
    <>
      <div role="status" className="action-result ok">
        {result?.ok ? result.text : ""}
      </div>
      {result && !result.ok && (
        <p className="form-error" role="alert">
          {result.text}
        </p>
      )}
    </>
  );
}
