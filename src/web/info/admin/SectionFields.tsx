/** One field of a section's form (text, number, date, select …) or one image with its upload, and its issue from the check. */
import { useState, type ReactNode } from "react";
import { type AdminSession, isUnauthorised, expiredMessage } from "../../components/admin/AdminShell.tsx";
import { SiteImage } from "../../components/SiteImage.tsx";
import { fieldText, fieldValue, type FieldSpec, type ListSpec } from "./site-forms.ts";
import { uploadSiteImage } from "./site-admin-api.ts";

export type Issues = Map<string, string>;

/** The issues of a failed check by dotted path ("sessions.0.time"), the first per field. */
export function issuesByPath(issues: readonly { path: string; message: string }[]): Issues {
  const map = new Map<string, string>();
  for (const issue of issues) if (!map.has(issue.path)) map.set(issue.path, issue.message);
  return map;
}

export function Field({
  spec,
  path,
  value,
  onChange,
  error,
  idPrefix,
}: {
  spec: FieldSpec;
  path: string;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  idPrefix: string;
}) {
  const id = `${idPrefix}-${path.replace(/\./g, "-")}`;
  const describedBy = [spec.hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const common = { id, name: id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy } as const;
  const text = fieldText(spec.kind, value);
  const change = (next: string) => onChange(fieldValue(spec.kind, next));
  let control: ReactNode;
  if (spec.kind === "textarea" || spec.kind === "lines") {
    control = <textarea {...common} rows={spec.kind === "lines" ? 3 : 5} value={text} onChange={(event) => change(event.target.value)} />;
  } else if (spec.kind === "select") {
    control = (
      <select {...common} value={text} onChange={(event) => change(event.target.value)}>
        {spec.options?.map(([option, label]) => (
          <option key={option} value={option}>
            {label}
          </option>
        ))}
      </select>
    );
  } else {
    const type =
      spec.kind === "number" ? "number" : spec.kind === "date" ? "date" : spec.kind === "email" ? "email" : spec.kind === "url" ? "url" : "text";
    control = (
      <input
        {...common}
        type={type}
        inputMode={spec.kind === "number" ? "numeric" : undefined}
        value={text}
        onChange={(event) => change(event.target.value)}
      />
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{spec.label}</label>
      {spec.hint && (
        <p id={`${id}-hint`} className="field-hint">
          {spec.hint}
        </p>
      )}
      {control}
      <p id={`${id}-error`} className="field-error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}

export function ImageField({
  spec,
  path,
  value,
  onChange,
  session,
  error,
  idPrefix,
}: {
  spec: NonNullable<ListSpec["image"]>;
  path: string;
  value: unknown;
  onChange: (value: unknown) => void;
  session: AdminSession;
  error?: string;
  idPrefix: string;
}) {
  const id = `${idPrefix}-${path.replace(/\./g, "-")}`;
  const [state, setState] = useState<{ busy: boolean; message?: string }>({ busy: false });
  const image = value as { id: string; width: number; height: number } | null;
  async function upload(file: File | undefined) {
    if (!file) return;
    setState({ busy: true });
    try {
      onChange(await uploadSiteImage(spec.kind, file, session.token));
      setState({ busy: false, message: "Bildet er lastet opp. Husk å lagre." });
    } catch (caught) {
      if (isUnauthorised(caught)) return session.signOut(expiredMessage);
      setState({ busy: false, message: caught instanceof Error ? caught.message : String(caught) });
    }
  }
  return (
    <div className="field site-image-field">
      <label htmlFor={id}>{spec.label}</label>
      {image && <SiteImage className="site-image-thumb" image={image} alt="" eager />}
      <input
        id={id}
        name={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={state.busy}
        onChange={(event) => void upload(event.target.files?.[0])}
        aria-describedby={`${id}-status`}
      />
      <p id={`${id}-status`} className={state.message && !state.busy ? "field-hint" : "field-hint"} role="status">
        {state.busy ? "Laster opp …" : (state.message ?? "JPEG, PNG eller WebP, høyst 8 MB. Bildet gjøres mindre og lagres uten metadata.")}
      </p>
      {image && (
        <button type="button" className="button secondary small" onClick={() => onChange(null)}>
          Fjern bildet
        </button>
      )}
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
