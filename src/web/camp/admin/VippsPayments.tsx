import { useCallback, useEffect, useId, useState } from "react";
import { ApiError } from "../../lib/api-client.ts";
import type { CampPaymentDetails } from "../../../shared/payments/vipps-payment.ts";
import { getCampPaymentDetails, refundCampPayment } from "./camp-admin-api.ts";
import { formatKroner } from "../../../shared/format.ts";
import { paymentStateLabel, vippsStateLabel } from "../../../shared/camp/camp-state-labels.ts";
import { ConfirmAction, useConfirmation } from "../../components/ConfirmAction.tsx";

/** The registration's payments as Vipps reports them, the money log, and refund through Vipps. */
export function VippsPayments({ registrationId, token, onUnauthorised }: { registrationId: number; token: string; onUnauthorised: () => void }) {
  const id = useId();
  const [details, setDetails] = useState<CampPaymentDetails>();
  const [error, setError] = useState<string>();
  const [amount, setAmount] = useState("");
  const [message, setMessage] = useState<string>();
  const [refundError, setRefundError] = useState<string>();
  const confirmation = useConfirmation<"refund">();

  const load = useCallback(async () => {
    try {
      setDetails(await getCampPaymentDetails(registrationId, token));
      setError(undefined);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) return onUnauthorised();
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  }, [registrationId, token, onUnauthorised]);

  useEffect(() => {
    void load();
  }, [load]);

  if (error) return <p className="form-error">Klarte ikke hente betalingene: {error}</p>;
  if (!details) return <p role="status">Henter betalinger …</p>;
  const vipps = details.payments.filter((payment) => payment.method === "vipps");
  if (vipps.length === 0) return null;

  const override = amount.trim() === "" ? undefined : Number(amount);
  const refund = async () => {
    if (!details.refund) return;
    setMessage(undefined);
    setRefundError(undefined);
    try {
      const outcome = await refundCampPayment(registrationId, token, { amount: override, alreadyRefunded: details.refund.refunded });
      confirmation.close();
      setMessage(outcome === "pending" ? "Refusjonen er sendt; Vipps har ikke svart ennå. Den prøves igjen automatisk." : "Refundert.");
      setAmount("");
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) return onUnauthorised();
      setRefundError(caught instanceof Error ? caught.message : String(caught));
    }
    await load();
  };

  return (
    <section aria-labelledby={`${id}-h`} className="vipps-payments">
      <h3 id={`${id}-h`}>Vipps</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">Referanse</th>
            <th scope="col">Status hos Vipps</th>
            <th scope="col">Reservert</th>
            <th scope="col">Trukket</th>
            <th scope="col">Refundert</th>
            <th scope="col">Frigitt</th>
          </tr>
        </thead>
        <tbody>
          {vipps.map((payment) => (
            <tr key={payment.reference}>
              <td>{payment.reference}</td>
              <td>
                {vippsStateLabel(payment.vippsState)} ({paymentStateLabel(payment.state)})
                {payment.pendingRefund ? `, refusjon ${formatKroner(payment.pendingRefund)} venter` : ""}
              </td>
              <td>{formatKroner(payment.authorized)}</td>
              <td>{formatKroner(payment.captured)}</td>
              <td>{formatKroner(payment.refunded)}</td>
              <td>{formatKroner(payment.cancelled)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {details.group && (
        <div className="vipps-group">
          <p>
            Én betaling for gruppen: <strong>{details.group.reference}</strong>, {formatKroner(details.group.amount)} (trukket{" "}
            {formatKroner(details.group.captured)}, refundert {formatKroner(details.group.refunded)}). Tallene over er denne utøverens andel.
          </p>
          <table>
            <caption>Andeler</caption>
            <thead>
              <tr>
                <th scope="col">Utøver</th>
                <th scope="col">Ordre</th>
                <th scope="col">Andel</th>
                <th scope="col">Refundert</th>
              </tr>
            </thead>
            <tbody>
              {details.group.shares.map((share) => (
                <tr key={share.orderId}>
                  <td>
                    {share.name}
                    {share.status === "cancelled" ? " (avbestilt)" : ""}
                  </td>
                  <td>{share.orderId}</td>
                  <td>{formatKroner(share.amount)}</td>
                  <td>{formatKroner(share.refunded)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {details.refund && details.refund.max > 0 && (
        <div className="refund-form">
          <p>
            Etter reglene ({details.refund.rule === "full" ? "full refusjon før fristen" : "etter fristen"}): {formatKroner(details.refund.suggested)}
            . Høyst {formatKroner(details.refund.max)}.
          </p>
          <label htmlFor={`${id}-amount`}>Beløp i kroner (tomt = etter reglene)</label>
          <input
            id={`${id}-amount`}
            inputMode="numeric"
            value={amount}
            readOnly={confirmation.open !== undefined}
            onChange={(event) => setAmount(event.target.value.replace(/[^\d]/g, ""))}
          />
          {confirmation.isOpen("refund") ? (
            <ConfirmAction
              confirmLabel="Ja, refunder"
              busyLabel="Refunderer …"
              error={refundError}
              onConfirm={refund}
              onCancel={() => {
                setRefundError(undefined);
                confirmation.cancel();
              }}
            >
              Refundere {formatKroner(override ?? details.refund.suggested)} med Vipps? Pengene går tilbake til den som betalte, og det kan ikke
              angres.
            </ConfirmAction>
          ) : (
            <button type="button" className="button secondary" ref={confirmation.trigger("refund")} onClick={() => confirmation.ask("refund")}>
              Refunder med Vipps
            </button>
          )}
        </div>
      )}
      <div role="status">{message ?? ""}</div>
    </section>
  );
}
