/** «Endre opplysningene» on "Min påmelding": contact, food and the public list, checked by the shared schema. */
import { useState } from "react";
import type { MyRegistrationView } from "../../../shared/camp/camp-my-registration.ts";
import { MyRegistrationChangeSchema, type MyRegistrationChange } from "../../../shared/camp/camp-registration-changes.ts";
import { campSettings } from "../../../shared/camp/camp-edition.ts";
import { CheckboxField, TextAreaField, TextField } from "../../components/wizard/fields.tsx";
import type { ActionResult } from "./my-registration-api.ts";
import { H, useIdPrefix, useLandmarkId, type Sending } from "./my-registration-sections.tsx";

const fields = ["email", "telephone", "allergies", "otherInfo", "vegan", "public", "sleepover"] as const;
type Form = Pick<MyRegistrationView, (typeof fields)[number]>;
type SetField = <K extends keyof Form>(field: K, value: Form[K]) => void;

export function ChangeForm({ view, onSave }: { view: MyRegistrationView; onSave: (change: MyRegistrationChange) => Promise<ActionResult> }) {
  const idp = useIdPrefix();
  const landmarkId = useLandmarkId();
  const [form, setForm] = useState<Form>(() => Object.fromEntries(fields.map((field) => [field, view[field]])) as Form);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [sending, setSending] = useState<Sending>({ state: "idle" });
  const set: SetField = (field, value) => setForm((current) => ({ ...current, [field]: value }));
  const changed = fields.filter((field) => form[field] !== view[field]);

  const save = async () => {
    const change = Object.fromEntries(changed.map((field) => [field, form[field]])) as MyRegistrationChange;
    // The wizard's own rules and messages before the server checks again.
    const parsed = MyRegistrationChangeSchema.safeParse(change);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    setSending({ state: "sending" });
    const result = await onSave(parsed.data);
    if (result.kind === "ok") setSending({ state: "idle" });
    else if (result.kind === "invalid") {
      setErrors(Object.fromEntries(result.issues.map((issue) => [issue.path.split(".")[0]!, issue.message])));
      setSending({ state: "error", message: result.message });
    } else setSending({ state: "error", message: result.kind === "conflict" ? result.message : "Vi fikk ikke lagret. Prøv igjen om litt." });
  };

  return (
    <section aria-labelledby={landmarkId(`${idp}my-change`)}>
      <H id={`${idp}my-change`}>Endre opplysningene</H>
      <p className="field-hint">
        Du kan endre dette fritt til leiren starter. Allergier og annen informasjon ser bare de som har ansvaret for leiren.
      </p>
      <form
        className="my-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <ContactFields idp={idp} form={form} set={set} errors={errors} />
        <TextAreaField
          id={`${idp}my-allergies`}
          label="Allergier"
          maxLength={campSettings.limits.textLength}
          value={form.allergies}
          onChange={(value) => set("allergies", value)}
          error={errors.allergies}
        />
        <TextAreaField
          id={`${idp}my-other`}
          label="Annen informasjon"
          maxLength={campSettings.limits.textLength}
          value={form.otherInfo}
          onChange={(value) => set("otherInfo", value)}
          error={errors.otherInfo}
        />
        <CheckboxField id={`${idp}my-vegan`} label="Vegetarmat" checked={form.vegan} onChange={(value) => set("vegan", value)} error={errors.vegan} />
        <CheckboxField
          id={`${idp}my-public`}
          label="Vis navn og grad på deltakerlisten"
          checked={form.public}
          onChange={(value) => set("public", value)}
          error={errors.public}
        />
        {(view.maySleepOver || view.sleepover) && (
          <CheckboxField
            id={`${idp}my-sleepover`}
            label="Overnatter i hallen"
            checked={form.sleepover}
            onChange={(value) => set("sleepover", value)}
            error={errors.sleepover}
            disabled={!view.maySleepOver && !form.sleepover}
          />
        )}
        {sending.state === "error" && (
          <p className="field-error" role="alert">
            {sending.message}
          </p>
        )}
        <button type="submit" className="button" disabled={changed.length === 0 || sending.state === "sending"}>
          {sending.state === "sending" ? "Lagrer …" : "Lagre endringene"}
        </button>
      </form>
    </section>
  );
}

/** The family's e-mail and telephone. */
function ContactFields({ idp, form, set, errors }: { idp: string; form: Form; set: SetField; errors: Partial<Record<string, string>> }) {
  return (
    <>
      <TextField
        id={`${idp}my-email`}
        label="E-post"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={form.email}
        onChange={(value) => set("email", value)}
        error={errors.email}
      />
      <TextField
        id={`${idp}my-telephone`}
        label="Telefon"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={form.telephone}
        onChange={(value) => set("telephone", value)}
        error={errors.telephone}
      />
    </>
  );
}
