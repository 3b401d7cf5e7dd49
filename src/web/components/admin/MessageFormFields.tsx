/** The parts of the message form: who gets it, when it goes, and the buttons that preview and send it. */
import { messageSegmentLabels, segmentsWithDay, type MessageSegment } from "../../../shared/messages/message.ts";
import type { Draft } from "./message-draft.ts";
import type { FamilyMessagesProps } from "./family-messages-props.ts";

/** Who gets the message: a segment, a check-in segment's day, or the orders the leader picks. */
export function MessageRecipientFields({
  id,
  draft,
  update,
  segments,
  day,
  pickable,
}: Pick<FamilyMessagesProps, "segments" | "day" | "pickable"> & { id: string; draft: Draft; update: (change: Partial<Draft>) => void }) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-segment`}>Til</label>
        <select id={`${id}-segment`} value={draft.segment} onChange={(event) => update({ segment: event.target.value as MessageSegment })}>
          {segments.map((segment) => (
            <option key={segment} value={segment}>
              {messageSegmentLabels[segment]}
            </option>
          ))}
        </select>
      </div>
      {segmentsWithDay.includes(draft.segment) && "label" in day && (
        <div className="field">
          <label htmlFor={`${id}-day`}>{day.label}</label>
          <input id={`${id}-day`} type="date" value={draft.day} onChange={(event) => update({ day: event.target.value })} />
        </div>
      )}
      {draft.segment === "picked" && (
        <fieldset className="message-picked">
          <legend>Velg påmeldinger ({draft.orderIds.length} valgt)</legend>
          {pickable?.length === 0 && <p>Ingen påmeldte ennå.</p>}
          <ul>
            {(pickable ?? []).map((order) => (
              <li key={order.orderId}>
                <label>
                  <input
                    type="checkbox"
                    checked={draft.orderIds.includes(order.orderId)}
                    onChange={(event) =>
                      update({
                        orderIds: event.target.checked
                          ? [...draft.orderIds, order.orderId]
                          : draft.orderIds.filter((orderId) => orderId !== order.orderId),
                      })
                    }
                  />{" "}
                  {order.label} <span className="muted">({order.orderId})</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </>
  );
}

/** «Send nå» or «Send senere» at a time the leader sets. */
export function MessageWhenField({ id, draft, update }: { id: string; draft: Draft; update: (change: Partial<Draft>) => void }) {
  return (
    <fieldset className="message-when">
      <legend>Når</legend>
      <label>
        <input type="radio" name={`${id}-when`} checked={draft.when === "now"} onChange={() => update({ when: "now" })} /> Send nå
      </label>
      <label>
        <input type="radio" name={`${id}-when`} checked={draft.when === "later"} onChange={() => update({ when: "later" })} /> Send senere
      </label>
      {draft.when === "later" && (
        <div className="field">
          <label htmlFor={`${id}-at`}>Tidspunkt</label>
          <input id={`${id}-at`} type="datetime-local" value={draft.sendAt} onChange={(event) => update({ sendAt: event.target.value })} />
        </div>
      )}
    </fieldset>
  );
}

/** «Forhåndsvis» and «Send melding», which asks once more («Ja, send») before it sends. */
export function MessageFormActions({
  busy,
  confirming,
  segment,
  eventName,
  onPreview,
  onCancel,
}: {
  busy: boolean;
  confirming: boolean;
  segment: MessageSegment;
  eventName: string;
  onPreview: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      <div className="button-row">
        <button type="button" className="button secondary" onClick={onPreview} disabled={busy}>
          Forhåndsvis
        </button>
        <button type="submit" className="button" disabled={busy}>
          {confirming ? "Ja, send" : "Send melding"}
        </button>
        {confirming && (
          <button type="button" className="button secondary" onClick={onCancel}>
            Avbryt
          </button>
        )}
      </div>
      {confirming && (
        <p role="status">
          Trykk «Ja, send» for å sende til {messageSegmentLabels[segment].toLocaleLowerCase("nb-NO")} på {eventName}.
        </p>
      )}
    </>
  );
}
