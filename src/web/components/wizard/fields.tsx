import type { ChangeEvent, ReactNode } from "react";
import "./wizard.css";

/** Ids for a field's hint and message, so aria-describedby can point at what is shown. */
function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const present = ids.filter(Boolean).join(" ");
  return present || undefined;
}

/**
 * The message under a field. The element is always there (empty when there is nothing to say) so a
 * message that appears is announced politely by screen readers.
 */
export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  return (
    <p id={id} className="field-error" aria-live="polite">
      {message}
    </p>
  );
}

interface BaseFieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  onBlur?: () => void;
}

interface TextFieldProps extends BaseFieldProps {
  value: string;
  onChange: (value: string) => void;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel";
}

export function TextField({ id, label, hint, error, onBlur, value, onChange, type = "text", autoComplete, inputMode }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={id}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, error && `${id}-error`)}
      />
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}

interface AgeFieldProps extends BaseFieldProps {
  value: number;
  onChange: (value: number) => void;
  /** The input's range (the rules still decide what is accepted). */
  min?: number;
  max?: number;
}

/** An empty box is age 0 ("not filled in"), never NaN: the old site posted NaN as null and got a 400. */
export function ageFromInput(text: string): number {
  const value = Number(text);
  return text.trim() === "" || !Number.isFinite(value) ? 0 : value;
}

export function AgeField({ id, label, hint, error, onBlur, value, onChange, min = 0, max = 125 }: AgeFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field field-short">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={value === 0 ? "" : String(value)}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(ageFromInput(event.target.value))}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, error && `${id}-error`)}
      />
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}

interface TextAreaProps extends BaseFieldProps {
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
}

export function TextAreaField({ id, label, hint, error, onBlur, value, onChange, maxLength }: TextAreaProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const countId = `${id}-count`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <textarea
        id={id}
        name={id}
        rows={5}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, countId, error && `${id}-error`)}
      />
      <p id={countId} className="field-count">
        {value.length} av {maxLength} tegn
      </p>
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}

interface CheckboxFieldProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Why the box is disabled, or what ticking it means; read out with the box. */
  description?: ReactNode;
  error?: string;
}

/** A native checkbox with its own label: clicking one box never flips another (old bug 28). */
export function CheckboxField({ id, label, checked, onChange, disabled, description, error }: CheckboxFieldProps) {
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className={`check-field${disabled ? " is-disabled" : ""}`}>
      <div className="check-row">
        <input
          id={id}
          name={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(descriptionId, error && `${id}-error`)}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {description && (
        <p id={descriptionId} className="check-description">
          {description}
        </p>
      )}
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}
