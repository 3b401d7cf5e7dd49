// One labelled field of the edition form: the admin forms' field, labelled by the edition's own words.
import type { ComponentProps } from "react";
import { campEditionFieldLabel } from "../../../../shared/camp/camp-edition-labels.ts";
import { AdminField } from "../../../components/admin/AdminField.tsx";

export { fieldId, focusInView, type A11y } from "../../../components/admin/AdminField.tsx";

export function Field({ label, ...props }: Omit<ComponentProps<typeof AdminField>, "label"> & { label?: string }) {
  return <AdminField {...props} label={label ?? campEditionFieldLabel(props.path)} />;
}
