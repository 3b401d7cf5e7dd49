import { useId, useState, type ReactNode } from "react";
import { siteSectionLabels, siteSectionSchemas, type SiteContent, type SiteSectionName } from "../../../shared/site/site-content.ts";
import { ActionResult, type ActionOutcome } from "../../components/admin/ActionResult.tsx";
import type { AdminSession } from "../../components/admin/AdminShell.tsx";
import { isUnauthorised, expiredMessage } from "../../components/admin/AdminShell.tsx";
import { SiteImage } from "../../components/SiteImage.tsx";
import { fieldText, fieldValue, sectionForms, valueAt, withValueAt, type FieldSpec, type ListSpec } from "./site-forms.ts";
import { putSiteSection, uploadSiteImage } from "./site-admin-api.ts";
import { SectionPreview } from "./SectionPreview.tsx";
import "../../components/wizard/wizard.css";

type Issues = Map<string, string>;

/** The issues of a failed check by dotted path ("sessions.0.time"), the first per field. */
function issuesByPath(issues: readonly { path: string; message: string }[]): Issues {
  const map = new Map<string, string>();
  for (const issue of issues) if (!map.has(issue.path)) map.set(issue.path, issue.message);
  return map;
}

function Field({
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

function ImageField({
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

/**
 * One section of «Nettsted» as a form: its fields and lists, checked with the section's shared schema before
 * saving (the server checks again), a preview through the pages' own components, and «Lagre».
 */
export function SectionEditor({
  section,
  content,
  session,
  onSaved,
}: {
  section: SiteSectionName;
  content: SiteContent;
  session: AdminSession;
  onSaved: () => void;
}) {
  const form = sectionForms[section];
  const idPrefix = useId().replace(/:/g, "");
  const [draft, setDraft] = useState<unknown>(() => content[section]);
  const [issues, setIssues] = useState<Issues>(new Map());
  const [result, setResult] = useState<ActionOutcome>();
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState(false);
  const set = (path: string, value: unknown) => setDraft((current: unknown) => withValueAt(current, path, value));

  async function save() {
    const checked = siteSectionSchemas[section].safeParse(draft);
    if (!checked.success) {
      setIssues(issuesByPath(checked.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }))));
      setResult({ ok: false, text: "Noen av feltene må rettes før du kan lagre." });
      return;
    }
    setBusy(true);
    try {
      const outcome = await putSiteSection(section, checked.data, session.token);
      if (outcome.kind === "invalid") {
        setIssues(issuesByPath(outcome.issues));
        setResult({ ok: false, text: outcome.message });
      } else {
        setIssues(new Map());
        setDraft(checked.data);
        setResult({ ok: true, text: outcome.change ? "Lagret. Sidene viser endringen om noen sekunder." : "Ingen endring å lagre." });
        onSaved();
      }
    } catch (caught) {
      if (isUnauthorised(caught)) return session.signOut(expiredMessage);
      setResult({ ok: false, text: caught instanceof Error ? caught.message : String(caught) });
    } finally {
      setBusy(false);
    }
  }

  const group = form.optionalGroup;
  const groupValue = group ? valueAt(draft, group.path) : undefined;
  return (
    <section className="site-section-editor" aria-labelledby={`${idPrefix}-heading`}>
      <h2 id={`${idPrefix}-heading`}>{siteSectionLabels[section]}</h2>
      <p>{form.intro}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {form.fields.map((spec) => (
          <Field
            key={spec.path}
            spec={spec}
            path={spec.path}
            value={valueAt(draft, spec.path)}
            onChange={(value) => set(spec.path, value)}
            error={issues.get(spec.path)}
            idPrefix={idPrefix}
          />
        ))}
        {group && (
          <fieldset className="fieldset">
            <legend className="visually-hidden">{group.label}</legend>
            <div className="check-row">
              <input
                id={`${idPrefix}-group`}
                type="checkbox"
                checked={groupValue !== null && groupValue !== undefined}
                onChange={(event) => set(group.path, event.target.checked ? group.empty() : null)}
              />
              <label htmlFor={`${idPrefix}-group`}>{group.label}</label>
            </div>
            {groupValue !== null &&
              groupValue !== undefined &&
              group.fields.map((spec) => {
                const path = `${group.path}.${spec.path}`;
                return (
                  <Field
                    key={path}
                    spec={spec}
                    path={path}
                    value={valueAt(draft, path)}
                    onChange={(value) => set(path, value)}
                    error={issues.get(path)}
                    idPrefix={idPrefix}
                  />
                );
              })}
          </fieldset>
        )}
        {form.lists.map((list) => {
          const items = (valueAt(draft, list.list) as Record<string, unknown>[] | undefined) ?? [];
          const setItems = (next: Record<string, unknown>[]) => set(list.list, next);
          return (
            <div key={list.list} className="site-list">
              <ol className="site-list-items">
                {items.map((item, index) => (
                  <li key={index} className="site-list-item">
                    <fieldset className="fieldset">
                      <legend>{list.itemTitle(item, index)}</legend>
                      {list.fields.map((spec) => {
                        const path = `${list.list}.${index}.${spec.path}`;
                        return (
                          <Field
                            key={path}
                            spec={spec}
                            path={path}
                            value={item[spec.path]}
                            onChange={(value) => set(path, value)}
                            error={issues.get(path)}
                            idPrefix={idPrefix}
                          />
                        );
                      })}
                      {list.image && (
                        <ImageField
                          spec={list.image}
                          path={`${list.list}.${index}.${list.image.path}`}
                          value={item[list.image.path] ?? null}
                          onChange={(value) => set(`${list.list}.${index}.${list.image!.path}`, value)}
                          session={session}
                          error={issues.get(`${list.list}.${index}.${list.image.path}`)}
                          idPrefix={idPrefix}
                        />
                      )}
                      <div className="button-row">
                        <button
                          type="button"
                          className="button secondary small"
                          disabled={index === 0}
                          onClick={() => setItems(items.map((other, at) => (at === index - 1 ? item : at === index ? items[index - 1]! : other)))}
                        >
                          Flytt opp<span className="visually-hidden">: {list.itemTitle(item, index)}</span>
                        </button>
                        <button type="button" className="button secondary small" onClick={() => setItems(items.filter((_, at) => at !== index))}>
                          Fjern<span className="visually-hidden">: {list.itemTitle(item, index)}</span>
                        </button>
                      </div>
                    </fieldset>
                  </li>
                ))}
              </ol>
              {issues.get(list.list) && <p className="field-error">{issues.get(list.list)}</p>}
              <button type="button" className="button secondary" onClick={() => setItems([...items, list.newItem()])}>
                {list.addLabel}
              </button>
            </div>
          );
        })}
        <div className="button-row site-editor-actions">
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            {busy ? "Lagrer …" : "Lagre"}
          </button>
          <button type="button" className="button secondary" aria-expanded={preview} onClick={() => setPreview(!preview)}>
            {preview ? "Skjul forhåndsvisning" : "Forhåndsvis"}
          </button>
        </div>
        <ActionResult result={result} />
      </form>
      {preview && <SectionPreview section={section} content={{ ...content, [section]: draft } as SiteContent} />}
    </section>
  );
}
