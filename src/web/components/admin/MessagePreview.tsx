/** The exact mail one family will get, with a picker of whose to show. */
import { useId } from "react";
import type { MessagePreview } from "../../../shared/messages/message.ts";
import { families } from "./message-draft.ts";

export function PreviewView({
  preview,
  selected,
  onSelect,
}: {
  preview: MessagePreview;
  selected: string | undefined;
  onSelect: (orderId: string) => void;
}) {
  const id = useId();
  return (
    <section className="message-preview" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Slik blir e-posten ({families(preview.recipients.length)} får den)</h3>
      <div className="field">
        <label htmlFor={`${id}-who`}>Vis e-posten til</label>
        <select id={`${id}-who`} value={selected ?? preview.recipients[0]?.orderIds[0] ?? ""} onChange={(event) => onSelect(event.target.value)}>
          {preview.recipients.map((recipient) => (
            <option key={recipient.orderIds[0]} value={recipient.orderIds[0]}>
              {recipient.participants}
            </option>
          ))}
        </select>
      </div>
      <dl className="message-headers">
        <dt>Til</dt>
        <dd>{preview.to}</dd>
        <dt>Svar til</dt>
        <dd>{preview.replyTo}</dd>
        <dt>Emne</dt>
        <dd>{preview.subject}</dd>
        {preview.attachment && (
          <>
            <dt>Vedlegg</dt>
            <dd>{preview.attachment}</dd>
          </>
        )}
      </dl>
      <pre className="message-text">{preview.text}</pre>
    </section>
  );
}
