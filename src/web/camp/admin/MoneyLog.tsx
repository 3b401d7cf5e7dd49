import { useEffect, useId, useRef, useState } from "react";
import { actorLabel, moneyActionLabel } from "../../../shared/camp/camp-state-labels.ts";
import { osloDateTimeLabel } from "../../../shared/format.ts";
import { formatKroner } from "../../../shared/format.ts";
import { ApiError } from "../../lib/api-client.ts";
import type { CampPaymentDetails } from "../../../shared/payments/vipps-payment.ts";
import { getCampPaymentDetails } from "./camp-admin-api.ts";

/**
 * The history of a card/cash or free registration: every action on its money (marked paid, cancelled,
 * personal data forgotten) with when and which account. A Vipps registration shows it with its payments.
 * Nothing is shown where the server has no money log to give (Vipps not set up).
 */
export function MoneyLog({ registrationId, token, changes, onUnauthorised }: { registrationId: number; token: string; changes: string; onUnauthorised: () => void }) {
  const id = useId();
  const [actions, setActions] = useState<CampPaymentDetails["actions"]>();
  const unauthorised = useRef(onUnauthorised);
  unauthorised.current = onUnauthorised;
  useEffect(() => {
    let current = true;
    getCampPaymentDetails(registrationId, token).then(
      (details) => current && setActions(details.actions),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) unauthorised.current();
      },
    );
    return () => {
      current = false;
    };
  }, [registrationId, token, changes]);
  if (!actions || actions.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Historikk</h3>
      <MoneyActions actions={actions} />
    </section>
  );
}

/** The money log's lines: when, which account, what, how much (and the note, such as a refund's reason). */
export function MoneyActions({ actions }: { actions: CampPaymentDetails["actions"] }) {
  return (
    <ul className="money-log">
      {actions.map((action, index) => (
        <li key={index}>
          {osloDateTimeLabel(action.at)} – {actorLabel(action.actor)}: {moneyActionLabel(action.action)}
          {action.amount ? ` (${formatKroner(action.amount)})` : ""}
          {action.note ? ` – ${action.note}` : ""}
        </li>
      ))}
    </ul>
  );
}
