import { formatKroner } from "../../../shared/format.ts";
import { mergeFields } from "../../../shared/messages/message.ts";
import { composeMessageText, messageGreetingHint } from "../../../shared/messages/message-greeting.ts";

/** The example family the form shows the start of the mail for, before the leader asks for the real preview. */
const example = { navn: "Kari Nordmann", deltakere: "Emma", lenke: "[lenke]", beløp: formatKroner(350) };

/**
 * The message's text, the merge fields it may use, and how the mail will begin: the same function as the
 * server's mail (shared/messages/message-greeting.ts) decides whether the mail adds its greeting, so the
 * example never shows a greeting the family will not get, nor hides one they will.
 */
export function MessageBodyField({
  id,
  label = "Melding",
  value,
  onChange,
}: {
  id: string;
  label?: string;
  value: string;
  onChange: (body: string) => void;
}) {
  const { paragraphs } = composeMessageText(value.trim(), example, `Denne meldingen gjelder ${example.deltakere} Nordmann.`);
  const start = paragraphs.slice(0, 3).join("\n\n");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} rows={8} value={value} aria-describedby={`${id}-fields ${id}-start`} onChange={(event) => onChange(event.target.value)} />
      <p id={`${id}-fields`} className="field-hint">
        Flettefelt:{" "}
        {Object.entries(mergeFields).map(([field, meaning], index) => (
          <span key={field}>
            {index > 0 && ", "}
            <code>{`{${field}}`}</code> {meaning}
          </span>
        ))}
        . Lenke og beløp står også nederst i hver e-post. {messageGreetingHint}
      </p>
      {value.trim() !== "" && (
        <div id={`${id}-start`} className="message-start">
          <p className="field-hint">
            Slik begynner e-posten til en familie der {example.navn} meldte på {example.deltakere}:
          </p>
          <pre className="message-text" data-testid="message-start">
            {start}
          </pre>
        </div>
      )}
    </div>
  );
}
