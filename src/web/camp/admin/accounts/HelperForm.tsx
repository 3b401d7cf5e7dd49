// «Legg til hjelper» and «Nytt passord for …»: name, username, password and role, with each field's message.
import type { InputHTMLAttributes } from "react";
import { campRoleDescriptions, campRoleLabels, campRoles } from "../../../../shared/admin/camp-accounts.ts";
import { emptyHelperForm, type Helpers } from "./use-helpers.ts";

function HelperField({
  id,
  name,
  label,
  helpers: { form, setForm, errors },
  ...props
}: {
  /** The area's id: the input's id starts with it. */
  id: string;
  name: "username" | "name" | "password";
  label: string;
  helpers: Helpers;
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        value={form[name]}
        onChange={(event) => setForm({ ...form, [name]: event.target.value })}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...props}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="field-error">
          {errors[name]}
        </p>
      )}
    </div>
  );
}

export function HelperForm({ id, helpers }: { id: string; helpers: Helpers }) {
  const { form, setForm, errors, busy, formHeading, submit } = helpers;
  return (
    <>
      <h3 ref={formHeading} tabIndex={-1}>
        {form.resetting ? `Nytt passord for ${form.name}` : "Legg til hjelper"}
      </h3>
      <form onSubmit={(event) => void submit(event)} noValidate className="helper-form">
        <HelperField id={id} helpers={helpers} name="name" label="Navn" autoComplete="off" />
        <HelperField
          id={id}
          helpers={helpers}
          name="username"
          label="Brukernavn"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          readOnly={form.resetting}
        />
        <HelperField id={id} helpers={helpers} name="password" label="Passord (minst 12 tegn)" type="password" autoComplete="new-password" />
        <fieldset className="role-field">
          <legend>Rolle</legend>
          {campRoles.map((role) => (
            <label key={role} className="role-choice">
              <input type="radio" name={`${id}-role`} value={role} checked={form.role === role} onChange={() => setForm({ ...form, role })} />
              <span>
                <strong>{campRoleLabels[role]}</strong>: {campRoleDescriptions[role]}
              </span>
            </label>
          ))}
        </fieldset>
        {errors.form && (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            {busy ? "Lagrer..." : form.resetting ? "Sett nytt passord" : "Legg til"}
          </button>
          {form.resetting && (
            <button type="button" className="button secondary" onClick={() => setForm(emptyHelperForm)}>
              Avbryt
            </button>
          )}
        </div>
      </form>
    </>
  );
}
