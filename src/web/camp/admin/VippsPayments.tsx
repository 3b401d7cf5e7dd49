import { useCallback, useEffect, useId, useState } from "react";
import { ApiError } from "../../lib/api-client.ts";
import type { CampPaymentDetails } from "../../../shared/payments/vipps-payment.ts";
import { getCampPaymentDetails, refundCampPayment } from "./camp-admin-api.ts";
import { useConfirmation } from "../../components/ConfirmAction.tsx";
import { VippsGroupShares, VippsPaymentTable } from "./VippsPaymentTables.tsx";
import { VippsRefundForm } from "./VippsRefundForm.tsx";

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
      <VippsPaymentTable payments={vipps} />
      {details.group && <VippsGroupShares group={details.group} />}
      {details.refund && details.refund.max > 0 && (
        <VippsRefundForm
          id={id}
          refund={details.refund}
          amount={amount}
          onAmount={setAmount}
          override={override}
          confirmation={confirmation}
          refundError={refundError}
          onRefund={refund}
          onCancel={() => {
            setRefundError(undefined);
            confirmation.cancel();
          }}
        />
      )}
      <div role="status">{message ?? ""}</div>
    </section>
  );
}
