import { messageLimits } from "../../../shared/messages/message.ts";

/** The subject line of a mail the site sends, capped where the server's schema caps it. */
export function MessageSubjectField({
  id,
  label = "Emne",
  value,
  onChange,
}: {
  id: string;
  label?: string;
  value: string;
  onChange: (subject: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" maxLength={messageLimits.subject} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
