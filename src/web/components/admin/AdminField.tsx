// One labelled field of an admin form, with its hint and error wired to the input by id.
import type { ReactNode } from "react";

/** Focuses and scrolls to the middle of the screen, clear of a sticky save bar at the bottom. */
export function focusInView(element: HTMLElement) {
  element.focus({ preventScroll: true });
  element.scrollIntoView?.({ block: "center" });
}

/** The input's id for a dotted path, unique in the form. */
export const fieldId = (formId: string, path: string) => `${formId}-${path.replace(/\./g, "-")}`;

export interface A11y {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export function AdminField({
  formId,
  path,
  label,
  error,
  hint,
  className,
  children,
}: {
  formId: string;
  path: string;
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  children: (a11y: A11y) => ReactNode;
}) {
  const id = fieldId(formId, path);
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ") || undefined;
  return (
    <div className={["field", className, error ? "has-error" : ""].filter(Boolean).join(" ")}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
