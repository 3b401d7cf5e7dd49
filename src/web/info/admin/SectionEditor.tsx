import { useId, useState } from "react";
import { siteSectionLabels, siteSectionSchemas, type SiteContent, type SiteSectionName } from "../../../shared/site/site-content.ts";
import { ActionResult, type ActionOutcome } from "../../components/admin/ActionResult.tsx";
import { type AdminSession, isUnauthorised, expiredMessage } from "../../components/admin/AdminShell.tsx";
import { sectionForms, valueAt, withValueAt } from "./site-forms.ts";
import { putSiteSection } from "./site-admin-api.ts";
import { SectionPreview } from "./SectionPreview.tsx";
import "../../components/wizard/wizard.css";
import { type Issues, issuesByPath, Field } from "./SectionFields.tsx";
import { OptionalGroupFields, ListEditor } from "./SectionEditorParts.tsx";

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
        {group && <OptionalGroupFields group={group} draft={draft} set={set} issues={issues} idPrefix={idPrefix} />}
        {form.lists.map((list) => (
          <ListEditor key={list.list} list={list} draft={draft} set={set} issues={issues} idPrefix={idPrefix} session={session} />
        ))}
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
