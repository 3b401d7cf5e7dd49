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

/**
 * The frame every text-like field shares: label above, optional hint, the control, and the message under it.
 * The control gets its ARIA from controlAria() with the same ids.
 */
function FieldFrame({ id, label, hint, error, className = "field", children }: BaseFieldProps & { className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {children}
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}

/** The control's invalid state and what describes it: the hint, any extra ids, then the message. */
function controlAria(id: string, hint: ReactNode, error: string | undefined, ...extra: string[]) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(hint ? `${id}-hint` : undefined, ...extra, error && `${id}-error`),
  };
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
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        name={id}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        {...controlAria(id, hint, error)}
      />
    </FieldFrame>
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
function ageFromInput(text: string): number {
  const value = Number(text);
  return text.trim() === "" || !Number.isFinite(value) ? 0 : value;
}

export function AgeField({ id, label, hint, error, onBlur, value, onChange, min = 0, max = 125 }: AgeFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className="field field-short">
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
        {...controlAria(id, hint, error)}
      />
    </FieldFrame>
  );
}

interface TextAreaProps extends BaseFieldProps {
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
}

export function TextAreaField({ id, label, hint, error, onBlur, value, onChange, maxLength }: TextAreaProps) {
  const countId = `${id}-count`;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        name={id}
        rows={5}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        {...controlAria(id, hint, error, countId)}
      />
      <p id={countId} className="field-count">
        {value.length} av {maxLength} tegn
      </p>
    </FieldFrame>
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
