/** The parts of a section's form beyond its plain fields: a group it may leave out, and its lists of items. */
import type { AdminSession } from "../../components/admin/AdminShell.tsx";
import { valueAt, type ListSpec, type SectionForm } from "./site-forms.ts";
import { type Issues, Field, ImageField } from "./SectionFields.tsx";

interface EditorPartProps {
  draft: unknown;
  set: (path: string, value: unknown) => void;
  issues: Issues;
  idPrefix: string;
}

/** A group of fields the section may leave out: a checkbox that adds or removes it, and its fields when there. */
export function OptionalGroupFields({ group, draft, set, issues, idPrefix }: EditorPartProps & { group: NonNullable<SectionForm["optionalGroup"]> }) {
  const groupValue = valueAt(draft, group.path);
  return (
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
  );
}

/** One list of the section: its items, each with its fields (and image), moved up or removed, and one more added. */
export function ListEditor({ list, draft, set, issues, idPrefix, session }: EditorPartProps & { list: ListSpec; session: AdminSession }) {
  const items = (valueAt(draft, list.list) as Record<string, unknown>[] | undefined) ?? [];
  const setItems = (next: Record<string, unknown>[]) => set(list.list, next);
  return (
    <div className="site-list">
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
}
