// Refund through Vipps: the amount the rules suggest, an amount of one's own, and a confirmation first.
import type { CampPaymentDetails } from "../../../shared/payments/vipps-payment.ts";
import { formatKroner } from "../../../shared/format.ts";
import { ConfirmAction, type useConfirmation } from "../../components/ConfirmAction.tsx";

export function VippsRefundForm({
  id,
  refund,
  amount,
  onAmount,
  override,
  confirmation,
  refundError,
  onRefund,
  onCancel,
}: {
  /** The section's id: the amount field's id starts with it. */
  id: string;
  refund: NonNullable<CampPaymentDetails["refund"]>;
  amount: string;
  onAmount: (amount: string) => void;
  /** The amount typed, when there is one (else the rules' amount is refunded). */
  override: number | undefined;
  confirmation: ReturnType<typeof useConfirmation<"refund">>;
  refundError: string | undefined;
  onRefund: () => Promise<void>;
  onCancel: () => void;
}) {
  return (
    <div className="refund-form">
      <p>
        Etter reglene ({refund.rule === "full" ? "full refusjon før fristen" : "etter fristen"}): {formatKroner(refund.suggested)}. Høyst{" "}
        {formatKroner(refund.max)}.
      </p>
      <label htmlFor={`${id}-amount`}>Beløp i kroner (tomt = etter reglene)</label>
      <input
        id={`${id}-amount`}
        inputMode="numeric"
        value={amount}
        readOnly={confirmation.open !== undefined}
        onChange={(event) => onAmount(event.target.value.replace(/[^\d]/g, ""))}
      />
      {confirmation.isOpen("refund") ? (
        <ConfirmAction confirmLabel="Ja, refunder" busyLabel="Refunderer …" error={refundError} onConfirm={onRefund} onCancel={onCancel}>
          Refundere {formatKroner(override ?? refund.suggested)} med Vipps? Pengene går tilbake til den som betalte, og det kan ikke angres.
        </ConfirmAction>
      ) : (
        <button type="button" className="button secondary" ref={confirmation.trigger("refund")} onClick={() => confirmation.ask("refund")}>
          Refunder med Vipps
        </button>
      )}
    </div>
  );
}
